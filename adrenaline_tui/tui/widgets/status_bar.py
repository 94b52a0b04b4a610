"""`StatusBar`: one line saying whose turn it is, how it stands, and whose eyes the screen is for."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
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
    # ((state, look, width), its cells): see `_cells`.
    _last_cells: tuple[tuple, list[tuple[str, Style | None]] | None] | None = None

    def show(self, state: Any) -> None:
        """Repaint only the cells that change: the bar spans the screen, and a repaint of all
        of it makes the frame of a decision redraw every widget across the table's width."""
        before, look, width = self.state, self._look, self.size.width
        if not self.needs_drawing(state):
            return
        if look is not look_of(self.app) or width <= 0:
            self.refresh()
            return
        a, b = self._cells(before, look, width), self._cells(state, look, width)
        if a is None or b is None:
            self.refresh()  # cut with an ellipsis, or wide characters: cells are not letters
            return
        changed = [x for x in range(max(len(a), len(b))) if x >= len(a) or x >= len(b) or a[x] != b[x]]
        if changed:
            self.refresh(Region(changed[0], 0, changed[-1] - changed[0] + 1, 1))

    def _cells(self, state: Any, look: Look, width: int) -> list[tuple[str, Style | None]] | None:
        """The bar's cells for `state`, None when they are not one a letter; the last state's
        are kept, as each decision compares them with the next. Cells carry their piece's
        style: the drawn style is a function of it, so where these differ the drawing does."""
        key = (state, look, width)
        last = self._last_cells
        if last is not None and last[0] == key:
            return last[1]
        pieces = self.pieces(state, look, width)
        cells: list[tuple[str, Style | None]] | None = [(ch, style) for text, style in pieces for ch in text]
        if len(cells) > width or cell_len("".join(text for text, _ in pieces)) != len(cells):
            cells = None
        self._last_cells = (key, cells)
        return cells

    def draw(self) -> Text:
        return self.line(self.state, self.current_look(), self.size.width)

    @classmethod
    def line(cls, state: Any, look: Look, width: int) -> Text:
        return Text.assemble(*cls.pieces(state, look, width), no_wrap=True, overflow="ellipsis")

    @staticmethod
    def pieces(state: Any, look: Look, width: int) -> list[tuple[str, Style | None]]:
        """The bar as (text, style) pieces, in order."""
        if not state:
            return [("ADRENALINE", Style(bold=True))]
        left, player, right = state
        out: list[tuple[str, Style | None]] = [("ADRENALINE ", Style(bold=True))]
        if player:
            out += [(LETTER.get(player, "?"), look.palette.figure_style(player)), (" ", None)]
        out.append((left, None))
        room = width - sum(cell_len(text) for text, _ in out) - len(right) - 1
        if room > 0:
            out += [(" " * room, None), (right, Style(italic=True))]
        return out
