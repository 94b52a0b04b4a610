"""A saved game laid out decision by decision, for a replay viewer: every title's (no UI here).

`Recording.of(game)` replays a loaded game's keys once and notes, after each decision, how many
events had happened, which turn it was and how many of the title's moments (`MOMENTS`: event
kinds a viewer jumps between, a kill in Adrenaline, a meal or a burst in Bloodrush) there had
been; `at(n)` is the game as it was after `n` decisions (a replay), so a view of it is exactly
what a player could see then. A title subclasses it with its moments and how its game starts
over (`_fresh`); this module imports no engine.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

GameT = TypeVar("GameT")


@dataclass(slots=True)
class Recording(Generic[GameT]):
    final: GameT
    keys: list[str]
    events_at: list[int] = field(default_factory=list)  # events emitted after n decisions
    turn_at: list[int] = field(default_factory=list)  # the game's turn after n decisions
    # moments so far after n decisions: "next moment" goes to the event itself (a killshot, not
    # the scoring after it)
    moments_at: list[int] = field(default_factory=list)

    MOMENTS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def _fresh(cls, game: GameT) -> GameT:
        """The game as it started: same set-up and seed, no decision taken."""
        raise NotImplementedError

    @classmethod
    def of(cls, game: GameT) -> Recording[GameT]:
        """Lay out `game` (loaded from a save: its keys are known to be legal)."""
        rec = cls(game, list(game.history))  # type: ignore[attr-defined]
        fresh: Any = cls._fresh(game)
        moments = 0

        def note() -> None:
            nonlocal moments
            start = rec.events_at[-1] if rec.events_at else 0
            moments += sum(1 for e in fresh.events[start:] if e.kind in cls.MOMENTS)
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

    def at(self, n: int) -> GameT:
        """The game after its first `n` decisions."""
        n = max(0, min(n, self.decisions))
        if n == self.decisions:
            return self.final
        return self.final.replay(self.keys[:n])  # type: ignore[attr-defined]

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

    # the review screen's name for it, from the first title's kills
    next_kill = next_moment
