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

import pytest

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.errors import IllegalChoice

CONFIGS = {
    "standard": GameConfig(players=("yellow", "blue", "grey"), arena="arena_12", skulls=5, ending="frenzy"),
    "domination": GameConfig(players=("yellow", "blue", "grey"), arena="arena_10", skulls=5, mode="domination"),
    "turret": GameConfig(players=("yellow", "blue", "grey"), arena="arena_11a", skulls=5, mode="turret"),
    "bot": GameConfig(players=("yellow", "blue", "grey"), arena="arena_12", skulls=5, bot="green"),
}


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


def unfinished_game(config: GameConfig, seed: int, decisions: int) -> Game:
    game = Game.new(config, seed)
    player = RandomPlayer(seed)
    for _ in range(decisions):
        d = game.pending
        assert d is not None
        game.choose(player.choose(d))
    return game


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_closed_unfinished_game_is_freed_when_dropped(name: str, no_collector: None) -> None:
    # Dropped in the middle of a turn (a computer player's imagined game, an undo's old game):
    # its flow's suspended generator holds the game that holds it, until `close`.
    game = unfinished_game(CONFIGS[name], 5, 150)
    assert not game.over
    game.close()
    assert game.pending is None
    gone = weakref.ref(game)
    del game
    assert gone() is None, "the closed game is kept alive by a reference cycle"


def test_an_unfinished_game_left_open_waits_for_the_collector(no_collector: None) -> None:
    """What `close` is for: without it the cycle stays until a collection."""
    game = unfinished_game(CONFIGS["standard"], 5, 150)
    gone = weakref.ref(game)
    del game
    assert gone() is not None
    gc.collect()
    assert gone() is None


def test_a_closed_game_refuses_a_choice() -> None:
    game = unfinished_game(CONFIGS["standard"], 5, 20)
    key = game.pending.keys[0]
    game.close()
    with pytest.raises(IllegalChoice):
        game.choose(key)
    game.close()  # closing twice does nothing
