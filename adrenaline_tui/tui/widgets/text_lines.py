"""`TextLines`: Rich text already laid out in lines, drawn as it is (a Textual `Visual`).

Textual draws a widget's Rich `Text` by turning it into its own `Content` and laying that out
again (wrapping, overflow, alignment) before it makes the lines. The widgets drawn from one
state (`Drawn`) lay their lines out themselves, to the width they are given, so that work
only repeated theirs: it was most of the time to draw them, about two thirds of each player's
board in a table's first frame. This visual renders each line with Rich and puts it on the
widget's style, which `tests/tui/test_frames.py` checks comes out cell for cell as Textual
draws the same text. A line wider than the widget is cut with an ellipsis where Textual would
have wrapped it onto lines the widget may not have: cut, it shows that it is cut. While the
mouse selects text in the widget, Textual draws it as before, selection and all.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


class TextLines(Visual):
    def __init__(self, text: Text, console: Console) -> None:
        self.text = text
        self.console = console
        self.lines = text.split("\n", allow_blank=True)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        if options.selection is not None:
            return Content.from_rich_text(self.text, console=self.console).render_strips(width, height, style, options)
        base = style.rich_style
        lines = self.lines if height is None else self.lines[:height]
        strips: list[Strip] = []
        for line in lines:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis")
            strips.append(Strip(list(Segment.apply_style(line.render(self.console, end=""), base))))
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((line.cell_len for line in self.lines), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines)
