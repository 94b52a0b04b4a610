"""`SetsView`: every set at the table, two lines each, in seat order (the order of the keys that
aim at them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widgets import Static

from adrenaline_tui.titles.panic_fire.ui.drawing import set_lines
from adrenaline_tui.titles.panic_fire.ui.keys import Aim
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside


class SetsView(Static):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._shown: Text | None = None

    def show(
        self, view: dict[str, Any], aims: Sequence[Aim], now: int | None = None, shot: dict[str, Any] | None = None
    ) -> None:
        """Draw the sets as `view` sees them; repaint only if something changed."""
        glyphs = look_of(self.app).glyphs
        lines: list[Text] = []
        # A blank line between sets where the screen has room for it (five sets at 24 lines do not).
        spaced = len(view["table"]) <= 4 or self.app.size.height >= 30
        for n, seat in enumerate(view["table"]):
            if n and spaced:
                lines.append(Text())
            lines += set_lines(view, seat, n, aims, glyphs, now, shot)
        text = Text("\n").join(lines)
        if text != self._shown:
            # A layout pass only when the lines grew or shrank: a key's frame redraws in place
            # (a layout of the whole table for every key took most of its frame's time).
            same = self._shown is not None and self._shown.plain.count("\n") == text.plain.count("\n")
            self._shown = text
            self.update(text, layout=not same)
