"""The client app sets up and plays a Panic Fire table at a live host: the lobby sets it up through
Panic Fire's own setup; the table is the local table's widgets drawn from the host's frames for one
seat; its keys are sent as they are pressed, and a refusal is said under the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from adrenaline_tui.host.tables import HostTable
from adrenaline_tui.titles.panic_fire.hosting import HOST
from adrenaline_tui.titles.panic_fire.scenario import from_scenario
from adrenaline_tui.titles.panic_fire.ui.hosted import HostedPanicFireTable
from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.lobby import LobbyScreen
from adrenaline_tui.tui.screens.title_setup import TitleSetupScreen
from adrenaline_tui.tui.widgets.choice import Choice
from tests.host.test_hosted_panic_fire import Clock
from tests.host.wire import Wire, start_host, stop_host, until
from tests.tui.helpers import screen_text

PLAIN = ["alien", "gorilla", "viking", "zombie"]
DEAL = {
    "seats": ["scarlet", "violet"],
    "phase": "ready",
    # Violet's Great Grandma is a match (1 of 1) once the sets are up: scarlet may shoot violet.
    "sets": {"scarlet": PLAIN, "violet": ["grandma", "nun", "cowboy", "viking"]},
    "hands": {"scarlet": ["viking", "nun"], "violet": ["zombie"]},
    "shield": ["violet"],
}


async def test_a_panic_fire_table_is_set_up_in_the_lobby_and_played_from_ones_own_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    monkeypatch.setattr(HOST, "clock", clock)

    def start(table: HostTable, _seed: int, folder: Path | None, *threads: object) -> None:
        table.session = HOST.session_of(from_scenario(DEAL, 3), table.kinds, None)

    monkeypatch.setattr(HostTable, "start", start)
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            lobby = app.screen
            assert lobby.query_one("#timer-row").display  # a turn-based title's decisions can be timed
            lobby.query_one("#timer", Choice).set_value(60)
            lobby.query_one("#game", Choice).set_value("panic_fire")
            await pilot.pause()
            # No turns, no turn timer: not offered, and none is asked of the host.
            assert not lobby.query_one("#timer-row").display and lobby.timer() == 0
            lobby.action_create()
            await until(pilot, lambda: isinstance(app.screen, TitleSetupScreen), "Panic Fire's setup")
            setup = app.screen
            await until(pilot, lambda: len(setup.query(".seat-kind")) == 4, "its seats (four by default)")
            setup.query_one("#players", Choice).set_value(2)
            await pilot.pause()
            await until(pilot, lambda: len(setup.query(".seat-kind")) == 2, "two seats")
            setup.query_one("#seat-1", Choice).set_value("human")
            await pilot.pause()
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table.get("you") == "scarlet", "seated")
            code = lobby.table["code"]
            assert lobby.table["title"] == "panic_fire"
            ben = await Wire.connect(sock, "ben")
            await ben.send({"type": "join", "code": code, "seat": "violet"})
            await ben.expect("joined")
            await until(pilot, lambda: lobby.query_one("#start").display, "a start button")
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, HostedPanicFireTable), "the table")
            table = app.screen
            session = host.tables[code].session
            await until(pilot, lambda: not table.game.view()["paused"], "the countdown going")
            assert "SCARLET (you)" in screen_text(app)
            clock.ms += 3000
            session.tick()
            await until(pilot, lambda: table.game.phase == "play", "fire!")
            assert "viking" in table.game.view()["hand"]
            # Aim at violet (w) and shoot (g): the key goes to the host, which applies it.
            await pilot.press("w", "g")
            await until(pilot, lambda: table.game.view()["gun"] == "scarlet", "the shot, in the host's frame")
            assert [e[2:] for e in session.engine_game.log if e[2]] == [["scarlet", "shoot:violet"]]
            # Violet's Shield stopped it; a second shot at once is refused by the host, and said
            # under Ann's hand (the key is pressed after the repeat window: a new press).
            await pilot.pause(0.3)
            await pilot.press("space")
            await until(pilot, lambda: "the gun is in your hand" in table.aims[0].said, "the local refusal")
            # z sends the Shield key; the host refuses it (Ann holds none), said under her hand.
            await pilot.press("z")
            await until(pilot, lambda: table.aims[0].said == "you hold no Shield", "the host's refusal")
            ben_state = await ben.expect("state")
            assert ben_state["seat"] == "violet"
    finally:
        await stop_host(host, server)
