"""The list of Bloodrush's lessons, each with how far the player got (the shell's lesson
progress, shared with Adrenaline's lessons: the ids name the title). Enter plays one."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.titles.bloodrush.lesson import Lesson
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import shell_of

MARKS = {"done": "done", "skipped": "skipped", "started": "started"}


class BloodrushLessons(BaseScreen):
    AUTO_FOCUS = "#lessons"
    DEFAULT_CSS = """
    BloodrushLessons #lessons { height: 1fr; }
    BloodrushLessons #hint { height: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="bloodrush-lessons.close"),
    ]

    def __init__(self, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lessons = lessons

    @property
    def progress(self) -> Any:
        return shell_of(self).progress

    def compose_body(self) -> ComposeResult:
        yield Static("Learn Bloodrush by playing: Enter starts a lesson, Esc goes back", id="hint", markup=False)
        yield OptionList(id="lessons", markup=False)

    def on_screen_resume(self) -> None:
        menu = self.query_one("#lessons", OptionList)
        highlighted = menu.highlighted
        options = []
        for n, lesson in enumerate(self.lessons, 1):
            status = MARKS.get(self.progress.status(lesson.id), "")
            summary = f" - {lesson.summary}" if lesson.summary else ""
            options.append(Option(f"{n}. {lesson.title}{summary}{f'  ({status})' if status else ''}", id=lesson.id))
        menu.set_options(options)
        menu.highlighted = highlighted if highlighted is not None else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from adrenaline_tui.titles.bloodrush.ui.lesson import BloodrushLesson

        lesson = next((lesson for lesson in self.lessons if lesson.id == event.option.id), None)
        if lesson is not None:
            self.app.push_screen(BloodrushLesson(lesson, self.progress, self.lessons))

    def action_close(self) -> None:
        self.dismiss(None)
