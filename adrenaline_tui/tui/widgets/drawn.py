"""`Drawn`: the base of widgets drawn from one state value in the app's current look.

Each such widget is handed its whole state by the table (`show`) and repaints only when that
state, or the look (theme, glyphs), differs from what it last drew: over SSH an unchanged widget
sends nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.selection import Selection
from textual.widget import Widget

from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.widgets._plain_lines import plain_lines
from adrenaline_tui.tui.widgets.text_lines import TextLines


class Drawn(Widget):
    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        # Nothing drawn here is a link, and looking for links reads every segment's metadata
        # on every repaint: a third of the time to draw the table's first frame.
        self.set_reactive(Widget.auto_links, False)
        plain_lines(self)
        self.state: Any = None
        self._look: Look | None = None

    def needs_drawing(self, state: Any) -> bool:
        """Store `state`; True when it (or the look) changed since the last drawing."""
        # Not drawn yet (`_look` unset: hidden, like the racks beside a big map): its first
        # drawing will use the current look, so only a new state needs a refresh.
        if state == self.state and (self._look is None or self._look is look_of(self.app)):
            return False
        self.state = state
        return True

    def show(self, state: Any) -> None:
        if self.needs_drawing(state):
            self.refresh()

    def draw(self) -> Text:
        """The widget's lines, each laid out to its width (`self.size.width`)."""
        return Text("")

    def render(self) -> TextLines:
        # Drawn as laid out, without Textual laying the text out again (`TextLines`).
        return TextLines(self.draw(), self.app.console)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        # Textual extracts a selection from the text of a Text or Content it renders; this
        # widget renders a TextLines.
        return selection.extract(self.draw().plain), "\n"

    def current_look(self) -> Look:
        """The look to draw with now; remembered so that a change of theme repaints."""
        self._look = look_of(self.app)
        return self._look


def first_fitting(wordings: Sequence[str], width: int) -> str:
    """The first of `wordings` (longest first) that fits in `width` cells, else the last: a note
    is said shorter rather than cut where a reader cannot tell."""
    return next((w for w in wordings if cell_len(w) <= width), wordings[-1])
