"""F1 lists the keys of the screen under it: the rows beyond its bindings come from the screen
(`help_keys`), so a real-time table with no options to pick lists none of the option panel's."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from adrenaline_tui.titles.bloodrush import Game as BloodrushGame
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable

from .helpers import make_app, new_session, screen_name, settle

PANEL_ROWS = ("pick the option with that key", "move through the options and pick one")


def _help_text(app) -> str:
    """The whole help text (longer than the screen), as a terminal 80 wide prints it."""
    static = app.screen.query_one("#help")
    content = static.content
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


async def test_f1_at_panic_fires_table_lists_its_clusters_and_no_option_keys(home: Path) -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__module__.endswith("panic_fire.ui.table_screen")
        await pilot.press("f1")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        text = _help_text(app)
        assert "Your keys" in text and "scarlet (solo)" in text.lower()
        for row in (*PANEL_ROWS, "explain it", "an option names"):
            assert row not in text, row


async def test_f1_at_bloodrushs_and_adrenalines_tables_lists_the_option_keys(home: Path) -> None:
    game = BloodrushGame.new({"seats": ["scarlet", "violet"]}, seed=2)
    app = make_app(new_session({"yellow": "human", "blue": "normal", "grey": "normal"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = _help_text(app)
        assert all(row in text for row in PANEL_ROWS) and "a board or a square: explain it" in text
        await pilot.press("escape")
        await settle(pilot)
        app.push_screen(BloodrushTable(BloodrushSession(game, {"scarlet": "human", "violet": "normal"})))
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = _help_text(app)
        assert all(row in text for row in PANEL_ROWS) and "a square an option names: pick it" in text
        assert "The town" in text
