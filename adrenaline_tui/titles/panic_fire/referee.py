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
from collections.abc import Callable, Iterable, Mapping
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

    def _next(self) -> tuple[int, int, float, Any] | None:
        """The next thing that happens, `(time, order, tie-break, what)`: the earliest; at the
        same millisecond, the clock's events first, then scripted actions, then computers in an
        order shuffled by the seed."""
        g = self.game
        if g.phase == "over":
            return None
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
        return min(todo, key=lambda x: x[:3]) if todo else None

    def _carry_out(self, t: int, kind: int, what: Any) -> None:
        g = self.game
        if t - max(self.now, 0) > MAX_ROUND_MS or t > MAX_ROUND_MS:
            raise RoundTooLong(f"round {g.round} runs past {MAX_ROUND_MS} ms")
        if kind == 0:
            rnd = g.round
            self.now = t
            self._record(g.advance(t), rnd)
            self._changed(rnd)
            return
        if kind == 1:
            _, _, seat, key = self.pending.pop(0)
        else:
            seat = what
            key = self.plans[seat][1]  # type: ignore[index]
            self.players[seat].done(t)
        self.apply(seat, key, t)

    def apply(self, seat: str, key: str, t: int) -> list[Event]:
        """One action of `seat` at `t` of the round's clock, passed to the engine now: the
        order of these calls is the order of arrival. Its events, or [] if refused (the reason
        is in `refused`); either way the computers plan again."""
        g = self.game
        rnd = g.round
        self.now = max(t, self.now)
        try:
            events = g.act(seat, key, self.now)
        except IllegalAction as exc:
            self.refused.append(Refusal(rnd, self.now, seat, key, exc.reason))
            events = []
        self._record(events, rnd)
        self._changed(rnd)
        return events

    def _changed(self, rnd: int) -> None:
        if self.game.round != rnd:
            self._new_round()
        self._replan()

    def _new_round(self) -> None:
        """A round ended at `now`: the next one's clock starts at the countdown."""
        self.now = -self.countdown_ms
        self.pending = [e for e in self.pending if e[0] >= self.game.round]

    def step(self) -> bool:
        """Carry out the next thing that happens; False when the game is over or nothing will."""
        nxt = self._next()
        if nxt is None:
            return False
        self._carry_out(*nxt[:2], nxt[3])
        return True

    def run(self, max_steps: int = 1_000_000) -> Game:
        for _ in range(max_steps):
            if not self.step():
                break
        return self.game


@dataclass
class Outcome:
    """What a key did: the events it caused, or the reason it changed nothing."""

    events: list[Event]
    reason: str | None = None


@dataclass
class LiveReferee(Referee):
    """The referee of a table people play at, on a real clock: the same mechanism as the
    simulated `Referee` (one list of what is due, carried out in order), but time is read from
    `clock` (monotonic milliseconds, injected so tests run it by hand) and people's actions are
    applied the moment they arrive (`press`), in the order they arrive.

    The app calls `catch_up()` when `wake_in()` says something is due (the flip at 0, the gun's
    return, a count of three, a computer's planned action) and `press(seat, key)` on a key.
    `pace` stretches the computers' delays (a lesson's "the computers wait for you"); the
    engine's own times (the gun, the count of three) never change."""

    clock: Callable[[], int] = field(default=lambda: 0)
    pace: float = 1.0
    # A game taken up in the middle of a round (a save, Continue) waits this long before its
    # clock goes on, so a person sees the table before anyone can act; keys wait too.
    resume_ms: int = 0

    def __post_init__(self) -> None:
        self._raw: dict[str, tuple[int, str] | None] = {}
        super().__post_init__()
        hold = self.resume_ms if self.game.phase == "play" else 0
        self.origin = self.clock() - self.now + hold  # the round's clock is clock() - origin
        self._paused_at: int | None = None

    def pause(self) -> None:
        """Stop the round's clock (the person is reading help, or the rules): nothing is due,
        nothing can be done, until `resume`."""
        if self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self, hold_ms: int) -> None:
        """Start the clock again where the last thing happened, after `hold_ms` to look first
        (a round not yet fired counts down again from the start)."""
        if self._paused_at is None:
            return
        self._paused_at = None
        hold = hold_ms if self.game.phase == "play" else 0
        self.origin = self.clock() - self.now + hold

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def seat(self, seat: str, player: Player | None) -> None:
        """A computer takes `seat` (a host gives an absent person's seat to one), or a person
        takes it back (None); every computer plans again."""
        players = dict(self.players)
        if player is None:
            players.pop(seat, None)
            self.plans.pop(seat, None)
            self._raw.pop(seat, None)
        else:
            players[seat] = player
        self.players = players
        self._replan()

    def holding(self) -> int:
        """Milliseconds before a round taken up in the middle goes on (0: it is going on)."""
        return max(0, self.now - self.round_now())

    def round_now(self) -> int:
        return self.clock() - self.origin

    def _replan(self) -> None:
        for seat, p in self.players.items():
            raw = p.plan(self.game.view(seat), self.now)
            if raw is None or self.pace == 1.0:
                self.plans[seat] = raw
            elif raw != self._raw.get(seat):
                # A new plan: its delay from now, stretched; the same plan keeps its time.
                self.plans[seat] = (self.now + round((raw[0] - self.now) * self.pace), raw[1])
            self._raw[seat] = raw

    def _new_round(self) -> None:
        # The next round's countdown starts when this one ended, not when the app noticed.
        ended = self.now
        super()._new_round()
        self.origin += ended + self.countdown_ms

    def catch_up(self) -> int:
        """Carry out everything due by now, in order; how many things happened."""
        done = 0
        if self._paused_at is not None:
            return 0
        while (nxt := self._next()) is not None and nxt[0] <= self.round_now():
            self._carry_out(*nxt[:2], nxt[3])
            done += 1
        return done

    def wake_in(self) -> int | None:
        """Milliseconds until the next thing is due (0: now; None: nothing will happen)."""
        nxt = self._next() if self._paused_at is None else None
        return None if nxt is None else max(0, nxt[0] - self.round_now())

    def press(self, seat: str, key: str) -> Outcome:
        """A person's action, stamped with the round's clock as it arrives."""
        if self._paused_at is not None:
            return Outcome([], "the game is paused")
        self.catch_up()
        if (wait := self.holding()) > 0:
            return Outcome([], f"wait: the round goes on in {-(-wait // 1000)} s")
        refused = len(self.refused)
        events = self.apply(seat, key, self.round_now())
        if len(self.refused) > refused:
            return Outcome([], self.refused[-1].reason)
        return Outcome(events)


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
