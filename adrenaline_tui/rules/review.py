"""A saved game laid out decision by decision, for the replay viewer (no UI here).

`Recording` replays a loaded game's keys once and notes, after each decision, how many events
had happened, which turn it was and how many kills there had been; `at(n)` is the game as it was
after `n` decisions (a replay), so a view of it is exactly what a player could see then.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from adrenaline_tui.rules.game import Game


@dataclass(slots=True)
class Recording:
    final: Game
    keys: list[str]
    events_at: list[int] = field(default_factory=list)  # events emitted after n decisions
    turn_at: list[int] = field(default_factory=list)  # the game's turn after n decisions
    # killshots so far after n decisions: "next kill" goes to the shot itself, not the scoring
    kills_at: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> Recording:
        """Lay out `game` (loaded from a save: its keys are known to be legal)."""
        rec = cls(game, list(game.history))
        fresh = Game(game.config, game.seed, game.scenario, game.cards)
        kills = 0

        def note() -> None:
            nonlocal kills
            start = rec.events_at[-1] if rec.events_at else 0
            kills += sum(1 for e in fresh.events[start:] if e.kind == "killshot")
            rec.events_at.append(len(fresh.events))
            rec.turn_at.append(fresh.turn)
            rec.kills_at.append(kills)

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

    def next_kill(self, n: int) -> int | None:
        """The first decision after `n` at which one more kill has happened, if any."""
        later = bisect_right(self.kills_at, self.kills_at[n])
        return later if later <= self.decisions else None
