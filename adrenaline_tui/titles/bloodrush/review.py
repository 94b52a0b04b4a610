"""A saved Bloodrush game laid out decision by decision, for a replay viewer (no UI here).

The same surface as Adrenaline's `rules/review.Recording` (`of`, `decisions`, `at(n)`,
`events_at`, `turn_at`, `turn_start`, `next_turn`, `previous_turn`, `next_kill`), so one
review screen can step through either title. Bloodrush has no kills: its moments are the
things a player looks for in a replay (a meal, the Mozzie eating a human or draining a
vampire, a burst, an elimination), and `next_kill` is `next_moment` under the name the screen
already calls. `at(n)` is the game after `n` decisions (a replay), so a view of it shows only
what a player could see then.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from adrenaline_tui.titles.bloodrush.game import Game

# Public events a replay viewer jumps between.
MOMENTS = frozenset({"fed", "eaten", "drained", "burst", "eliminated"})


@dataclass(slots=True)
class Recording:
    final: Game
    keys: list[str]
    events_at: list[int] = field(default_factory=list)  # events emitted after n decisions
    turn_at: list[int] = field(default_factory=list)  # the game's turn after n decisions
    moments_at: list[int] = field(default_factory=list)  # moments so far after n decisions

    @classmethod
    def of(cls, game: Game) -> Recording:
        """Lay out `game` (loaded from a save: its keys are known to be legal)."""
        rec = cls(game, list(game.history))
        fresh = Game(game.config, game.seed, game.scenario)
        moments = 0

        def note() -> None:
            nonlocal moments
            start = rec.events_at[-1] if rec.events_at else 0
            moments += sum(1 for e in fresh.events[start:] if e.kind in MOMENTS)
            rec.events_at.append(len(fresh.events))
            rec.turn_at.append(fresh.turn)
            rec.moments_at.append(moments)

        note()
        for key in rec.keys:
            fresh.choose(key)
            note()
        return rec

    @property
    def decisions(self) -> int:
        return len(self.keys)

    def at(self, n: int) -> Game:
        """The game after its first `n` decisions."""
        n = max(0, min(n, self.decisions))
        if n == self.decisions:
            return self.final
        return self.final.replay(self.keys[:n])

    def turn_start(self, turn: int) -> int:
        """The first decision at which `turn` (or a later one) had begun."""
        for n, t in enumerate(self.turn_at):
            if t >= turn:
                return n
        return self.decisions

    def next_turn(self, n: int) -> int:
        return self.turn_start(self.turn_at[n] + 1)

    def previous_turn(self, n: int) -> int:
        here = self.turn_start(self.turn_at[n])
        return here if here < n else self.turn_start(self.turn_at[n] - 1)

    def next_moment(self, n: int) -> int | None:
        """The first decision after `n` at which one more moment has happened, if any."""
        later = bisect_right(self.moments_at, self.moments_at[n])
        return later if later <= self.decisions else None

    next_kill = next_moment
