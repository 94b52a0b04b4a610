"""The end of a game of Bloodrush: why it ended and the ranking (survival; most humans; their
values plus colour bonuses; most blood), each vampire with its figures."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.bloodrush.ui.presenter import seat_colour, seat_letter
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import GoToTitle
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.key_bar import KeyBar

REASONS = {
    "survival": "one vampire is left standing",
    "collection": "every human on the board has been taken",
}


def ranking_table(view: dict[str, Any], names: dict[str, str]) -> Table:
    table = Table(expand=False, box=None, padding=(0, 1))
    for column in ("", "", "vampire", "alive", "humans", "values", "bonus", "points", "blood"):
        table.add_column(
            column, justify="right" if column in ("humans", "values", "bonus", "points", "blood") else "left"
        )
    for r in view.get("ranking") or []:
        seat = r["seat"]
        table.add_row(
            Text(f"{r['place']}.", Style(bold=True)),
            Text(f" {seat_letter(seat)} ", Style(color="#111111", bgcolor=seat_colour(seat), bold=True)),
            Text(printable(names.get(seat, seat.capitalize())), Style(color=seat_colour(seat), bold=True)),
            "yes" if r["alive"] else "no",
            str(len(r["humans"]) if isinstance(r["humans"], list) else r["humans"]),
            str(r["value"]),
            f"+{r['bonus']}",
            Text(str(r["points"]), Style(bold=True)),
            str(r["blood"]),
        )
    return table


class BloodrushGameOver(BaseScreen):
    DEFAULT_CSS = tcss_beside(__file__)
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "title", "Title screen", id="bloodrush-over.title"),
        Binding("b", "board", "See the board", id="bloodrush-over.board"),
        Binding("down", "scroll(1)", "Figures", key_display="↑↓", id="bloodrush-over.down"),
        Binding("up", "scroll(-1)", show=False, id="bloodrush-over.up"),
    ]

    def __init__(self, view: dict[str, Any], names: dict[str, str], figures: str = "") -> None:
        super().__init__()
        self.view, self.names, self.figures = view, names, figures

    def compose_body(self) -> ComposeResult:
        ranking = self.view.get("ranking") or []
        winners = [self.names.get(r["seat"], r["seat"].capitalize()) for r in ranking if r["place"] == 1]
        reason = REASONS.get(self.view.get("end_reason") or "", "the game is over")
        yield Static(Text(f"Game over: {reason}", Style(bold=True)), id="heading", markup=False)
        yield Static(
            Text(f"Winner: {printable(' and '.join(winners))}", Style(bold=True, color="#f2d03b")), id="winner"
        )
        yield Static(ranking_table(self.view, self.names), id="ranking")
        yield Static(
            "Ranked by survival, then most humans, then their values with colour bonuses "
            "(2 of a colour +1, 3 or more +3), then most blood.",
            id="how",
            markup=False,
        )
        with VerticalScroll(id="figures-box"):
            # Line by line: `printable` takes a newline for a control character.
            lines = "\n".join(printable(line) for line in self.figures.splitlines())
            yield Static(Text(lines, no_wrap=True, overflow="crop"), id="figures", markup=False)
        yield KeyBar()

    def action_title(self) -> None:
        self.post_message(GoToTitle())

    def action_scroll(self, lines: int) -> None:
        self.query_one("#figures-box", VerticalScroll).scroll_relative(y=lines * 3, animate=False)

    def action_board(self) -> None:
        self.dismiss(None)
