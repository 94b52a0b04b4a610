"""Loading a saved game: every save under the game's home, newest first.

A save that cannot be read is listed too, with its reason, so that a broken file is seen (and
can be removed) rather than silently missing; choosing it says why it cannot be loaded.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.printable import printable
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
        folder = printable(str(storage.saves_dir()))
        yield Static(f"Saved games in {folder} (Enter to load, Esc to go back)", id="hint", markup=False)
        self.saves = {str(info.path): info for info in storage.list_saves()}
        yield OptionList(*[Option(info.label, id=key) for key, info in self.saves.items()], id="saves", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.saves.get(event.option.id or "")
        if info is None:
            return
        if not info.readable:
            self.notify(f"{info.path.name} cannot be read: {info.problem}", severity="error", timeout=8)
            return
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
