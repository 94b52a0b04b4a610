"""A Bloodrush lesson, played on the table's own widgets: the town, the time, the vampires, the
decision, the log, and the shell's lesson panel (what just happened, the narration, the task).

The lesson's own rules (steps, goals, what each key may do) are br-words' `LessonRunner`
(`titles/bloodrush/lesson_runner.py`); this screen only draws it and passes keys on, as
Adrenaline's lesson screen does with its runner. Options that do not serve the step are dimmed
and say why; the cursor starts on the one the step means.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from adrenaline_tui.titles.bloodrush.lesson import Lesson
from adrenaline_tui.titles.bloodrush.lesson_runner import LessonRunner
from adrenaline_tui.titles.bloodrush.ui import presenter
from adrenaline_tui.titles.bloodrush.ui.event_lines import QUIET, EventLines
from adrenaline_tui.titles.bloodrush.ui.time_track import TimeTrack
from adrenaline_tui.titles.bloodrush.ui.town_map import TownMap
from adrenaline_tui.titles.bloodrush.ui.vampires_panel import VampiresPanel
from adrenaline_tui.titles.bloodrush.views import events_for
from adrenaline_tui.tui.lesson_keys import LessonKeys
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, OPTION_KEYS, ActionPanel, PanelState
from adrenaline_tui.tui.widgets.key_bar import KeyBar
from adrenaline_tui.tui.widgets.lesson_panel import LessonPanel, LessonPanelState

HAPPENED_LINES = 4


class BloodrushLesson(LessonKeys, BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#options"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "explain", "Explain", id="bloodrush-lesson.explain"),
        Binding("r", "retry", "Retry step", id="bloodrush-lesson.retry"),
        Binding("s", "skip", "Skip lesson", id="bloodrush-lesson.skip"),
        Binding("escape", "leave", "Leave", id="bloodrush-lesson.leave"),
        *(
            Binding(k, f"pick({i})", f"option {k}", show=False, id=f"bloodrush-lesson.option-{k}", priority=k.isdigit())
            for i, k in enumerate(HOTKEYS)
        ),
    ]

    def __init__(self, lesson: Lesson, progress: Any, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lesson, self.progress, self.lessons = lesson, progress, lessons
        self.runner = LessonRunner(lesson, progress)
        self.feedback: tuple[str, str, tuple[str, ...]] = ("", "", ())
        self.view: dict[str, Any] | None = None

    def compose_body(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield TownMap(id="map")
                yield TimeTrack(id="track")
                yield EventLines(id="log")
            with Vertical(id="right"):
                yield LessonPanel(id="lesson")
                yield VampiresPanel(id="vampires")
                yield ActionPanel(id="actions")
        yield KeyBar()

    def rules_pages(self) -> Any:
        """Bloodrush's rules reference, for the command palette's Rules entries."""
        from adrenaline_tui.titles.bloodrush import reference

        return reference

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys F1 lists beyond the bindings: the option panel's, and a click on the town."""
        return [*OPTION_KEYS, ("click", "a square an option names: pick it")]

    def help_sections(self) -> list[tuple[str, list[str]]]:
        """F1 says what the table's does of the town and the turn (not Adrenaline's figures)."""
        from adrenaline_tui.titles.bloodrush.ui.table import HELP_TOWN, HELP_TURN

        return [("The town", HELP_TOWN), ("A turn in brief", HELP_TURN)]

    def on_mount(self) -> None:
        self.query_one(ActionPanel).on_cursor = self._cursor_moved
        intro = tuple(e.text for e in self.runner.intro_events)[-HAPPENED_LINES:]
        if intro:
            self.feedback = ("", "", intro)
        self.render_lesson()

    # ---------------------------------------------------------------- drawing
    def _end_choices(self) -> list[tuple[str, str]]:
        later = self.lessons[self.lessons.index(self.lesson) + 1 :] if self.lesson in self.lessons else []
        out = [(later[0].id, f"Next lesson: {later[0].title}")] if later else []
        return [*out, ("list", "Back to the lessons")]

    def render_lesson(self) -> None:
        runner = self.runner
        view = runner.view
        self.view = view
        panel = self.query_one(ActionPanel)
        if runner.finished:
            labels = tuple(label for _, label in self._end_choices())
            panel.show(PanelState("What next?", labels, tuple("" for _ in labels)))
        elif not runner.waiting:
            panel.show(PanelState("", ("Go on",), ("",)))
        else:
            choices = runner.choices()
            dimmed = frozenset(i for i, c in enumerate(choices) if not c.on_goal)
            start = next((i for i, c in enumerate(choices) if c.intended), 0)
            prompt = runner.decision.prompt if runner.decision is not None else ""
            panel.show(
                PanelState(
                    prompt, tuple(c.label for c in choices), tuple(c.note for c in choices), dimmed=dimmed, start=start
                )
            )
        self._draw_map(panel.cursor)
        self.query_one(TimeTrack).show(presenter.track_state(view))
        self.query_one(VampiresPanel).show(presenter.vampires_state(view, {}))
        seen = events_for(runner.learner, runner.game.events)
        self.query_one(EventLines).show(tuple((e.data.get("seat"), e.text) for e in seen if e.kind not in QUIET))
        text, kind, lines = self.feedback
        if runner.finished:
            closing = (
                "You skipped this lesson: it stays on the list." if runner.skipped else "You finished this lesson."
            )
            state = LessonPanelState(
                f"{closing} {self.lesson.title}.", feedback=text, feedback_kind=kind, happened=lines
            )  # type: ignore[arg-type]
        else:
            state = LessonPanelState(
                runner.narration,
                task=runner.task if runner.waiting else "",
                hint=runner.hint,
                feedback=text,
                feedback_kind=kind,  # type: ignore[arg-type]
                happened=lines,
            )
        self.query_one(LessonPanel).show(state)
        self.query_one("#status", Static).update(f"Learn Bloodrush: {self.lesson.title} - {runner.position}")

    def _draw_map(self, cursor: int | None) -> None:
        runner, view = self.runner, self.view or {}
        square = None
        if runner.waiting and cursor is not None:
            choices = runner.choices()
            square = choices[cursor].square if 0 <= cursor < len(choices) else None
        lit = runner.highlight().squares if not runner.finished else frozenset()
        self.query_one(TownMap).show(presenter.map_state(view, square, lit))

    def _cursor_moved(self, index: int | None) -> None:
        self._draw_map(index)

    # ------------------------------------------------------------------- play
    def choose(self, index: int) -> None:
        runner = self.runner
        if runner.finished:
            ends = self._end_choices()
            if 0 <= index < len(ends):
                self._go(ends[index][0])
            return
        if not runner.waiting:
            if index == 0:
                self.after(runner.proceed())
            return
        choices = runner.choices()
        if 0 <= index < len(choices):
            self.after(runner.press(choices[index].key))

    def retold(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        return tuple(e.text for e in events if e.kind not in QUIET)[-HAPPENED_LINES:]

    def _go(self, what: str) -> None:
        if what == "list":
            self.dismiss(None)
            return
        lesson = next(lesson for lesson in self.lessons if lesson.id == what)
        self.app.switch_screen(BloodrushLesson(lesson, self.progress, self.lessons))

    def on_town_map_square_clicked(self, message: TownMap.SquareClicked) -> None:
        if self.runner.waiting:
            hits = [i for i, c in enumerate(self.runner.choices()) if c.square == message.square]
            if len(hits) == 1:
                self.choose(hits[0])

    def action_explain(self) -> None:
        from adrenaline_tui.titles.bloodrush import explain
        from adrenaline_tui.tui.screens.explain import ExplainScreen

        view = self.runner.view
        topics = explain.topics(view)
        if not topics:
            return
        start = None
        cursor = self.query_one(ActionPanel).cursor
        if self.runner.waiting and cursor is not None:
            choices = self.runner.choices()
            start = choices[cursor].key if 0 <= cursor < len(choices) else None
        self.app.push_screen(ExplainScreen(topics, lambda thing: explain.explain(view, thing), start))

    def action_leave(self) -> None:
        self.dismiss(None)
