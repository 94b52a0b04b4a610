"""Below 80x24 every screen shows only "make the window bigger", and nothing behind it acts."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import PlayerBoard

from .helpers import make_app, new_session, screen_name, screen_text, settle

EVERY_KIND_OF_KEY = ["n", "t", "c", "l", "r", "s", "1", "2", "3", "a", "enter", "space", "pageup", "pagedown"]
EVERY_KIND_OF_KEY += ["up", "down", "home", "end", "escape", "x", "u", "w", "p", "f1", "question_mark", "ctrl+p"]


async def test_no_key_reaches_the_title_hidden_behind_the_notice() -> None:
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert "Make the window at least 80x24" in screen_text(app)
        for key in EVERY_KIND_OF_KEY:
            await pilot.press(key)
            await settle(pilot)
            assert screen_name(app) == "TitleScreen", f"{key!r} acted behind the notice"
        # grown back, the same keys work again
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"


async def test_no_key_or_click_plays_at_a_table_hidden_behind_the_notice() -> None:
    # Two people: the table opens on a hand-off, and after it the first person's options.
    session = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "HandoffScreen"
        await pilot.press("enter")
        await settle(pilot)
        table = app.table()
        assert app.screen is table and table.view["pending"]["options"]
        before = len(session.game.events), session.game.pending
        await pilot.resize_terminal(79, 23)
        await settle(pilot)
        for key in EVERY_KIND_OF_KEY:
            await pilot.press(key)
            await settle(pilot)
            assert screen_name(app) == "TableScreen", f"{key!r} acted behind the notice"
        await pilot.click(PlayerBoard)
        await settle(pilot)
        assert (len(session.game.events), session.game.pending) == before
        assert screen_name(app) == "TableScreen"


async def test_the_quit_key_still_works_below_the_minimum() -> None:
    app = make_app()
    async with app.run_test(size=(40, 10)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.return_code == 0


async def test_a_palette_open_when_the_window_shrinks_closes_for_the_notice() -> None:
    # Textual's palette has no size notice of its own: left open, it would stay drawn over the
    # notice while taking no keys.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert screen_name(app) == "CommandPalette"
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        assert "Make the window at least 80x24" in screen_text(app)
