"""`StatusBar`: one line saying whose turn it is, how it stands, and whose eyes the screen is for."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn


class StatusBar(Drawn):
    """State: (what is happening, whose letter to show, whose view this is)."""

    DEFAULT_CSS = tcss_beside(__file__)

    def render(self) -> Text:
        look = self.current_look()
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
