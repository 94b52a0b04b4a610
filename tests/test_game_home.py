"""The suite never writes into the player's own game home: each test has one of its own."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.paths import data_home


def test_a_test_outside_the_ui_folders_has_its_own_game_home(tmp_path: Path) -> None:
    # Before the suite gave every test a home, tests/ai/test_pool_app.py's app tables autosaved
    # into ~/.local/share/adrenaline/saves on every run.
    assert data_home() == tmp_path / "home"
