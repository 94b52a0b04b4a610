"""The whole event log, scrollable (the table shows only its last lines)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import RichLog, Static

from adrenaline_tui.rules import Event
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets.event_log import event_line


class LogScreen(BaseScreen):
    AUTO_FOCUS = "#all"
    DEFAULT_CSS = """
    LogScreen #all { height: 1fr; }
    LogScreen #hint { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l,q", "close", "Back to the table", id="log.close"),
    ]

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = list(events)

    def compose_body(self) -> ComposeResult:
        yield Static("Everything that happened (Esc to go back)", id="hint", markup=False)
        yield RichLog(id="all", wrap=True, markup=False)

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        look = look_of(self.app)
        for e in self.events:
            log.write(event_line(e, look))

    def action_close(self) -> None:
        self.dismiss(None)
