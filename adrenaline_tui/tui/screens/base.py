"""What every screen of the game shares: the minimum size and its message, and breakpoints.

Below 80x24 a screen hides its contents and says how big the window must be. The breakpoint
classes let each screen's TCSS choose a compact or a comfortable layout.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.screen import Screen

from adrenaline_tui.tui.widgets.too_small import TooSmall


class BaseScreen(Screen):
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (80, "-w80"),
        (110, "-w110"),
        (150, "-w150"),
    ]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-short"),
        (24, "-h24"),
        (34, "-h34"),
        (46, "-h46"),
    ]
    DEFAULT_CSS = """
    BaseScreen.-narrow > *, BaseScreen.-short > * { display: none; }
    BaseScreen.-narrow > TooSmall, BaseScreen.-short > TooSmall { display: block; }
    """

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        return
        yield
