"""Past games: every save, finished ones with their winners, to open in the replay viewer."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.rules.state import HEROES
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.screens.base import BaseScreen


def winners(info: storage.SaveInfo) -> str:
    """'won by Ann (31)' from the table sidecar of a finished game; '' if it does not say."""
    ranking = storage.read_table(info.path).get("ranking")
    if not isinstance(ranking, list):
        return ""
    top = [r for r in ranking if isinstance(r, dict) and r.get("rank") == 1]
    # The sidecar and the save are files anyone could have edited: nothing here is trusted to be
    # a string or a number.
    names = [str(info.names.get(str(r.get("player"))) or HEROES.get(str(r.get("player")), "?")) for r in top]
    score = top[0].get("score") if top else None
    if not names or not isinstance(score, int):
        return ""
    return f"won by {' and '.join(names)} ({score})"


def label(info: storage.SaveInfo) -> str:
    won = winners(info) if info.over else ""
    return f"{info.label}  {won}" if won else info.label


class PastGamesScreen(BaseScreen):
    AUTO_FOCUS = "#games"
    DEFAULT_CSS = """
    PastGamesScreen #games { height: 1fr; }
    PastGamesScreen #hint { height: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="past-games.close"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Static("Watch a saved game: Enter opens the replay, Esc goes back", id="hint", markup=False)
        saves = storage.list_saves()
        # Finished games first: they are the ones with a whole story to watch.
        ordered = [i for i in saves if i.over] + [i for i in saves if not i.over]
        yield OptionList(*[Option(label(info), id=str(info.path)) for info in ordered], id="games", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
