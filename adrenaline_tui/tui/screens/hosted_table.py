"""The table at a host: the same table, showing one seat's view, played through the host.

Everything on screen comes from the host's `state` messages (`wire.client.RemoteGame`): the
seat's view, the public log, and the words beside one's own options. Keys act only on one's own
decisions: with no options of one's own there is nothing to pick. No hand-off screens: this
screen belongs to one person. Computer seats are played by the host.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from adrenaline_tui.rules import Event
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.hosted_actions import HostedActions
from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.shell import ToHost
from adrenaline_tui.tui.widgets import EventLog
from adrenaline_tui.tui.widgets.action_panel import ActionPanel, PanelState

if TYPE_CHECKING:
    from adrenaline_tui.wire.client import RemoteGame


class HostSaves:
    """The saver the table screen listens to. The host saves every table (and its operator is told
    when it cannot); a client has nothing to save and so nothing to report."""

    error: str | None = None
    on_change: Callable[[str | None], None] | None = None


class HostedSession:
    """What the table screen reads of a session, for a game held by a host."""

    # Computers are played by the host, never in this process.
    computer_to_move = False

    def __init__(self, game: RemoteGame) -> None:
        self.game = game
        self.path: Path | None = None
        self.saver = HostSaves()
        self.overdue: set[str] = set()

    @property
    def save_problem(self) -> str | None:
        return None

    @property
    def moves(self) -> int:
        return self.game.decisions

    @property
    def kinds(self) -> dict[str, str]:
        return self.game.kinds

    def resolve_computers(self) -> list[str]:
        return []

    def can_undo(self, viewer: str | None) -> bool:
        return bool(self.game.state.get("can_undo"))

    def flush(self) -> None:
        """Saving is the host's job."""

    def autosave(self) -> None:
        """Saving is the host's job."""


class HostedTableScreen(HostedActions, TableScreen):
    is_hosted_table = True
    CSS_PATH = Path(__file__).with_name("table.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Lobby", id="hosted.leave"),
        Binding("t", "chat", "Chat", id="hosted.chat"),
        Binding("g", "give_seats", "Absent seats", id="hosted.give-seats"),
    ]

    def __init__(self, game: RemoteGame) -> None:
        super().__init__(HostedSession(game))  # type: ignore[arg-type]
        self.game = game
        self.viewer = game.seat
        self._explain_start: str | None = None
        # The decision count an answer was sent for: a second key press waits for the host.
        self._answered: int | None = None
        self._mounted = False

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        self.viewer = self.game.seat
        self.render_table()
        if self.game.over:
            self._finish()

    def on_mount(self) -> None:
        super().on_mount()
        self._mounted = True

    def host_state(self, new: list[Event], rebuilt: bool) -> None:
        """A `state` message was taken in: log what happened and draw the table again.

        The game (`RemoteGame`) has taken it in already; a screen still being mounted has no
        widgets yet, and its mount draws the game as it is then, this state included."""
        if not self._mounted:
            return
        log = self.query_one(EventLog)
        if rebuilt:
            log.reset(self.game.events)
        else:
            log.add(new)
        self._answered = None
        self.refresh_bindings()
        self.advance()

    def chat(self, who: str | None, text: str) -> None:
        line = f"{who}: {text}" if who else text
        for log in self.query(EventLog):  # none yet while the screen is being mounted
            log.add([Event("chat", line, {})])

    def panel_state(self, view: dict[str, Any]) -> PanelState:
        """The host worked out what each option will do: the game's state is there, not here."""
        opts = presenter.options(view)
        if not opts:  # someone else decides, or the game is over: names only
            return presenter.panel_state(self.game, view, self.game.kinds)  # type: ignore[arg-type]
        hints = self.game.hints
        return PanelState(
            prompt=view["pending"]["prompt"],
            labels=tuple(o["label"] for o in opts),
            details=tuple(str(d) for d in hints.get("details", ())),
            greyed=tuple((str(a), str(b)) for a, b in hints.get("greyed", ())),
        )

    def choose(self, index: int) -> None:
        if self.view is None or self._answered == self.game.decisions:
            return
        opts = presenter.options(self.view)
        if not 0 <= index < len(opts):
            return
        self._answered = self.game.decisions
        self.post_message(ToHost({"type": "choose", "key": opts[index]["key"], "decision": self.game.decisions}))

    # --------------------------------------------------------------- actions
    def action_undo(self) -> None:
        if not self.session.can_undo(self.viewer):
            self.notify("Nothing to undo: the last decision revealed something or passed play on.", timeout=3)
            return
        self.post_message(ToHost({"type": "undo", "decision": self.game.decisions}))

    def action_coach(self) -> None:
        # The coach searches for a second or more of CPU: in a local game that is the player's
        # own machine, here it would be the host's, asked for by any guest as often as they like.
        self.notify("The coach is for local games (adrenaline on your own machine).", timeout=4)

    def action_explain(self, start: str | None = None) -> None:
        """Ask the host (the explanations read the game's state, which is there)."""
        self._explain_start = start
        self.post_message(ToHost({"type": "explain"}))

    def show_explanations(self, msg: dict[str, Any]) -> None:
        from adrenaline_tui.rules.explain.questions import Topic
        from adrenaline_tui.rules.explain.words import Explanation
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        count = msg.get("decisions")
        if (int(count) if count is not None else -1) != self.game.decisions:
            return  # the table moved on while the host answered: press x again
        topics = [Topic(str(i), str(label), str(group)) for i, label, group in msg["topics"]]
        if not topics:
            return
        answers = msg["answers"]

        def answer(thing: str) -> Explanation:
            a = answers.get(thing) or {"subject": thing, "legal": None, "why": [], "does": []}
            return Explanation(str(a["subject"]), a["legal"], tuple(map(str, a["why"])), tuple(map(str, a["does"])))

        start = self._explain_start or self._topic_under_cursor(topics)
        self.app.push_screen(ExplainScreen(topics, answer, start))

    def _topic_under_cursor(self, topics: list[Any]) -> str | None:
        greyed = [t.id for t in topics if t.group == "Not allowed now"]
        return presenter.topic_at(self.view or {}, self.query_one(ActionPanel).cursor, greyed)

    def action_toggle_points(self) -> None:
        self.notify("Points stay face down at a hosted table, as at the real one.", timeout=3)

    def save_now(self) -> Path | None:
        return None
