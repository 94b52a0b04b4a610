"""The client app sets up and plays a Bloodrush table at a live host: the lobby chooses the title,
then the title's own setup its options and seats; the table is Bloodrush's, drawn from the
host's messages for one seat; keys answer only that seat's decisions; `x` explains from its view."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.titles.bloodrush.ui.hosted import HostedBloodrushTable
from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.explain import ExplainScreen
from adrenaline_tui.tui.screens.lobby import LobbyScreen
from adrenaline_tui.tui.screens.title_setup import TitleSetupScreen
from adrenaline_tui.tui.widgets.choice import Choice
from tests.host.wire import Wire, start_host, stop_host, until


async def test_a_bloodrush_table_is_set_up_in_the_lobby_and_played_from_ones_own_seat(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        app = RemoteApp(sock, "ann")
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Connected" in app.status, "lobby")
            lobby = app.screen
            lobby.query_one("#game", Choice).set_value("bloodrush")
            await pilot.pause()
            # The lobby has no title's own rows (each title's setup asks them); Create opens it.
            assert not lobby.query("#arena")
            lobby.action_create()
            await until(pilot, lambda: isinstance(app.screen, TitleSetupScreen), "Bloodrush's setup")
            setup = app.screen
            await until(pilot, lambda: len(setup.query(".seat-kind")) == 4, "its seats (four by default)")
            # Three players: Ann, a second person, and a computer (easy).
            setup.query_one("#players", Choice).set_value(3)
            await pilot.pause()
            await until(pilot, lambda: len(setup.query(".seat-kind")) == 3, "three seats")
            setup.query_one("#seat-1", Choice).set_value("human")
            setup.query_one("#seat-2", Choice).set_value("easy")
            await pilot.pause()
            await pilot.press("enter")
            await until(pilot, lambda: lobby.table is not None and lobby.table.get("you") == "scarlet", "seated")
            code = lobby.table["code"]
            assert lobby.table["title"] == "bloodrush"
            assert host.tables[code].kinds == {"scarlet": "human", "violet": "human", "amber": "easy"}
            bob = await Wire.connect(sock, "bob")
            await bob.send({"type": "join", "code": code, "seat": "violet"})
            await bob.expect("joined")
            await until(pilot, lambda: lobby.query_one("#start").display, "a start button")
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, HostedBloodrushTable), "the table")
            table = app.screen
            session = host.tables[code].session
            game = session.game
            assert table.viewer == "scarlet"
            played = {"scarlet": 0, "violet": 0}
            explained = False
            for _ in range(40):
                d = game.pending
                if d is None:
                    break
                before = len(game.history)
                if d.player == "scarlet":
                    await until(pilot, lambda: table.game.decisions == len(game.history), "Ann's question")
                    if not explained:
                        # x: why each option is allowed and what it does, from her own view.
                        await pilot.press("x")
                        await until(pilot, lambda: isinstance(app.screen, ExplainScreen), "the explanations")
                        explained = True
                        await pilot.press("escape")
                        await until(pilot, lambda: app.screen is table, "back at the table")
                    await pilot.press("1")
                    played["scarlet"] += 1
                elif d.player == "violet":
                    # Ann's keys do nothing on Bob's decision.
                    await pilot.press("1")
                    await pilot.pause(0.05)
                    assert len(game.history) == before
                    await bob.send({"type": "choose", "key": d.options[0].key, "decision": before})
                    played["violet"] += 1
                await until(pilot, lambda b=before: len(game.history) > b or game.over, "an answer")
            assert played["scarlet"] > 2 and played["violet"] > 2
            assert len(game.history) > sum(played.values()), "the computer played nothing"
            # Bob's red cards never reach Ann's screen: her view has his hand's size only.
            assert "hand" not in table.game.view()["vampires"]["violet"]
            assert explained
    finally:
        await stop_host(host, server)


def test_a_guests_lesson_progress_is_not_written_on_the_hosts_machine(tmp_path: Path, monkeypatch) -> None:
    """A title's setup offers its lessons (t) in the lobby too; what a guest learns is not kept
    in the host account's data folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(home))
    app = RemoteApp(tmp_path / "none.sock", "guest")
    progress = app.progress
    progress.done.add("bloodrush-moving")
    progress.save()
    assert not home.exists() or not any(home.rglob("*"))
