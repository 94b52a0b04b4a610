"""The normal player's turn search valued by parts (`Evaluator._last_action`) gives exactly the
values of the plain search (`options` then `terminal` for every state), float for float.

Every question of a seeded game's normal players is searched both ways, the two evaluators
sharing one shot book (so neither reaches its cap first): the turn's value from where the
player stands and the value after each of its options must be equal, not merely close, since
ties between options are broken by a random draw of a millionth of a point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from adrenaline_tui.ai import evaluator
from adrenaline_tui.ai.evaluator import Evaluator
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.ai.shots import ShotBook
from adrenaline_tui.ai.table import Table
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.cards import load_cards

# (mode, bot, ending, players, arena): a host's table, and the modes whose values read squares
# (Turret: turret damage on a move; Domination: ending on a spawnpoint), with the bot.
SETUPS = [
    ("standard", None, "frenzy", 3, "arena_11a"),
    ("turret", "purple", "frenzy", 4, "arena_12"),
    ("domination", "purple", "sudden_death", 4, "arena_10"),
]


def compared_values(
    setup: tuple, seed: int, limit: int, pair: Callable[[Table, ShotBook, Any], tuple[Evaluator, Evaluator]]
) -> int:
    """Every action question of a seeded game valued by the two evaluators `pair` makes of its
    table: the same value of each start and of each option's next state, float for float."""
    mode, bot, ending, n, arena = setup
    players = ("yellow", "blue", "grey", "green", "purple")[:n]
    config = GameConfig(players=players, arena=arena, skulls=5, mode=mode, bot=bot, ending=ending)
    game = Game.new(config, seed)
    seats = {c: SensiblePlayer(seed * 10 + i) for i, c in enumerate(players)}
    cards = load_cards()
    book = ShotBook(limit=200_000)
    compared = 0
    while (d := game.pending) is not None and compared < limit:
        view = game.view(d.player)
        if d.kind == "action":
            t = Table(view, cards)
            fast, slow = pair(t, book, cards)
            for actions in {t.actions_left, 1, 2}:
                me = fast.start(actions=actions)
                assert fast.value(me) == slow.value(me), (d.player, actions)
                for imm, nxt, step in fast.options(me):
                    assert imm + fast.value(nxt) == imm + slow.value(nxt), (d.player, step)
                compared += 1
        game.choose(seats[d.player].choose(d, view))
    return compared


def searched_positions(setup: tuple, seed: int, limit: int) -> int:
    def by_parts_and_plain(t: Table, book: ShotBook, cards: Any) -> tuple[Evaluator, Evaluator]:
        by_parts, plain = Evaluator(t, book, cards), Evaluator(t, book, cards, parts=False)
        assert by_parts.by_parts and not plain.by_parts
        return by_parts, plain

    return compared_values(setup, seed, limit, by_parts_and_plain)


@pytest.mark.parametrize("setup", SETUPS)
def test_values_by_parts_are_the_plain_values(setup: tuple, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator, "SEARCH_CAP", 10**9)
    assert searched_positions(setup, 83, limit=150) >= 100


def test_a_counted_search_keeps_every_state() -> None:
    """A player whose work is counted by the states its searches keep (hard.py) is not valued
    by parts: its count stays what it was."""
    game = Game.new(GameConfig(players=("yellow", "blue", "grey"), arena="arena_11a", skulls=5), 5)
    while game.pending is not None and game.pending.kind != "action":
        game.choose(game.pending.keys[0])
    d = game.pending
    t = Table(game.view(d.player), load_cards())
    plain = Evaluator(t, ShotBook(), load_cards(), parts=False)
    plain.value(plain.start(actions=2))
    by_parts = Evaluator(t, ShotBook(), load_cards())
    by_parts.value(by_parts.start(actions=2))
    # the plain search keeps the states after its last action too
    assert any(me.actions == 0 for me in plain._v)
    assert not any(me.actions == 0 for me in by_parts._v)


def paid_both_ways(setup: tuple, seed: int, limit: int) -> int:
    """Every action question of a seeded game valued by a search that works out payments with
    cubes alone in its loops (`best_shot`, `_reload_parts`, `_grabs`, `_rack_parts`) and by one
    that asks `pay` and `pay_penalty` for each, as a class that pays its own way would."""

    def quick_and_asking(t: Table, book: ShotBook, cards: Any) -> tuple[Evaluator, Evaluator]:
        quick, asking = Evaluator(t, book, cards), Evaluator(t, book, cards)
        assert quick._own_pay
        asking._own_pay = False
        return quick, asking

    return compared_values(setup, seed, limit, quick_and_asking)


@pytest.mark.parametrize("setup", SETUPS)
def test_payments_with_cubes_in_the_loops_are_pay_s(setup: tuple, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator, "SEARCH_CAP", 10**9)
    assert paid_both_ways(setup, 61, limit=150) >= 100
