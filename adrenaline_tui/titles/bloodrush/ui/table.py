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
import time
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
from adrenaline_tui.tui.shell import GoToTitle, LeftGame, Shell, shell_of
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, OPTION_KEYS, ActionPanel, PanelState
from adrenaline_tui.tui.widgets.key_bar import KeyBar

LOG_LINES = 200

HELP_TOWN = [
    "Columns are letters and rows numbers: c5 is the third column, fifth row. Leaving an edge "
    "comes back in on the opposite edge.",
    "- Each square names its kind: Grave(yard), B(ui)ld(in)g and Mine shelter from the dawn; "
    "Dmg 2 costs 2 blood, Stp 2 gives 2 free steps, Clk+1 moves time an hour.",
    "- Vampires are their seat's letter on its colour (S Scarlet, V Violet, A Amber, T Teal, "
    "I Ivory); humans are their colour's initial and value (R3: a red 3); M and an arrow is the "
    "Mozzie and where it is heading.",
    "- Squares an option names are lit; the one under the cursor brighter.",
    "Time: the hours of the night; moons give blood to everyone, suns take it from those out of shelter.",
    "Red cards are private: each person sees only their own; others' show as a count.",
]
HELP_TURN = [
    "One action: pay 1 blood for a step, draw a card, or collect 1 blood. Step onto a human to eat it.",
    "Then steer the Mozzie (straight, left or right) and roll for how far it flies; then the time's moon or sun.",
    "At most 10 blood: more bursts you. Last vampire standing wins, else most humans, "
    "then their values with colour bonuses, then blood.",
]


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
        Binding("x", "explain", "Explain", id="bloodrush.explain"),
        Binding("l", "log", "Log", id="bloodrush.log"),
        Binding("c", "rules", "Rules", id="bloodrush.rules"),
        Binding("escape", "leave", "Title", id="bloodrush.leave"),
        # Not on the key line (it is full at 80 columns): F1 lists it, and the table says it
        # when the last person at the keyboard is out.
        Binding("f", "fast", "Computers at full speed (or back)", show=False, id="bloodrush.fast"),
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
        self._due = 0.0  # when the computer's decision may be shown (time.monotonic())
        self.fast = False  # `f`: the computers play at full speed at this table
        self._out_said = False  # the people at the keyboard were told they are all out

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    # What the app asks of any title's table (`TitleUI`): nothing is face down here but red
    # cards, which stay private whatever is asked.
    show_points = True

    def set_points(self, shown: bool) -> None:
        self.notify("Blood and humans are always face up in Bloodrush; red cards stay private.", timeout=4)

    def names(self) -> dict[str, str]:
        game = self.session.game
        return {seat: game.name(seat) for seat in game.config.seats}

    def action_explain(self, start: str | None = None) -> None:
        """Why the option under the cursor is allowed and what it does, and anything else on
        the table this viewer may ask about (`titles/bloodrush/explain.py`, from the view alone)."""
        from adrenaline_tui.titles.bloodrush import explain
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        if self.view is None:
            return
        view, names = self.view, self.names()
        topics = explain.topics(view, names)
        if not topics:
            return
        if start is None:
            opts = presenter.options(view)
            cursor = self.query_one(ActionPanel).cursor
            # The option, or the greyed action, under the cursor.
            keys = [o["key"] for o in opts] + [key for key, _ in explain.unavailable(view)]
            if cursor is not None and 0 <= cursor < len(keys):
                start = keys[cursor]
        self.app.push_screen(ExplainScreen(topics, lambda thing: explain.explain(view, thing, names), start))

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys F1 lists beyond the bindings: the option panel's, and a click on the town."""
        return [*OPTION_KEYS, ("click", "a square an option names: pick it")]

    def help_sections(self) -> list[tuple[str, list[str]]]:
        """What F1 says at this table beyond its keys (the shell's help screen asks)."""
        return [
            ("The town", HELP_TOWN),
            ("A turn in brief", HELP_TURN),
        ]

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
        greyed = tuple(self._unavailable(view))
        panel.show(PanelState(prompt, tuple(o["label"] for o in opts), tuple("" for _ in opts), note, greyed=greyed))
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

    def _unavailable(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """The actions the rules do not allow now, with why (listed greyed under the options)."""
        from adrenaline_tui.titles.bloodrush import explain

        names = self.names()
        return [(label, explain.why_not(view, key, names)) for key, label in explain.unavailable(view)]

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
            self._say_when_all_out()
            self._schedule_computer()

    def _say_when_all_out(self) -> None:
        """Once every person's vampire is out (and no person steers the Mozzie), the rest is
        the computers' game: say so once, and how to let them finish quickly."""
        session, game = self.session, self.session.game
        people = session.humans
        if self._out_said or not people or self.fast:
            return
        vampires = game.view(None)["vampires"]
        if all(seat in vampires and not vampires[seat]["alive"] for seat in people):
            self._out_said = True
            self.notify("You are out: the computers play on. f lets them finish at full speed.", timeout=8)

    def action_fast(self) -> None:
        self.fast = not self.fast
        self.notify("Computers at full speed." if self.fast else "Computers at the usual pace.", timeout=3)

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
        from adrenaline_tui.titles.bloodrush.figures import format_figures, game_figures

        # The figures are public: blood, humans, bursts, the Mozzie's doings (figures.py).
        self.app.push_screen(BloodrushGameOver(game.view(None), self.names(), format_figures(game_figures(game))))

    # ------------------------------------------------------------- computers
    def _schedule_computer(self) -> None:
        """The computer starts thinking at once; its decision is applied `bot_delay` after the
        last thing shown, or when it has thought if that is later. So its thinking time (which
        may grow with the red cards it holds) hides inside the fixed pace, as at Adrenaline's table."""
        self._generation += 1
        generation, moves = self._generation, self.session.moves
        self._thinking = True
        self._due = time.monotonic() + (0.0 if self.fast else max(0.0, self.shell.bot_delay))
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
        wait = self._due - time.monotonic()
        if wait > 0:
            self.set_timer(wait, lambda: self._apply(generation, moves, key))
        else:
            self._apply(generation, moves, key)

    def _apply(self, generation: int, moves: int, key: str) -> None:
        if generation != self._generation or moves != self.session.moves:
            return
        if not self.is_current:
            # Someone opened help or the rules: play goes on when they come back.
            self._held = lambda: self._apply(generation, moves, key)
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
        if self.viewer is not None:
            # What their own decision did is not news to them at their next hand-off.
            self.last_seen[self.viewer] = len(self.session.game.events)
        self.advance()

    def action_pick(self, index: int) -> None:
        why = self.query_one(ActionPanel).no_option(index)  # a key with no option: say so, change nothing
        if why is not None:
            self.shell.notify(why, timeout=3, topic="no-option")
            return
        self.choose(index)

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        if self.session.game.over:
            self._finished = False
            self._finish()
            return
        if self.view is not None and message.index >= len(presenter.options(self.view)):
            self.action_explain()  # a greyed action: say what is missing
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

    def action_log(self) -> None:
        """The whole log this viewer may see, each event with why it happened ("why did I lose 3
        blood?"), newest first (`titles/bloodrush/explain_log.py`)."""
        from adrenaline_tui.titles.bloodrush.components import load_components
        from adrenaline_tui.titles.bloodrush.explain import Topic
        from adrenaline_tui.titles.bloodrush.explain_log import explain_event
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        seen = events_for(self.viewer, self.session.game.events)
        topics, turn = [], "Setup"
        for i, e in enumerate(seen):
            if e.kind == "turn":
                turn = e.text  # a turn's start heads its events
                continue
            topics.append(Topic(str(i), e.text, turn))
        if not topics:
            return
        topics.reverse()
        viewer, names, c = self.viewer, self.names(), load_components()
        self.app.push_screen(
            ExplainScreen(topics, lambda thing: explain_event(seen, int(thing), viewer, names, c), topics[0].id)
        )

    def rules_pages(self) -> Any:
        """Bloodrush's rules reference: `c` here, and the command palette's Rules entries."""
        from adrenaline_tui.titles.bloodrush import reference

        return reference

    def action_rules(self) -> None:
        from adrenaline_tui.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(pages=self.rules_pages()))

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
