"""The hand-off between people at one keyboard: covers the whole table and says only public
things - whose decision it is, its public kind, and the public events since they last looked."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.bloodrush.ui.presenter import seat_colour, seat_letter
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets._tcss import tcss_beside

RECAP_LINES = 8
# The public kind of the decision waiting, in words (docs/bloodrush.md, "Decisions").
KIND_WORDS = {
    "place-human": "place a human on the board",
    "place-mozzie": "place the Mozzie",
    "mozzie-heading": "choose where the Mozzie heads",
    "action": "your turn: choose your action",
    "step": "take your steps",
    "red-card": "keep or play the red card you drew",
    "mozzie": "steer the Mozzie",
    "end": "end your turn, or play a red card",
    "damage": "a Damage tile: take it, or play a card",
    "dawn": "the dawn: take it, or play a card",
    "carriage-human": "choose the human your Carriage Ride moves",
    "carriage-direction": "choose where the carriage goes",
}


class BloodrushHandoff(BaseScreen):
    DEFAULT_CSS = tcss_beside(__file__)
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I have the keyboard", id="bloodrush-handoff.ready"),
    ]

    def __init__(self, seat: str, name: str, kind: str, recap: list[str]) -> None:
        super().__init__()
        self.seat, self.who, self.kind = seat, name, kind
        self.recap = recap[-RECAP_LINES:]

    def compose_body(self) -> ComposeResult:
        who = Text(justify="center")
        who.append(f"  {seat_letter(self.seat)}  ", Style(color="#111111", bgcolor=seat_colour(self.seat), bold=True))
        who.append(f"  {printable(self.who)}", Style(bold=True))
        recap = Text("")
        if self.recap:
            recap = Text("Since you last looked:\n", Style(bold=True))
            # Each line made printable on its own: a newline is a control character to `printable`.
            recap.append("\n".join(printable(line) for line in self.recap))
        with Center(id="card"), Vertical(id="panel"):
            yield Static(who, id="who", markup=False)
            yield Static(
                Text(f"Pass the keyboard to {printable(self.who)}", Style(bold=True)), id="title", markup=False
            )
            yield Static(f"Your decision: {KIND_WORDS.get(self.kind, self.kind)}.", id="reason", markup=False)
            yield Static(recap, id="recap", markup=False)
            yield Static(
                Text(
                    f"{printable(self.who)}: press Enter when you have the keyboard and nobody else is looking.",
                    "italic",
                ),
                id="prompt",
                markup=False,
            )

    def action_ready(self) -> None:
        self.dismiss(self.seat)
