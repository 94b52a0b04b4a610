"""The client app against a live host in the same event loop: lobby, seats, own decisions only."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from adrenaline_tui.tui.screens.lobby import LobbyScreen
from adrenaline_tui.tui.screens.setup import SetupScreen
from tests.host.wire import Wire, create_message, start_host, stop_host, until


def _current(app: RemoteApp, game) -> bool:
    """Whether the client has the host's latest state: the decision count is the one deciding's
    alone; anyone else is sent the game at public points, who decides and a public kind."""
    if game.pending is not None and game.pending.player == app.game.seat:
        return app.game.decisions == game.decisions_seen(app.game.seat)
    return not game.at_public_point or app.game.state["view"]["pending"] == game.pending_public()


async def test_two_people_sit_down_and_each_plays_only_their_own_decisions(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    # The check below gives the computer 0.1 s for a whole turn: it thinks on a thread here, not
    # in the pool's process (a round trip each, slower on a busy machine; tests/ai/test_pool*.py).
    host.computer_processes = 0
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            # Ann sets up a table: yellow and blue are people, grey a computer.
            lobby = app.screen
            from adrenaline_tui.tui.widgets.choice import Choice

            lobby.action_create()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#start"), "its setup")
            app.screen.query_one("#kind-1", Choice).set_value("human")  # blue
            app.screen.query_one("#kind-2", Choice).set_value("random")  # grey: the host's computer here
            await pilot.pause()
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table.get("you") == "yellow", "seated")
            code = lobby.table["code"]
            # Told by the figure she plays, not the protocol's colour.
            toasts = app._notifications
            await until(pilot, lambda: any("sitting as D-struct-or" in str(n.message) for n in toasts), "told")
            # Bob joins by code from another client and sits at blue.
            bob = await Wire.connect(sock, "bob")
            await bob.send({"type": "join", "code": code, "seat": "blue"})
            await bob.expect("joined")
            await until(pilot, lambda: app.screen.query_one("#start").display, "a start button")
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, HostedTableScreen), "the table")
            table = app.screen
            game = host.tables[code].session.game
            assert table.viewer == "yellow"
            # Keys act only on one's own decisions.
            for _ in range(20):
                await until(pilot, lambda: _current(app, game), "the latest state")
                d = game.pending
                before = len(game.history)
                if d.player == "yellow":
                    await pilot.press("1")
                    await until(pilot, lambda before=before: len(game.history) > before, "yellow's answer")
                else:
                    await pilot.press("1")
                    await pilot.pause(0.1)
                    assert len(game.history) == before or game.pending.player != d.player
                    if d.player == "blue":
                        await bob.drain_ready()
                        await bob.send(
                            {"type": "choose", "key": d.options[0].key, "decision": game.decisions_seen("blue")}
                        )
                        await until(pilot, lambda before=before: len(game.history) > before, "bob's answer")
                    else:
                        await until(pilot, lambda before=before: len(game.history) > before, "the computer")
            # Nothing of blue's hand is on yellow's screen model.
            view = app.game.view()
            assert next(p for p in view["players"] if p["colour"] == "blue")["powerups"] is None
            # x: the host explains what this seat may ask about.
            await pilot.press("x")
            from adrenaline_tui.tui.screens.explain import ExplainScreen

            await until(pilot, lambda: isinstance(app.screen, ExplainScreen), "the explanations")
            assert app.screen.topics
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table, "back at the table")
            # Chat reaches the log.
            await bob.send({"type": "chat", "text": "nice shot"})
            await until(pilot, lambda: any("nice shot" in e.text for e in table.query_one("EventLog").events), "chat")
            # s: the coach searches in the game's own process, which a hosted client is not; it
            # says so in a line and the table goes on.
            await pilot.press("s")
            await until(pilot, lambda: any("coach" in str(n.message).lower() for n in app._notifications), "a note")
            assert app.is_running and app.screen is table
            # Ctrl+S: the host saves the game, not this client; it said "not being saved".
            await pilot.press("ctrl+s")
            await until(pilot, lambda: any("host saves" in str(n.message) for n in app._notifications), "a save note")
    finally:
        await stop_host(host, server)


async def test_a_browser_tab_that_starts_unfocused_types_its_code_into_the_code_field(tmp_path: Path) -> None:
    """Textual's web driver tells the app it has no focus before the lobby is drawn, so the lobby's
    AUTO_FOCUS never applied and the first keys went to its shortcuts: the first key or click,
    which gives the app focus back, now focuses what the screen would have."""
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        app.set_reactive(RemoteApp.app_focus, False)  # as the web driver leaves it, before any screen
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            assert app.focused is None
            await pilot.press("z", "z")
            await until(pilot, lambda: app.screen.query_one("#code", Input).value == "zz", "typed")
    finally:
        await stop_host(host, server)


async def test_a_person_looking_at_a_table_sees_its_seats_taken_without_losing_their_typing(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        keeper = await Wire.connect(sock, "keeper")
        seats = [{"colour": c, "kind": "human"} for c in ("yellow", "blue", "green")]
        seats += [{"colour": "grey", "kind": "computer"}]
        await keeper.send(create_message(seats))
        code = (await keeper.expect("created"))["code"]
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Connected" in app.status, "connected")
            app.screen.query_one("#code", Input).value = code
            await pilot.press("enter")
            lobby = app.screen
            await until(pilot, lambda: lobby.table is not None and lobby.query_one("#sit-yellow").display, "free")
            # The keeper sits at yellow while ann looks: her list stops offering it.
            await keeper.send({"type": "join", "code": code, "seat": "yellow"})
            await keeper.expect("joined")
            await until(pilot, lambda: not lobby.query_one("#sit-yellow").display, "yellow no longer offered")
            assert lobby.query_one("#sit-blue").display and lobby.table["you"] is None
            assert "keeper" in str(lobby.query_one("#table-text").render())
            # Ann types another code meanwhile; a seat taken does not take her keys away.
            code_box = lobby.query_one("#code", Input)
            code_box.value = ""
            await pilot.pause()
            code_box.focus()
            await pilot.press("z")
            assert code_box.has_focus
            bob = await Wire.connect(sock, "bob")
            await bob.send({"type": "join", "code": code, "seat": "blue"})
            await bob.expect("joined")
            await until(pilot, lambda: not lobby.query_one("#sit-blue").display, "blue no longer offered")
            await pilot.press("z")
            assert code_box.has_focus and code_box.value == "zz"
            # A seat still free is hers to take.
            await pilot.click("#sit-green")
            await until(pilot, lambda: lobby.table.get("you") == "green", "green taken")
    finally:
        await stop_host(host, server)


async def test_news_of_a_table_left_or_passed_by_does_not_bring_it_back(tmp_path: Path) -> None:
    """The host's news of a table can cross the person's Esc (or their look at another table) on
    the wire: it arrives after they stood up, and must not show that table again."""
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        seats = [{"colour": c, "kind": "human"} for c in ("yellow", "blue", "green")]
        keepers, codes = [], []
        for name in ("keeper", "kate"):  # one table each: a second set-up replaces the first
            keepers.append(await Wire.connect(sock, name))
            await keepers[-1].send(create_message(seats))
            codes.append((await keepers[-1].expect("created"))["code"])
        keeper = keepers[1]
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Connected" in app.status, "connected")
            lobby = app.screen
            app.screen.query_one("#code", Input).value = codes[0]
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table["code"] == codes[0], "first table")
            news = dict(lobby.table)
            await pilot.press("escape")
            await until(pilot, lambda: not lobby.query_one("#table").display, "table hidden")
            assert lobby.query_one("#code", Input).has_focus  # ready for another table's code
            app.on_host_message(news)  # the news that was on its way as she pressed Esc
            await pilot.pause()
            assert lobby.table is None and not lobby.query_one("#table").display
            # She looks at the second table; news of the first on its way does not replace it.
            lobby.query_one("#code", Input).value = codes[1]
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table["code"] == codes[1], "second table")
            app.on_host_message(news)
            await pilot.pause()
            assert lobby.table["code"] == codes[1] and codes[1] in str(lobby.query_one("#table-text").render())
            # Real news of the table she looks at still arrives.
            await keeper.send({"type": "join", "code": codes[1], "seat": "yellow"})
            await until(pilot, lambda: not lobby.query_one("#sit-yellow").display, "yellow taken")
    finally:
        await stop_host(host, server)


async def test_a_bad_code_is_answered_in_the_lobby(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Connected" in app.status, "connected")
            app.screen.query_one("#code", Input).value = "ZZZZZ"
            await pilot.press("enter")
            await until(pilot, lambda: any("no table" in str(n.message) for n in app._notifications), "error")
    finally:
        await stop_host(host, server)


async def test_the_lobby_sets_up_a_domination_table_with_the_bot(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            lobby = app.screen
            from adrenaline_tui.tui.widgets.choice import Choice

            # The whole form fits at 80x24, and Adrenaline's own setup too: the mode and the bot rows.
            for field in ("#game", "#timer", "#create"):
                assert lobby.query_one(field).region.bottom <= 23, field
            lobby.action_create()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#start"), "its setup")
            setup = app.screen
            for field in ("#mode", "#bot", "#start"):
                assert setup.query_one(field).region.bottom <= 23, field
            setup.query_one("#mode", Choice).set_value("domination")
            setup.query_one("#bot", Choice).set_value("purple")
            await pilot.pause()
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None, "the table in the lobby")
            table = host.tables[lobby.table["code"]]
            assert (table.lobby()["mode"], table.lobby()["bot"]) == ("domination", "purple")
            text = str(lobby.query_one("#table-text").render())
            assert "domination mode, with the bot (Violet)" in text
    finally:
        await stop_host(host, server)


def test_no_host_says_so() -> None:
    async def run() -> None:
        app = RemoteApp(Path("/nonexistent/host.sock"), "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "cannot reach the host" in app.status, "the reason")

    asyncio.run(run())


async def test_an_idle_lobby_session_ends(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann", idle=0.5)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app._exit_renderables or not app.is_running, "the idle exit")
        assert not host.clients or all(not c.connected for c in host.clients)
    finally:
        await stop_host(host, server)


def test_a_far_player_cannot_make_the_host_save_files_or_open_a_browser(monkeypatch) -> None:
    import webbrowser

    def refuse(*args, **kwargs):
        raise AssertionError("a browser was opened on the host")

    monkeypatch.setattr(webbrowser, "open", refuse)

    async def run() -> None:
        app = RemoteApp(Path("/nonexistent/host.sock"), "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Quit" in titles and "Screenshot" not in titles
            assert app.deliver_screenshot() is None
            app.open_url("https://example.org/")
            await pilot.pause()

    asyncio.run(run())


async def test_a_finished_game_shows_the_final_standings_from_the_hosts_state() -> None:
    import json
    import random

    from adrenaline_tui.host.server import Client, Host
    from adrenaline_tui.host.tables import HostTable
    from adrenaline_tui.rules import Game, GameConfig
    from adrenaline_tui.tui.screens.standings import StandingsScreen
    from adrenaline_tui.tui.session import Session

    config = GameConfig(players=("yellow", "blue", "grey"), arena="arena_10", skulls=5, ending="sudden_death")
    game = Game.new(config, 3)
    rng = random.Random(3)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.keys))
    options = {"arena": "arena_10", "skulls": "5", "ending": "sudden_death"}
    table = HostTable("ABCDE", "adrenaline", options, dict.fromkeys(config.players, "human"))
    table.session = Session(game, table.kinds)
    client = Client(None)
    table.sit(client, "yellow")
    Host(None).send_state(client, table)
    state = json.loads(client.queue.get_nowait())

    app = RemoteApp(Path("/nonexistent/host.sock"), "ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        app.on_host_message(state)
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        winner = game.name(game.ranking[0]["player"])
        await until(pilot, lambda: winner in str(app.screen.query_one("#table").render()), "the winner")


async def test_the_hosted_only_text_fields_do_not_blink(tmp_path: Path) -> None:
    """A blink is a frame drawn and sent through the door twice a second for every idle player."""
    from adrenaline_tui.tui.screens.chat import ChatScreen

    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            fields = list(app.screen.query(Input))
            app.push_screen(ChatScreen())
            await until(pilot, lambda: isinstance(app.screen, ChatScreen) and app.screen.query(Input), "the chat line")
            fields += list(app.screen.query(Input))
            assert [f.id for f in fields] == ["code", "name", None]  # the name only a guest sees
            assert [f.cursor_blink for f in fields] == [False, False, False]
    finally:
        await stop_host(host, server)


async def test_the_hint_under_the_buttons_follows_a_sitting(tmp_path: Path) -> None:
    """It said "Enter: sit down as ..." after the sitting had hidden that button."""
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        bob = await Wire.connect(sock, "bob")
        await bob.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "sudden_death",
                "seats": [
                    {"colour": "yellow", "kind": "human"},
                    {"colour": "blue", "kind": "human"},
                    {"colour": "grey", "kind": "computer"},
                ],
            }
        )
        code = (await bob.expect("created"))["code"]
        await bob.send({"type": "join", "code": code, "seat": "yellow"})
        await bob.expect("joined")
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = app.screen
            await until(pilot, lambda: isinstance(lobby, LobbyScreen) and "Connected" in app.status, "lobby")
            lobby.query_one("#code", Input).value = code
            await pilot.press("enter")
            hint = lobby.query_one("#enter-does")
            await until(pilot, lambda: "sit down" in str(hint.render()), "the hint to sit down")
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table.get("you"), "seated")
            await pilot.pause()
            assert "sit down" not in str(hint.render())
    finally:
        await stop_host(host, server)


async def test_a_browser_guest_names_themselves_in_the_lobby_and_a_terminal_player_is_not_asked(
    tmp_path: Path,
) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        guest = RemoteApp(sock, "guest", ask_name=True)
        async with guest.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Connected as guest" in guest.status, "connected")
            name = guest.screen.query_one("#name", Input)
            assert name.has_focus and name.value == "guest"
            name.value = ""
            await pilot.press(*"Zoë\x07", "enter")  # a control character is never a name's
            await until(pilot, lambda: "Connected as Zoë" in guest.status, "renamed")
            assert guest.screen.query_one("#code", Input).has_focus
            await until(pilot, lambda: any(c.name == "Zoë" for c in host.clients), "the host's name")
            # Emptied, the name stays what it was.
            name.value = ""
            name.focus()
            await pilot.press("tab")
            await pilot.pause()
            assert guest.player_name == "Zoë" and [c.name for c in host.clients] == ["Zoë"]
        ssh = RemoteApp(sock, "bob")
        async with ssh.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Connected as bob" in ssh.status, "connected")
            assert not ssh.screen.query_one("#name", Input).display
            assert ssh.screen.query_one("#code", Input).has_focus
    finally:
        await stop_host(host, server)
