"""Loading a saved game: every save under the game's home, newest first."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.tui import storage
from adrenaline_tui.tui.screens.base import BaseScreen


class LoadScreen(BaseScreen):
    AUTO_FOCUS = "#saves"
    DEFAULT_CSS = """
    LoadScreen #saves { height: 1fr; }
    LoadScreen #hint { height: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="load.close"),
    ]

    def compose_body(self) -> ComposeResult:
        folder = storage.saves_dir()
        yield Static(f"Saved games in {folder} (Enter to load, Esc to go back)", id="hint", markup=False)
        saves = storage.list_saves()
        yield OptionList(*[Option(info.label, id=str(info.path)) for info in saves], id="saves", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
