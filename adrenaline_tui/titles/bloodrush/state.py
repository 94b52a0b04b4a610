"""Bloodrush's settings (`Config`) and the mutable pieces of a game (`Vampire`, `Mozzie`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adrenaline_tui.titles.bloodrush.errors import ConfigError

SEATS = ("scarlet", "violet", "amber", "teal", "ivory")
START_BLOOD = 5
MAX_BLOOD = 10
# What a burst does. The text says both "reduces player to 1 tile and forces graveyard return"
# and lists the burst under elimination; both are playable, so it is a setting (docs/rulings.md).
BURSTS = ("graveyard", "eliminated")
SEAT_ID = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
MAX_NAME = 16


@dataclass(frozen=True)
class Config:
    """How a game is set up. `seats` are in clockwise order around the table.

    `first` is Player 1 ("the player who bled last"); None draws Player 1 with the game's RNG,
    since no program can see who bled last. `mozzie_player` (4+1 variant) is the seat that
    controls only the Mozzie: it needs exactly four other seats.
    """

    seats: tuple[str, ...] = SEATS[:4]
    names: dict[str, str] = field(default_factory=dict)
    first: str | None = None
    mozzie_player: str | None = None
    burst: str = "graveyard"

    def __post_init__(self) -> None:
        seats = self.seats
        if not isinstance(seats, tuple) or not all(isinstance(s, str) for s in seats):
            raise ConfigError("seats", "must be a list of seat names")
        for s in seats:
            if not SEAT_ID.match(s):
                raise ConfigError("seats", f"{s[:20]!r} is not a seat name (a-z, 0-9, _; 1-16 characters)")
        if len(set(seats)) != len(seats):
            raise ConfigError("seats", "a seat is named twice")
        vampires = [s for s in seats if s != self.mozzie_player]
        if self.mozzie_player is not None:
            if self.mozzie_player not in seats:
                raise ConfigError("mozzie_player", f"{self.mozzie_player[:20]!r} is not one of the seats")
            if len(vampires) != 4:
                raise ConfigError("mozzie_player", "the Mozzie player variant is for 4 vampires + 1 (5 seats)")
        if not 2 <= len(vampires) <= 5:
            raise ConfigError("seats", f"Bloodrush is for 2 to 5 vampires, not {len(vampires)}")
        if self.first is not None and self.first not in seats:
            raise ConfigError("first", f"{str(self.first)[:20]!r} is not one of the seats")
        if self.burst not in BURSTS:
            raise ConfigError("burst", f"must be one of {', '.join(BURSTS)}")
        if not isinstance(self.names, dict):
            raise ConfigError("names", "must map seats to names")
        for seat, name in self.names.items():
            if seat not in seats:
                raise ConfigError("names", f"{str(seat)[:20]!r} is not one of the seats")
            if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or not name.isprintable():
                raise ConfigError("names", f"the name of {seat} must be 1-{MAX_NAME} printable characters")

    @property
    def vampires(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s != self.mozzie_player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "names": dict(self.names),
            "first": self.first,
            "mozzie_player": self.mozzie_player,
            "burst": self.burst,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        if not isinstance(data, Mapping):
            raise ConfigError("config", "must be a mapping")
        unknown = set(data) - {"seats", "names", "first", "mozzie_player", "burst"}
        if unknown:
            raise ConfigError(sorted(unknown)[0][:20], "is not a Bloodrush setting")
        seats = data.get("seats", SEATS[:4])
        if not isinstance(seats, list | tuple):
            raise ConfigError("seats", "must be a list of seat names")
        names = data.get("names") or {}
        if not isinstance(names, Mapping):
            raise ConfigError("names", "must map seats to names")
        return cls(
            seats=tuple(seats),
            names=dict(names),
            first=data.get("first"),
            mozzie_player=data.get("mozzie_player"),
            burst=data.get("burst", "graveyard"),
        )


@dataclass
class Vampire:
    seat: str
    square: str | None  # None once eliminated
    blood: int = START_BLOOD
    humans: list[str] = field(default_factory=list)  # collected tiles, in the order eaten
    hand: list[str] = field(default_factory=list)  # red cards kept
    alive: bool = True
    eliminated_at: int | None = None  # the turn number of the elimination
    bursts: int = 0


@dataclass
class Mozzie:
    square: str | None = None  # None until Player 2 places it
    heading: str = "n"
    start: str | None = None  # where Player 2 placed it: it returns there after draining a vampire
