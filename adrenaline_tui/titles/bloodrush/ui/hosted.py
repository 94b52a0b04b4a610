"""Bloodrush's table at a host: the same table (`table.py`) and widgets, drawn from the host's
`state` messages for one seat instead of a local game.

`RemoteBloodrush` offers what the table reads of a `Game` (the view, the events this seat may
see, the seats and their names) built only from what the host sent: it never had anything
else to give away. Keys answer only this seat's own decisions, by a message to the host; `x`
and `l` explain from this seat's view, as at the local table. No hand-offs: this screen is one
person's, and computers are played by the host.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from textual.binding import Binding, BindingType

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.bloodrush import Event
from adrenaline_tui.titles.bloodrush.ui import presenter
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable
from adrenaline_tui.tui.hosted_actions import HostedActions
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.shell import ToHost

# In place of an event this seat may not see (the host sends null): dropped by `events_for`,
# since no seat is called this.
HIDDEN = Event("hidden", "", {"secret": "-"})


class Waiting(NamedTuple):
    """Who the game waits on, as this seat's view says (its options only if it is this seat's)."""

    player: str
    kind: str


class RemoteConfig(NamedTuple):
    seats: tuple[str, ...]
    mozzie_player: str | None


class RemoteBloodrush:
    """A Bloodrush game seen from one seat through the host's messages."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.events: list[Event] = []
        self.apply(state)

    def apply(self, state: dict[str, Any]) -> list[Event]:
        """Take in a `state` message; returns the events new to this client."""
        self.state = state
        self._view: dict[str, Any] = state["view"]
        self.kinds: dict[str, str] = {str(s): str(k) for s, k in state["kinds"].items()}
        self.config = RemoteConfig(tuple(self.kinds), self._view.get("mozzie_player"))
        start = max(0, min(int(state["events_from"]), len(self.events)))
        new = [
            Event(str(e[0]), str(e[1]), e[2] if isinstance(e[2], dict) else {})
            if isinstance(e, list) and len(e) == 3
            else HIDDEN
            for e in state["events"]
        ]
        del self.events[start:]
        self.events.extend(new)
        return new

    @property
    def seat(self) -> str | None:
        return self.state.get("seat")

    @property
    def decisions(self) -> int:
        """The count the host numbers this seat's question by (-1: not this seat's to answer)."""
        count = self.state.get("decisions")
        return int(count) if count is not None else -1

    @property
    def over(self) -> bool:
        return bool(self._view.get("over"))

    @property
    def pending(self) -> Waiting | None:
        waiting = self._view.get("waiting_on")
        return None if self.over or not waiting else Waiting(str(waiting["player"]), str(waiting["kind"]))

    def view(self, seat: str | None = None) -> dict[str, Any]:
        # Whatever is asked, the answer is this seat's view: the only one the client has.
        return self._view

    def name(self, seat: str) -> str:
        return presenter.name_of(self._view, seat)


class RemoteSession:
    """What the table reads of a session, for a game held by a host."""

    computer_to_move = False  # computers are played by the host
    path: Path | None = None
    save_problem: str | None = None
    fallbacks: tuple[str, ...] = ()

    def __init__(self, game: RemoteBloodrush) -> None:
        self.game = game

    @property
    def kinds(self) -> dict[str, str]:
        return {s: HUMAN if k == "human" else k for s, k in self.game.kinds.items()}

    @property
    def humans(self) -> list[str]:
        return [s for s, k in self.kinds.items() if k == HUMAN]

    @property
    def moves(self) -> int:
        return self.game.decisions

    def plan_view(self, current: str | None) -> tuple[str | None, bool]:
        return self.game.seat, False  # one person's screen: never a hand-off

    def can_undo(self, viewer: str | None) -> bool:
        return bool(self.game.state.get("can_undo"))

    def flush(self) -> None:
        """Saving is the host's job."""

    def autosave(self) -> None:
        """Saving is the host's job."""


class HostedBloodrushTable(HostedActions, BloodrushTable):
    """The table of one seat at a host (`TitleUI.hosted_table`)."""

    is_hosted_table = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Lobby", id="bloodrush-hosted.leave"),
        Binding("t", "chat", "Chat", id="bloodrush-hosted.chat"),
        Binding("g", "give_seats", "Absent seats", id="bloodrush-hosted.give-seats"),
    ]

    def __init__(self, state: dict[str, Any]) -> None:
        game = RemoteBloodrush(state)
        super().__init__(RemoteSession(game))  # type: ignore[arg-type]
        self.game = game
        # The decision count an answer was sent for: a second key press waits for the host.
        self._answered: int | None = None
        self._mounted = False

    def on_mount(self) -> None:
        super().on_mount()
        self._mounted = True

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        self.viewer = self.game.seat
        self.render_table()
        if self.game.over:
            self._finish()

    def host_state(self, new: list[Event], rebuilt: bool) -> None:
        """A `state` message was taken in (`RemoteBloodrush.apply`): draw the table again."""
        if not self._mounted:
            return
        self._answered = None
        self.refresh_bindings()
        self.advance()

    def chat(self, who: str | None, text: str) -> None:
        self.notify(printable(f"{who}: {text}" if who else text), timeout=8)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from adrenaline_tui.titles.bloodrush.ui.game_over import BloodrushGameOver

        # The host sends the game's figures (public: blood, humans, bursts) once it is over.
        figures = str(self.game.state.get("figures") or "")
        self.app.push_screen(BloodrushGameOver(self.game.view(), self.names(), figures))

    # --------------------------------------------------------------- actions
    def choose(self, index: int) -> None:
        if self.view is None or self._answered == self.game.decisions or self.game.decisions < 0:
            return
        opts = presenter.options(self.view)
        if not 0 <= index < len(opts):
            return
        self._answered = self.game.decisions
        self.post_message(ToHost({"type": "choose", "key": opts[index]["key"], "decision": self.game.decisions}))

    def action_undo(self) -> None:
        if not self.session.can_undo(self.viewer):
            self.notify("Nothing to undo: the last decision revealed something or passed play on.", timeout=3)
            return
        self.post_message(ToHost({"type": "undo", "decision": self.game.decisions}))

    def action_fast(self) -> None:
        self.notify("The host plays the computers at its own pace.", timeout=3)

    def stop_computers(self) -> None:
        """The host plays them."""

    def save_now(self) -> Path | None:
        return None
