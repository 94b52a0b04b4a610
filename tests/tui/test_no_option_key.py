"""A digit or letter with no option behind it (`6` when the question has 3) changes nothing and
says why in one line, at every table with the shell's ActionPanel: Adrenaline's, Bloodrush's,
and the hosted table (which keeps Adrenaline's table's keys)."""

from __future__ import annotations

from adrenaline_tui.titles.bloodrush import Game as BloodrushGame
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

from .helpers import make_app, new_session, settings, settle


def _notices(app: AdrenalineApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_adrenalines_table_says_there_is_no_such_option_and_changes_nothing() -> None:
    session = new_session({"yellow": "human", "blue": "normal", "grey": "normal"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        count = len(table.view["pending"]["options"])
        assert count < 9
        history, cursor = list(session.game.history), table.query_one("ActionPanel").cursor
        await pilot.press("9")
        await settle(pilot)
        assert _notices(app) == [f"No option 9: this question has {count}"]
        assert session.game.history == history
        assert table.query_one("ActionPanel").cursor == cursor
        # A letter key past the options too, and the notice replaces the last rather than piling up.
        await pilot.press("n")
        await settle(pilot)
        assert _notices(app) == [f"No option n: this question has {count}"]
        assert session.game.history == history
        # A key with an option behind it still chooses.
        await pilot.press("1")
        await settle(pilot)
        assert len(session.game.history) > len(history)


async def test_bloodrushs_table_says_there_is_no_such_option_and_changes_nothing() -> None:
    game = BloodrushGame.from_scenario(
        {
            "seats": ["scarlet", "violet"],
            "time_advances": False,
            "mozzie": {"square": "e1", "heading": "s"},
            "humans": {"a7": "red-1"},
            "vampires": {"scarlet": {"square": "c3", "blood": 5}, "violet": {"square": "g6", "blood": 5}},
        },
        seed=1,
    )
    session = BloodrushSession(game, {"scarlet": "human", "violet": "human"})
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(BloodrushTable(session))
        await settle(pilot)
        if app.screen.__class__.__name__ == "BloodrushHandoff":
            await pilot.press("enter")
            await settle(pilot)
        table = app.screen
        assert isinstance(table, BloodrushTable)
        count = len(table.view["pending"]["options"])
        key = HOTKEYS[count]  # the first key past the options
        history = list(session.game.history)
        await pilot.press(key)
        await settle(pilot)
        assert _notices(app) == [f"No option {key}: this question has {count}"]
        assert session.game.history == history


def test_the_hosted_table_keeps_the_tables_option_keys() -> None:
    # hosted_table.py is the host helper's to change: it must not answer option keys its own way.
    assert HostedTableScreen.action_pick is TableScreen.action_pick


async def test_the_hosted_table_says_there_is_no_such_option_and_sends_nothing(tmp_path) -> None:
    from adrenaline_tui.tui.remote_app import RemoteApp
    from tests.host.wire import seated_table, start_host, stop_host

    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        game = host.tables[code].session.game
        seat = game.pending.player
        state = wires[seat].state
        assert state is not None
        count = len(game.pending.options)
        key = HOTKEYS[count]
        app = RemoteApp(sock, seat)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            app._host_state(state)
            await settle(pilot)
            table = app.screen
            assert isinstance(table, HostedTableScreen)
            # The hosted table marks a question answered as it sends the choice to the host.
            answered, history = table._answered, len(game.history)
            await pilot.press(key)
            await settle(pilot)
            assert f"No option {key}: this question has {count}" in _notices(app)
            assert table._answered == answered
            assert len(game.history) == history
        for wire in wires.values():
            await wire.close()
    finally:
        await stop_host(host, server)
