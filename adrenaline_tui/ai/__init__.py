"""Computer players. They drive the engine through `pending` / `choose`, like people do.

Every player has `choose(decision, view) -> key`, where `view` is `game.view(colour)`: a computer
player sees exactly what a person in its seat would.
"""

from __future__ import annotations

from typing import Protocol

from adrenaline_tui.ai.random_player import RandomPlayer
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.rules import Decision


class ComputerPlayer(Protocol):
    name: str

    def choose(self, decision: Decision, view: dict | None = None) -> str: ...


PLAYER_KINDS: dict[str, type] = {"random": RandomPlayer, "sensible": SensiblePlayer}


def make_player(kind: str, seed: int | None = None) -> ComputerPlayer:
    try:
        return PLAYER_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown computer player '{kind}' (known: {', '.join(sorted(PLAYER_KINDS))})") from None


__all__ = ["PLAYER_KINDS", "ComputerPlayer", "RandomPlayer", "SensiblePlayer", "make_player"]
