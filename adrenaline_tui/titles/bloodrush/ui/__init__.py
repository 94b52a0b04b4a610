"""Bloodrush's screens, reached by the shell through the registry's title hook (`TitleUI`).

Everything a person sees of a game is built from `game.view(seat)` (`presenter.py`); the table
drives the game (`table.py`), a `BloodrushSession` holds it with its seats, autosave and undo
(`session.py`). Imported only when Bloodrush is first opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


class BloodrushUI:
    def setup_screen(self) -> Any:
        from adrenaline_tui.tui.screens.title_setup import TitleSetupScreen

        return TitleSetupScreen("bloodrush")

    def seat_label(self, game: Any, seat: str) -> str:
        name = game.name(seat)
        return f"{name}, steers the Mozzie" if seat == game.config.mozzie_player else f"{name}, a vampire"

    def new_table(self, seats: int, options: Mapping[str, str], kinds: Mapping[str, str], seed: int) -> Any:
        from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
        from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable

        return BloodrushTable(BloodrushSession.start(seats, options, kinds, seed))

    def saved_table(self, path: Path) -> Any:
        from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
        from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable

        return BloodrushTable(BloodrushSession.resume(path))

    def save_info(self, path: Path, modified: float) -> Any:
        from adrenaline_tui.titles.bloodrush.ui.session import save_info

        return save_info(path, modified)

    def lessons_screen(self) -> Any:
        """The lessons (an optional part of the hook: the generic setup offers `t` when a title has it)."""
        from adrenaline_tui.titles.bloodrush.lesson import load_lessons
        from adrenaline_tui.titles.bloodrush.ui.lessons import BloodrushLessons

        return BloodrushLessons(load_lessons())

    def hosted_table(self, state: dict[str, Any]) -> Any:
        """The table of one seat at a host, drawn from the host's first `state` message."""
        from adrenaline_tui.titles.bloodrush.ui.hosted import HostedBloodrushTable

        return HostedBloodrushTable(state)

    def table_lines(self, table: Mapping[str, Any]) -> list[str]:
        """A hosted table's set-up as the lobby says it: the title, and its options as words."""
        options = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (table.get("options") or {}).items())
        return ["Bloodrush", f"  {options}"]

    def review_screen(self, path: Path) -> Any:
        from adrenaline_tui.titles.bloodrush import Game
        from adrenaline_tui.titles.bloodrush.ui.review import BloodrushReview

        return BloodrushReview(Game.load(path))


UI = BloodrushUI()
