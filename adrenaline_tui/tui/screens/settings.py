"""Settings: points face up or down, computer speed, pausing on scoring, theme, glyphs and
whether new weapons offer their lesson."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import ChangeSetting, Shell, shell_of
from adrenaline_tui.tui.widgets.choice import Choice

THEME_LABELS = [
    ("", "Automatic (16 colours where that is all there is)"),
    ("adrenaline", "Adrenaline"),
    ("adrenaline-colourblind", "Colour-blind safe"),
    ("adrenaline-16", "16 colours"),
]
SPEEDS = [(0.0, "instant"), (0.3, "fast"), (0.6, "normal"), (1.2, "slow"), (2.0, "very slow")]


class SettingsScreen(BaseScreen):
    AUTO_FOCUS = "#show_points"
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen #form { width: 76; height: auto; border: round $primary; padding: 0 1; }
    SettingsScreen .row { height: 1; margin-bottom: 1; }
    SettingsScreen .label { width: 26; }
    SettingsScreen Choice { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "Done", id="settings.close"),
    ]

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def compose_body(self) -> ComposeResult:
        s = self.shell.settings
        speed = min(SPEEDS, key=lambda v: abs(v[0] - s.bot_delay))[0]
        with Vertical(id="form"):
            yield Static("Settings (left/right to change, Esc when done)", markup=False)
            rows = [
                (
                    "Points",
                    Choice(
                        [(False, "face down (as at the table)"), (True, "shown to everyone")],
                        s.show_points,
                        id="show_points",
                    ),
                ),
                ("Computer players move", Choice(SPEEDS, speed, id="bot_delay")),
                (
                    "Stop when boards score",
                    Choice([(True, "yes"), (False, "no")], s.pause_on_scoring, id="pause_on_scoring"),
                ),
                ("Theme", Choice(THEME_LABELS, s.theme, id="theme")),
                (
                    "Symbols",
                    Choice(
                        [("auto", "automatic"), ("unicode", "Unicode"), ("ascii", "plain ASCII")], s.glyphs, id="glyphs"
                    ),
                ),
                (
                    "Offer weapon lessons",
                    Choice([(True, "yes, when a weapon is new"), (False, "no")], s.offer_lessons, id="offer_lessons"),
                ),
            ]
            for label, choice in rows:
                with Horizontal(classes="row"):
                    yield Static(label, classes="label", markup=False)
                    yield choice

    def on_choice_changed(self, event: Choice.Changed) -> None:
        field = event.choice.id or ""
        self.post_message(ChangeSetting(field, event.value))

    def action_close(self) -> None:
        self.dismiss(None)
