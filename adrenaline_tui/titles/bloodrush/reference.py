"""Bloodrush's rules reference: the rules in sections (`reference.yaml`), pages generated from the
data files (the board, the time track, the human tiles, the deck and the die), and a search.

The same shape as Adrenaline's (`walkthrough/reference.py`): `sections()`, `section(id)`,
`chapters()`, `search(query)`; a `Section` has id, title, chapter, keywords, text, see, and a
`page` for the pages laid out line by line (a drawing of the board must not be rewrapped). The
search is the one every title shares (`pagesearch`).

The text never states a designed number itself: a `{name}` in `reference.yaml` is filled from
the data (`facts`), so the pages cannot disagree with the files a player corrects. A name the
data does not give is an error when the file is read, naming the section.
"""

from __future__ import annotations

import string
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from adrenaline_tui.pagesearch import Reference, TextPage, TextSection
from adrenaline_tui.titles.bloodrush.board import Board
from adrenaline_tui.titles.bloodrush.components import BLACK, RED, Components, load_components
from adrenaline_tui.titles.bloodrush.errors import DataError
from adrenaline_tui.titles.bloodrush.game import CARD_NAMES
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD, START_BLOOD
from adrenaline_tui.titles.files import read_yaml

REFERENCE_FILE = Path(__file__).with_name("reference.yaml")
NAME = "Bloodrush"  # what the rules screen and the command palette call this reference
MAX_REFERENCE_BYTES = 256 * 1024
FEED_BLOOD = 5  # the rules' "Gain 5 blood tiles" (flow.FEED_BLOOD)
SYMBOLS = {"plain": ".", "graveyard": "G", "building": "B", "mine": "M", "damage": "D", "clocks": "C", "steps": "S"}
DATA_CHAPTER = "The components"


# The pages and sections every reference without drawings shares.
Page = TextPage
Section = TextSection


# ---------------------------------------------------------------------- the data's facts
def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _amounts(c: Components, kind: str) -> str:
    found = sorted({t.amount for t in c.tiles.values() if t.kind == kind})
    return " or ".join(map(str, found)) if found else "0"


def _squares(c: Components, kind: str) -> str:
    return _and([sq for sq, t in c.tiles.items() if t.kind == kind]) or "none"


def facts(c: Components) -> dict[str, Any]:
    """Every `{name}` a reference text may use, read from the components."""
    board = Board.of(c)
    kinds = Counter(t.kind for t in c.tiles.values())
    moons = [s for s in c.time if s.symbol == "moon"]
    suns = [s for s in c.time if s.symbol == "sun"]
    colours = Counter(h.colour for h in c.humans)
    faces = sorted(set(c.die))
    die = f"{faces[0]}-{faces[-1]}" if faces == list(range(faces[0], faces[-1] + 1)) else ", ".join(map(str, faces))
    reds = sorted({c.cards[k] for k in RED})
    return {
        "board_size": f"{c.width} x {c.height}",
        "graveyard": c.graveyard,
        "graveyard_neighbours": _and(board.neighbours(c.graveyard)),
        "buildings": _squares(c, "building"),
        "mine": _squares(c, "mine"),
        "damage_blood": _amounts(c, "damage"),
        "clocks_hours": _amounts(c, "clocks"),
        "steps_free": _amounts(c, "steps"),
        "damage_count": kinds["damage"],
        "clocks_count": kinds["clocks"],
        "steps_count": kinds["steps"],
        "start_blood": START_BLOOD,
        "max_blood": MAX_BLOOD,
        "feed_blood": FEED_BLOOD,
        "dusk": c.time[0].label,
        "dawn": c.time[-1].label,
        "time_spaces": len(c.time),
        "moons": _and([f"{s.label} +{s.blood}" for s in moons]) or "no moon on this track",
        "suns": _and([f"{s.label} -{s.blood}" for s in suns]) or "no sun on this track",
        "humans_count": len(c.humans),
        "colours": _and([f"{colour} ({n})" for colour, n in colours.items()]),
        "deck_total": sum(c.cards.values()),
        "black_total": sum(c.cards[k] for k in BLACK),
        "red_total": sum(c.cards[k] for k in RED),
        "red_each": " or ".join(map(str, reds)),
        "die": die,
        **{k: c.cards[k] for k in BLACK + RED},
    }


# ------------------------------------------------------------------- generated pages
def board_page(c: Components) -> Section:
    board = Board.of(c)
    cols = [chr(ord("a") + i) for i in range(c.width)]
    lines = [f"The board: {c.board_name}", "", "     " + " ".join(cols)]
    for r in range(c.height):
        row = " ".join(SYMBOLS[c.tiles[f"{col}{r + 1}"].kind] for col in cols)
        lines.append(f"{r + 1:>3}  {row}")
    f = facts(c)
    lines += [
        "",
        f"G graveyard ({f['graveyard']})   B building   M mine",
        f"D Damage ({f['damage_blood']} blood)   C Clocks ({f['clocks_hours']} hour)"
        f"   S Steps ({f['steps_free']} free steps)",
        "",
        "Columns a, b, c... from the left, rows 1, 2, 3... from the top: d4 is the",
        "fourth column of the fourth row. North is up. Every edge leads to the",
        "opposite edge.",
        f"No human may be placed on {f['graveyard_neighbours']} (next to the graveyard).",
        f"{len(board.human_squares())} tiles may hold a human.",
    ]
    return Section(
        "board",
        "The board",
        DATA_CHAPTER,
        ("board", "map", "grid", "squares", "layout"),
        "\n".join(lines),
        ("special-tiles", "shelters", "wraparound"),
        Page("\n".join(lines)),
    )


