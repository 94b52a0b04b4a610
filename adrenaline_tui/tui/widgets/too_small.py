"""`TooSmall`: what a screen shows instead of itself when the terminal is below its minimum."""

from __future__ import annotations

from textual.events import Resize
from textual.widget import Widget

from adrenaline_tui.tui.widgets._tcss import tcss_beside

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Widget):
    DEFAULT_CSS = tcss_beside(__file__)
    can_focus = False

    def render(self) -> str:
        w, h = self.app.size
        return f"Make the window at least {MIN_WIDTH}x{MIN_HEIGHT}\n(it is {w}x{h} now)"

    def on_resize(self, event: Resize) -> None:
        self.refresh()
