"""Watching a saved game of Bloodrush again: decision by decision and turn by turn, seen by one
vampire (their view at that moment: their red cards, nobody else's) or by a spectator.

The game is replayed from the save (`titles/bloodrush/review.Recording`), so nothing shown
comes from later in the game; the same widgets as the table show it.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.review import Recording
from adrenaline_tui.titles.bloodrush.ui import presenter
from adrenaline_tui.titles.bloodrush.ui.event_lines import QUIET, EventLines
from adrenaline_tui.titles.bloodrush.ui.time_track import TimeTrack
from adrenaline_tui.titles.bloodrush.ui.town_map import TownMap
from adrenaline_tui.titles.bloodrush.ui.vampires_panel import VampiresPanel
from adrenaline_tui.titles.bloodrush.views import events_for
from adrenaline_tui.tui.replay_steps import ReplaySteps
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets.key_bar import KeyBar


class BloodrushReview(ReplaySteps, BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = None  # every key is a binding of the screen
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next", id="bloodrush-review.next"),
        Binding("left", "step(-1)", "Back", id="bloodrush-review.back"),
        Binding("down,pagedown", "turn(1)", "Next turn", id="bloodrush-review.next-turn"),
        Binding("up,pageup", "turn(-1)", "Turn back", id="bloodrush-review.previous-turn"),
        Binding("v", "next_viewer", "Seen by", id="bloodrush-review.viewer"),
        Binding("home", "go(0)", "Start", show=False, id="bloodrush-review.start"),
        Binding("end", "go(-1)", "End", show=False, id="bloodrush-review.end"),
        Binding("escape", "close", "Close", id="bloodrush-review.close"),
    ]

    def __init__(self, game: Game, at: int = 0, viewer: str | None = None) -> None:
        super().__init__()
        self.start_replay(Recording.of(game), at, viewer)

    def compose_body(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield TownMap(id="map")
                yield TimeTrack(id="track")
            with Vertical(id="right"):
                yield VampiresPanel(id="vampires")
                yield Static("", id="hand", markup=False)
                yield EventLines(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        game, rec = self.game, self.recording
        view = game.view(self.viewer)
        kinds: dict[str, str] = {}
        who = "a spectator" if self.viewer is None else game.name(self.viewer)
        self.query_one("#status", Static).update(
            f"Replay: decision {self.n} of {rec.decisions}, turn {game.turn} - seen by {who} (v changes)"
        )
        self.query_one(TownMap).show(presenter.map_state(view))
        self.query_one(TimeTrack).show(presenter.track_state(view))
        self.query_one(VampiresPanel).show(presenter.vampires_state(view, kinds))
        self.query_one("#hand", Static).update(presenter.hand_text(view))
        seen = events_for(self.viewer, game.events)
        self.query_one(EventLines).show(tuple((e.data.get("seat"), e.text) for e in seen if e.kind not in QUIET))

    def help_sections(self) -> list[tuple[str, list[str]]]:
        """F1 here says what the table's does of the town and the turn (not the first title's)."""
        from adrenaline_tui.titles.bloodrush.ui.table import HELP_TOWN, HELP_TURN

        return [("The town", HELP_TOWN), ("A turn in brief", HELP_TURN)]

    def viewers(self) -> list[str]:
        return list(self.game.config.vampires)
