"""A line to say to the table: one input, Enter sends, Escape cancels."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input

from adrenaline_tui.tui.widgets.steady_input import SteadyInput
from adrenaline_tui.wire.protocol import MAX_CHAT


class ChatScreen(ModalScreen[str | None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "Input"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="chat.cancel")]

    def compose(self) -> ComposeResult:
        yield SteadyInput(placeholder="Say something to the table (Enter sends)", max_length=MAX_CHAT)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
