"""`RecentEvents`: what happened lately, newest first, with the round and the time of its clock
(events are public: a draw says who drew, never what). Shown where the screen has room."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from adrenaline_tui.tui.widgets._tcss import tcss_beside


class RecentEvents(Static):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._shown: Text | None = None
        self._seen: tuple[int, tuple[int, int, str] | None] | None = None

    def show(self, lines: Sequence[tuple[int, int, str]]) -> None:
        """`lines`: (round, ms of its clock, text), oldest first."""
        # Drawn on every tick and key: built again only when an event was added.
        seen = (len(lines), lines[-1] if lines else None)
        if seen == self._seen:
            return
        self._seen = seen
        text = Text()
        text.append("What happened\n", Style(bold=True, underline=True))
        for rnd, ms, what in reversed(lines):
            text.append(f"round {rnd} {ms / 1000:6.1f} s  ", Style(dim=True))
            text.append(f"{what}\n")
        if text != self._shown:
            self._shown = text
            self.update(text)
