"""`ReviewScreen`: a saved game played again from its log, at the pace it was played (or faster,
or a step at a time), as a spectator sees it: every set, no hand.

The save is config + seed + the ordered log, so the review builds the game anew and applies
each entry in turn (`saves.replay` does the same all at once): what is shown is exactly what
happened, at the times it happened."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer

from adrenaline_tui.titles.panic_fire.game import Game
from adrenaline_tui.titles.panic_fire.saves import from_save_data, save_data
from adrenaline_tui.titles.panic_fire.ui.legend_line import LegendLine
from adrenaline_tui.titles.panic_fire.ui.sets_view import SetsView
from adrenaline_tui.titles.panic_fire.ui.table_screen import HELP_GAME
from adrenaline_tui.titles.panic_fire.ui.table_status import TableStatus
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.widgets._tcss import tcss_beside

BETWEEN_ROUNDS_MS = 1500
SPEEDS = (1, 2, 4, 8)


class ReviewScreen(BaseScreen):
    DEFAULT_CSS = tcss_beside(__file__)
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause/play", id="panic_fire.review.pause"),
        Binding("right,n", "step", "Next", id="panic_fire.review.step"),
        Binding("f", "faster", "Faster", id="panic_fire.review.faster"),
        Binding("escape", "leave", "Leave", id="panic_fire.review.leave"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        data: dict[str, Any] = save_data(game)
        self.entries: list[list[Any]] = data["log"]
        self.game = from_save_data({**data, "log": []}, "review")
        self.at = 0  # entries applied
        self.speed = SPEEDS[0]
        self.paused = False
        self._timer: Timer | None = None
        self._last = "the deal"

    def compose_body(self) -> ComposeResult:
        yield TableStatus(id="status")
        yield SetsView(id="sets")
        yield LegendLine(id="legend")

    def help_sections(self) -> list[tuple[str, list[str]]]:
        """F1 here says what the table's says of the game (not the first title's figures)."""
        return [("The game", HELP_GAME)]

    def on_mount(self) -> None:
        self._draw()
        self._schedule()

    def action_step(self) -> None:
        if self.at >= len(self.entries):
            return
        entry = self.entries[self.at]
        rnd, ms, seat, key = entry
        # The save was replayed whole when it was loaded, so every entry applies; its events
        # are what the table said at the time.
        events = self.game.advance(ms) if seat is None else self.game.act(seat, key, ms)
        self.at += 1
        said = "; ".join(e.text for e in events if e.kind not in ("drew", "no_card")) or f"{seat} {key}"
        self._last = f"round {rnd}, {ms / 1000:.1f} s: {said}"
        self._draw()

    def _wait_ms(self) -> int | None:
        if self.at >= len(self.entries):
            return None
        nxt = self.entries[self.at]
        if self.at == 0:
            return BETWEEN_ROUNDS_MS
        prev = self.entries[self.at - 1]
        gap = nxt[1] - prev[1] if nxt[0] == prev[0] else BETWEEN_ROUNDS_MS
        return max(0, gap) // self.speed

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        wait = self._wait_ms()
        if wait is not None and not self.paused:
            self._timer = self.set_timer(max(wait, 1) / 1000, self._tick)

    def _tick(self) -> None:
        self.action_step()
        self._schedule()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._schedule()
        self._draw()

    def action_faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._schedule()
        self._draw()

    def action_leave(self) -> None:
        self.dismiss(None)

    def _draw(self) -> None:
        view = self.game.view(None)
        now = self.entries[self.at - 1][1] if self.at else -1
        if view["phase"] == "ready":
            now = -1
        self.query_one(TableStatus).show(view, max(now, 800) if view["phase"] == "play" else now, self._last)
        self.query_one(SetsView).show(view, [])
        state = "paused" if self.paused else f"x{self.speed}"
        tail = f"review {self.at}/{len(self.entries)} {state} - space pause, n next, f faster, esc leave"
        self.query_one(LegendLine).show(view, tail)
