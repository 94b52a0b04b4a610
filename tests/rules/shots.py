"""Helpers for weapon and powerup tests: yellow (D-struct-or) shoots, everyone else stands around.

Positions are written as square ids of `arena_12` unless a test says otherwise:

    r0c0 red    | r0c1 blue    r0c2 blue(spawn) | r0c3 green
    r1c0 red(sp)| r1c1 purple  | r1c2 yellow    r1c3 yellow
    r2c0 white    r2c1 white   | r2c2 yellow    r2c3 yellow(spawn)

Doors: r0c0-r0c1, r0c1-r1c1, r0c2-r0c3, r0c2-r1c2, r0c3-r1c3, r1c0-r2c0, r1c1-r2c1, r2c1-r2c2.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game

SHOOTER = "yellow"


def shot_game(
    weapons: str | list[Any],
    me: str,
    others: dict[str, str | dict[str, Any]],
    *,
    arena: str = "arena_12",
    ammo: tuple[int, int, int] = (3, 3, 3),
    powerups: list[str] | None = None,
    damage: list[str] | None = None,
    **fields: Any,
) -> Game:
    """Yellow to play on `me` holding `weapons`; `others` maps colours to a square or a player dict."""
    red, blue, yellow = ammo
    shooter: dict[str, Any] = {
        "colour": SHOOTER,
        "square": me,
        "weapons": [weapons] if isinstance(weapons, str) else weapons,
        "ammo": {"red": red, "blue": blue, "yellow": yellow},
        "powerups": powerups or [],
        "damage": damage or [],
    }
    players = [shooter]
    for colour, spec in others.items():
        players.append({"colour": colour, "square": spec} if isinstance(spec, str) else {"colour": colour, **spec})
    return Game.from_scenario({"players": players, "arena": arena, **fields})


def fire(game: Game, *keys: str) -> Game:
    """Take the shoot action, then answer each key in order."""
    game.choose("shoot")
    for key in keys:
        game.choose(key)
    return game


def state(game: Game, colour: str) -> dict[str, Any]:
    return next(p for p in game.to_json()["players"] if p["colour"] == colour)


def damage(game: Game, colour: str) -> list[str]:
    return state(game, colour)["damage"]


def marks(game: Game, colour: str) -> dict[str, int]:
    return state(game, colour)["marks"]


def square(game: Game, colour: str) -> str:
    return state(game, colour)["square"]


def ammo(game: Game, colour: str = SHOOTER) -> tuple[int, int, int]:
    a = state(game, colour)["ammo"]
    return a["red"], a["blue"], a["yellow"]


def loaded(game: Game, weapon: str, colour: str = SHOOTER) -> bool:
    return next(w["loaded"] for w in state(game, colour)["weapons"] if w["id"] == weapon)


def options(game: Game) -> list[str]:
    assert game.pending is not None
    return game.pending.keys


def kind(game: Game) -> str:
    assert game.pending is not None
    return game.pending.kind


def shot_over(game: Game) -> bool:
    """Back at yellow's action choice: the shot (and any powerup windows) finished."""
    d = game.pending
    return d is not None and d.player == SHOOTER and d.kind == "action"


def y(n: int) -> list[str]:
    """n damage tokens from the shooter."""
    return [SHOOTER] * n
