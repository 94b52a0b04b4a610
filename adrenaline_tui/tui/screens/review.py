"""The replay viewer: any saved game, decision by decision and turn by turn.

The table's own widgets show the game as it stood after the chosen decision, seen by one player
(their `view` at that moment: their cards, nobody else's) or by a spectator (public information
only), with the log and the points chart up to that moment. The game is replayed from the save
(`rules.review.Recording`), so nothing shown can come from later in the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.review import Recording
from adrenaline_tui.rules.stats import game_stats
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.replay_steps import ReplaySteps
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import Shell, shell_of
from adrenaline_tui.tui.widgets import ArenaMap, EventLog, KeyBar, PlayerBoard, StatusBar
from adrenaline_tui.tui.widgets.drawn import Drawn
from adrenaline_tui.tui.widgets.points_chart import PointsChart


class ReviewScreen(ReplaySteps, BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = None  # nothing to type into: every key is a binding of the screen
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next", id="review.next"),
        Binding("left", "step(-1)", "Back", id="review.back"),
        Binding("down,pagedown", "turn(1)", "Next turn", id="review.next-turn"),
        Binding("up,pageup", "turn(-1)", "Turn back", id="review.previous-turn"),
        Binding("k", "next_kill", "Next kill", id="review.next-kill"),
        Binding("t", "jump", "Turn...", id="review.jump"),
        Binding("v", "next_viewer", "Seen by", id="review.viewer"),
        Binding("s", "figures", "Figures", id="review.figures"),
        Binding("home", "go(0)", "Start", show=False, id="review.start"),
        Binding("end", "go(-1)", "End", show=False, id="review.end"),
        Binding("escape", "close", "Close", id="review.close"),
    ]

    def __init__(self, game: Game, at: int = 0, viewer: str | None = None) -> None:
        super().__init__()
        self.start_replay(Recording.of(game), at, viewer)

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def compose_body(self) -> ComposeResult:
        large = self.has_class("-large")
        size_class = "-large" if large else ""
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ArenaMap(id="map", compact=not large)
                yield PointsChart(id="chart")
            with Vertical(id="right"):
                yield presenter.mode_board(self.game.config.mode)(id="track", classes=size_class)
                with Vertical(id="boards"):
                    for colour in presenter.board_colours(self.game.view(None)):
                        yield PlayerBoard(colour, id=f"board-{colour}", classes=size_class)
                yield EventLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def size_classes_changed(self) -> None:
        large = self.has_class("-large")
        for widget in self.query("PlayerBoard, #track"):
            widget.set_class(large, "-large")

    # ---------------------------------------------------------------- drawing
    def show(self) -> None:
        """Draw the game after `self.n` decisions as `self.viewer` could see it then."""
        rec, game = self.recording, self.game
        view = game.view(self.viewer, reveal_scores=not self.face_down())
        self.query_one(ArenaMap).show(presenter.map_state(game, view, None))
        shown = not self.face_down()
        for colour, state in presenter.board_states(game, view, self.viewer, shown).items():
            self.query_one(f"#board-{colour}", PlayerBoard).show(state)
        self.query_one("#track", Drawn).show(presenter.mode_board_state(game, view))
        upto = rec.events_at[self.n]
        self.query_one(EventLog).reset(rec.final.events[:upto])
        self.query_one(PointsChart).show(game_stats(rec.final, upto=upto, decisions=self.n), self.face_down())
        who = "a spectator" if self.viewer is None else game.name(self.viewer)
        where = f"Replay: decision {self.n}/{rec.decisions}, turn {rec.turn_at[self.n]}"
        self.query_one(StatusBar).show((where, self.viewer, f"seen by {who}"))

    def face_down(self) -> frozenset[str]:
        """Whose points the one looking could not see then: as at the table, points are face
        down until the game is over, unless the table shows them (the Points setting); one's own
        are always known."""
        if self.game.over or self.shell.settings.show_points:
            return frozenset()
        return frozenset(c for c in self.game.seats if c != self.viewer)

    # ---------------------------------------------------------------- actions
    def action_next_kill(self) -> None:
        later = self.recording.next_kill(self.n)
        if later is None:
            self.notify("No more kills in this game.")
        else:
            self.go(later)

    def action_jump(self) -> None:
        from adrenaline_tui.tui.screens.turn_prompt import TurnPrompt

        def chosen(turn: int | None) -> None:
            if turn is not None:
                self.go(self.recording.turn_start(turn))

        self.app.push_screen(TurnPrompt(self.recording.turn_at[-1]), callback=chosen)

    def viewers(self) -> list[str]:
        return list(self.game.seats)

    def action_figures(self) -> None:
        from adrenaline_tui.tui.screens.game_stats import GameStatsScreen

        upto = self.recording.events_at[self.n]
        self.app.push_screen(
            GameStatsScreen(self.recording.final, upto=upto, decisions=self.n, hidden=self.face_down())
        )
