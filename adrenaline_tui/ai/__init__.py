"""Computer players. They drive the engine through `pending` / `choose`, like people do.

Every player has `choose(decision, view) -> key`, where `view` is `game.view(colour)`: a computer
player sees exactly what a person in its seat would.

Levels: `easy` (the normal player with a beginner's mistakes), `normal` (plays sensibly, quickly)
and `hard` (searches imagined games). `random` picks any legal option; it is a yardstick for
tests and benchmarks. Older saves name the normal player `sensible`: that name still works.
"""

from __future__ import annotations

from collections import UserDict
from typing import TYPE_CHECKING, Any, Protocol

from adrenaline_tui.lazy_names import lazy_names
from adrenaline_tui.rules import Decision

if TYPE_CHECKING:
    from adrenaline_tui.ai.easy import EasyPlayer
    from adrenaline_tui.ai.hard import HardPlayer
    from adrenaline_tui.ai.random_player import RandomPlayer
    from adrenaline_tui.ai.sensible import SensiblePlayer

# The players, and the module that holds each: imported when first used. A resumed table names
# its seats' kinds before its first frame; importing the players then (the search and its
# tables) cost about 10 ms of CPU in the frames that finish the start-up.
_MODULES = {
    "EasyPlayer": "easy",
    "HardPlayer": "hard",
    "RandomPlayer": "random_player",
    "SensiblePlayer": "sensible",
}


__getattr__ = lazy_names(__name__, _MODULES, globals())


class PlayerKinds(UserDict[str, Any]):
    """Each kind of computer player, by name. A kind given as the name of a class of this
    package is imported when first looked up, so listing the kinds imports no player."""

    def __getitem__(self, kind: str) -> type:
        value = self.data[kind]
        if isinstance(value, str):
            value = self.data[kind] = __getattr__(value)
        return value


class ComputerPlayer(Protocol):
    name: str

    def choose(self, decision: Decision, view: dict | None = None) -> str: ...


LEVELS = ("easy", "normal", "hard")
PLAYER_KINDS = PlayerKinds(
    {"easy": "EasyPlayer", "normal": "SensiblePlayer", "hard": "HardPlayer", "random": "RandomPlayer"}
)
# Names older versions wrote into saves and scripts, and what they mean now.
ALIASES: dict[str, str] = {"sensible": "normal"}


def canonical_kind(kind: str) -> str:
    """`kind` under its current name (an old name is mapped; an unknown one is returned as is)."""
    return ALIASES.get(kind, kind)


def is_known(kind: str) -> bool:
    return canonical_kind(kind) in PLAYER_KINDS


def make_player(kind: str, seed: int | None = None, **options) -> ComputerPlayer:
    """A computer player of `kind`; `options` go to its constructor (e.g. a hard player's budget)."""
    try:
        cls = PLAYER_KINDS[canonical_kind(kind)]
    except KeyError:
        raise ValueError(f"unknown computer player '{kind}' (known: {', '.join(sorted(PLAYER_KINDS))})") from None
    return cls(seed, **options)


__all__ = [
    "ALIASES",
    "LEVELS",
    "PLAYER_KINDS",
    "ComputerPlayer",
    "EasyPlayer",
    "HardPlayer",
    "PlayerKinds",
    "RandomPlayer",
    "SensiblePlayer",
    "canonical_kind",
    "is_known",
    "make_player",
]
