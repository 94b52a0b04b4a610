"""`EventLines`: what happened, newest at the bottom, each line in the colour of the vampire it
is about. Given only the events the viewer may see (`views.events_for`)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.bloodrush.ui.presenter import seat_colour
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn

QUIET = frozenset({"turn"})


class EventLines(Drawn):
    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        lines: tuple[tuple[str | None, str], ...] = self.state or ()
        height = max(1, self.size.height)
        out = Text(no_wrap=True)
        for n, (seat, text) in enumerate(lines[-height:]):
            if n:
                out.append("\n")
            out.append(printable(text), Style(color=seat_colour(seat)) if seat else Style(dim=True))
        return out
