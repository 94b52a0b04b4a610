"""A lesson, played on the table's own widgets: the map, the decision, the boards and the track.

`LessonRunner` (walkthrough) holds the game and decides what a key does; this screen only draws
it and passes keys on. Options are on the table's keys (1-9, then letters); those the step does not want
stay listed, dimmed, and choosing one explains why it is not played while the position stays as
it was. A step that only has something to read offers "Continue". `r` starts the step again,
`s` skips the lesson, `x` explains the option under the cursor or anything else on the table.
At the end the next lesson is offered, or the way back to the list (or to the game that offered
a weapon's lesson).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from adrenaline_tui.rules import Event
from adrenaline_tui.rules.explain import questions
from adrenaline_tui.tui import lesson_presenter, presenter
from adrenaline_tui.tui.lesson_keys import LessonKeys
from adrenaline_tui.tui.lesson_presenter import EndChoice
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import GoToTitle, Shell, shell_of
from adrenaline_tui.tui.widgets import (
    ActionPanel,
    ArenaMap,
    EventLog,
    KeyBar,
    PlayerBoard,
    RacksPanel,
    StatusBar,
)
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, OPTION_KEYS
from adrenaline_tui.tui.widgets.drawn import Drawn
from adrenaline_tui.tui.widgets.event_log import QUIET
from adrenaline_tui.tui.widgets.lesson_panel import Feedback, LessonPanel, LessonPanelState
from adrenaline_tui.walkthrough import Lesson, LessonRunner, Progress


def _option_bindings() -> list[BindingType]:
    return [Binding(k, f"pick({i})", f"option {k}", show=False, id=f"lesson.option-{k}") for i, k in enumerate(HOTKEYS)]


# Besides the log's bookkeeping: which effect of a card was used repeats the shot's own line.
NOT_RETOLD = QUIET | {"effect"}


def happened(events: tuple[Event, ...] | list[Event]) -> tuple[str, ...]:
    """What a key caused, in the log's words."""
    return tuple(e.text for e in events if e.kind not in NOT_RETOLD and e.text)


