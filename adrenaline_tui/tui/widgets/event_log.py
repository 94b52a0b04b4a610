"""`EventLog`: who did what to whom, newest at the bottom.

It shows the last lines that fit and is never focused, so arrow keys stay with the options.
The whole log is one key away on the log screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from adrenaline_tui.rules import Event
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside

# Bookkeeping the table does not narrate; the full log screen still lists it.
QUIET = frozenset({"paid", "turn_end"})
SUBJECT_KEYS = ("player", "attacker", "killer")


def subject(event: Event) -> str | None:
    for key in SUBJECT_KEYS:
        value = event.data.get(key)
        if isinstance(value, str) and value in LETTER:
            return value
    return None


# Not engine events: the log's own notes on how to read a board, each placed once, after the
# first event that makes the boards show what it explains (damage; a fired, so unloaded, weapon).
DAMAGE_TRACK = "damage_track"
WEAPON_MARKS = "weapon_marks"
NOTE_AFTER = {"damaged": DAMAGE_TRACK, "shoot": WEAPON_MARKS}


def damage_track_note(look: Look) -> Text:
    g = look.glyphs
    track = g.zone.join(g.empty * n for n in (2, 3, 5, 1, 1))
    return Text.assemble(
        ("  Reading a board: ", Style(bold=True)),
        (track, Style(color=look.palette.wall)),
        " holds 12 damage tokens, each the attacker's letter. From the 3rd a grab may move 2 "
        "squares first, from the 6th a shot may move 1 first; the 11th is the killshot, the "
        "12th the overkill. x explains a board.",
    )


def weapon_marks_note(look: Look) -> Text:
    # In the ASCII glyph set the marks are - and +, which read like part of a name
    # ("Hellion-"), so the note shows them on an example name.
    g = look.glyphs
    return Text.assemble(
        ("  Reading a board: ", Style(bold=True)),
        f"a fired weapon is unloaded until reloaded, marked {g.unloaded} after its name (Hellion{g.unloaded}); "
        f"your own loaded ones are marked {g.loaded} (Hellion{g.loaded}), others' loaded ones are face down "
        f"({g.hidden}). Reload at the end of a turn by paying the weapon's cost.",
    )


NOTES = {DAMAGE_TRACK: damage_track_note, WEAPON_MARKS: weapon_marks_note}


def with_notes(events: Iterable[Event], noted: frozenset[str]) -> tuple[list[Event], frozenset[str]]:
    """The events the log narrates, each note of `NOTE_AFTER` once after the first event that
    calls for it (unless already in `noted`); returns the notes placed so far."""
    out = []
    for e in events:
        if e.kind in QUIET:
            continue
        out.append(e)
        note = NOTE_AFTER.get(e.kind)
        if note is not None and note not in noted:
            out.append(Event(note, "", {}))
            noted = noted | {note}
    return out, noted


def event_line(event: Event, look: Look) -> Text:
    pal = look.palette
    if event.kind in NOTES:
        return NOTES[event.kind](look)
    if event.kind == "turn":
        rule = look.glyphs.h * 2
        return Text(f"{rule} {event.text} {rule}", Style(bold=True), no_wrap=False)
    out = Text()
    who = subject(event)
    if who is not None:
        out.append(LETTER[who], pal.figure_style(who))
        out.append(" ")
    else:
        out.append("  ")
    style: Style | str = ""
    if event.kind in ("killshot", "overkill", "frenzy", "sudden_death", "game_over", "scored", "lesson_offer"):
        style = Style(bold=True)
    elif event.kind in ("refilled", "reshuffled", "paid"):
        style = Style(color=pal.dim)
    out.append(event.text, style)
    return out


class EventLog(Widget):
    DEFAULT_CSS = tcss_beside(__file__)
    can_focus = False
    KEEP = 200

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Widget.auto_links, False)  # no links: see Drawn
        self.events: list[Event] = []
        self._look: Look | None = None
        self._noted: frozenset[str] = frozenset()

    def reset(self, events: Iterable[Event]) -> None:
        shown, self._noted = with_notes(events, frozenset())
        shown = shown[-self.KEEP :]
        if shown == self.events:
            # An undo of a decision that logged nothing: repainting the log would widen the
            # frame's update to the whole right-hand side of the table.
            return
        self.events = shown
        self.refresh()

    def add(self, events: Iterable[Event]) -> None:
        fresh, self._noted = with_notes(events, self._noted)
        if fresh:
            self.events = (self.events + fresh)[-self.KEEP :]
            self.refresh()

    def render(self) -> Any:
        look = look_of(self.app)
        self._look = look
        width, height = self.size
        if width <= 0 or height <= 0:
            return ""
        lines: list[Text] = []
        for event in reversed(self.events):
            wrapped = event_line(event, look).wrap(self.app.console, width)
            lines[:0] = list(wrapped)
            if len(lines) >= height:
                break
        return Text("\n", end="").join(lines[-height:])
