"""The game's mutable state: configuration, players, and the board with its decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from adrenaline_tui.rules.cards import CUBES

FIGURES = ("yellow", "blue", "grey", "purple", "green")
HEROES = {
    "yellow": "D-struct-or",
    "blue": "Banshee",
    "grey": "Dozer",
    "purple": "Violet",
    "green": "Sprog",
}
MAX_DAMAGE = 12
KILLSHOT = 11
MAX_MARKS = 3
MAX_CUBES = 3
MAX_POWERUPS = 3
MAX_WEAPONS = 3
BOARD_VALUES = (8, 6, 4, 2, 1, 1)
FRENZY_VALUES = (2, 1, 1, 1)
TRACK_VALUES = (8, 6, 4, 2, 1, 1)
ADRENALINE_GRAB = 3
ADRENALINE_SHOOT = 6


class GameConfig(BaseModel):
    """How a game is set up. Seat order is the order of `players` (figure colours)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: tuple[Literal["yellow", "blue", "grey", "purple", "green"], ...] = Field(min_length=3, max_length=5)
    names: dict[str, str] = {}
    arena: Literal["arena_10", "arena_11a", "arena_11b", "arena_12"] = "arena_11a"
    skulls: int = Field(8, ge=5, le=8)
    ending: Literal["frenzy", "sudden_death"] = "frenzy"
    # "holders": only players holding a Tagback Grenade are asked. "all": every damaged player
    # who saw the shooter is asked, so being asked reveals nothing (for hot-seat play).
    tagback_prompt: Literal["holders", "all"] = "holders"

    @field_validator("players")
    @classmethod
    def _distinct(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(players)) != len(players):
            raise ValueError("each figure colour can be used once")
        return players

    @model_validator(mode="after")
    def _names(self) -> GameConfig:
        unknown = set(self.names) - set(self.players)
        if unknown:
            raise ValueError(f"names given for colours not in the game: {', '.join(sorted(unknown))}")
        return self

    def name_of(self, colour: str) -> str:
        return self.names.get(colour) or HEROES.get(colour, colour)


@dataclass(slots=True)
class HeldWeapon:
    id: str
    loaded: bool = True


@dataclass(slots=True)
class Player:
    colour: str
    name: str
    square: str | None = None
    damage: list[str] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)
    skulls: int = 0
    frenzy_board: bool = False
    ammo: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CUBES, 1))
    weapons: list[HeldWeapon] = field(default_factory=list)
    powerups: list[str] = field(default_factory=list)
    score: int = 0
    frenzy_actions: int = 0  # 0 before final frenzy, then 2 or 1 (the action tile's box)
    killed: bool = False  # took a killshot this turn; scored at the end of the turn

    def weapon(self, weapon_id: str) -> HeldWeapon | None:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        return None

    @property
    def marks_total(self) -> int:
        return sum(self.marks.values())


@dataclass(slots=True)
class Board:
    """Everything on the table that is not a player's: racks, tiles, decks, the killshot track."""

    racks: dict[str, list[str | None]]  # spawn colour -> 3 slots
    tiles: dict[str, str | None]  # non-spawn square -> ammo tile code
    weapon_deck: list[str]  # draw from the end
    powerup_deck: list[str]
    powerup_discard: list[str]
    ammo_deck: list[str]
    ammo_discard: list[str]
    skulls: int  # skulls the track started with
    track: list[list[str]] = field(default_factory=list)  # one entry per killshot: [killer] or [killer, killer]

    @property
    def skulls_left(self) -> int:
        return max(0, self.skulls - len(self.track))
