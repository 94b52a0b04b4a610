"""A title's screens as a test registers them: proves a title plugs in through the hook alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from adrenaline_tui.tui.storage import SaveInfo

FORMAT = "fake-save"


class FakeScreen(Screen[None]):
    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self):
        yield Static(self.what)


class FakeUI:
    def setup_screen(self) -> Any:
        return FakeScreen("fake setup")

    def seat_label(self, game: Any, seat: str) -> str:
        return seat

    def new_table(self, seats: int, options: Any, kinds: Any, seed: int) -> Any:
        return FakeScreen(f"fake table of {seats}")

    def saved_table(self, path: Path) -> Any:
        data = json.loads(path.read_text())
        if data.get("broken"):
            raise ValueError(f"{path.name}: broken fake save")
        return FakeScreen(f"fake save {path.name}")

    def save_info(self, path: Path, modified: float) -> Any:
        return SaveInfo(path, modified, players=("x",), names={"x": "Xeno"}, title="Fake", summary="a fake game")

    def review_screen(self, path: Path) -> Any:
        return None


UI = FakeUI()
