"""Explain: why an option, square, figure, board or action is allowed or not, and what it does.

A modal over the table or a lesson. The list on the left holds everything the person at the
screen may ask about (`rules.explain.questions.topics`); the right side shows the engine's answer for the
one under the cursor, starting with the thing that was asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.rules.explain import Explanation
from adrenaline_tui.rules.explain.questions import Topic
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.prose import clip

TOPIC_WIDTH = 29  # the list is 30 wide (explain.tcss), one column for its scrollbar


def explanation_text(e: Explanation, ascii: bool = False) -> Text:
    """The answer as people read it: the verdict in words (not only a colour), the reasons,
    then what choosing it does."""
    out = Text()
    out.append(e.subject, Style(bold=True))
    if e.legal is True:
        out.append(("  + " if ascii else "  ✓ ") + "allowed", Style(bold=True))
    elif e.legal is False:
        out.append(("  x " if ascii else "  ✗ ") + "not allowed", Style(bold=True))
    for line in e.why:
        out.append("\n" + line)
    if e.does:
        out.append("\n\nWhat it does" if e.legal is not None else "\n\nWhat is there", Style(underline=True))
        for line in e.does:
            out.append("\n" + ("- " if ascii else "• ") + line)
    return out


class ExplainScreen(ModalScreen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#topics"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,x,q", "close", "Close", id="explain.close"),
        Binding("tab", "switch", "List/answer", show=False, id="explain.switch"),
    ]

    def __init__(self, topics: Sequence[Topic], answer: Callable[[str], Explanation], start: str | None = None) -> None:
        super().__init__()
        self.topics = list(topics)
        self.answer = answer
        self.start = start
        self.shown: Explanation | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(
                "Explain: up/down to pick, Tab to scroll the answer, Esc to close", id="explain-hint", markup=False
            )
            with Horizontal():
                yield OptionList(*self._options(), id="topics", markup=False)
                with VerticalScroll(id="answer"):
                    yield Static("", id="answer-text", markup=False)

    def _options(self) -> list[Option]:
        # A square can be both an option and a square of the arena: list ids are positions.
        out: list[Option] = []
        group = None
        for i, t in enumerate(self.topics):
            if t.group != group:
                group = t.group
                out.append(Option(Text(group, Style(bold=True)), disabled=True))
            out.append(Option(clip("  " + t.label, TOPIC_WIDTH), id=f"topic-{i}"))
        return out

    def on_mount(self) -> None:
        topics = self.query_one("#topics", OptionList)
        ids = [t.id for t in self.topics]
        if not ids:
            self.query_one("#answer-text", Static).update("Nothing to explain here.")
            return
        first = ids.index(self.start) if self.start in ids else 0
        topics.highlighted = topics.get_option_index(f"topic-{first}")
        self._show(ids[first])

    def _show(self, topic: str) -> None:
        ascii = look_of(self.app).glyphs is ASCII
        self.shown = self.answer(topic)
        self.query_one("#answer-text", Static).update(explanation_text(self.shown, ascii))
        self.query_one("#answer", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show(self.topics[int(event.option.id.removeprefix("topic-"))].id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.set_focus(self.query_one("#answer"))

    def action_switch(self) -> None:
        answer = self.query_one("#answer")
        self.set_focus(self.query_one("#topics") if self.focused is answer else answer)

    def action_close(self) -> None:
        self.dismiss(None)
