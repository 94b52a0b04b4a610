"""Terminal sizes: 80x24 compact, a message below it, a roomier table above 110x34."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import ArenaMap, RacksPanel, TooSmall

from .helpers import make_app, new_session, screen_text, settle


async def test_the_table_follows_the_terminal_size() -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random", "purple": "random", "green": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        assert not table.has_class("-large")
        assert table.query_one(ArenaMap).compact and table.query_one(RacksPanel).display
        # every seat's board fits at 80x24
        text = screen_text(app)
        for colour in session.game.seats:
            assert session.game.name(colour) in text

        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert table.query_one(TooSmall).display
        assert "Make the window at least 80x24" in screen_text(app)
        assert "(it is 70x20 now)" in screen_text(app)

        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert not table.query_one(TooSmall).display
        assert table.has_class("-large")
        # the map's squares now hold the weapon racks, so the separate rack list goes
        assert not table.query_one(ArenaMap).compact
        assert not table.query_one(RacksPanel).display
        assert "SPAWN" in screen_text(app)

        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not table.has_class("-large") and table.query_one(RacksPanel).display


async def test_title_below_the_minimum_says_so() -> None:
    app = make_app()
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        assert "Make the window at least 80x24" in screen_text(app)


async def test_a_table_resized_behind_another_screen_fits_when_it_returns() -> None:
    # A screen ignores a resize to the size it is already laid out at (Textual re-sends the
    # starting size); that must not leave a table stale after a resize it did not see on top.
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        table = app.table()
        assert table.has_class("-large") and table.has_class("-w150")
        await pilot.press("l")  # the log covers the table
        await settle(pilot)
        assert app.screen is not table
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        assert not table.has_class("-large") and table.has_class("-w80") and not table.has_class("-w150")
        assert table.query_one(ArenaMap).size.width < 80
        assert table.query_one(RacksPanel).display
        assert "Make the window" not in screen_text(app)
