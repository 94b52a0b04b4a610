"""The rules reference: every weapon, powerup and ammo tile, from `weapons.yaml`."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.rules.cards import CardSet, load_cards
from adrenaline_tui.tui import cardtext
from adrenaline_tui.tui.screens.base import BaseScreen


def entries(cards: CardSet) -> list[tuple[str, str, str]]:
    """(id, list label, full text) for every card, weapons by colour then powerups then tiles."""
    out = []
    for colour in ("blue", "red", "yellow"):
        for w in sorted((w for w in cards.weapons.values() if w.colour == colour), key=lambda w: w.name):
            out.append((w.id, f"{w.name} ({colour})", cardtext.weapon_text(w)))
    for k in cards.powerup_kinds.values():
        out.append((k.kind, f"{k.name} (powerup)", cardtext.powerup_text(k)))
    out.append(("ammo-tiles", "Ammo tiles", cardtext.ammo_text(cards)))
    return out


class RulesScreen(BaseScreen):
    AUTO_FOCUS = "#cards"
    DEFAULT_CSS = """
    RulesScreen #cards { width: 32; height: 1fr; border: none; }
    RulesScreen #text-box { width: 1fr; height: 1fr; padding: 0 1; border-left: solid $panel-lighten-2; }
    RulesScreen #hint { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="rules.close"),
    ]

    def __init__(self, cards: CardSet | None = None, show: str | None = None) -> None:
        super().__init__()
        self.cards = cards or load_cards()
        self.entries = entries(self.cards)
        self.initial = show

    def compose_body(self) -> ComposeResult:
        yield Static("Cards: up/down to browse, Esc to go back", id="hint")
        with Horizontal():
            yield OptionList(*[Option(label, id=cid) for cid, label, _ in self.entries], id="cards")
            with VerticalScroll(id="text-box"):
                yield Static("", id="text", markup=False)

    def on_mount(self) -> None:
        cards = self.query_one(OptionList)
        index = next((i for i, e in enumerate(self.entries) if e[0] == self.initial), 0)
        cards.highlighted = index
        self._show(index)

    def _show(self, index: int | None) -> None:
        if index is not None:
            self.query_one("#text", Static).update(self.entries[index][2])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)
