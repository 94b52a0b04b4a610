"""After the game: the points chart, awards and the figures (docs/stats.md), for any game.

Opened from the final standings, from the replay viewer (the figures up to that moment) and
for any save. Everything shown comes from `rules.stats` (the engine's events), never the UI.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.stats import game_stats
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets import KeyBar
from adrenaline_tui.tui.widgets.points_chart import PointsChart
from adrenaline_tui.tui.widgets.stats_summary import StatsSummary


class GameStatsScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#figures"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="game-stats.close"),
    ]

    def __init__(
        self,
        game: Game,
        upto: int | None = None,
        decisions: int | None = None,
        title: str = "The game in figures",
        hidden: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__()
        self.hidden = hidden  # players whose points are face down for whoever looks
        self.stats = game_stats(game, upto=upto, decisions=decisions)
        self.title_text = title
        self.weapon_names = {w: card.name for w, card in game.cards.weapons.items()}

    def compose_body(self) -> ComposeResult:
        s = self.stats
        state = "final" if s["finished"] else f"up to turn {s['last_turn']}"
        yield Static(
            Text(f"{self.title_text} ({state}): points turn by turn", Style(bold=True)), id="heading", markup=False
        )
        with Horizontal(id="body"):
            yield PointsChart(id="chart")
            with VerticalScroll(id="figures"):
                yield StatsSummary(id="summary")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(PointsChart).show(self.stats, self.hidden)
        self.query_one(StatsSummary).show(self.stats, self.weapon_names, self.hidden)

    def action_close(self) -> None:
        self.dismiss(None)
