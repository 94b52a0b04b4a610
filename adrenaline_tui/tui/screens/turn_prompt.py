"""A small question over the replay viewer: which turn to jump to."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class TurnPrompt(ModalScreen[int | None]):
    AUTO_FOCUS = "#turn"
    DEFAULT_CSS = """
    TurnPrompt { align: center middle; }
    TurnPrompt #box { width: 40; height: auto; border: round $primary; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="turn-prompt.cancel"),
    ]

    def __init__(self, last_turn: int) -> None:
        super().__init__()
        self.last_turn = last_turn

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(f"Jump to turn (1 to {self.last_turn}), then Enter:", markup=False)
            yield Input(id="turn", type="integer", max_length=5)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            turn = int(event.value)
        except ValueError:
            self.notify("A turn is a number.")
            return
        self.dismiss(max(0, min(turn, self.last_turn)))

    def action_cancel(self) -> None:
        self.dismiss(None)
