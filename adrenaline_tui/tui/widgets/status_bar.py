"""`StatusBar`: one line saying whose turn it is, how it stands, and whose eyes the screen is for."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside


class StatusBar(Widget):
    DEFAULT_CSS = tcss_beside(__file__)
    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: tuple = ()
        self._look: Look | None = None

    def show(self, left: str, player: str | None, right: str) -> None:
        state = (left, player, right)
        if state == self.state and self._look is look_of(self.app):
            return
        self.state = state
        self.refresh()

    def render(self) -> Text:
        look = look_of(self.app)
        self._look = look
        if not self.state:
            return Text("ADRENALINE", Style(bold=True))
        left, player, right = self.state
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("ADRENALINE ", Style(bold=True))
        if player:
            out.append(LETTER.get(player, "?"), look.palette.figure_style(player))
            out.append(" ")
        out.append(left)
        room = self.size.width - out.cell_len - len(right) - 1
        if room > 0:
            out.append(" " * room)
            out.append(right, Style(italic=True))
        return out