class LessonScreen(LessonKeys, BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#options"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "explain", "Explain", id="lesson.explain"),
        Binding("r", "retry", "Retry step", id="lesson.retry"),
        Binding("s", "skip", "Skip lesson", id="lesson.skip"),
        # Before the option list's own PageDown (a list of at most 12 needs none): the key line
        # names them while some of the text is out of sight (`check_action`).
        Binding("pagedown", "story(1)", "Read on", key_display="PgDn", priority=True, id="lesson.story-down"),
        Binding("pageup", "story(-1)", "Earlier", key_display="PgUp", priority=True, id="lesson.story-up"),
        Binding("escape", "leave", "Leave", id="lesson.leave"),
        *_option_bindings(),
    ]

    def __init__(self, lesson: Lesson, progress: Progress, lessons: list[Lesson], *, from_game: bool = False) -> None:
        """`lessons` is the list the lesson was picked from (what "next" means); `from_game`
        when a game offered it, which is where the way out leads."""
        super().__init__()
        self.lesson = lesson
        self.progress = progress
        self.lessons = lessons
        self.from_game = from_game
        self.runner = LessonRunner(lesson, progress)
        self.view: dict[str, Any] | None = None
        self.feedback: tuple[str, Feedback, tuple[str, ...]] = ("", "", ())
        # Whose boards what just happened (the feedback above) is about: "Dozer takes 2
        # damage" needs Dozer's board on screen even when the next step is about someone else.
        self.feedback_figures: frozenset[str] = frozenset()
        self._boards: dict[str, PlayerBoard] = {}
        self._more_to_read = False
        self._read_step: int | None = None  # the step whose text was seen to its end
        self._all_boards = False  # the text leaves room for every board

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys F1 lists beyond the bindings: the option panel's, a click, the text's scroll."""
        return [
            *OPTION_KEYS,
            ("click", "a board or a square: explain it"),
            ("pageup, pagedown", "scroll the lesson's text"),
        ]

    # ------------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ArenaMap(id="map")
                yield ActionPanel(id="actions")
            with Vertical(id="right"):
                yield LessonPanel(id="lesson")
                yield presenter.mode_board(self.runner.game.config.mode)(id="track")
                yield Vertical(id="boards")
                yield Static("", id="hidden-boards", markup=False)
                yield RacksPanel(id="racks")
                yield EventLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ActionPanel).on_cursor = self._cursor_moved
        intro = happened(self.runner.intro_events)
        if intro:
            self.feedback = ("", "", intro)
        self.size_classes_changed()
        self.render_lesson()

    def size_classes_changed(self) -> None:
        large = self.has_class("-large")
        for widget in self.query("PlayerBoard, #track"):
            widget.set_class(large, "-large")
        if self._boards:
            self._fit_boards()

    def _sync_boards(self, order: tuple[str, ...]) -> None:
        """One board a player, the learner's first (at 80x24 the last ones may not fit); a step
        that starts from a new position may seat other players."""
        if order == tuple(self._boards):
            return
        boards = self.query_one("#boards", Vertical)
        boards.remove_children()
        large = self.has_class("-large")
        # No ids: the old boards may still be leaving the DOM when the new ones arrive.
        self._boards = {c: PlayerBoard(c, classes="-large" if large else None) for c in order}
        boards.mount_all(self._boards.values())

    # ---------------------------------------------------------------- drawing
    def render_lesson(self) -> None:
        runner = self.runner
        game = runner.game
        view = lesson_presenter.lesson_view(runner, reading=self._more_to_read)
        self.view = view
        me = view.get("viewer") or runner.lesson.learner
        panel = self.query_one(ActionPanel)
        panel.show(lesson_presenter.panel_state(runner, view, self.end_choices(), self._more_to_read))
        self.query_one(ArenaMap).show(lesson_presenter.map_state(runner, view, panel.cursor))
        self._sync_boards((me, *(c for c in presenter.board_colours(view) if c != me)))
        for colour, state in presenter.board_states(game, view, me, True).items():
            self._boards[colour].show(state)
        self._fit_boards()
        racks = self.query_one(RacksPanel)
        racks.display = self.query_one(ArenaMap).compact and lesson_presenter.racks_matter(runner)
        self.query_one("#track", Drawn).show(presenter.mode_board_state(game, view))
        self.query_one(RacksPanel).show(presenter.racks(game, view))
        self.query_one(EventLog).reset(game.events)
        self.query_one(LessonPanel).show(self.panel_text())
        self.query_one(StatusBar).show(self.status_line(me))
        # Whether the text fits is known once it is laid out.
        self.call_after_refresh(self._check_reading)

    def _check_reading(self) -> None:
        """When a step's text does not fit, the panel first offers "Read on" (1 scrolls), and
        the step's options come once its end has been seen: nobody is asked to choose before
        the lesson has said what the choice is about. A step is gated once; a refusal's
        explanation or a retry later does not hide the options again."""
        if self._room_for_all_boards():
            self.call_after_refresh(self._check_reading)  # the boards changed: measure again
            return
        runner = self.runner
        self.refresh_bindings()  # PageDown / PageUp are named while text is out of sight
        at_end = not self.query_one(LessonPanel).more_to_read
        if at_end and not runner.finished:
            self._read_step = runner.index
        more = not runner.finished and not at_end and self._read_step != runner.index
        if more != self._more_to_read:
            self._more_to_read = more
            self.render_lesson()

    def _room_for_all_boards(self) -> bool:
        """Would the lesson's text and every board fit in the right column? Measured on the
        text as laid out (its height does not depend on the boards). True if that changed
        which boards are drawn."""
        right = self.query_one("#right")
        me = self.view.get("viewer") if self.view else None
        boards = sum(4 if colour == me else 3 for colour in self._boards)
        racks = self.query_one(RacksPanel)
        others = 1 + (racks.outer_size.height if racks.display else 0)  # the track, the racks
        fits = self.query_one(LessonPanel).text_height + boards + others <= right.content_size.height
        if fits == self._all_boards:
            return False
        self._all_boards = fits
        self._fit_boards()
        return True

    def _fit_boards(self) -> None:
        """At 80x24 the lesson's text comes first: when it and every board do not fit, only the
        boards of the players the step is about are drawn, and a line names the others (x
        explains any board)."""
        large = self.has_class("-large") or self._all_boards
        wanted = lesson_presenter.figures_in_step(self.runner, self.view or self.runner.game.view(None))
        wanted |= self.feedback_figures
        hidden = []
        for colour, board in self._boards.items():
            board.display = large or colour in wanted
            if not board.display:
                hidden.append(self.runner.game.name(colour))
        note = self.query_one("#hidden-boards", Static)
        note.update(f"Boards not shown: {', '.join(hidden)}" if hidden else "")
        note.display = bool(hidden)

    def status_line(self, me: str) -> tuple[str, str | None, str]:
        """Where the lesson stands among its own kind: "lesson 3 of 9" for a basic, "mode lesson
        1 of 3" for a mode or the bot (Domination's said "weapon lesson"), else "weapon lesson"."""
        kind = self.lesson.kind
        same = [lesson for lesson in self.lessons if lesson.kind == kind]
        where = {"basics": "lesson", "variants": "mode lesson"}.get(kind, "weapon lesson")
        if kind != "weapon" and self.lesson in same:
            where += f" {same.index(self.lesson) + 1} of {len(same)}"
        return f"Learn: {self.lesson.title} · {self.runner.position}", me, where

    def panel_text(self) -> LessonPanelState:
        runner = self.runner
        text, kind, lines = self.feedback
        if runner.finished:
            return LessonPanelState(self.closing_words(), feedback=text, feedback_kind=kind, happened=lines)
        return LessonPanelState(
            runner.narration,
            task=runner.task if runner.waiting else "",
            hint=lesson_presenter.hint(runner),
            hint_held=self._more_to_read,
            feedback=text,
            feedback_kind=kind,
            happened=lines,
        )

    def closing_words(self) -> str:
        basics = [lesson for lesson in self.lessons if lesson.kind == "basics"]
        done = sum(1 for lesson in basics if self.progress.status(lesson.id) == "done")
        if self.runner.skipped:
            head = f"You skipped '{self.lesson.title}'. It stays on the list for later."
        else:
            head = f"You finished '{self.lesson.title}'."
        tail = f"Basics done: {done} of {len(basics)}."
        if done == len(basics):
            tail += " You know enough to play a whole game: start one from New game on the title screen."
        return f"{head}\n\n{tail}"

    def end_choices(self) -> list[EndChoice]:
        out = []
        later = self.lessons[self.lessons.index(self.lesson) + 1 :] if self.lesson in self.lessons else []
        last_basic = self.lesson.kind == "basics" and not any(lesson.kind == "basics" for lesson in later)
        if last_basic and not self.from_game:
            out.append(EndChoice("new", "Start a game"))
        if later:
            out.append(EndChoice(later[0].id, f"Next lesson: {later[0].title}"))
        if self.from_game and len(self.lessons) <= 1:
            out.append(EndChoice("game", "Back to the game"))
        else:
            out.append(EndChoice("list", "Back to the lessons"))
        return out

    # ------------------------------------------------------------------- play
    def choose(self, index: int) -> None:
        runner = self.runner
        if runner.finished:
            end = self.end_choices()
            if 0 <= index < len(end):
                self._go(end[index].what)
            return
        if self._more_to_read:
            if index == 0:
                self.action_story(1)
            return
        if not runner.waiting:
            if index == 0:
                self.after(runner.proceed())
            return
        choices = runner.choices()
        if index >= len(choices):
            greyed = questions.unavailable_actions(runner.game, self.view or {})
            if index - len(choices) < len(greyed):
                self.action_explain(greyed[index - len(choices)])
            return
        self.after(runner.press(choices[index].key))

    def retold(self, events: tuple[Event, ...]) -> tuple[str, ...]:
        return happened(events)

    def about(self, events: tuple[Event, ...]) -> None:
        # whose boards the feedback is about stay on screen
        self.feedback_figures = frozenset(e.data["target"] for e in events if isinstance(e.data.get("target"), str))

    def _go(self, what: str) -> None:
        if what in ("game", "list"):
            self.dismiss(None)
        elif what == "new":
            self.post_message(GoToTitle("new"))
        else:
            lesson = next(lesson for lesson in self.lessons if lesson.id == what)
            self.app.switch_screen(LessonScreen(lesson, self.progress, self.lessons, from_game=self.from_game))

    def _cursor_moved(self, index: int | None) -> None:
        if self.view is not None:
            self.query_one(ArenaMap).show(lesson_presenter.map_state(self.runner, self.view, index))

    # ---------------------------------------------------------------- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "story":
            panels = self.query(LessonPanel)
            if not panels:
                return False
            return panels.first().more_to_read if parameters == (1,) else panels.first().read_above
        return super().check_action(action, parameters)

    def action_story(self, pages: int) -> None:
        self.query_one(LessonPanel).scroll_story(pages)
        self.call_after_refresh(self._check_reading)

    def action_explain(self, start: str | None = None) -> None:
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        game, view = self.runner.game, self.view or {}
        if start is None:
            start = self.topic_under_cursor()
        topics = questions.topics(game, view)
        self.app.push_screen(ExplainScreen(topics, lambda thing: questions.explanation(game, view, thing), start))

    def topic_under_cursor(self) -> str | None:
        view = self.view or {}
        greyed = questions.unavailable_actions(self.runner.game, view)
        return presenter.topic_at(view, self.query_one(ActionPanel).cursor, greyed)

    def on_arena_map_square_clicked(self, message: ArenaMap.SquareClicked) -> None:
        opts = presenter.options(self.view or {})
        hits = [i for i, o in enumerate(opts) if message.square in presenter.option_squares(self.runner.game, o)]
        if len(hits) == 1:
            self.choose(hits[0])
        else:
            self.action_explain(message.square)

    def on_arena_map_layout_changed(self, message: ArenaMap.LayoutChanged) -> None:
        # Small squares cannot list their racks: then the rack list may be needed.
        self.query_one(RacksPanel).display = message.compact and lesson_presenter.racks_matter(self.runner)

    def on_player_board_clicked(self, message: PlayerBoard.Clicked) -> None:
        self.action_explain(f"board:{message.colour}")

    def action_leave(self) -> None:
        self.dismiss(None)
