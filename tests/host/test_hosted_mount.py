"""A state that arrives while the table screen is still being mounted is drawn, not a crash.

The real client crashed with `NoMatches: EventLog` at `--bot-delay 0` (issue 25): the first
`state` pushes the table screen, and the next one, a moment later, was handed to that screen
before it had its widgets.
"""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from tests.host.wire import seated_table, start_host, stop_host


async def test_a_second_state_before_the_table_is_mounted_is_drawn_once_it_is(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        first = wires["yellow"].state
        assert first is not None
        # The table moves on: yellow's next state holds more of the game.
        game = host.tables[code].session.game
        decider = wires[game.pending.player]
        answered = decider.state["decisions"]  # what this seat has seen (protocol 2)
        await decider.send({"type": "choose", "key": game.pending.options[0].key, "decision": answered})
        second = await wires["yellow"].expect("state")
        app = RemoteApp(sock, "yellow")
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            # Both in the same tick: the screen pushed by the first is not mounted yet.
            app._host_state(first)
            app._host_state(second)
            await pilot.pause()
            await pilot.pause()
            table = app.screen
            assert isinstance(table, HostedTableScreen)
            assert app.game is not None and app.game.state is second
            # What the screen shows is the latest state's log, every event once.
            shown = [e.text for e in table.query_one("EventLog").events]
            assert shown == [e.text for e in app.game.events]
        for wire in wires.values():
            await wire.close()
    finally:
        await stop_host(host, server)
