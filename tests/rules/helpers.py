"""Shared helpers for rules tests: build a position, play keys, read the state back."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game


def scenario(players: list[dict[str, Any]], **fields: Any) -> Game:
    """A game in the given position; `active` defaults to the first player listed."""
    return Game.from_scenario({"players": players, **fields})


def play(game: Game, *keys: str) -> list:
    """Choose each key in order; returns all the events they caused."""
    events = []
    for key in keys:
        events += game.choose(key)
    return events


def player(game: Game, colour: str) -> dict[str, Any]:
    return next(p for p in game.to_json()["players"] if p["colour"] == colour)


def keys(game: Game) -> list[str]:
    assert game.pending is not None, "the game is over"
    return game.pending.keys


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
