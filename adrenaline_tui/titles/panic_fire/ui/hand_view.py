"""`HandView`: one person's hand with the keys that pick its cards, their key cluster, and their
last note (a key refused says why here, in one line)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from adrenaline_tui.titles.panic_fire.ui.drawing import hand_lines
from adrenaline_tui.titles.panic_fire.ui.keys import Aim
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside


class HandView(Static):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, aim: Aim, compact: bool = False, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.aim = aim
        self.compact = compact
        self._shown: Text | None = None

    def show(self, view: dict[str, Any], coach: bool = False) -> None:
        """Draw from the person's own view (their hand is in no one else's); `coach`: a
        lesson's hint of something to do now, when no note is to be said."""
        lines = hand_lines(view, self.aim, look_of(self.app).glyphs, self.compact, coach)
        text = Text("\n").join(lines)
        if text != self._shown:
            # A layout pass only when the lines grew or shrank: a key's frame redraws in place
            # (a layout of the whole table for every key took most of its frame's time).
            same = self._shown is not None and self._shown.plain.count("\n") == text.plain.count("\n")
            self._shown = text
            self.update(text, layout=not same)
