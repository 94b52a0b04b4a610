"""The game's components, read from the YAML files in `data/`: board, time track, humans, deck, die.

The rules text gives none of these (docs/rulings.md, "Bloodrush", says what was designed and why),
so they are data a player with the physical box can correct. Each file is checked by a pydantic
model; any problem is a `DataError` naming the file and the field. The result is plain frozen
values: the engine never sees pydantic.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from adrenaline_tui.titles.bloodrush.errors import DataError
from adrenaline_tui.titles.files import read_yaml

DATA = Path(__file__).with_name("data")
FILES = ("board.yaml", "time.yaml", "humans.yaml", "deck.yaml")
TILE_KINDS = ("plain", "graveyard", "building", "mine", "damage", "clocks", "steps")
BLACK = ("coyote_snack", "donkey_ride", "time_energy")
RED = ("bug_commander", "giant_umbrella", "mask_of_immunity", "carriage_ride")
MAX_SIDE = 26  # columns are letters
MAX_DATA_BYTES = 64 * 1024


@dataclass(frozen=True)
class Tile:
    kind: str
    amount: int = 0  # blood for damage, hours for clocks, steps for steps


@dataclass(frozen=True)
class TimeSpace:
    label: str
    symbol: str  # none, moon, sun
    blood: int


@dataclass(frozen=True)
class Human:
    id: str
    colour: str
    value: int
    name: str


@dataclass(frozen=True)
class Components:
    board_name: str
    width: int
    height: int
    tiles: dict[str, Tile]  # square -> tile, every square of the grid
    time: tuple[TimeSpace, ...]
    humans: tuple[Human, ...]
    cards: dict[str, int]  # kind -> count, in the order of BLACK + RED
    die: tuple[int, ...]

    @property
    def human(self) -> dict[str, Human]:
        return {h.id: h for h in self.humans}

    @property
    def graveyard(self) -> str:
        return next(sq for sq, t in self.tiles.items() if t.kind == "graveyard")


def _models() -> Any:
    """The pydantic models, built on first use (pydantic is slow to import)."""
    from pydantic import BaseModel, ConfigDict, Field, field_validator

    class Strict(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)

    class LegendEntry(Strict):
        kind: Literal["plain", "graveyard", "building", "mine", "damage", "clocks", "steps"]
        blood: int | None = Field(default=None, ge=1, le=10)
        hours: int | None = Field(default=None, ge=1, le=24)
        steps: int | None = Field(default=None, ge=1, le=10)

    class BoardFile(Strict):
        name: str = Field(min_length=1, max_length=60)
        grid: list[str] = Field(min_length=3, max_length=MAX_SIDE)
        legend: dict[str, LegendEntry]

        @field_validator("legend")
        @classmethod
        def one_character_symbols(cls, v: dict[str, Any]) -> dict[str, Any]:
            for sym in v:
                if len(sym) != 1 or sym.isspace():
                    raise ValueError(f"symbol {sym!r} must be one visible character")
            return v

    class Space(Strict):
        label: str = Field(min_length=1, max_length=30)
        symbol: Literal["none", "moon", "sun"]
        blood: int = Field(ge=0, le=10)

    class TimeFile(Strict):
        spaces: list[Space] = Field(min_length=1, max_length=48)

    class HumanEntry(Strict):
        id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,19}$")
        colour: str = Field(pattern=r"^[a-z]{1,12}$")
        value: int = Field(ge=1, le=5)
        name: str = Field(min_length=1, max_length=20)

    class HumansFile(Strict):
        tiles: list[HumanEntry] = Field(min_length=1, max_length=40)

    class CardEntry(Strict):
        count: int = Field(ge=0, le=60)
        colour: Literal["black", "red"]

    class DeckFile(Strict):
        cards: dict[str, CardEntry]
        die: list[int] = Field(min_length=1, max_length=20)

    return BoardFile, TimeFile, HumansFile, DeckFile


def _read(path: Path) -> dict[str, Any]:
    data = read_yaml(path, MAX_DATA_BYTES, DataError)
    if not isinstance(data, dict):
        raise DataError(str(path), "", "must hold a mapping")
    return data


def _check(model: Any, path: Path) -> Any:
    from pydantic import ValidationError

    try:
        return model.model_validate(_read(path))
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(top)"
        raise DataError(str(path), field, err["msg"]) from None


def square_name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


@functools.lru_cache(maxsize=8)
def load_components(folder: Path = DATA) -> Components:
    """The components in `folder` (the package's own by default), checked."""
    board_m, time_m, humans_m, deck_m = _models()
    board = _check(board_m, folder / "board.yaml")
    where = str(folder / "board.yaml")
    rows = [r.split() for r in board.grid]
    width = len(rows[0])
    if not 3 <= width <= MAX_SIDE:
        raise DataError(where, "grid.0", f"a row needs 3 to {MAX_SIDE} symbols, not {width}")
    tiles: dict[str, Tile] = {}
    for r, row in enumerate(rows):
        if len(row) != width:
            raise DataError(where, f"grid.{r}", f"has {len(row)} symbols; the first row has {width}")
        for c, sym in enumerate(row):
            entry = board.legend.get(sym)
            if entry is None:
                raise DataError(where, f"grid.{r}", f"symbol {sym!r} is not in the legend")
            amount_field = {"damage": "blood", "clocks": "hours", "steps": "steps"}.get(entry.kind)
            amount = getattr(entry, amount_field) if amount_field else 0
            if amount_field and amount is None:
                raise DataError(where, f"legend.{sym}.{amount_field}", f"a {entry.kind} tile needs it")
            tiles[square_name(c, r)] = Tile(entry.kind, amount or 0)
    kinds = [t.kind for t in tiles.values()]
    if kinds.count("graveyard") != 1:
        raise DataError(where, "grid", f"needs exactly one graveyard, has {kinds.count('graveyard')}")
    if "mine" not in kinds:
        raise DataError(where, "grid", "needs a mine (the rules protect vampires there)")

    time = _check(time_m, folder / "time.yaml")
    for i, s in enumerate(time.spaces):
        if (s.symbol == "none") != (s.blood == 0):
            raise DataError(str(folder / "time.yaml"), f"spaces.{i}.blood", "a moon or sun needs blood, no symbol none")

    humans = _check(humans_m, folder / "humans.yaml")
    ids = [h.id for h in humans.tiles]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        raise DataError(str(folder / "humans.yaml"), "tiles", f"id {dup!r} is used twice")
    graveyard = next(sq for sq, t in tiles.items() if t.kind == "graveyard")
    height = len(rows)
    free = len(tiles) - 1 - len(_neighbours(graveyard, width, height))
    if len(ids) > free:
        raise DataError(str(folder / "humans.yaml"), "tiles", f"{len(ids)} humans, but only {free} tiles may hold one")

    deck = _check(deck_m, folder / "deck.yaml")
    dpath = str(folder / "deck.yaml")
    for kind in BLACK + RED:
        if kind not in deck.cards:
            raise DataError(dpath, f"cards.{kind}", "missing (every card of the rules needs a count)")
    for kind, entry in deck.cards.items():
        if kind not in BLACK + RED:
            raise DataError(dpath, f"cards.{kind}", f"not a card of the rules (known: {', '.join(BLACK + RED)})")
        if entry.colour != ("black" if kind in BLACK else "red"):
            raise DataError(dpath, f"cards.{kind}.colour", f"the rules make it {'black' if kind in BLACK else 'red'}")
    if sum(deck.cards[k].count for k in BLACK) == 0:
        raise DataError(dpath, "cards", "needs at least one black card")
    for i, face in enumerate(deck.die):
        if not 1 <= face <= 12:
            raise DataError(dpath, f"die.{i}", "a face is a number from 1 to 12")

    return Components(
        board_name=board.name,
        width=width,
        height=height,
        tiles=tiles,
        time=tuple(TimeSpace(s.label, s.symbol, s.blood) for s in time.spaces),
        humans=tuple(Human(h.id, h.colour, h.value, h.name) for h in humans.tiles),
        cards={k: deck.cards[k].count for k in BLACK + RED},
        die=tuple(deck.die),
    )


def _neighbours(square: str, width: int, height: int) -> list[str]:
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    out = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        n = square_name((col + dc) % width, (row + dr) % height)
        if n not in out and n != square:
            out.append(n)
    return out
