"""What each widget of Bloodrush's table shows, worked out from `game.view(seat)` alone, plus the
board's layout and the components' names (public data files). Pure: no Textual here.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.record import record
from adrenaline_tui.titles.bloodrush.components import load_components
from adrenaline_tui.titles.bloodrush.decision import decides
from adrenaline_tui.titles.bloodrush.game import CARD_NAMES
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD

# Each seat's colour and letter: figures are told apart by both (a letter reads without colour).
SEAT_COLOURS = {
    "scarlet": "#e0503a",
    "violet": "#b070e8",
    "amber": "#f2b43b",
    "teal": "#3cc8c0",
    "ivory": "#e8e4d0",
}
HUMAN_COLOURS = {"red": "#ff6b6b", "blue": "#6ba4ff", "green": "#6bd88a"}
KIND_NAMES = {
    "plain": "",
    "graveyard": "Graveyard",
    "building": "Building",
    "mine": "Mine",
    "damage": "Damage",
    "clocks": "Clocks",
    "steps": "Steps",
}
KIND_SHORT = {
    "plain": "",
    "graveyard": "Grave",
    "building": "Bldg",
    "mine": "Mine",
    "damage": "Dmg",
    "clocks": "Clk+",
    "steps": "Stp",
}


def seat_colour(seat: str) -> str:
    return SEAT_COLOURS.get(seat, "#cccccc")


def seat_letter(seat: str) -> str:
    return seat[:1].upper()


def name_of(view: dict[str, Any], seat: str) -> str:
    return view.get("names", {}).get(seat) or seat.capitalize()


@record
class Cell:
    square: str
    kind: str
    amount: int
    human: tuple[str, int, str] | None = None  # colour, value, name
    figures: tuple[str, ...] = ()  # seats of the vampires here
    mozzie: str | None = None  # the Mozzie's heading, if it is here
    marked: bool = False  # an option of the decision names it
    cursor: bool = False  # the highlighted option names it


@record
class MapState:
    width: int
    height: int
    cells: tuple[Cell, ...]


def map_state(view: dict[str, Any], cursor_square: str | None = None, lit: frozenset[str] = frozenset()) -> MapState:
    """`lit`: squares marked besides the decision's (a lesson's step points at them)."""
    c = load_components()
    humans = c.human
    marked = {o.get("square") for o in (view.get("pending") or {}).get("options", []) if o.get("square")} | set(lit)
    mozzie = view["mozzie"]
    cells = []
    for square, tile in c.tiles.items():
        tile_id = view["humans"].get(square)
        h = humans.get(tile_id) if tile_id else None
        figures = tuple(s for s, v in view["vampires"].items() if v["alive"] and v["square"] == square)
        cells.append(
            Cell(
                square,
                tile.kind,
                tile.amount,
                (h.colour, h.value, h.name) if h else None,
                figures,
                mozzie["heading"] if mozzie["square"] == square else None,
                square in marked,
                square == cursor_square,
            )
        )
    return MapState(c.width, c.height, tuple(cells))


@record
class TrackState:
    spaces: tuple[tuple[str, str, int], ...]  # label, symbol, blood
    now: int


def track_state(view: dict[str, Any]) -> TrackState:
    spaces = tuple((s.label, s.symbol, s.blood) for s in load_components().time)
    return TrackState(spaces, view["time"]["index"])


@record
class VampireRow:
    seat: str
    name: str
    blood: int
    alive: bool
    humans: tuple[tuple[str, int], ...]  # colour, value of each human eaten
    cards: int
    active: bool
    first: bool
    kind: str  # who plays it: "you", "person", or a computer level


@record
class VampiresState:
    rows: tuple[VampireRow, ...]
    mozzie_player: str | None
    max_blood: int = MAX_BLOOD


def vampires_state(view: dict[str, Any], kinds: dict[str, str]) -> VampiresState:
    humans = load_components().human
    order = view["order"] or list(view["vampires"])
    rows = []
    for seat in order:
        v = view["vampires"].get(seat)
        if v is None:
            continue
        kind = "you" if seat == view.get("seat") else ("person" if kinds.get(seat) == "human" else kinds.get(seat, ""))
        rows.append(
            VampireRow(
                seat,
                name_of(view, seat),
                v["blood"],
                v["alive"],
                tuple((humans[h].colour, humans[h].value) for h in v["humans"] if h in humans),
                v["hand_count"],
                seat == view["active"] and view["phase"] == "turns",
                bool(order) and seat == order[0],
                kind,
            )
        )
    return VampiresState(tuple(rows), view.get("mozzie_player"))


def hand_text(view: dict[str, Any]) -> str:
    """The viewer's own red cards; nobody's when nobody in particular looks."""
    seat = view.get("seat")
    if seat is None or seat not in view["vampires"]:
        return "Red cards are private: each player sees only their own."
    hand = view["vampires"][seat].get("hand", [])
    if not hand:
        return "Your red cards: none"
    return "Your red cards: " + ", ".join(CARD_NAMES.get(c, c) for c in hand)


def status_text(view: dict[str, Any], kinds: dict[str, str]) -> str:
    """One line at 80 columns: the phase, the time, the deck, and who decides what. The active
    vampire is named only when someone else decides (the one who decides is named anyway)."""
    time = view["time"]
    if view["over"]:
        return f"Game over ({view.get('end_reason') or ''}) - {time['label']}"
    waiting = view.get("waiting_on")
    decider = waiting["player"] if waiting else None
    if view["phase"] == "setup":
        left = view["stack_count"]
        parts = [f"Setup: {left} humans to place" if left else "Setup", time["label"]]
    else:
        active = view["active"]
        turn = f"Turn {view['turn']}" if active == decider else f"Turn {view['turn']}: {name_of(view, active)}"
        parts = [turn, time["label"], f"deck {view['deck_count']}"]
    if waiting:
        mine = decider == view.get("seat")
        who = "you decide" if mine else f"{name_of(view, decider)} decides"
        parts.append(f"{who} {decides(waiting['kind'])}")
    return " - ".join(parts)


def options(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list((view.get("pending") or {}).get("options", []))


def prompt_and_note(view: dict[str, Any], kinds: dict[str, str]) -> tuple[str, str]:
    pending = view.get("pending")
    if pending is not None:
        return pending["prompt"], ""
    if view["over"]:
        return "The game is over.", "Enter shows the ranking."
    waiting = view.get("waiting_on")
    if waiting is None:
        return "", ""
    seat = waiting["player"]
    kind = kinds.get(seat, "human")
    who = name_of(view, seat) + ("" if kind == "human" else f" (computer, {kind})")
    return f"{who} decides {decides(waiting['kind'])}.", "Waiting..."
