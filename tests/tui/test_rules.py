"""The rules reference: chapters and sections, a search as you type, card pages with their
drawings, and the ways in (title, table, command palette)."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.walkthrough.card_pages import weapon_page
from adrenaline_tui.walkthrough.reference import chapters

from .helpers import make_app, new_session, screen_name, screen_text, settle


async def test_the_reference_lists_every_chapter_and_shows_a_weapon_with_its_drawing() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # from the title
        await settle(pilot)
        assert screen_name(app) == "RulesScreen"
        index = app.screen.query_one("#sections", OptionList)
        headers = [str(o.prompt) for o in index.options if o.disabled]
        assert headers == list(chapters())
        assert app.screen.shown.id == "object"  # the first section, to begin reading
        index.highlighted = index.get_option_index("weapon:railgun")
        await settle(pilot)
        text = screen_text(app)
        assert "Railgun - yellow weapon" in text
        assert weapon_page("railgun").diagram.lines[1] in text  # the drawing, line for line


async def test_typing_searches_and_escape_clears_then_leaves() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.action_rules()
        await settle(pilot)
        await pilot.press(*"marks")  # typing on the list starts the search
        await settle(pilot)
        search = app.screen.query_one("#search", Input)
        assert search.value == "marks"
        assert app.screen.shown.id == "marks"
        assert "A mark is a promise of damage" in screen_text(app)
        await pilot.press("q")  # a letter in the search box, not a way out
        await settle(pilot)
        assert screen_name(app) == "RulesScreen" and search.value == "marksq"
        await pilot.press("escape")
        await settle(pilot)
        assert search.value == "" and screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"


async def test_the_reference_from_the_table_and_the_palette() -> None:
    app = make_app(new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"line of sight")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "RulesScreen" and app.screen.shown.id == "sight"


async def test_the_ammo_tiles_have_a_page() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.action_rules("ammo:tiles")
        await settle(pilot)
        text = screen_text(app)
        assert "Ammo tiles" in text and "draw a powerup" in text
