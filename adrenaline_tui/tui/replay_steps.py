"""Stepping through a replay, for every title's replay viewer (a screen mixin, no widgets).

A replay viewer holds a title's `recording.Recording` of a saved game, the decision `n` it
shows, who it is seen by (`viewer`: a seat, or None for a spectator) and the game as it was
then. Going one decision on carries that game forward instead of replaying it from the start;
any other jump replays. The screen draws (`show`), names its bindings and says who may look
(`viewers`); the moving about is here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class ReplaySteps:
    """Mixed into a `Screen` before it: `start_replay` in `__init__`, then the actions."""

    recording: Any  # a title's recording.Recording
    n: int
    viewer: str | None
    game: Any

    def start_replay(self, recording: Any, at: int, viewer: str | None) -> None:
        self.recording = recording
        self.n = max(0, min(at, recording.decisions))
        self.viewer = viewer
        self.game = recording.at(self.n)

    def show(self) -> None:
        """Draw the game after `self.n` decisions as `self.viewer` could see it then."""
        raise NotImplementedError

    def viewers(self) -> Sequence[str]:
        """The seats whose view the replay can be seen by (a spectator comes first)."""
        raise NotImplementedError

    def go(self, n: int) -> None:
        rec = self.recording
        n = max(0, min(n, rec.decisions))
        if n == self.n:
            return
        if n == self.n + 1:
            # One step on: carry the game forward instead of replaying it from the start.
            game = self.game if self.game is not rec.final else rec.at(self.n)
            game.choose(rec.keys[self.n])
            self.game = rec.final if n == rec.decisions else game
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
        seats: list[str | None] = [None, *self.viewers()]
        self.viewer = seats[(seats.index(self.viewer) + 1) % len(seats)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)  # type: ignore[attr-defined]
