"""Panic Fire's table at a host: the local table (`table_screen.TableScreen`) and its widgets,
drawn from the host's `state` messages for one seat instead of a local game.

The host is the referee (docs/hosting.md, "Real-time titles"): a key that makes an action is
sent as `act` the moment it is pressed, and the table changes when the host's next frame says
so. `RemotePanicFire` is what the table reads of a game, built only from what the host sent
(this seat's view: it never had anything else to give away). `HostClock` is the round's clock
as the host read it when it sent its last frame, carried on by this screen's own clock, so the
countdown runs here between frames and every screen shows "fire!" when the host's frame says
it happened. Nothing is saved here: the host saves the table.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from textual.binding import Binding, BindingType

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.panic_fire import moves
from adrenaline_tui.titles.panic_fire.game import Event
from adrenaline_tui.titles.panic_fire.referee import Outcome
from adrenaline_tui.titles.panic_fire.ui.keys import Aim
from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen
from adrenaline_tui.tui.hosted_actions import HostedActions
from adrenaline_tui.tui.shell import ToHost

HUMAN = "human"
WAITING = "waiting for"


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class RemoteConfig(NamedTuple):
    seats: tuple[str, ...]


class RemotePanicFire:
    """A Panic Fire game seen from one seat through the host's messages."""

    def __init__(self, state: dict[str, Any], clock: Any = monotonic_ms) -> None:
        self.events: list[Event] = []
        # (round, ms, event): the referee's record, as the table reads it (a shot's drawing).
        self.timed: list[tuple[int, int, Event]] = []
        self.clock = HostClock(clock)
        self.apply(state)

    def apply(self, state: dict[str, Any]) -> list[Event]:
        """Take in a `state` message; returns the events new to this client."""
        self.state = state
        self._view: dict[str, Any] = state["view"]
        self.kinds: dict[str, str] = {str(s): str(k) for s, k in state["kinds"].items()}
        self.config = RemoteConfig(tuple(self._view["table"]))
        self.clock.sync(self._view)
        start = max(0, min(int(state["events_from"]), len(self.events)))
        new: list[Event] = []
        timed: list[tuple[int, int, Event]] = []
        for e in state["events"]:
            if not (isinstance(e, list) and len(e) == 3 and isinstance(e[2], dict)):
                continue  # none is hidden at this title; a malformed one is dropped
            data = dict(e[2])
            rnd, at = data.pop("clock", [self.round, 0])
            event = Event(str(e[0]), str(e[1]), data)
            new.append(event)
            timed.append((int(rnd), int(at), event))
        del self.events[start:]
        self.events.extend(new)
        if start == 0:
            self.timed = []
        self.timed.extend(timed)
        return new

    @property
    def seat(self) -> str | None:
        return self.state.get("seat")

    @property
    def round(self) -> int:
        return int(self._view["round"])

    @property
    def phase(self) -> str:
        return str(self._view["phase"])

    @property
    def over(self) -> bool:
        return bool(self._view.get("over"))

    def view(self, seat: str | None = None) -> dict[str, Any]:
        # Whatever is asked, the answer is this seat's view: the only one the client has.
        return self._view

    def legal(self, seat: str, now_ms: int | None = None) -> list[moves.Action]:
        return moves.actions(self._view)


