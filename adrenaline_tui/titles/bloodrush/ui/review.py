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
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets.key_bar import KeyBar


class BloodrushReview(BaseScreen):
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
        self.recording = Recording.of(game)
        self.n = max(0, min(at, self.recording.decisions))
        self.viewer = viewer
        self.game = self.recording.at(self.n)

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

    def go(self, n: int) -> None:
        rec = self.recording
        n = max(0, min(n, rec.decisions))
        if n == self.n:
            return
        if n == self.n + 1 and self.game is not rec.final:
            self.game.choose(rec.keys[self.n])  # one step on: carried forward, not replayed
            self.game = rec.final if n == rec.decisions else self.game
        else:
            self.game = rec.at(n)
        self.n = n
        self.show()

    def action_step(self, by: int) -> None:
        self.go(self.n + by)

    def action_go(self, n: int) -> None:
        self.go(self.recording.decisions if n < 0 else n)

    def action_turn(self, by: int) -> None:
        rec = self.recording
        self.go(rec.next_turn(self.n) if by > 0 else rec.previous_turn(self.n))

    def action_next_viewer(self) -> None:
        seats: list[str | None] = [None, *self.game.config.vampires]
        self.viewer = seats[(seats.index(self.viewer) + 1) % len(seats)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
