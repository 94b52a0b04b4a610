"""The command palette's "Rules: ..." entries and the rules screen are those of the title on
screen: a Bloodrush or Panic Fire table shows its own rules, never Adrenaline's."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.titles.bloodrush import Game as BloodrushGame
from adrenaline_tui.titles.bloodrush import reference as bloodrush_reference
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable
from adrenaline_tui.titles.panic_fire import reference as panic_fire_reference
from adrenaline_tui.tui.app import GameCommands
from adrenaline_tui.walkthrough import reference as adrenaline_reference

from .helpers import make_app, screen_name, screen_text, settle


def _rules_entries(app) -> set[str]:
    return {name for name, _, _ in GameCommands(app.screen).commands() if name.startswith("Rules: ")}


def _titles(pages) -> set[str]:
    return {f"Rules: {s.title}" for s in pages.sections()}


async def test_each_tables_palette_and_rules_screen_are_its_own_titles(home: Path) -> None:
    adrenaline = _titles(adrenaline_reference)
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _rules_entries(app) == adrenaline  # no table: the first title's
        # Panic Fire's table (key 3 on the title screen, Enter on its setup).
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__module__.endswith("panic_fire.ui.table_screen")
        entries = _rules_entries(app)
        assert entries == _titles(panic_fire_reference) and "Rules: The deck" in entries
        assert not entries & adrenaline  # no title of Adrenaline's reference is also Panic Fire's
        app.action_rules("deck")
        await settle(pilot)
        assert screen_name(app) == "RulesScreen"
        text = screen_text(app)
        assert "Panic Fire rules:" in text and "The deck: 112 cards" in text
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("escape")  # the table: back to the title
        await settle(pilot)
        assert screen_name(app) == "TitleScreen" and _rules_entries(app) == adrenaline
        # Bloodrush's table.
        game = BloodrushGame.new({"seats": ["scarlet", "violet"]}, seed=2)
        app.push_screen(BloodrushTable(BloodrushSession(game, {"scarlet": "human", "violet": "normal"})))
        await settle(pilot)
        entries = _rules_entries(app)
        assert entries == _titles(bloodrush_reference) and not entries & {"Rules: Cyberblade", "Rules: Ammo tiles"}
        app.action_rules()
        await settle(pilot)
        assert "Bloodrush rules:" in screen_text(app)