class HostClock:
    """The round's clock as the host reads it: set from each frame's `now`, run on here."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.origin = 0
        self.frozen: int | None = None
        self.hold = 0

    def sync(self, view: dict[str, Any]) -> None:
        now = int(view.get("now") or 0)
        self.origin = self.clock() - now
        self.frozen = now if view.get("paused") else None
        self.hold = int(view.get("holding") or 0) + now

    def round_now(self) -> int:
        return self.frozen if self.frozen is not None else self.clock() - self.origin

    def holding(self) -> int:
        """Milliseconds before a round taken up again goes on (as the host said)."""
        return max(0, self.hold - self.round_now())


class HostReferee:
    """What the table asks of its referee, at a host: the round's clock from the host's frames,
    the events the host sent, and keys sent to the host as they are pressed."""

    pace = 1.0

    def __init__(self, game: RemotePanicFire) -> None:
        self.game = game
        self.screen: HostedPanicFireTable | None = None  # set once the screen is made

    @property
    def events(self) -> list[tuple[int, int, Event]]:
        return self.game.timed

    @property
    def round(self) -> int:
        return self.game.round

    def round_now(self) -> int:
        return self.game.clock.round_now()

    def holding(self) -> int:
        return self.game.clock.holding()

    def pause(self) -> None:
        """The host's clock does not stop for one person reading the help."""

    def resume(self, hold_ms: int) -> None:
        """Nothing stopped."""

    def catch_up(self) -> int:
        return 0  # the host fires what is due, and says so in its next frame

    def wake_in(self) -> int | None:
        return None

    def press(self, seat: str, key: str) -> Outcome:
        if self.game.seat is None or self.screen is None:
            return Outcome([], "you are watching this table")
        message = {"type": "act", "key": key}
        send = getattr(self.screen.app, "send", None)
        if callable(send):
            # Written to the host at once: a message posted to the app would wait for this
            # key's handler to finish, and the host orders actions by when they reach it.
            send(message)
        else:
            self.screen.post_message(ToHost(message))
        self.screen.sent = True
        return Outcome([])


class HostSaves:
    """The table's session at a host: the host saves after every change."""

    path: Path | None = None
    save_problem: str | None = None

    def save(self) -> None:
        """The host's job."""

    def flush(self) -> None:
        """The host's job."""


class HostedPanicFireTable(HostedActions, TableScreen):
    """The table of one seat at a host (`TitleUI.hosted_table`). Chat and giving an absent
    person's seat to a computer are on keys no cluster uses."""

    is_hosted_table = True
    leave_words = "esc: lobby (the host keeps the game) · c: chat"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "chat", "Chat", id="panic_fire-hosted.chat"),
        Binding("v", "give_seats", "Absent seats", id="panic_fire-hosted.give-seats"),
    ]

    def __init__(self, state: dict[str, Any]) -> None:
        game = RemotePanicFire(state)
        seats = game.config.seats
        # A spectator sees the table as the first seat's set is drawn, with no hand and no keys.
        seat = game.seat if game.seat in seats else seats[0]
        kinds = {s: HUMAN if k == HUMAN else k for s, k in game.kinds.items()}
        referee = HostReferee(game)
        self.sent = False  # an action just went to the host (`HostReferee.press`)
        super().__init__(
            game,  # type: ignore[arg-type]
            (seat,),
            {},
            clock=monotonic_ms,
            kinds=kinds,
            referee=referee,  # type: ignore[arg-type]
            session=HostSaves(),  # type: ignore[arg-type]
        )
        referee.screen = self

    def _after_change(self) -> None:
        if self.sent:
            # An action was sent: the host's frame (a few ms away) draws it; drawing the table
            # as it was now would only hold that frame up.
            self.sent = False
            return
        super()._after_change()

    def aiming(self) -> Sequence[Aim]:
        """A spectator aims at nothing (their screen is drawn as the first seat's, keyless)."""
        return self.aims if self.game.seat is not None else ()

    def host_state(self, new: list[Event], rebuilt: bool) -> None:
        """A `state` message was taken in (`RemotePanicFire.apply`): draw the table again."""
        if self.is_mounted:
            self._after_change()

    def refused(self, reason: str) -> None:
        """The host refused this seat's last action: said under the hand, as at a local table."""
        if self.aims:
            self.aims[0].said = printable(reason)[:120]
            if self.is_mounted:
                self._draw()

    def chat(self, who: str | None, text: str) -> None:
        self.notify(printable(f"{who}: {text}" if who else text), timeout=8)

    def _draw(self) -> None:
        aim = self.aims[0]
        waiting = [str(s) for s in self.game.view().get("waiting_for") or []]
        if waiting and not self.game.over and not aim.said:
            aim.said = f"{WAITING} {', '.join(waiting)} to come back (the creator's v: a computer plays for them)"
        elif not waiting and aim.said.startswith(WAITING):
            aim.said = ""
        super()._draw()

    def action_leave(self) -> None:
        HostedActions.action_leave(self)

    def stop_computers(self) -> None:
        """The host plays them."""

    def save_now(self) -> Path | None:
        return None
