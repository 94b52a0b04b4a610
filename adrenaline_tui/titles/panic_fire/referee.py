"""A headless referee: runs a game with computer players and scripted actions in simulated
time, for tests and benchmarks. It does what the shell's referee does (docs/panic_fire.md,
"The referee's duties"), with a simulated clock in place of a real one:

- it alone decides the order of actions: every action goes through `Game.act` one at a time,
  and the first to arrive is first (here: the earliest time; at the same millisecond, the clock's
  events first, then scripted actions, then computers in an order shuffled by its seed);
- it fires the clock's events at `Game.next_deadline()` with `Game.advance`;
- it counts each round down from `countdown_ms` before "fire!" (the round's clock is negative);
- it gives each computer only `view(seat)`, after every change, and carries out its plans.

Deterministic: the same game, players, script and seed give the same log.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from adrenaline_tui.titles.panic_fire.errors import IllegalAction
from adrenaline_tui.titles.panic_fire.game import Event, Game

COUNTDOWN_MS = 3000  # "¡listo, apunta, dispara!": a second a word
MAX_ROUND_MS = 30 * 60 * 1000  # a round that has not ended in half an hour of play is a bug


class Player(Protocol):
    def plan(self, view: dict[str, Any], now_ms: int) -> tuple[int, str] | None: ...

    def done(self, now_ms: int) -> None: ...


class RoundTooLong(RuntimeError):
    pass


@dataclass
class Refusal:
    round: int
    ms: int
    seat: str
    key: str
    reason: str


@dataclass
class Referee:
    game: Game
    players: Mapping[str, Player] = field(default_factory=dict)
    # (round, ms, seat, key): actions of people, at their times of the round's clock.
    script: Iterable[tuple[int, int, str, str]] = ()
    seed: int = 0
    countdown_ms: int = COUNTDOWN_MS

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.pending = sorted(self.script, key=lambda e: (e[0], e[1]))
        self.refused: list[Refusal] = []
        self.events: list[tuple[int, int, Event]] = []
        self.plans: dict[str, tuple[int, str] | None] = {}
        self.round = self.game.round
        self.now = -self.countdown_ms if self.game.phase == "ready" else (self.game.clock or 0)
        self._replan()

    def _replan(self) -> None:
        for seat, p in self.players.items():
            self.plans[seat] = p.plan(self.game.view(seat), self.now)

    def _record(self, events: list[Event], rnd: int) -> None:
        for e in events:
            self.events.append((rnd, self.now, e))

    def step(self) -> bool:
        """Carry out the next thing that happens; False when the game is over or nothing will."""
        g = self.game
        if g.phase == "over":
            return False
        # (time, order, tie-break, what)
        todo: list[tuple[int, int, float, Any]] = []
        due = g.next_deadline()
        if due is not None:
            todo.append((max(due, self.now), 0, 0.0, None))
        if self.pending and self.pending[0][0] == g.round:
            todo.append((max(self.pending[0][1], self.now), 1, 0.0, "script"))
        for seat in sorted(self.players):
            plan = self.plans.get(seat)
            if plan is not None:
                todo.append((max(plan[0], self.now), 2, self.rng.random(), seat))
        if not todo:
            return False
        t, kind, _, what = min(todo, key=lambda x: x[:3])
        if t - max(self.now, 0) > MAX_ROUND_MS or t > MAX_ROUND_MS:
            raise RoundTooLong(f"round {g.round} runs past {MAX_ROUND_MS} ms")
        self.now = t
        rnd = g.round
        if kind == 0:
            self._record(g.advance(t), rnd)
        else:
            if kind == 1:
                _, _, seat, key = self.pending.pop(0)
            else:
                seat = what
                key = self.plans[seat][1]  # type: ignore[index]
                self.players[seat].done(t)
            try:
                self._record(g.act(seat, key, t), rnd)
            except IllegalAction as exc:
                self.refused.append(Refusal(rnd, t, seat, key, exc.reason))
        if g.round != rnd:
            self.now = -self.countdown_ms
            self.pending = [e for e in self.pending if e[0] >= g.round]
        self._replan()
        return True

    def run(self, max_steps: int = 1_000_000) -> Game:
        for _ in range(max_steps):
            if not self.step():
                break
        return self.game


def play(
    game: Game, players: Mapping[str, Player], script: Iterable[tuple[int, int, str, str]] = (), seed: int = 0
) -> Referee:
    """Run `game` to its end (or until nothing more happens) and return the referee."""
    ref = Referee(game, players, script, seed)
    ref.run()
    return ref


def main(argv: list[str] | None = None) -> int:
    """`python -m adrenaline_tui.titles.panic_fire.referee`: computer games in simulated time, one
    JSON line each (until the shell's `simulate` runs real-time titles)."""
    import argparse
    import json

    from adrenaline_tui.titles.panic_fire.game import SEATS
    from adrenaline_tui.titles.panic_fire.players import KINDS, make_player

    ap = argparse.ArgumentParser(description=main.__doc__.splitlines()[0] if main.__doc__ else None)
    ap.add_argument("--players", type=int, default=4, choices=range(2, 6))
    ap.add_argument("--level", default="normal", choices=KINDS)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for i in range(args.games):
        seed = args.seed + i
        g = Game.new({"seats": list(SEATS[: args.players])}, seed)
        ref = play(g, {s: make_player(args.level, seed * 7 + n) for n, s in enumerate(g.config.seats)}, seed=seed)
        fouls = sum(1 for _, _, e in ref.events if e.kind == "foul")
        line = {
            "game": i + 1,
            "seed": seed,
            "champion": g.champion,
            "bullets": g.bullets,
            "rounds": g.round,
            "sudden_death": g.sudden_death,
            "actions": len(g.log),
            "fouls": fouls,
            "refused": len(ref.refused),
        }
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
