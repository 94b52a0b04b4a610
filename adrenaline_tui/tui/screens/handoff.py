"""The hand-off: pass the keyboard to the next person without showing anyone's cards.

It covers the whole table (nothing underneath shows through) and says only public things:
whose decision it is and what kind, and what happened since that person last looked.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static

from adrenaline_tui.rules import Event, Game
from adrenaline_tui.tui.look import LETTER, hero
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets.event_log import event_line

RECAP_LINES = 8


def reason(game: Game, colour: str) -> str:
    """Why this person is called to the keyboard, from the public view only."""
    view = game.view(None)
    pending = view.get("pending")
    if pending is None:
        return ""
    # A public kind (`rules.decision.PUBLIC_KINDS`): the same whatever anyone holds.
    kind = pending["kind"]
    active = next(p for p in view["players"] if p["colour"] == view["active"])
    if kind == "spawn":
        return "You enter the arena: choose where to spawn."
    if kind == "respawn":
        return "You were killed: choose where to respawn."
    if kind == "tagback":
        return f"{active['name']} hit you: answer with a Tagback Grenade, or not."
    if kind == "overkill":
        return "Your overkill: choose the spawnpoint track for its token."
    full = active["frenzy_actions"] if view["frenzy"] else 2
    # The start of one's turn, before any action (or before entering the arena, when the spawn
    # is not asked of everyone and so is just part of the turn).
    starting = view["actions_left"] == full or (active["square"] is None and not active["dead"])
    if view["active"] == colour and starting:
        return f"Turn {view['turn']}: your turn" + (" (final frenzy)." if view["frenzy"] else ".")
    return "Back to you."


class HandoffScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I have the keyboard", id="handoff.ready"),
    ]

    def __init__(self, game: Game, colour: str, recap: list[Event]) -> None:
        super().__init__()
        self.game = game
        self.colour = colour
        self.recap = recap[-RECAP_LINES:]

    def compose_body(self) -> ComposeResult:
        name = self.game.name(self.colour)
        with Center(id="card"), Vertical(id="panel"):
            yield Static(id="who", markup=False)
            yield Static(Text(f"Pass the keyboard to {name}", Style(bold=True)), id="title", markup=False)
            yield Static(Text(reason(self.game, self.colour)), id="reason", markup=False)
            yield Static(id="recap", markup=False)
            yield Static(
                Text(f"{name}: press Enter when you have the keyboard and nobody else is looking.", "italic"),
                id="prompt",
                markup=False,
            )

    def on_mount(self) -> None:
        look = look_of(self.app)
        who = Text(justify="center")
        who.append(f"  {LETTER[self.colour]}  ", look.palette.figure_style(self.colour))
        who.append(f"  {hero(self.colour)} ({self.colour})", Style(bold=True))
        self.query_one("#who", Static).update(who)
        lines = [event_line(e, look) for e in self.recap]
        if lines:
            recap = Text("Since you last looked:\n", Style(bold=True))
            recap.append_text(Text("\n").join(lines))
        else:
            recap = Text("")
        self.query_one("#recap", Static).update(recap)

    def action_ready(self) -> None:
        self.dismiss(self.colour)
