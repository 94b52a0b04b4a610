"""The deck, read from `data/deck.yaml` and checked by pydantic; any problem is a `DataError`
naming the file and the field. The rules text gives the deck's size and three match numbers;
the rest is designed (docs/rulings.md, "Panic Fire") and a player with the box can correct it.
The result is plain frozen values: the engine never sees pydantic."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adrenaline_tui.titles.files import read_yaml
from adrenaline_tui.titles.panic_fire.errors import DataError

DATA = Path(__file__).with_name("data")
DECK_FILE = DATA / "deck.yaml"
MAX_DATA_BYTES = 16 * 1024
BOX_SIZE = 112  # "112 cartas", the text's one count of the whole deck
BULLETS = 6  # "Separa las 6 Cartas Bullet"
SHIELD = "shield"
# The three match numbers the text gives; a corrected file may not contradict them.
TEXT_MATCHES = {"nun": 3, "alien": 4, "grandma": 1}
GRANDMA = "grandma"  # the exception: played on anyone, a match alone


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    match: int
    copies: int


@dataclass(frozen=True)
class Deck:
    characters: tuple[Character, ...]
    shields: int
    bullets: int

    @functools.cached_property
    def by_id(self) -> dict[str, Character]:
        return {c.id: c for c in self.characters}

    @property
    def size(self) -> int:
        return self.bullets + self.shields + sum(c.copies for c in self.characters)

    def play_cards(self, shields: int | None = None) -> list[str]:
        """Every card dealt in a round, in the file's order (the game shuffles them)."""
        out: list[str] = []
        for c in self.characters:
            out += [c.id] * c.copies
        out += [SHIELD] * (self.shields if shields is None else shields)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "bullets": self.bullets,
            "shields": self.shields,
            "characters": [{"id": c.id, "name": c.name, "match": c.match, "copies": c.copies} for c in self.characters],
        }


def _model() -> Any:
    """The pydantic model, built on first use (pydantic is slow to import)."""
    from pydantic import BaseModel, ConfigDict, Field

    class Strict(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)

    class CharacterEntry(Strict):
        id: str = Field(pattern=r"^[a-z][a-z0-9]{0,15}$")
        name: str = Field(min_length=1, max_length=30, pattern=r"^[A-Za-z0-9 .'-]+$")
        match: int = Field(ge=1, le=4)  # a set has 4 cards
        copies: int = Field(ge=1, le=60)

    class DeckFile(Strict):
        bullets: int = Field(ge=1, le=20)
        shields: int = Field(ge=0, le=60)
        characters: list[CharacterEntry] = Field(min_length=2, max_length=20)

    return DeckFile


def _read(path: Path) -> Any:
    return read_yaml(path, MAX_DATA_BYTES, DataError)


def check_deck(data: Any, where: str) -> Deck:
    """A deck from its mapping (the file's, or a save's copy), checked against the model and the
    text: 112 cards, 6 Bullets, the three match numbers it gives, distinct ids."""
    from pydantic import ValidationError

    if not isinstance(data, dict):
        raise DataError(where, "", "must hold a mapping")
    try:
        parsed = _model().model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(top)"
        raise DataError(where, field, err["msg"]) from None
    ids = [c.id for c in parsed.characters]
    for i, cid in enumerate(ids):
        if cid == SHIELD:
            raise DataError(where, f"characters.{i}.id", "'shield' is the Shield cards' id, not a character's")
        if ids.index(cid) != i:
            raise DataError(where, f"characters.{i}.id", f"{cid!r} is used twice")
    for cid, match in TEXT_MATCHES.items():
        if cid not in ids:
            raise DataError(where, "characters", f"{cid!r} is missing (the rules text names it)")
        entry = parsed.characters[ids.index(cid)]
        if entry.match != match:
            raise DataError(where, f"characters.{ids.index(cid)}.match", f"the rules text makes it {match}")
    if parsed.bullets != BULLETS:
        raise DataError(where, "bullets", f"the rules text has {BULLETS} Bullet cards")
    deck = Deck(
        tuple(Character(c.id, c.name, c.match, c.copies) for c in parsed.characters), parsed.shields, parsed.bullets
    )
    if deck.size != BOX_SIZE:
        raise DataError(where, "characters", f"the deck has {deck.size} cards; the box has {BOX_SIZE}")
    return deck


@functools.lru_cache(maxsize=4)
def load_deck(path: Path = DECK_FILE) -> Deck:
    """The deck in `path` (the package's own by default), checked."""
    return check_deck(_read(path), str(path))
