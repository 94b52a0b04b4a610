"""A question with one option, for the levels the pool knows take it unasked (ai/pool.py,
`SOLE_OPTION_ANSWERED`): the host answers it without a round trip, and that must be exactly what
the player would have answered, leaving the player as asking it would have (every later answer
the same).
"""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.ai import make_player
from adrenaline_tui.ai.pool import SOLE_OPTION_ANSWERED, fixed_answer
from adrenaline_tui.rules import Game, GameConfig

SEATS = ("yellow", "blue", "grey")
# As a host sets a game up (titles/adrenaline_hosting.py): every tagback, end of turn and spawn
# asked, so that nobody learns the cards from who is asked; most sole options come from these.
CONFIG = GameConfig(
    players=SEATS,
    arena="arena_11a",
    skulls=5,
    ending="frenzy",
    tagback_prompt="all",
    end_turn_prompt="always",
    spawn_prompt="always",
)


def _answers(kind: str, seed: int, skip_sole: bool) -> tuple[list[str], int]:
    """Every answer of a game of three computers of `kind` (seat 0 answering at random, as the
    host benchmark's person), and how many sole options were answered unasked."""
    game = Game.new(CONFIG, seed)
    person = random.Random(seed)
    players = {s: make_player(kind, seed * 10 + n) for n, s in enumerate(SEATS) if n > 0}
    answers: list[str] = []
    unasked = 0
    while (d := game.pending) is not None and len(answers) < 700:
        if d.player == SEATS[0]:
            key = person.choice(d.keys)
        else:
            fixed = fixed_answer("adrenaline", kind, d) if skip_sole else None
            if fixed is not None:
                key = fixed
                unasked += 1
            else:
                key = players[d.player].choose(d, game.view(d.player))
        answers.append(key)
        game.choose(key)
    return answers, unasked


@pytest.mark.parametrize("kind", ["normal", "sensible", "easy"])
def test_a_sole_option_answered_unasked_changes_no_answer(kind: str) -> None:
    unasked = 0
    for seed in (1, 2, 3):
        asked, _ = _answers(kind, seed, skip_sole=False)
        skipped, n = _answers(kind, seed, skip_sole=True)
        assert skipped == asked
        unasked += n
    assert unasked > 10  # the games did raise such questions


def test_only_the_known_levels_and_a_sole_option_are_answered_unasked() -> None:
    game = Game.new(CONFIG, 4)
    several = game.pending
    assert several is not None and len(several.options) > 1
    sole = several._replace(options=several.options[:1])
    assert fixed_answer("adrenaline", "normal", sole) == sole.options[0].key
    assert fixed_answer("adrenaline", "normal", several) is None
    # The random player draws even for one option, the hard one follows its plans: both asked.
    for kind in ("random", "hard"):
        assert fixed_answer("adrenaline", kind, sole) is None
    assert fixed_answer("bloodrush", "normal", sole) is None
    assert {title for title, _ in SOLE_OPTION_ANSWERED} == {"adrenaline"}
