"""The table: the arena, everyone's boards, the killshot track, the decision and the log.

This screen drives a game. After every decision it works out who should be looking at the
screen (`Session.plan_view`): a person deciding sees their own view, and when the keyboard has
to change hands a hand-off screen comes first, with the table already switched to public
information underneath. Computer players think on a worker thread and are shown at a fixed
pace, at public points only, so people can follow them and nothing shows what they hold. When
boards are scored a breakdown screen shows who got what and why.

`x` explains the option under the cursor - and from there any figure, board, square or action
the person at the screen may ask about (`rules.explain.questions`). The first time a weapon shows up on
the table for a person, a notice offers its lesson (`w`), without stopping the game.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer

from adrenaline_tui.rules import Event, IllegalChoice
from adrenaline_tui.rules.explain import questions
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.session import THINK_BUDGET_SECONDS, Session, unsaved
from adrenaline_tui.tui.shell import (
    GoToTitle,
    LeftGame,
    OpenLesson,
    OpenLessons,
    Shell,
    ShowRules,
    TogglePoints,
    shell_of,
)
from adrenaline_tui.tui.widgets import (
    ActionPanel,
    ArenaMap,
    EventLog,
    KeyBar,
    PlayerBoard,
    RacksPanel,
    StatusBar,
)
from adrenaline_tui.tui.widgets._plain_lines import plain_lines
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, OPTION_KEYS
from adrenaline_tui.tui.widgets.drawn import Drawn

if TYPE_CHECKING:
    from adrenaline_tui.ai import ComputerPlayer
    from adrenaline_tui.rules import Decision

log = logging.getLogger("adrenaline.computers")

SCORING_EVENTS = frozenset({"scored"})
# Shown on the scoring screen whatever the "pause on scoring" setting: everyone must see them.
ANNOUNCED_EVENTS = frozenset({"frenzy", "sudden_death"})


def _option_bindings() -> list[BindingType]:
    # The digits are priority bindings: the table has no text field a digit could be meant
    # for, and a priority binding runs as soon as the app reads the key, instead of after the
    # key has been offered to the focused list and each widget above it (about 0.4 ms of a
    # decision's frame). The letters (a tenth option on) stay ordinary bindings, as they were.
    return [
        Binding(k, f"pick({i})", f"option {k}", show=False, id=f"table.option-{k}", priority=k.isdigit())
        for i, k in enumerate(HOTKEYS)
    ]


# Not an engine event: the log's line offering a weapon lesson.
OFFER_EVENT = "lesson_offer"


class TableScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#options"
    # A title's table, as the app finds one to save (`shell.is_game_table`).
    is_game_table = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u,ctrl+z", "undo", "Undo", id="table.undo"),
        Binding("x", "explain", "Explain", id="table.explain"),
        Binding("l", "log", "Log", id="table.log"),
        Binding("c", "cards", "Rules", id="table.cards"),
        Binding("w", "learn_weapon", "Learn it", id="table.learn-weapon"),
        Binding("p", "toggle_points", "Points", id="table.points"),
        # Not on the key bar (it is full at 80 columns); F1 help lists it.
        Binding("s", "coach", "Coach: what would hard do?", show=False, id="table.coach"),
        Binding("escape", "leave", "Title", id="table.leave"),
        *_option_bindings(),
    ]

    class SaveStateChanged(Message):
        """The autosave started failing, or works again (posted from the saving thread)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.viewer: str | None = None
        self.view: dict[str, Any] | None = None
        self._bot_timer: Timer | None = None
        self._bot_generation = 0
        # Computers' decisions made since the table last drew, and whether one is in hand.
        self._batch: list[Event] = []
        self._thinking = False
        # The next computer step is not drawn before this (time.monotonic()): a fixed pace.
        self._due = 0.0
        # The public point last drawn (`Session.public_mark`).
        self._last_mark: tuple[int, int] | None = None
        # The (generation, moves) a computer is thinking about on its thread, until it answers.
        self._awaiting: tuple[int, int] | None = None
        # A computer step that came in while another screen was on top, applied on return.
        self._held: Callable[[], None] | None = None
        self._finished = False
        # Where each person last looked at the table, to recap what happened since.
        self.last_seen: dict[str, int] = {}
        # Weapons whose lessons are offered at this table and not taken yet (`w` opens them).
        self.offered: list[str] = []
        self._offer_check_running = False
        # The weapons in sight at the last check (see `_offer_lessons`).
        self._offer_checked: object = None
        # Whether the table was last told that saving fails.
        self._save_failing = False
        # Each person's coach (`ai.coach.Coach`), made when first asked: it keeps the plan it
        # advised through the questions of that action.
        self._coaches: dict[str, Any] = {}
        # Points turned face up or down with `p` for this game only; None: the Settings default.
        self._points: bool | None = None

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys F1 lists beyond the bindings: the option panel's, and a click."""
        return [*OPTION_KEYS, ("click", "a board or a square: explain it")]

    @property
    def show_points(self) -> bool:
        """Whether everyone's points are face up at this table: `p` decides for this game, the
        Settings choice is the default (issue 23, finding 10: `p` silently changed the setting)."""
        return self.shell.settings.show_points if self._points is None else self._points

    def set_points(self, shown: bool) -> None:
        self._points = shown
        self.render_table()
        default = "face up" if self.shell.settings.show_points else "face down"
        said = "shown to everyone" if shown else "face down"
        self.notify(f"Points are {said} in this game (new games start {default}: Settings).")

    # ------------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        # What the table is laid out for (the mode's board, whose boards) is public: the view
        # says it, for a game held here or by a host alike.
        public = self.session.game.view(None)
        # The screen's size classes are set before compose (BaseScreen): the widgets are given
        # theirs now too, sparing a restyle of the whole table right after its first layout.
        large = self.has_class("-large")
        size_class = "-large" if large else ""
        yield StatusBar(id="status")
        with plain_lines(Horizontal(id="main")):
            with plain_lines(Vertical(id="left")):
                yield ArenaMap(id="map", compact=not large)
                yield ActionPanel(id="actions")
            with plain_lines(Vertical(id="right")):
                yield presenter.mode_board(public["mode"])(id="track", classes=size_class)
                with plain_lines(Vertical(id="boards")):
                    for colour in presenter.board_colours(public):
                        yield PlayerBoard(colour, id=f"board-{colour}", classes=size_class)
                racks = RacksPanel(id="racks")
                # A big map lists the racks itself; guessed now so that the first frame is
                # laid out once, not again when the map reports its size.
                racks.display = not large
                yield racks
                yield EventLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        # Told from the saving thread; post_message is the thread-safe way back to this one.
        self.session.saver.on_change = lambda _error: self.post_message(self.SaveStateChanged())
        self._save_state_changed()
        self.query_one(ActionPanel).on_cursor = self._cursor_moved
        self.query_one(EventLog).reset(self.session.game.events)
        self.size_classes_changed()
        self.advance()
        self.call_after_refresh(self._check_computers)

    def on_table_screen_save_state_changed(self, message: SaveStateChanged) -> None:
        self._save_state_changed()

    def _save_state_changed(self) -> None:
        """Say when the game stops being saved (and why), and when it is saved again: once each,
        not after every decision in between."""
        problem = self.session.save_problem
        if bool(problem) == self._save_failing:
            return
        self._save_failing = bool(problem)
        if problem:
            self.notify(unsaved(problem), severity="error", timeout=10)
        else:
            self.notify(f"Saving works again: {self.session.path}", timeout=5)

    def _check_computers(self) -> None:
        for note in self.session.resolve_computers():
            self.notify(note, severity="warning")

    def size_classes_changed(self) -> None:
        large = self.has_class("-large")
        for widget in self.query("PlayerBoard, #track"):
            widget.set_class(large, "-large")

    # ---------------------------------------------------------------- drawing
    def render_table(self) -> None:
        """Show the table as `self.viewer` may see it; each widget repaints only if it changed."""
        session, game = self.session, self.session.game
        view = game.view(self.viewer, reveal_scores=self.show_points)
        self.view = view
        panel = self.query_one(ActionPanel)
        panel.show(self.panel_state(view))
        self.query_one(ArenaMap).show(presenter.map_state(game, view, panel.cursor))
        boards = presenter.board_states(game, view, self.viewer, self.show_points)
        for colour, state in boards.items():
            self.query_one(f"#board-{colour}", PlayerBoard).show(state)
        self.query_one("#track", Drawn).show(presenter.mode_board_state(game, view))
        self.query_one(RacksPanel).show(presenter.racks(game, view))
        self.query_one(StatusBar).show(presenter.status(game, view, self.viewer, session.kinds))
        if self.viewer is not None:
            if game.at_public_point:
                # Looking counts only at public points: a question only hidden cards raise (a
                # Targeting Scope after a shot) must not shorten the recap of a later hand-off.
                self.last_seen[self.viewer] = len(game.events)
            self._offer_lessons(view)

    def panel_state(self, view: dict[str, Any]) -> Any:
        """The decision panel's contents (a hosted table has them worked out by the host)."""
        return presenter.panel_state(self.session.game, view, self.session.kinds)

    # ----------------------------------------------------------- weapon lessons
    def _offer_lessons(self, view: dict[str, Any]) -> None:
        """Offer the lessons of weapons this person sees for the first time. Only what their
        view shows counts, so an offer never gives away a card in someone's hand."""
        if not self.shell.settings.offer_lessons or self.session.kinds.get(self.viewer or "") != "human":
            return
        if self._offer_check_running:
            return
        # What decides the offer is the weapons in sight (racks, hands as this view shows them):
        # with the same ones as at the last check there is nothing new to offer, and no worker
        # thread (with its messages) is started on every key press.
        sighted = (
            tuple(tuple(rack) for rack in view.get("racks", {}).values()),
            tuple(tuple(w.get("id") for w in p.get("weapons", [])) for p in view.get("players", [])),
        )
        if sighted == self._offer_checked:
            return
        self._offer_checked = sighted
        self._offer_check_running = True
        # Loading the lessons takes a moment, and a thread still shares the interpreter with
        # the drawing: started only once the table is on screen.
        self.call_after_refresh(
            self.run_worker,
            lambda: self._lessons_to_offer(view),
            thread=True,
            group="offers",
            exit_on_error=False,
        )

    def _lessons_to_offer(self, view: dict[str, Any]) -> None:
        from adrenaline_tui.walkthrough.offers import weapon_lesson_files, weapons_to_offer

        try:
            # Weapon ids only: a lesson is built when `w` opens it.
            fresh = weapons_to_offer(view, self.shell.progress.seen, weapon_lesson_files())
        except Exception:
            self._offer_checked = None  # checked again at the next decision
            raise
        finally:
            self._offer_check_running = False
        if fresh:
            self.app.call_from_thread(self._offer, fresh)

    def _offer(self, fresh: list[str]) -> None:
        progress = self.shell.progress
        fresh = [weapon for weapon in fresh if weapon not in progress.offered]
        if not fresh:
            return
        progress.mark_offered(fresh)
        self.offered = [*fresh, *(weapon for weapon in self.offered if weapon not in fresh)]
        names = [self.session.game.cards.weapons[weapon].name for weapon in fresh]
        if len(names) == 1:
            what = f"New weapon on the rack: {names[0]}. Press w to learn it"
        elif len(names) <= 3:
            what = f"New weapons on the table: {', '.join(names)}. Press w to learn them"
        else:
            what = f"New weapons on the table: {', '.join(names[:2])} and {len(names) - 2} more. Press w to learn them"
        self.refresh_bindings()
        # Said in the log, not in a notice: a notice sat over the racks and the log (what a
        # "Grab which weapon?" is about) for several decisions, and piled-up notices left
        # stray characters. The `w` in the key line stays until the lessons are taken.
        self.query_one(EventLog).add([Event(OFFER_EVENT, f"{what}.", {})])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The key line shows `w` only while a weapon lesson is on offer.
        if action == "learn_weapon":
            return bool(self.offered)
        return True

    def action_learn_weapon(self) -> None:
        if not self.offered:
            return
        offered, self.offered = self.offered, []
        self.refresh_bindings()
        from adrenaline_tui.walkthrough import load_lesson
        from adrenaline_tui.walkthrough.offers import weapon_lesson_files

        files = weapon_lesson_files()
        lessons = [load_lesson(files[weapon].path) for weapon in offered]
        if len(lessons) == 1:
            self.post_message(OpenLesson(lessons[0], from_game=True))
        else:
            self.post_message(OpenLessons(lessons, "Weapons new on this table"))

    def repaint_look(self) -> None:
        for widget in self.query("ArenaMap, PlayerBoard, #track, RacksPanel, StatusBar, EventLog"):
            widget.refresh()
        if self.view is not None:
            self.render_table()

    # ------------------------------------------------------------------- flow
    def advance(self) -> None:
        """Move play on to the next decision: hand-off, a person's turn, or a computer's."""
        game = self.session.game
        if game.pending is None:
            self.viewer = None
            self.render_table()
            self._finish()
            return
        viewer, handoff = self.session.plan_view(self.viewer)
        if handoff:
            # Public information first, so nothing private is on screen while the keyboard moves.
            self.viewer = None
            self.render_table()
            from adrenaline_tui.tui.screens.handoff import HandoffScreen

            screen = HandoffScreen(self.session.game, viewer, self.recap_for(viewer))  # type: ignore[arg-type]
            self.app.push_screen(screen, callback=lambda _: self._handed_to(viewer))
            return
        self.viewer = viewer
        self.render_table()
        self._last_mark = self.session.public_mark()
        self._due = time.monotonic() + self.shell.bot_delay
        if self.session.computer_to_move:
            self._schedule_bot()

    def _handed_to(self, viewer: str | None) -> None:
        self.viewer = viewer
        self.render_table()

    def recap_for(self, colour: str | None) -> list[Event]:
        events = self.session.game.events
        start = min(self.last_seen.get(colour or "", len(events)), len(events)) if colour else len(events)
        return [e for e in events[start:] if e.kind not in ("paid", "turn_end", "refilled")]

    # ------------------------------------------------------------- computers
    # A computer thinks on a worker thread, so no frame waits on it. Its answer is applied on
    # the UI thread, and only if the game is still where it was when the thinking began. The
    # table draws computers' play only at public points (`Session.public_mark`), a person's
    # decision, or a scoring, at most one step per `bot_delay`: answers to questions that only
    # hidden cards raise are applied without a frame of their own, and thinking time is hidden
    # inside the fixed pace.
    def _schedule_bot(self) -> None:
        self._cancel_bot()
        self._think(self._bot_generation)

    def stop_computers(self) -> None:
        """Drop whatever a computer is thinking: the game is being left as it is."""
        self._cancel_bot()

    def _cancel_bot(self) -> None:
        self._bot_generation += 1
        self._thinking = False
        self._held = None
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def _think(self, generation: int) -> None:
        session = self.session
        decision = session.game.pending
        assert decision is not None
        self._thinking = True
        if decision.player in session.overdue:
            # Still busy with a question answered for it: this one is answered for it too.
            self.call_later(self._thought, generation, session.moves, session.fallback_choice(), None)
            return
        self._awaiting = (generation, session.moves)
        try:
            elsewhere = session.think_elsewhere()
        except Exception:
            log.exception("the computers' pool could not be asked: thinking here")
            elsewhere = None
        if elsewhere is not None:
            # A long search thinks in a process of its own: the screen keeps its interpreter.
            elsewhere.add_done_callback(partial(self._thought_elsewhere, decision, generation, session.moves))
        else:
            view = session.game.view(decision.player)
            bot = session.bot(decision.player)
            work = partial(self._think_off_thread, generation, session.moves, bot, decision, view)
            self.run_worker(work, thread=True, group="computer", exit_on_error=False)
        self.set_timer(THINK_BUDGET_SECONDS, partial(self._over_budget, generation, session.moves))

    def _thought_elsewhere(self, decision: Decision, generation: int, moves: int, future: Future[str]) -> None:
        """The pool's answer (on its reading thread). If the pool failed (its process died), the
        table answers for the computer as for one past its budget, and the log says why."""
        if future.cancelled():
            return  # the app is closing
        try:
            key: str | None = future.result()
        except Exception as exc:
            log.warning("a computer's process failed (%s): the table answered for it", exc)
            key = None
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(self._thought_off_thread, decision.player, generation, moves, key, None)

    def _over_budget(self, generation: int, moves: int) -> None:
        """The computer is still thinking after its budget: answer for it."""
        session = self.session
        if self._awaiting != (generation, moves) or generation != self._bot_generation or moves != session.moves:
            return  # it answered in time, or the game moved on
        self._awaiting = None
        assert session.game.pending is not None
        session.overdue.add(session.game.pending.player)
        self._thought(generation, moves, session.fallback_choice(), None)

    def _think_off_thread(
        self, generation: int, moves: int, bot: ComputerPlayer, decision: Decision, view: dict[str, Any]
    ) -> None:
        key: str | None = None
        error: Exception | None = None
        try:
            key = bot.choose(decision, view)
        except Exception as exc:  # raised again on the UI thread, where it belongs
            error = exc
        # RuntimeError: the app closed while the computer thought; nothing to apply it to.
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(self._thought_off_thread, decision.player, generation, moves, key, error)

    def _thought_off_thread(
        self, colour: str, generation: int, moves: int, key: str | None, error: Exception | None
    ) -> None:
        self.session.overdue.discard(colour)
        if self._awaiting == (generation, moves):
            self._awaiting = None
        if key is None and error is None and generation == self._bot_generation and moves == self.session.moves:
            key = self.session.fallback_choice()  # the pool failed: answered for, as past the budget
        self._thought(generation, moves, key, error)

    def _thought(self, generation: int, moves: int, key: str | None, error: Exception | None) -> None:
        if generation != self._bot_generation or moves != self.session.moves:
            return  # a stale answer: the game was left, undone or moved on meanwhile
        if error is not None:
            raise error
        if not self.is_current:
            # Someone opened help or the rules: play goes on when they come back.
            self._held = partial(self._thought, generation, moves, key, None)
            return
        assert key is not None
        events = self.session.choose(key)
        self._batch += events
        if self._stops_here(events):
            self._show_when_due(generation)
        else:
            self._think(generation)

    def _stops_here(self, events: list[Event]) -> bool:
        """Whether the table draws now: a person decides, the game ends, boards were scored, or
        (computers shown at their pace) play reached a new public point."""
        session = self.session
        if not session.computer_to_move or any(e.kind in SCORING_EVENTS for e in events):
            return True
        if self.shell.bot_delay <= 0:
            # No delay (tests, or people who want it fast): straight on to the next person.
            return False
        mark = session.public_mark()
        return mark is not None and mark != self._last_mark

    def _show_when_due(self, generation: int) -> None:
        wait = self._due - time.monotonic()
        if wait > 0:
            self._bot_timer = self.set_timer(wait, partial(self._show, generation))
        else:
            self._show(generation)

    def _show(self, generation: int) -> None:
        if generation != self._bot_generation:
            return
        self._bot_timer = None
        if not self.is_current:
            self._held = partial(self._show, generation)
            return
        self._thinking = False
        batch, self._batch = self._batch, []
        self._after(batch)

    def on_screen_resume(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held()

    def choose(self, index: int) -> None:
        """The person at the keyboard picks the option at `index`."""
        if self.view is None or self._thinking or self.session.computer_to_move:
            return
        opts = presenter.options(self.view)
        if not 0 <= index < len(opts):
            return
        key, decision = opts[index]["key"], self.session.game.pending
        coach = self._coaches.get(decision.player) if decision is not None else None
        try:
            events = self.session.choose(key)
        except IllegalChoice as exc:  # the view was stale; redraw and say so
            self.notify(str(exc), severity="error")
            self.render_table()
            return
        if coach is not None:
            coach.answered(decision, self.view, key)
        self.shell.withdraw_notice("coach")  # its advice was about the question just answered
        if self.session.computer_to_move and not self._stops_here(events):
            # A computer answers first (a Tagback Grenade, say): nothing is drawn until it has,
            # so whether it was asked at all does not show; the result is drawn at once.
            self._cancel_bot()
            self._batch = events
            self._due = time.monotonic()
            self._think(self._bot_generation)
            return
        self._after(events)

    def _after(self, events: list[Event]) -> None:
        self.query_one(EventLog).add(events)
        scored = [e for e in events if e.kind in SCORING_EVENTS]
        game = self.session.game
        announced = any(e.kind in ANNOUNCED_EVENTS for e in events)
        if scored and (self.shell.settings.pause_on_scoring or game.over or announced):
            from adrenaline_tui.tui.screens.scoring import ScoringScreen

            self.viewer = None
            self.render_table()
            reveal = self.show_points or game.over
            screen = ScoringScreen(game, events, reveal=reveal)
            self.app.push_screen(screen, callback=lambda _: self.advance())
            return
        self.advance()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from adrenaline_tui.tui.screens.standings import StandingsScreen

        self.app.push_screen(StandingsScreen(self.session.game))

    # ---------------------------------------------------------------- actions
    def action_pick(self, index: int) -> None:
        # A key with no option behind it changes nothing and says why (the hosted table, a
        # subclass, keeps this).
        why = self.query_one(ActionPanel).no_option(index)
        if why is not None:
            self.shell.notify(why, timeout=3, topic="no-option")
            return
        self.choose(index)

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        if self.session.game.over:
            self._finished = False
            self._finish()
            return
        opts = presenter.options(self.view or {})
        if message.index >= len(opts):  # a greyed action: say what is missing
            self.action_explain()
            return
        self.choose(message.index)

    def topic_under_cursor(self) -> str | None:
        """What `x` explains first: the option (or greyed action) under the cursor."""
        if self.view is None:
            return None
        greyed = questions.unavailable_actions(self.session.game, self.view)
        return presenter.topic_at(self.view, self.query_one(ActionPanel).cursor, greyed)

    def action_explain(self, start: str | None = None) -> None:
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        if self.view is None:
            return
        game, view = self.session.game, self.view
        topics = questions.topics(game, view)
        if not topics:
            return
        start = start or self.topic_under_cursor()
        self.app.push_screen(ExplainScreen(topics, lambda thing: questions.explanation(game, view, thing), start))

    def on_player_board_clicked(self, message: PlayerBoard.Clicked) -> None:
        self.action_explain(f"board:{message.colour}")

    def _cursor_moved(self, index: int | None) -> None:
        if self.view is not None:
            self.query_one(ArenaMap).show(presenter.map_state(self.session.game, self.view, index))

    def on_arena_map_layout_changed(self, message: ArenaMap.LayoutChanged) -> None:
        self.query_one(RacksPanel).display = message.compact

    def on_arena_map_square_clicked(self, message: ArenaMap.SquareClicked) -> None:
        if self.view is None:
            return
        game = self.session.game
        hits = [
            i for i, o in enumerate(presenter.options(self.view)) if message.square in presenter.option_squares(game, o)
        ]
        if not hits:
            if self.view.get("viewer") is not None:
                self.action_explain(message.square)
            return
        panel = self.query_one(ActionPanel)
        if len(hits) == 1 or panel.cursor in hits:
            self.choose(panel.cursor if panel.cursor in hits else hits[0])
        else:
            panel.move_to(hits[0])

    def action_undo(self) -> None:
        if self._thinking:
            return
        if not self.session.can_undo(self.viewer):
            self.notify("Nothing to undo: the last decision revealed something or passed play on.", timeout=3)
            return
        self.session.undo()
        for coach in self._coaches.values():
            coach.forget()
        self.shell.withdraw_notice("coach")
        self.query_one(EventLog).reset(self.session.game.events)
        self.render_table()

    def action_coach(self) -> None:
        """Ask the coach about the decision in front of the person at the screen (`ai/coach.py`)."""
        d = self.session.game.pending
        view = self.view
        if view is None or d is None or d.player != self.viewer or not self.session.is_human(d.player):
            self.notify("The coach helps with your own decisions: ask when it is your turn to choose.", timeout=3)
            return
        self.shell.notify("Thinking about it...", title="Coach", timeout=5, topic="coach")
        # The search takes a second or two: off the drawing thread, and built from the view alone.
        self.run_worker(partial(self._coach, d, view), thread=True, group="coach", exclusive=True, exit_on_error=False)

    def _coach(self, decision: Any, view: dict[str, Any]) -> None:
        from adrenaline_tui.ai.coach import Coach

        coach = self._coaches.setdefault(decision.player, Coach())
        advice = coach.advise(decision, view, seed=len(self.session.game.history))
        self.app.call_from_thread(self._show_advice, decision, advice)

    def _show_advice(self, decision: Any, advice: Any) -> None:
        if self.session.game.pending != decision or self.view is None:
            return  # the game moved on while the coach thought
        keys = [o["key"] for o in presenter.options(self.view)]
        if advice.key in keys:
            self.query_one(ActionPanel).move_to(keys.index(advice.key))
        self.shell.notify(advice.reason, title=f"Coach: {advice.label}", timeout=15, topic="coach")

    def action_log(self) -> None:
        from adrenaline_tui.tui.screens.log import LogScreen

        self.app.push_screen(LogScreen(self.session.game.events))

    def action_cards(self) -> None:
        self.post_message(ShowRules())

    def action_toggle_points(self) -> None:
        self.post_message(TogglePoints())

    def action_leave(self) -> None:
        self.session.flush()
        self._cancel_bot()
        self.post_message(GoToTitle())
        self.post_message(LeftGame(self.session))

    def save_now(self) -> Path | None:
        self.session.autosave()
        self.session.flush()
        return self.session.path

    def on_unmount(self) -> None:
        self._cancel_bot()
        self.session.saver.on_change = None
        self.session.flush()
