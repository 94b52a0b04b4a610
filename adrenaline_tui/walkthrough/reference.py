"""The rules reference: the rules in sections (`reference.yaml`), every card's page, and a search.

`sections()` are the rules in the project's own words; `card_pages()` one page per weapon and
powerup, generated from `weapons.yaml`; `search(query)` finds both, best match first. A screen
lists `chapters()`, shows an entry's `text`, and follows its `see` links.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.yamlfile import read_yaml_mapping
from adrenaline_tui.walkthrough.card_pages import CardPage, ammo_page, card_pages

REFERENCE_FILE = Path(__file__).resolve().parent / "reference.yaml"
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


def section(section_id: str) -> Section:
    for s in sections():
        if s.id == section_id:
            return s
    raise KeyError(section_id)


def chapters() -> dict[str, list[Section]]:
    """Sections grouped by chapter, in reading order."""
    out: dict[str, list[Section]] = {}
    for s in sections():
        out.setdefault(s.chapter, []).append(s)
    return out


# ------------------------------------------------------------------------- search
_WORD = re.compile(r"[a-z0-9]+")


def _stem(word: str) -> str:
    """A crude stem so that `marks`/`mark`, `doors`/`door`, `reloading`/`reload` meet."""
    for suffix in ("ing", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


# Words that say nothing about which rule is meant; without them "what can I see" finds sight.
_STOP = frozenset(
    {"a", "an", "and", "are", "at", "be", "by", "can", "do", "does", "for", "from", "how", "i", "if", "in"}
    | {"is", "it", "me", "my", "of", "on", "or", "the", "to", "what", "when", "where", "who", "why", "you", "your"}
)


def _words(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


# How much a word found by its beginning, or by a near spelling, counts next to the word itself.
PREFIX_WEIGHT = 0.6
NEAR_WEIGHT = 0.5


@cache
def _vocabulary() -> frozenset[str]:
    words: set[str] = set()
    for s in sections():
        words.update(_words(s.title), _words(" ".join(s.keywords)), _words(s.text))
    return frozenset(words)


def _meanings(term: str, vocabulary: frozenset[str]) -> dict[str, float]:
    """The words a typed term may mean, with a weight: itself; words it begins (`overk` is
    `overkill`, from 3 letters); and near spellings (`ovrekill`) when nothing else matches."""
    out = {term: 1.0} if term in vocabulary else {}
    if len(term) >= 3:
        out.update({w: PREFIX_WEIGHT for w in vocabulary if w != term and w.startswith(term)})
    if not out and len(term) >= 4:
        out.update({w: NEAR_WEIGHT for w in difflib.get_close_matches(term, vocabulary, n=3, cutoff=0.75)})
    return out


def search(query: str, limit: int = 10) -> list[Section]:
    """Sections and card pages for a query, best first.

    A section ranks by how many of the query's words it has at all, then by where they are
    (title, keywords, text) and how often; a whole-phrase match in the title or keywords wins.
    A word also matches the words it begins and, failing that, near spellings, for less.
    """
    terms = list(dict.fromkeys(_words(query)))
    if not terms:
        return []
    vocabulary = _vocabulary()
    meanings = [_meanings(t, vocabulary) for t in terms]
    phrase = " ".join(_WORD.findall(query.lower()))
    scored = []
    for order, s in enumerate(sections()):
        title = _words(s.title)
        keys = _words(" ".join(s.keywords))
        body = _words(s.text)
        matched = 0
        weight = 0.0
        for words in meanings:
            hits = sum(
                factor * (5 * title.count(w) + 3 * keys.count(w) + min(body.count(w), 5)) for w, factor in words.items()
            )
            if hits:
                matched += 1
                weight += hits
        if not matched:
            continue
        exact = phrase in s.title.lower() or any(phrase == k.lower() for k in s.keywords)
        scored.append(((exact, matched, weight, -order), s))
    scored.sort(key=lambda item: item[0], reverse=True)
    return [s for _, s in scored[:limit]]
