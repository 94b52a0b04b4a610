"""`TownMap`: the board of Bloodrush, its tiles and everything on them.

Each square shows its kind (Damage, Steps, Clocks with their numbers; Graveyard, Building,
Mine), the human on it (coloured, with its value; its name too on a big screen), the vampires
by letter and colour, and the Mozzie with an arrow for its heading. Squares an option of the
decision names are marked, the one under the cursor more so. Columns are letters and rows
numbers, as the options name them (`c5`). Compact cells (5x2) at 80x24, roomy ones (11x4)
from 110 columns.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from adrenaline_tui.titles.bloodrush.ui.presenter import (
    HUMAN_COLOURS,
    KIND_NAMES,
    KIND_SHORT,
    Cell,
    MapState,
    seat_colour,
    seat_letter,
)
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.prose import clip
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn

ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
ASCII_ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
KIND_BACKGROUNDS = {
    "plain": "#1e1e1e",
    "graveyard": "#3a2a3a",
    "building": "#2e2a22",
    "mine": "#22262e",
    "damage": "#3a1e1e",
    "clocks": "#1e2a3a",
    "steps": "#1e3222",
}


class TownMap(Drawn):
    DEFAULT_CSS = tcss_beside(__file__)

    class SquareClicked(Message):
        def __init__(self, square: str) -> None:
            super().__init__()
            self.square = square

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: MapState | None = None

    def cell_size(self) -> tuple[int, int]:
        if self.state is None:
            return 5, 2
        w, h = self.state.width, self.state.height
        if self.size.width >= 3 + w * 11 and self.size.height >= 1 + h * 4:
            return 11, 4
        return 5, 2

    def draw(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        ascii_only = look_of(self.app).glyphs is ASCII
        cw, ch = self.cell_size()
        out = Text(no_wrap=True)
        header = "   " + "".join(chr(ord("a") + i).center(cw) for i in range(state.width))
        out.append(header + "\n", Style(dim=True))
        cells = {c.square: c for c in state.cells}
        for row in range(state.height):
            lines = [Text(no_wrap=True) for _ in range(ch)]
            for i, line in enumerate(lines):
                line.append(f"{row + 1:>2} " if i == 0 else "   ", Style(dim=True))
            for col in range(state.width):
                cell = cells[f"{chr(ord('a') + col)}{row + 1}"]
                for i, piece in enumerate(self._cell(cell, cw, ch, ascii_only)):
                    lines[i].append_text(piece)
            for line in lines:
                out.append_text(line)
                out.append("\n")
        return out

    def _cell(self, cell: Cell, cw: int, ch: int, ascii_only: bool) -> list[Text]:
        background = KIND_BACKGROUNDS.get(cell.kind, "#1e1e1e")
        if cell.cursor:
            background = "#6a5a10"
        elif cell.marked:
            background = "#3c3c10"
        base = Style(bgcolor=background)
        roomy = cw >= 11
        kind = KIND_NAMES[cell.kind] if roomy else KIND_SHORT[cell.kind]
        if cell.kind in ("damage", "steps") and cell.amount:
            kind += f" {cell.amount}" if roomy else str(cell.amount)
        elif cell.kind == "clocks":
            kind += f" +{cell.amount}h" if roomy else str(cell.amount)
        top = Text(kind[:cw].ljust(cw), base + Style(color="#9a9a9a", italic=True))
        lines = [top]
        # What stands on the square: a human, vampires (letters), the Mozzie (M and its heading).
        stand = Text(no_wrap=True)
        if cell.human is not None:
            colour, value, name = cell.human
            label = f"{colour[0].upper()}{value}"
            stand.append(label, base + Style(color="#111111", bgcolor=HUMAN_COLOURS.get(colour, "#aaaaaa"), bold=True))
        for seat in cell.figures:
            stand.append(seat_letter(seat), base + Style(color="#111111", bgcolor=seat_colour(seat), bold=True))
        if cell.mozzie is not None:
            arrow = (ASCII_ARROWS if ascii_only else ARROWS)[cell.mozzie]
            stand.append(f"M{arrow}", base + Style(color="#ffffff", bgcolor="#8a2040", bold=True))
        if stand.cell_len > cw:
            stand.truncate(cw)
        pad = cw - stand.cell_len
        middle = Text(" " * (pad // 2), base)
        middle.append_text(stand)
        middle.append(" " * (pad - pad // 2), base)
        lines.append(middle)
        if roomy:
            name = cell.human[2] if cell.human is not None else ""
            # A name longer than the tile says it is cut ("Schoolte…"), never "Schoolteac".
            lines.append(Text(clip(name, cw - 1).center(cw), base + Style(color="#cfcfcf")))
            lines.append(Text(cell.square.rjust(cw - 1) + " ", base + Style(color="#5a5a5a")))
        return lines[:ch]

    def on_click(self, event: events.Click) -> None:
        if self.state is None:
            return
        cw, ch = self.cell_size()
        col, row = (event.x - 3) // cw, (event.y - 1) // ch
        if event.x >= 3 and event.y >= 1 and 0 <= col < self.state.width and 0 <= row < self.state.height:
            self.post_message(self.SquareClicked(f"{chr(ord('a') + col)}{row + 1}"))
