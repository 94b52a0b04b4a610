"""`LessonPanel`: what the lesson says now - what just happened, the narration, and the task.

The task and its hint sit at the bottom and never scroll away; what just happened (the step's
"done" text, or why a choice was not played) comes first, above the narration, so the learner
reads the answer to what they just did before the next step. Marks, not colour alone, tell the
two apart: a tick for done, a cross for a refused choice.
"""

from __future__ import annotations

from typing import Literal

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from adrenaline_tui.record import record
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.prose import reflow
from adrenaline_tui.tui.widgets._tcss import tcss_beside

Feedback = Literal["", "done", "refused", "info"]
MARKS = {"done": "✓ ", "refused": "✗ ", "info": "» ", "": ""}
ASCII_MARKS = {"done": "+ ", "refused": "x ", "info": "> ", "": ""}


@record
class LessonPanelState:
    narration: str
    task: str = ""
    hint: str = ""
    feedback: str = ""
    feedback_kind: Feedback = ""
    happened: tuple[str, ...] = ()  # what the last key caused, in the log's words
    # While the learner reads on, the hint (which names an option's key) is not drawn but keeps
    # its lines: the text then has the room it will have once the options come, so what fits
    # while reading still fits afterwards.
    hint_held: bool = False


class LessonPanel(Vertical):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: LessonPanelState | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="story"):
            yield Static("", id="feedback", markup=False)
            yield Static("", id="narration", markup=False)
        yield Static("", id="task", markup=False)
        yield Static("", id="hint", markup=False)

    def show(self, state: LessonPanelState) -> None:
        if state == self.state:
            return
        new_step = self.state is None or state.narration != self.state.narration
        self.state = state
        marks = ASCII_MARKS if look_of(self.app).glyphs is ASCII else MARKS
        feedback = self.query_one("#feedback", Static)
        if state.feedback or state.happened:
            out = Text()
            if state.feedback:
                style = Style(bold=True) if state.feedback_kind in ("done", "refused") else Style()
                out.append(marks[state.feedback_kind] + state.feedback, style)
            for line in state.happened:
                out.append(("\n" if out else "") + "  " + line, Style(dim=True))
            feedback.update(out)
            feedback.set_class(state.feedback_kind == "refused", "-refused")
            feedback.set_class(state.feedback_kind == "done", "-done")
            feedback.display = True
        else:
            feedback.display = False
        self.query_one("#narration", Static).update(reflow(state.narration))
        task = Text()
        if state.task:
            task.append("Task: ", Style(bold=True))
            task.append(state.task, Style(bold=True))
        self.query_one("#task", Static).update(task)
        self.query_one("#task").display = bool(task)
        hint = self.query_one("#hint", Static)
        hint.update(Text(state.hint, Style(italic=True)))
        hint.display = bool(state.hint)
        hint.set_class(state.hint_held, "-held")
        if new_step or state.feedback_kind == "refused":
            self.query_one("#story", VerticalScroll).scroll_home(animate=False)

    @property
    def text_height(self) -> int:
        """Rows the whole text takes at the panel's width, scrolled or not."""
        parts = [*self.query_one("#story").children, self.query_one("#task"), self.query_one("#hint")]
        return sum(w.outer_size.height for w in parts if w.display)

    @property
    def more_to_read(self) -> bool:
        """Is some of the text below the panel's bottom edge?"""
        story = self.query_one("#story", VerticalScroll)
        return story.scroll_y < story.max_scroll_y

    @property
    def read_above(self) -> bool:
        """Is some of the text scrolled above the panel's top edge?"""
        return self.query_one("#story", VerticalScroll).scroll_y > 0

    def scroll_story(self, pages: int) -> None:
        story = self.query_one("#story", VerticalScroll)
        if pages > 0:
            story.scroll_page_down(animate=False)
        else:
            story.scroll_page_up(animate=False)
