"""Helpers for computer-player tests: build a position, let players answer, read what happened.

Positions use `arena_12` (see tests/rules/shots.py for the map):

    r0c0 red    | r0c1 blue    r0c2 blue(spawn) | r0c3 green
    r1c0 red(sp)| r1c1 purple  | r1c2 yellow    r1c3 yellow
    r2c0 white    r2c1 white   | r2c2 yellow    r2c3 yellow(spawn)

Doors: r0c0-r0c1, r0c1-r1c1, r0c2-r0c3, r0c2-r1c2, r0c3-r1c3, r1c0-r2c0, r1c1-r2c1, r2c1-r2c2.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.ai import SensiblePlayer
from adrenaline_tui.rules import Event, Game


def scenario(players: list[dict[str, Any]], **fields: Any) -> Game:
    return Game.from_scenario({"arena": "arena_12", "players": players, **fields})


def answer(game: Game, bot: Any) -> tuple[str, str, list[Event]]:
    """Let `bot` answer the pending decision through its view. Returns (kind, key, events)."""
    d = game.pending
    assert d is not None, "the game is over"
    key = bot.choose(d, game.view(d.player))
    return d.kind, key, game.choose(key)


def play_turn(game: Game, colour: str, seed: int = 0) -> tuple[list[tuple[str, str]], list[Event]]:
    """A sensible player answers every decision of `colour` until someone else is asked.

    Returns its (kind, key) answers in order and every event of the turn.
    """
    bot = SensiblePlayer(seed)
    answers: list[tuple[str, str]] = []
    events: list[Event] = []
    while game.pending is not None and game.pending.player == colour:
        kind, key, evs = answer(game, bot)
        answers.append((kind, key))
        events += evs
        assert len(answers) < 200, "the turn does not end"
    assert bot.misses == 0
    return answers, events


def player(game: Game, colour: str) -> dict[str, Any]:
    return next(p for p in game.to_json()["players"] if p["colour"] == colour)


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
