"""Learn to play: the lessons in order - the basics, then one per weapon - with what is done.

Each line says in words whether the lesson is done, skipped or new (never by colour alone); the
cursor starts on the lesson to take next, and the line above the list says which it is.
Progress is the learner's `learn.json` (walkthrough.Progress), so it survives between runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import OpenLesson, Shell, shell_of
from adrenaline_tui.tui.widgets.key_bar import KeyBar
from adrenaline_tui.walkthrough import Lesson, Progress

STATUS_WORDS = {"done": "done", "skipped": "skipped", "new": "new"}
MARKS = {"done": "✓", "skipped": "»", "new": "·"}
ASCII_MARKS = {"done": "+", "skipped": ">", "new": "."}


def next_lesson(lessons: list[Lesson], progress: Progress) -> Lesson | None:
    """The first basic lesson not done (skipped ones count: the learner may want them after
    all, but only once the new ones are through), else the first new weapon lesson."""
    basics = [lesson for lesson in lessons if lesson.kind == "basics"]
    for wanted in ("new", "skipped"):
        for lesson in basics:
            if progress.status(lesson.id) == wanted:
                return lesson
    return next((lesson for lesson in lessons if progress.status(lesson.id) == "new"), None)


class LessonListScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#lessons"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start the lesson", priority=True, id="lessons.start"),
        Binding("escape", "close", "Back", id="lessons.close"),
    ]

    def __init__(
        self,
        lessons: list[Lesson],
        progress: Progress | None = None,
        title: str = "Learn to play",
        *,
        from_game: bool = False,
    ) -> None:
        """`progress`: the shell's when None (a title's hook builds the list without the app)."""
        super().__init__()
        self.lessons = lessons
        self._progress = progress
        self.heading = title
        self.from_game = from_game

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    @property
    def progress(self) -> Progress:
        return self._progress if self._progress is not None else self.shell.progress

    def compose_body(self) -> ComposeResult:
        with Vertical(id="column"):
            yield Static(Text(self.heading, Style(bold=True)), id="heading", markup=False)
            yield Static("", id="next", markup=False)
            yield OptionList(id="lessons", markup=False)
            yield Static("", id="summary", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        marks = ASCII_MARKS if look_of(self.app).glyphs is ASCII else MARKS
        options: list[Option] = []
        basics = [lesson for lesson in self.lessons if lesson.kind == "basics"]
        variants = [lesson for lesson in self.lessons if lesson.kind == "variants"]
        weapons = [lesson for lesson in self.lessons if lesson.kind == "weapon"]
        width = max((len(lesson.title) for lesson in self.lessons), default=20) + 6  # number, gap
        groups = (
            ("The basics, in order", basics),
            ("Other ways to play: the modes and the bot", variants),
            ("Weapons, one lesson each", weapons),
        )
        for group, members in groups:
            if not members:
                continue
            options.append(Option(Text(group, Style(bold=True)), disabled=True))
            for n, lesson in enumerate(members, 1):
                status = self.progress.status(lesson.id)
                number = f"{n}." if lesson.kind == "basics" else "  "
                line = Text(no_wrap=True)
                line.append(f" {marks[status]} ", Style(bold=status == "done"))
                line.append(f"{number:>3} {lesson.title}".ljust(width))
                line.append(STATUS_WORDS[status], Style(dim=status != "done", italic=status == "skipped"))
                options.append(Option(line, id=lesson.id))
        menu = self.query_one("#lessons", OptionList)
        menu.set_options(options)
        nxt = next_lesson(self.lessons, self.progress)
        done = sum(1 for lesson in basics if self.progress.status(lesson.id) == "done")
        if not basics:
            words = "Enter starts the lesson under the cursor."
        elif nxt is None:
            words = "Every lesson is done: start a game from New game on the title screen."
        elif nxt.kind == "basics":
            words = f"Basics done: {done} of {len(basics)}. Next: {nxt.title} - press Enter."
        else:
            words = f"All {len(basics)} basics done: you can play a game. Or learn more - press Enter."
        self.query_one("#next", Static).update(words)
        target = nxt or self.lessons[0]
        menu.highlighted = menu.get_option_index(target.id)

    def lesson_at_cursor(self) -> Lesson | None:
        menu = self.query_one("#lessons", OptionList)
        option = menu.highlighted_option
        return next((lesson for lesson in self.lessons if option and lesson.id == option.id), None)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        lesson = self.lesson_at_cursor()
        if lesson is not None:
            steps = f"{len(lesson.steps)} steps"
            self.query_one("#summary", Static).update(f"{lesson.summary} ({steps})" if lesson.summary else steps)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_start()

    def action_start(self) -> None:
        lesson = self.lesson_at_cursor()
        if lesson is not None:
            self.post_message(OpenLesson(lesson, self.lessons, from_game=self.from_game))

    def action_close(self) -> None:
        self.dismiss(None)
