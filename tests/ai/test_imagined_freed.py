"""The hard player's imagined games are freed as soon as it drops them, without the cyclic collector
(issue 27, eighth round).

An imagined game is dropped unfinished, its flow suspended at a question: the generator holds the
game that holds it, a reference cycle that only a collection frees. `HardPlayer.rollout` closes
it (`Game.close`) once it has judged it.
"""

from __future__ import annotations

import weakref

from adrenaline_tui.ai import HardPlayer
from adrenaline_tui.ai import hard as hard_module
from adrenaline_tui.ai.hard import Plan
from adrenaline_tui.rules import Game
from tests.ai.test_hard_search import _position


def test_a_rollouts_imagined_game_is_freed_when_dropped(monkeypatch, no_collector: None) -> None:
    imagined: list[weakref.ref[Game]] = []
    real = hard_module.sample_game

    def spy(*args, **kwargs):
        game = real(*args, **kwargs)
        imagined.append(weakref.ref(game))
        return game

    monkeypatch.setattr(hard_module, "sample_game", spy)
    view = _position("domination", 0, 0).view("yellow")
    result = HardPlayer(5, seconds=None).rollout(view, Plan("end"), world=3, cap=2000)
    assert result is not None and len(imagined) == 1
    assert imagined[0]() is None, "the imagined game is kept alive by a reference cycle"