def time_page(c: Components) -> Section:
    lines = ["The time track", ""]
    for i, s in enumerate(c.time):
        mark = {"moon": f"moon: +{s.blood} blood", "sun": f"sun: -{s.blood} blood"}.get(s.symbol, "")
        lines.append(f"{i + 1:>2}. {s.label:<22}{mark}".rstrip())
    lines += ["", f"The game starts at {c.time[0].label}. After {c.time[-1].label} time goes on from the start."]
    text = "\n".join(lines)
    return Section(
        "time-track",
        "The time track",
        DATA_CHAPTER,
        ("time", "track", "hours", "moon", "sun", "night"),
        text,
        ("time", "midnight", "dawn"),
        Page(text),
    )


def humans_page(c: Components) -> Section:
    lines = ["The human tiles", ""]
    for h in sorted(c.humans, key=lambda h: (h.colour, h.value)):
        lines.append(f"{h.colour:<8}{h.value}  {h.name}")
    by_colour = Counter(h.colour for h in c.humans)
    lines += ["", "In each colour: " + _and([f"{n} {colour}" for colour, n in by_colour.items()]) + "."]
    lines.append("2 humans of one colour score +1, 3 or more +3.")
    text = "\n".join(lines)
    return Section(
        "human-tiles",
        "The human tiles",
        DATA_CHAPTER,
        ("humans", "tiles", "colours", "values", "colour bonus"),
        text,
        ("victory", "feeding"),
        Page(text),
    )


def deck_page(c: Components) -> Section:
    lines = ["The deck and the die", ""]
    for k in BLACK + RED:
        colour = "black" if k in BLACK else "red"
        lines.append(f"{c.cards[k]:>3}  {CARD_NAMES[k]:<18}{colour}")
    lines += ["", f"{sum(c.cards.values())} cards in all.", f"The die: {facts(c)['die']}."]
    text = "\n".join(lines)
    return Section(
        "deck",
        "The deck and the die",
        DATA_CHAPTER,
        ("deck", "cards", "counts", "die", "dice"),
        text,
        ("black-cards", "red-cards"),
        Page(text),
    )


# ------------------------------------------------------------------------------ sections
_FIELDS = {"id", "title", "chapter", "keywords", "text", "see"}


def _fill(text: str, where: str, known: dict[str, Any]) -> str:
    """`text` with each `{name}` filled from the data; an unknown name is the file's mistake."""
    for _, name, _, _ in string.Formatter().parse(text):
        if name is not None and name not in known:
            raise DataError(where, "text", f"{{{name}}} is not a fact of the data ({', '.join(sorted(known))})")
    return text.format_map(known)


def load_sections(path: Path = REFERENCE_FILE, components: Components | None = None) -> list[Section]:
    """The written sections, then the generated pages; checked (a mistake names the section)."""
    c = components or load_components()
    raw = read_yaml(path, MAX_REFERENCE_BYTES, DataError)
    if not isinstance(raw, dict) or not isinstance(raw.get("sections"), list) or not raw["sections"]:
        raise DataError(str(path), "sections", "the reference is a mapping with a list of sections")
    known = facts(c)
    generated = [board_page(c), time_page(c), humans_page(c), deck_page(c)]
    out: list[Section] = []
    for i, item in enumerate(raw["sections"]):
        sid = item.get("id") if isinstance(item, dict) else None
        where = f"{path.name}: section '{sid}'" if isinstance(sid, str) else f"{path.name}: section #{i}"
        if not isinstance(item, dict) or set(item) - _FIELDS or not {"id", "title", "chapter", "text"} <= set(item):
            raise DataError(where, "", f"a section has {', '.join(sorted(_FIELDS))} (keywords and see optional)")
        for field in ("id", "title", "chapter", "text"):
            if not isinstance(item[field], str) or not item[field].strip():
                raise DataError(where, field, "must be some text")
        for field in ("keywords", "see"):
            if not isinstance(item.get(field, []), list) or not all(isinstance(x, str) for x in item.get(field, [])):
                raise DataError(where, field, "must be a list of words")
        out.append(
            Section(
                item["id"],
                item["title"],
                item["chapter"],
                tuple(item.get("keywords", [])),
                _fill(item["text"].strip(), where, known),
                tuple(item.get("see", [])),
            )
        )
    out += generated
    ids = [s.id for s in out]
    for s in out:
        if ids.count(s.id) > 1:
            raise DataError(f"{path.name}: section '{s.id}'", "id", "the id is used twice")
        for target in s.see:
            if target not in ids:
                raise DataError(f"{path.name}: section '{s.id}'", "see", f"no section '{target}'")
    return out


@cache
def sections() -> tuple[Section, ...]:
    """Every page of the reference, in reading order (the shipped file and data)."""
    return tuple(load_sections())


# Finding, grouping and searching the pages: the same for every title's reference.
_reference: Reference[Section] = Reference(sections)
section = _reference.section
chapters = _reference.chapters
search = _reference.search
