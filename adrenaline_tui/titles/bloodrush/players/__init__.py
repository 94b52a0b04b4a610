"""Bloodrush's computer players. Each has `choose(decision, view) -> key`, where `view` is
`game.view(seat)`: a computer player sees exactly what a person in its seat would.

Levels: `easy` (the normal player with a beginner's slips), `normal` (greedy and sensible),
`hard` (searches its action on imagined games built from its view) and `random` (any legal
option: a yardstick for tests and benchmarks).
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.titles.bloodrush.players.easy import EasyPlayer
from adrenaline_tui.titles.bloodrush.players.hard import HardPlayer
from adrenaline_tui.titles.bloodrush.players.normal import NormalPlayer
from adrenaline_tui.titles.bloodrush.players.random_player import RandomPlayer

PLAYER_KINDS: dict[str, type] = {"easy": EasyPlayer, "normal": NormalPlayer, "hard": HardPlayer, "random": RandomPlayer}
LEVELS = ("easy", "normal", "hard")


def make_player(kind: str, seed: int | None = None) -> Any:
    try:
        return PLAYER_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"no Bloodrush computer player {kind!r} (known: {', '.join(PLAYER_KINDS)})") from None


__all__ = ["LEVELS", "PLAYER_KINDS", "EasyPlayer", "HardPlayer", "NormalPlayer", "RandomPlayer", "make_player"]
