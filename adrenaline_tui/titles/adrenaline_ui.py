"""Adrenaline's screens as the shell reaches them (`titles/registry.py`, `TitleUI`).

Adrenaline's screens stay where they were (`tui/screens/`: its setup, table and replay viewer
came first and the product card fixes the package); this module only hands them to the shell
through the same hook as every other title's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.titles.adrenaline import ENGINE


class AdrenalineUI:
    def __init__(self) -> None:
        self._lessons: list[Any] | None = None

    def setup_screen(self) -> Any:
        from adrenaline_tui.tui.screens.setup import SetupScreen

        return SetupScreen()

    def seat_label(self, game: Any, seat: str) -> str:
        return game.name(seat)

    def new_table(self, seats: int, options: Mapping[str, str], kinds: Mapping[str, str], seed: int) -> Any:
        from adrenaline_tui.tui.screens.table import TableScreen
        from adrenaline_tui.tui.session import Session

        config = ENGINE.new_game(seats, options, seed).config
        return TableScreen(Session.start(config, seed, dict(kinds)))

    def saved_table(self, path: Path) -> Any:
        from adrenaline_tui.tui.screens.table import TableScreen
        from adrenaline_tui.tui.session import Session

        return TableScreen(Session.resume(path))

    def save_info(self, path: Path, modified: float) -> Any:
        from adrenaline_tui.tui.storage import save_info

        return save_info(path, modified)

    def lessons_screen(self) -> Any:
        """The lesson list (its progress is the shell's, read when shown)."""
        from adrenaline_tui.tui.screens.lessons import LessonListScreen
        from adrenaline_tui.walkthrough import load_lessons

        if self._lessons is None:  # loading checks each lesson's scenario by building it: once
            self._lessons = load_lessons()
        return LessonListScreen(self._lessons, title="Learn Adrenaline by playing")

    def hosted_table(self, state: dict[str, Any]) -> Any:
        """The table of one seat at a host, drawn from the host's first `state` message."""
        from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
        from adrenaline_tui.wire.client import RemoteGame

        return HostedTableScreen(RemoteGame(state))

    def table_lines(self, table: Mapping[str, Any]) -> list[str]:
        """A hosted table's set-up as the lobby says it (its `table` message)."""
        from adrenaline_tui.tui.look import hero
        from adrenaline_tui.tui.screens.setup import arena_label

        lines = [f"{arena_label(table['arena'])}, {table['skulls']} skulls, {table['ending']}"]
        # On a line of its own (the first is full at 80 columns).
        mode, bot = table.get("mode") or "standard", table.get("bot")
        if mode != "standard" or bot:
            lines.append(f"  {mode} mode" + (f", with the bot ({hero(bot)})" if bot else ", no bot"))
        return lines

    def review_screen(self, path: Path) -> Any:
        from adrenaline_tui.rules import Game
        from adrenaline_tui.tui.screens.review import ReviewScreen

        return ReviewScreen(Game.load(path))


UI = AdrenalineUI()
