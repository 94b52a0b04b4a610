"""What a person typed is text on every screen, never Textual markup (issue 22, finding 4).

A name such as `[` made Textual's markup parser raise in the creator's lobby and ended their
client; `[@click=app.quit]x` made a working link on others' screens. Names come from anyone who
can reach the host (an SSH user name), so every place that shows one is tested with these.
"""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from adrenaline_tui.tui.screens.lobby import LobbyScreen
from adrenaline_tui.tui.screens.setup import SetupScreen
from adrenaline_tui.tui.widgets.choice import Choice
from tests.host.wire import Wire, start_host, stop_host, until
from tests.tui.helpers import screen_text

HOSTILE = ["[", "b=[", "[@click=app.quit]x", "[red]R[/]"]


async def test_hostile_names_are_shown_as_typed_in_the_lobby_at_the_table_and_in_chat(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "[ann")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            lobby = app.screen
            assert "[ann" in lobby.query_one("#status").render().plain
            lobby.action_create()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#start"), "its setup")
            for seat in range(1, 5):  # blue, grey, purple, green
                app.screen.query_one(f"#kind-{seat}", Choice).set_value("human")
            await pilot.pause()
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table.get("you") == "yellow", "seated")
            code = lobby.table["code"]
            guests = []
            for name, seat in zip(HOSTILE, ("blue", "grey", "purple", "green"), strict=True):
                guest = await Wire.connect(sock, name)
                await guest.send({"type": "join", "code": code, "seat": seat})
                await guest.expect("joined")
                guests.append(guest)
            await until(
                pilot, lambda: all(n in lobby.query_one("#table-text").render().plain for n in HOSTILE), "names"
            )
            assert app.is_running
            # A chat line in the lobby is a notice: shown as typed, no link in it.
            await guests[2].send({"type": "chat", "text": "[b]bold[/b] [@click=app.quit]quit"})
            await until(
                pilot, lambda: any("[@click=app.quit]quit" in str(n.message) for n in app._notifications), "chat"
            )
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, HostedTableScreen), "the table")
            await pilot.pause(0.3)
            await guests[3].send({"type": "chat", "text": "[red]hi[/red] ["})
            table = app.screen
            await until(
                pilot, lambda: any("[red]hi[/red] [" in e.text for e in table.query_one("EventLog").events), "chat"
            )
            await pilot.pause(0.3)
            assert app.is_running
            # The log draws the line as written (markup would have taken the brackets away).
            shown = screen_text(app)
            assert "[red]R[/] (green): [red]hi[/red] [" in shown, shown
            for guest in guests:
                await guest.close()
    finally:
        await stop_host(host, server)


async def test_a_name_from_the_command_line_is_shown_as_the_host_keeps_it(tmp_path: Path) -> None:
    """`adrenaline join --name` is typed by whoever runs it: its own lobby says the name the host
    keeps (no control character, at most the wire's length), never an escape sequence."""
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "\x1b]0;owned\x07ann" + "n" * 40)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            assert "\x1b" not in app.status and "\x07" not in app.status
            assert app.player_name == ("]0;ownedann" + "n" * 40)[:24]
    finally:
        await stop_host(host, server)
