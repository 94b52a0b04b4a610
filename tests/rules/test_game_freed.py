"""A finished game is freed as soon as it is dropped, without the cyclic garbage collector
(issue 27, sixth round).

A game held in a reference cycle (a rule module keeping the game that keeps it) waited, with its
events, history and state, for a collection of an older generation; those collections walk every
object the process holds and were a tenth of the CPU time of a benchmark game. The test turns the
collector off, plays a game of every mode to its end, drops it and checks it is gone.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig

CONFIGS = {
    "standard": GameConfig(players=("yellow", "blue", "grey"), arena="arena_12", skulls=5, ending="frenzy"),
    "domination": GameConfig(players=("yellow", "blue", "grey"), arena="arena_10", skulls=5, mode="domination"),
    "turret": GameConfig(players=("yellow", "blue", "grey"), arena="arena_11a", skulls=5, mode="turret"),
    "bot": GameConfig(players=("yellow", "blue", "grey"), arena="arena_12", skulls=5, bot="green"),
}


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def finished_game(config: GameConfig, seed: int) -> Game:
    game = Game.new(config, seed)
    player = RandomPlayer(seed)
    while (d := game.pending) is not None:
        game.choose(player.choose(d))
    return game


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_finished_game_is_freed_when_dropped(name: str, no_collector: None) -> None:
    game = finished_game(CONFIGS[name], 5)
    assert game.over
    gone = weakref.ref(game)
    del game
    assert gone() is None, "the finished game is kept alive by a reference cycle"
