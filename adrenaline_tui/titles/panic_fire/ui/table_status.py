"""`TableStatus`: the round, the gun, the draw pile and the Bullets left, and under it a banner:
the countdown before "fire!", FIRE!, the count of three of a stalemate, or what just happened
(a shot drawn as an arrow from shooter to target)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from adrenaline_tui.titles.panic_fire.ui.drawing import banner, status_line
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside


class TableStatus(Static):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._shown: Text | None = None

    def show(self, view: dict[str, Any], now: int, last: str, urgent: str = "") -> None:
        glyphs = look_of(self.app).glyphs
        text = Text("\n").join([status_line(view, glyphs), banner(view, now, last, glyphs, urgent)])
        if text != self._shown:
            # A layout pass only when the lines grew or shrank: a key's frame redraws in place
            # (a layout of the whole table for every key took most of its frame's time).
            same = self._shown is not None and self._shown.plain.count("\n") == text.plain.count("\n")
            self._shown = text
            self.update(text, layout=not same)
