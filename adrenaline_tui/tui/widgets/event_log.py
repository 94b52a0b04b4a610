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


# Not an engine event: the log's own note on how to read a damage track, placed after the
# first damage of the game, when the boards first show some.
DAMAGE_TRACK = "damage_track"


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


def with_notes(events: Iterable[Event], noted: bool) -> tuple[list[Event], bool]:
    """The events the log narrates, with the damage-track note after the first damage (unless
    `noted` already); returns whether the note has been placed."""
    out = []
    for e in events:
        if e.kind in QUIET:
            continue
        out.append(e)
        if e.kind == "damaged" and not noted:
            out.append(Event(DAMAGE_TRACK, "", {}))
            noted = True
    return out, noted


def event_line(event: Event, look: Look) -> Text:
    pal = look.palette
    if event.kind == DAMAGE_TRACK:
        return damage_track_note(look)
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
        self._noted = False

    def reset(self, events: Iterable[Event]) -> None:
        shown, self._noted = with_notes(events, False)
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
