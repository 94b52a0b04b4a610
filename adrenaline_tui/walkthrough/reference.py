"""The rules reference: the rules in sections (`reference.yaml`), every card's page, and a search.

`sections()` are the rules in the project's own words; `card_pages()` one page per weapon and
powerup, generated from `weapons.yaml`; `search(query)` finds both, best match first. A screen
lists `chapters()`, shows an entry's `text`, and follows its `see` links.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from adrenaline_tui.pagesearch import Reference
from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.yamlfile import read_yaml_mapping
from adrenaline_tui.walkthrough.card_pages import CardPage, ammo_page, card_pages

REFERENCE_FILE = Path(__file__).resolve().parent / "reference.yaml"
NAME = "Adrenaline"  # what the rules screen and the command palette call this reference
CARD_CHAPTERS = {"weapon": "Weapons", "powerup": "Powerups"}


class _SectionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    title: str = Field(min_length=1)
    chapter: str = Field(min_length=1)
    keywords: list[str] = []
    text: str = Field(min_length=1)
    see: list[str] = []

    @field_validator("text")
    @classmethod
    def _strip(cls, text: str) -> str:
        return text.strip()


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sections: list[_SectionModel] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Section:
    """One entry of the reference: a rules section, or a card's page (id `weapon:<id>`,
    `powerup:<kind>`)."""

    id: str
    title: str
    chapter: str
    keywords: tuple[str, ...]
    text: str
    see: tuple[str, ...] = ()
    page: CardPage | None = None  # for a card: the page, with its drawing


def load_sections(path: str | Path | None = None) -> list[Section]:
    """Read and check the rules sections; a mistake names the file, the section and the field."""
    path = Path(path) if path is not None else REFERENCE_FILE
    raw = read_yaml_mapping(path, "the reference is a mapping with a list of sections")
    try:
        model = _FileModel.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = list(err["loc"])
        entry = ""
        if len(loc) >= 2 and loc[0] == "sections" and isinstance(loc[1], int):
            items = raw.get("sections") or []
            item = items[loc[1]] if loc[1] < len(items) else None
            ident = item.get("id") if isinstance(item, dict) else None
            entry = f"section '{ident}'" if ident else f"section #{loc[1]}"
            loc = loc[2:]
        raise DataError(str(path), entry, ".".join(map(str, loc)), str(err["msg"])) from None
    ids = [s.id for s in model.sections]
    for i, s in enumerate(model.sections):
        if ids.index(s.id) != i:
            raise DataError(str(path), f"section '{s.id}'", "id", "the id is used twice")
        for target in s.see:
            if target not in ids:
                raise DataError(str(path), f"section '{s.id}'", "see", f"no section '{target}'")
    return [Section(s.id, s.title, s.chapter, tuple(s.keywords), s.text, tuple(s.see)) for s in model.sections]


@cache
def sections() -> tuple[Section, ...]:
    """The rules sections, then a page for every weapon and powerup, and the ammo tiles."""
    out = list(load_sections())
    for page in card_pages():
        out.append(Section(page.id, page.title, CARD_CHAPTERS[page.kind], (page.card, page.kind), page.text, page=page))
    tiles = ammo_page()
    out.append(Section(tiles.id, tiles.title, "Actions", ("ammo", "tile", "cubes"), tiles.text, ("ammo",), tiles))
    return tuple(out)


# Finding, grouping and searching the pages: the same for every title's reference.
_reference: Reference[Section] = Reference(sections)
section = _reference.section
chapters = _reference.chapters
search = _reference.search
