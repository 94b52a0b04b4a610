"""Bloodrush's table: the town, the time track, the vampires, the viewer's red cards, the decision
with a key on every option, and the log.

It drives the game as Adrenaline's table does, through the same shell pieces: after every
decision it works out who looks at the screen (`BloodrushSession.plan_view`); when the keyboard
changes hands a hand-off screen comes first, with the table already switched to public
information underneath. Computers think on a worker thread and each of their decisions is
shown after the shell's pace (`Shell.bot_delay`). Every decision is autosaved; `u` takes back a
person's own last decision when it revealed nothing (no die, card or shuffle). Everything shown
is built from `game.view(viewer)` (`presenter.py`) and the events that viewer may see.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.bloodrush import IllegalChoice
from adrenaline_tui.titles.bloodrush.ui import presenter
from adrenaline_tui.titles.bloodrush.ui.event_lines import QUIET, EventLines
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.time_track import TimeTrack
from adrenaline_tui.titles.bloodrush.ui.town_map import TownMap
from adrenaline_tui.titles.bloodrush.ui.vampires_panel import VampiresPanel
from adrenaline_tui.titles.bloodrush.views import events_for
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.session import unsaved
from adrenaline_tui.tui.shell import GoToTitle, LeftGame, Shell, ShowRules, shell_of
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, ActionPanel, PanelState
from adrenaline_tui.tui.widgets.key_bar import KeyBar

LOG_LINES = 200


def _option_bindings() -> list[BindingType]:
    return [
        Binding(k, f"pick({i})", f"option {k}", show=False, id=f"bloodrush.option-{k}", priority=k.isdigit())
        for i, k in enumerate(HOTKEYS)
    ]


class BloodrushTable(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#options"
    is_game_table = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u,ctrl+z", "undo", "Undo", id="bloodrush.undo"),
        Binding("c", "rules", "Rules", id="bloodrush.rules"),
        Binding("escape", "leave", "Title", id="bloodrush.leave"),
        *_option_bindings(),
    ]

    def __init__(self, session: BloodrushSession) -> None:
        super().__init__()
        self.session = session
        self.viewer: str | None = None
        self.view: dict[str, Any] | None = None
        self.last_seen: dict[str, int] = {}
        self._generation = 0
        self._thinking = False
        self._held: Any = None
        self._finished = False
        self._save_failing = False

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    # What the app asks of any title's table (`TitleUI`): nothing is face down here but red
    # cards, which stay private whatever is asked.
    show_points = True

    def set_points(self, shown: bool) -> None:
        self.notify("Blood and humans are always face up in Bloodrush; red cards stay private.", timeout=4)

    def action_explain(self) -> None:
        self.notify("Explanations for Bloodrush are not in this version yet: c opens the rules.", timeout=4)

    # ------------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield TownMap(id="map")
                yield TimeTrack(id="track")
            with Vertical(id="right"):
                yield VampiresPanel(id="vampires")
                yield Static("", id="hand", markup=False)
                yield ActionPanel(id="actions")
                yield EventLines(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ActionPanel).on_cursor = self._cursor_moved
        for note in self.session.fallbacks:
            self.notify(note, severity="warning")
        self.advance()

    # ---------------------------------------------------------------- drawing
    def render_table(self) -> None:
        session, game = self.session, self.session.game
        view = game.view(self.viewer)
        self.view = view
        kinds = session.kinds
        self.query_one("#status", Static).update(presenter.status_text(view, kinds))
        prompt, note = presenter.prompt_and_note(view, kinds)
        opts = presenter.options(view)
        panel = self.query_one(ActionPanel)
        panel.show(PanelState(prompt, tuple(o["label"] for o in opts), tuple("" for _ in opts), note))
        self._draw_map(panel.cursor)
        self.query_one(TimeTrack).show(presenter.track_state(view))
        self.query_one(VampiresPanel).show(presenter.vampires_state(view, kinds))
        self.query_one("#hand", Static).update(presenter.hand_text(view))
        seen = events_for(self.viewer, game.events)
        self.query_one(EventLines).show(
            tuple((e.data.get("seat"), e.text) for e in seen[-LOG_LINES:] if e.kind not in QUIET)
        )
        if self.viewer is not None:
            self.last_seen[self.viewer] = len(game.events)
        self._check_saving()

    def _draw_map(self, cursor: int | None) -> None:
        if self.view is None:
            return
        opts = presenter.options(self.view)
        square = opts[cursor].get("square") if cursor is not None and 0 <= cursor < len(opts) else None
        self.query_one(TownMap).show(presenter.map_state(self.view, square))

    def _cursor_moved(self, index: int | None) -> None:
        self._draw_map(index)

    def _check_saving(self) -> None:
        problem = self.session.save_problem
        if bool(problem) != self._save_failing:
            self._save_failing = bool(problem)
            if problem:
                self.notify(unsaved(problem), severity="error", timeout=10)

    # ------------------------------------------------------------------- flow
    def advance(self) -> None:
        """On to the next decision: the end, a hand-off, a person's decision or a computer's."""
        session = self.session
        if session.game.pending is None:
            humans = session.humans
            self.viewer = humans[0] if len(humans) == 1 else None
            self.render_table()
            self._finish()
            return
        viewer, handoff = session.plan_view(self.viewer)
        if handoff:
            assert viewer is not None
            self.viewer = None  # public information while the keyboard moves
            self.render_table()
            self.app.push_screen(self._handoff(viewer), callback=self._handed_to)
            return
        self.viewer = viewer
        self.render_table()
        if session.computer_to_move:
            self._schedule_computer()

    def _handoff(self, seat: str) -> Any:
        from adrenaline_tui.titles.bloodrush.ui.handoff import BloodrushHandoff

        game = self.session.game
        start = self.last_seen.get(seat, len(game.events))
        recap = [e.text for e in events_for(None, game.events[start:]) if e.kind not in QUIET]
        kind = game.view(None)["waiting_on"]["kind"]
        return BloodrushHandoff(seat, game.name(seat), kind, recap)

    def _handed_to(self, seat: str | None) -> None:
        self.viewer = seat
        self.render_table()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from adrenaline_tui.titles.bloodrush.ui.game_over import BloodrushGameOver

        game = self.session.game
        names = {s: game.name(s) for s in game.config.seats}
        self.app.push_screen(BloodrushGameOver(game.view(None), names))

    # ------------------------------------------------------------- computers
    def _schedule_computer(self) -> None:
        self._generation += 1
        generation, moves = self._generation, self.session.moves
        self._thinking = True
        # The pace: each computer decision is shown for `bot_delay` before the next is made.
        delay = self.shell.bot_delay
        if delay > 0:
            self.set_timer(delay, lambda: self._think(generation, moves))
        else:
            self.call_later(self._think, generation, moves)

    def _think(self, generation: int, moves: int) -> None:
        if generation != self._generation or moves != self.session.moves:
            return
        self.run_worker(
            lambda: self._think_off_thread(generation, moves), thread=True, group="computer", exit_on_error=False
        )

    def _think_off_thread(self, generation: int, moves: int) -> None:
        key = self.session.computer_choice()
        with contextlib.suppress(RuntimeError):  # the app closed while it thought
            self.app.call_from_thread(self._thought, generation, moves, key)

    def _thought(self, generation: int, moves: int, key: str) -> None:
        if generation != self._generation or moves != self.session.moves:
            return
        if not self.is_current:
            self._held = lambda: self._thought(generation, moves, key)
            return
        self._thinking = False
        self.session.choose(key)
        self.advance()

    def on_screen_resume(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held()

    def stop_computers(self) -> None:
        self._generation += 1
        self._thinking = False
        self._held = None

    # ---------------------------------------------------------------- actions
    def choose(self, index: int) -> None:
        if self.view is None or self._thinking or self.session.computer_to_move:
            return
        opts = presenter.options(self.view)
        if not 0 <= index < len(opts):
            return
        try:
            self.session.choose(opts[index]["key"])
        except IllegalChoice as exc:
            self.notify(printable(str(exc)), severity="error")
            self.render_table()
            return
        self.advance()

    def action_pick(self, index: int) -> None:
        self.choose(index)

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        if self.session.game.over:
            self._finished = False
            self._finish()
            return
        self.choose(message.index)

    def on_town_map_square_clicked(self, message: TownMap.SquareClicked) -> None:
        if self.view is None:
            return
        hits = [i for i, o in enumerate(presenter.options(self.view)) if o.get("square") == message.square]
        if hits:
            self.choose(hits[0])

    def action_undo(self) -> None:
        if self._thinking or not self.session.can_undo(self.viewer):
            self.notify("Nothing to undo: the last decision revealed something or passed play on.", timeout=3)
            return
        self.session.undo()
        self.render_table()

    def action_rules(self) -> None:
        self.post_message(ShowRules())

    def action_leave(self) -> None:
        self.stop_computers()
        self.session.flush()
        self.post_message(GoToTitle())
        self.post_message(LeftGame(self.session))  # type: ignore[arg-type]

    def save_now(self) -> Path | None:
        self.session.autosave()
        self.session.flush()
        return self.session.path

    def on_unmount(self) -> None:
        self.stop_computers()
        self.session.flush()
