"""What every screen of the game shares: the minimum size and its message, and breakpoints.

Below 80x24 a screen hides its contents and says how big the window must be. The breakpoint
classes let each screen's TCSS choose a compact or a comfortable layout.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen

from adrenaline_tui.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall


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
    BaseScreen.-too-small > * { display: none; }
    BaseScreen.-too-small > TooSmall { display: block; }
    """

    def _check_size(self) -> None:
        # Set here as well as by the breakpoints: a screen pushed at an unchanged size gets
        # no resize event of its own.
        width, height = self.app.size
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")

    # Textual calls these on every class of the MRO, so screens' own handlers add to them.
    def on_mount(self) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        return
        yield
