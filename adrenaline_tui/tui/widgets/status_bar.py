"""`StatusBar`: one line saying whose turn it is, how it stands, and whose eyes the screen is for."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.geometry import Region

from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn


class StatusBar(Drawn):
    """State: (what is happening, whose letter to show, whose view this is)."""

    DEFAULT_CSS = tcss_beside(__file__)

    def show(self, state: Any) -> None:
        """Repaint only the cells that change: the bar spans the screen, and a repaint of all
        of it makes the frame of a decision redraw every widget across the table's width."""
        before, look, width = self.state, self._look, self.size.width
        if not self.needs_drawing(state):
            return
        if look is not look_of(self.app) or width <= 0:
            self.refresh()
            return
        old, new = self.line(before, look, width), self.line(state, look, width)
        if old.cell_len > width or new.cell_len > width or len(old) != old.cell_len or len(new) != new.cell_len:
            self.refresh()  # cut with an ellipsis, or wide characters: cells are not letters
            return
        a, b = _cells(old, self), _cells(new, self)
        changed = [x for x in range(max(len(a), len(b))) if x >= len(a) or x >= len(b) or a[x] != b[x]]
        if changed:
            self.refresh(Region(changed[0], 0, changed[-1] - changed[0] + 1, 1))

    def render(self) -> Text:
        return self.line(self.state, self.current_look(), self.size.width)

    @staticmethod
    def line(state: Any, look: Look, width: int) -> Text:
        if not state:
            return Text("ADRENALINE", Style(bold=True))
        left, player, right = state
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("ADRENALINE ", Style(bold=True))
        if player:
            out.append(LETTER.get(player, "?"), look.palette.figure_style(player))
            out.append(" ")
        out.append(left)
        room = width - out.cell_len - len(right) - 1
        if room > 0:
            out.append(" " * room)
            out.append(right, Style(italic=True))
        return out


def _cells(text: Text, bar: StatusBar) -> list[tuple[str, Style | None]]:
    return [(ch, seg.style) for seg in text.render(bar.app.console) for ch in seg.text]
