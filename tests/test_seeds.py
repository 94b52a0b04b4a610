"""Seeds that keep the deal secret (`adrenaline_tui/seeds.py`): a new game's is drawn from 63
bits, where one drawn below 2^31 could be found by dealing every seed and matching the board;
a computer's is one-way from the game's, so what crosses to a pool process holds no trace of
the game's seed, and the same computer is made at its table and in a pool."""

from __future__ import annotations

import itertools
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from adrenaline_tui import ai
from adrenaline_tui.ai.pool import question_for
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.seeds import GAME_SEEDS, new_game_seed, player_seed
from adrenaline_tui.titles.bloodrush import Game as BloodrushGame
from adrenaline_tui.titles.bloodrush.title import ENGINE as BLOODRUSH
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import Session
from tests.host.wire import open_table, start_host, stop_host

FIGURES = ["yellow", "blue", "grey"]


def test_a_new_games_seed_is_drawn_from_63_bits() -> None:
    seeds = [new_game_seed() for _ in range(64)]
    assert all(s in GAME_SEEDS for s in seeds)
    # 64 draws all below 2^48 would happen once in 2^960 runs; below 2^31 was the old range.
    assert max(seeds) >= 2**48
    # A seeded draw (a host or a test that plays the same games again) is repeatable.
    assert new_game_seed(random.Random(5)) == new_game_seed(random.Random(5))


def test_the_app_draws_its_new_games_seeds_from_63_bits() -> None:
    app = AdrenalineApp()
    assert max(app.next_seed() for _ in range(16)) >= 2**40
    given = AdrenalineApp(seed=41)  # `--seed`: the games of a session, one after another
    assert [given.next_seed(), given.next_seed()] == [41, 42]


async def test_a_hosts_tables_are_dealt_from_63_bit_seeds(tmp_path: Path) -> None:
    sock = tmp_path / "host.sock"
    host, server = await start_host(None, sock, seed=7)
    try:
        code, person = await open_table(sock)
        await person.expect("state")
        seed = host.tables[code].session.game.seed
        assert seed in GAME_SEEDS and seed >= 2**31
    finally:
        await stop_host(host, server)


def test_a_computers_seed_is_one_way_from_the_games_and_the_same_at_its_table_and_in_a_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: dict[str, int] = {}
    real = ai.make_player

    def recording(kind: str, seed: int, **kw: Any) -> Any:
        made[kind] = seed
        return real(kind, seed, **kw)

    monkeypatch.setattr(ai, "make_player", recording)
    seed = new_game_seed(random.Random(11))
    game = Game.new(GameConfig(players=FIGURES, arena="arena_10", skulls=5, ending="sudden_death"), seed)
    session = Session(game, {"yellow": "normal", "blue": "easy", "grey": "random"})
    question = question_for(session, "TABLE", "adrenaline", 3.0)
    assert question is not None
    seat = question.seat
    session.bot(seat)
    assert made[session.kinds[seat]] == question.seed == player_seed(seed, FIGURES.index(seat))
    # Nothing sent to the pool holds the game's seed, in any of the ways a pickle writes an int.
    sent = pickle.dumps(question)
    for trace in (str(seed).encode(), seed.to_bytes(8, "little"), seed.to_bytes(8, "big")):
        assert trace not in sent
    # Each seat its own seed, and the next game's seeds unlike this one's (not seed * k + seat).
    seats = [player_seed(seed, i) for i in range(5)]
    assert len(set(seats)) == 5
    nexts = [player_seed(seed + 1, i) for i in range(5)]
    assert all(bin(a ^ b).count("1") >= 12 for a, b in zip(seats, nexts, strict=True))
    assert len({b - a for a, b in itertools.pairwise(seats)}) == 4


def test_a_bloodrush_computer_gets_the_same_seed_at_its_table_and_in_a_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = type(BLOODRUSH).make_player

    def recording(self: Any, kind: str, seed: int) -> Any:
        made.append(seed)
        return real(self, kind, seed)

    monkeypatch.setattr(type(BLOODRUSH), "make_player", recording)
    seed = new_game_seed(random.Random(13))
    game = BloodrushGame.new({"seats": ["scarlet", "violet"]}, seed=seed)
    session = BloodrushSession(game, {"scarlet": "normal", "violet": "normal"})
    question = question_for(session, "TABLE", "bloodrush", 3.0)
    assert question is not None
    session.bot(question.seat)
    assert made == [question.seed] == [player_seed(seed, ["scarlet", "violet"].index(question.seat))]
