"""A yes/no question over the current screen, answered with y / n (Enter / Esc)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmScreen(ModalScreen[bool]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = None  # nothing to focus: the keys answer
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)
            yield Static(f"y / Enter: {self.yes}     n / Esc: {self.no}", id="keys", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
