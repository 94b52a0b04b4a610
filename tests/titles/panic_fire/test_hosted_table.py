"""Panic Fire's table at a host (`ui/hosted.py`), drawn from `state` messages alone: a player's
table counts down from the host's clock, and a spectator's table has no hand and sends nothing."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.titles.panic_fire.hosting import HOST
from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp
from adrenaline_tui.titles.panic_fire.ui.hosted import HostedPanicFireTable
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.tui.shell import ToHost

from .helpers import PLAIN, table
from .table_helpers import Clock


def state_for(seat: str | None, clock: Clock) -> dict[str, Any]:
    """The host's `state` for `seat` of a 2-seat table in play (as `Host.send_state` builds it)."""
    game = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": ["alien"]})
    session = HOST.session_of(game, {"scarlet": "human", "violet": "human"}, None)
    session.referee.clock = clock
    session.referee.resume(0)
    return {
        "type": "state",
        "title": "panic_fire",
        "seat": seat,
        "kinds": {"scarlet": "human", "violet": "human"},
        "view": session.game.view(seat),
        "events_from": 0,
        "events": [],
    }


class Recorder(PanicFireApp):
    def __init__(self, first: Any) -> None:
        super().__init__(first, Settings(glyphs="unicode"))
        self.sent: list[dict[str, Any]] = []

    def on_to_host(self, message: ToHost) -> None:
        self.sent.append(message.message)


async def test_a_spectators_table_has_no_hand_and_its_keys_send_nothing() -> None:
    app = Recorder(HostedPanicFireTable(state_for(None, Clock())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#hand-solo").render())
        assert "Watching" in text
        await pilot.press("1", "w", "a", "g")
        await pilot.pause()
        assert app.sent == []
        # Nobody aims from a spectator's screen: no cursor on a set and no aiming keys beside them.
        sets = str(app.screen.query_one("SetsView").render())
        assert "▶" not in sets
        heads = [line for line in sets.splitlines() if "SCARLET" in line or "VIOLET" in line]
        assert [line.split()[0] for line in heads] == ["SCARLET", "VIOLET"], heads


async def test_a_players_keys_go_to_the_host_as_act() -> None:
    app = Recorder(HostedPanicFireTable(state_for("scarlet", Clock())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("7", "w", "s")  # Alien (the 7th character) on violet's card 2
        await pilot.pause()
        assert app.sent == [{"type": "act", "key": "play:alien:violet:2"}]


def test_the_round_clock_runs_on_from_each_frame_and_stands_still_when_the_host_says_so() -> None:
    """The countdown is drawn from the host's `now`, carried on by the client's own clock."""
    from adrenaline_tui.titles.panic_fire.ui.hosted import RemotePanicFire

    local = Clock(7_000)
    state = state_for("scarlet", Clock())
    game = RemotePanicFire({**state, "view": {**state["view"], "phase": "ready", "now": -3000}}, local)
    local.ms += 1200
    assert game.clock.round_now() == -1800
    game.apply({**state, "view": {**state["view"], "now": 500, "paused": True}, "events_from": 0})
    local.ms += 5000
    assert game.clock.round_now() == 500, "a paused round's clock stands still"
