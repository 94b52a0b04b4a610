"""Engine speed: random 5-player, 8-skull, final-frenzy games on arena_12.

Prints decisions per second, milliseconds per complete game (median and spread), the same for
the rule-free floor with the engine's ratio to it, and milliseconds to load a finished game's
save (a replay of every decision).

The floor is the engine's interface with the rules taken out (`Floor`): the same games replayed
from a script of what the engine asked and reported, so every decision still builds its
`Decision` and `Option`s, goes through a generator, is answered by the same random player,
checked, recorded in the history, and its events are appended. What the engine costs beyond it
is the rules. Issue 27 asks for the engine within 2.5x of it.

`--modes` plays the same number of games in every mode, with and without the bot (4 players so
the bot has a spare figure), and prints ms per game and per decision for each next to standard.

Timings on a shared machine move by 20-30% between runs; run it a few times and compare medians.

`--cpu` times games and floor by the process's CPU time instead of the wall clock: on a machine
busy with other work, time spent waiting for a core is then left out of both.

`--part` plays the games without timing them, for an instruction count by callgrind (steady to
about 0.1%, where times on the shared machine move by 20-30%): `none` (start-up and a warm-up
game only), `engine` (the games), `scripts` (the floor's scripts) and `floor` (the scripts, then
the floor over them). Per game: (engine - none) / N for the engine and (floor - scripts) / N
for the floor, e.g. with a compiled-data cache of its own, already warm:

    ADRENALINE_CACHE=/tmp/cache PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/engine.py --games 10 --part engine

    python benchmarks/engine.py [--games N] [--seed S] [--modes] [--cpu] [--part PART]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Decision, Game, GameConfig
from adrenaline_tui.rules.decision import Event, Option
from adrenaline_tui.rules.errors import IllegalChoice

CONFIG = GameConfig(players=("yellow", "blue", "grey", "purple", "green"), arena="arena_12", skulls=8, ending="frenzy")


MODE_CONFIGS = {
    f"{mode}{' + bot' if bot else ''}": GameConfig(
        players=("yellow", "blue", "grey", "purple"), arena="arena_12", skulls=8, mode=mode, bot=bot
    )
    for mode in ("standard", "domination", "turret")
    for bot in (None, "green")
}


# The clock games are timed by: the wall clock, or the process's CPU time (`--cpu`).
clock = time.perf_counter


def play(seed: int, config: GameConfig = CONFIG) -> tuple[Game, float]:
    start = clock()
    game = Game.new(config, seed)
    bot = RandomPlayer(seed)
    while (d := game.pending) is not None:
        game.choose(bot.choose(d))
    return game, clock() - start


# One asked decision of a recorded game: the events reported before it, then the question.
Step = tuple[list[tuple[str, str, dict[str, Any]]], tuple[str, str, str, list[tuple], bool, bool]]


def script(seed: int, config: GameConfig = CONFIG) -> list[Step]:
    """What the engine asked and reported in the game of this seed, as plain tuples."""
    game = Game.new(config, seed)
    bot = RandomPlayer(seed)
    steps: list[Step] = []
    events = [tuple(e) for e in game.events]
    while (d := game.pending) is not None:
        steps.append((events, (d.player, d.kind, d.prompt, [tuple(o) for o in d.options], d.auto, d.public)))
        events = [tuple(e) for e in game.choose(bot.choose(d))]
    return steps


class Floor:
    """The engine's interface (`pending`, `choose`, `history`, `events`) over a script instead of
    the rules: the cost of a decision with nothing decided."""

    def __init__(self, steps: list[Step]) -> None:
        self.history: list[str] = []
        self.events: list[Event] = []
        self._flow = self._play(steps)
        self._pending: Decision | None = next(self._flow, None)

    def _play(self, steps: list[Step]) -> Generator[Decision, str, None]:
        for events, (player, kind, prompt, options, auto, public) in steps:
            for kind_, text, data in events:
                self.events.append(Event(kind_, text, dict(data)))
            options_ = tuple(Option(*o) for o in options)
            yield Decision(player, kind, prompt, options_, auto=auto, public=public)

    @property
    def pending(self) -> Decision | None:
        return self._pending

    def choose(self, key: str) -> list[Event]:
        decision = self._pending
        if decision is None or decision.option(key) is None:
            raise IllegalChoice(key, [], "not an option")
        mark = len(self.events)
        self.history.append(key)
        try:
            self._pending = self._flow.send(key)
        except StopIteration:
            self._pending = None
        return self.events[mark:]


def play_floor(seed: int, steps: list[Step]) -> tuple[Floor, float]:
    start = clock()
    game = Floor(steps)
    bot = RandomPlayer(seed)
    while (d := game.pending) is not None:
        game.choose(bot.choose(d))
    return game, clock() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", action="store_true", help="compare every mode, with and without the bot")
    ap.add_argument("--cpu", action="store_true", help="time by CPU time rather than the wall clock")
    ap.add_argument(
        "--part", choices=("none", "engine", "scripts", "floor"), help="play untimed, for callgrind (above)"
    )
    args = ap.parse_args()
    if args.part is not None:
        play_part(args.part, args.games, args.seed)
        return
    if args.cpu:
        global clock
        clock = time.process_time
    if args.modes:
        compare_modes(args.games, args.seed)
        return

    play(0)  # warm the card and arena caches
    times, floor_times, decisions, turns = [], [], [], []
    last = None
    # Each game and its floor are timed one after the other, so that a burst of other work on a
    # shared machine slows both rather than one side of the ratio.
    for i in range(args.games):
        seed = args.seed + i
        game, dt = play(seed)
        steps = script(seed)
        floor, floor_dt = play_floor(seed, steps)
        assert floor.history == game.history, "the floor did not replay the same game"
        times.append(dt)
        floor_times.append(floor_dt)
        decisions.append(len(game.history))
        turns.append(game.turn)
        last = game
    total = sum(times)
    print(
        f"games:                 {args.games} (5 players, arena_12, 8 skulls, final frenzy, random players), "
        f"{'CPU time' if args.cpu else 'wall clock'}"
    )
    print(
        f"decisions per game:    median {statistics.median(decisions):.0f}, "
        f"turns per game median {statistics.median(turns):.0f}"
    )
    print(f"decisions per second:  {sum(decisions) / total:,.0f}")
    q = statistics.quantiles(times, n=10)
    print(
        f"ms per complete game:  median {statistics.median(times) * 1000:.1f}  "
        f"(p10 {q[0] * 1000:.1f}, p90 {q[-1] * 1000:.1f})"
    )
    floor_ms = statistics.median(floor_times) * 1000
    ratio = statistics.median(t / f for t, f in zip(times, floor_times, strict=True))
    print(
        f"rule-free floor:       median {floor_ms:.1f} ms a game, "
        f"{sum(floor_times) / sum(decisions) * 1e6:.1f} us a decision "
        f"(engine {total / sum(decisions) * 1e6:.1f} us)"
    )
    print(
        f"engine / floor:        {statistics.median(times) * 1000 / floor_ms:.2f}x (medians), "
        f"{ratio:.2f}x (median of each game's ratio; issue 27 asks <= 2.5x and <= 10 ms)"
    )

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "finished.json"
        assert last is not None
        last.save(path)
        loads = []
        for _ in range(10):
            start = time.perf_counter()
            Game.load(path)
            loads.append(time.perf_counter() - start)
        size = path.stat().st_size
    print(
        f"ms to load a finished game's save: median {statistics.median(loads) * 1000:.1f} "
        f"({len(last.history)} decisions, {size:,} bytes)"
    )


def play_part(part: str, games: int, seed: int) -> None:
    """One part of the benchmark's work, untimed (`--part`)."""
    play(0)  # warm the card and arena caches
    seeds = range(seed, seed + games)
    if part == "engine":
        for s in seeds:
            play(s)
    elif part in ("scripts", "floor"):
        steps = [script(s) for s in seeds]
        if part == "floor":
            for s, st in zip(seeds, steps, strict=True):
                play_floor(s, st)


def compare_modes(games: int, seed: int) -> None:
    play(0)  # warm the card and arena caches
    base = None
    print(f"{games} random games each, 4 players, arena_12, 8 skulls")
    for name, config in MODE_CONFIGS.items():
        times, decisions = [], []
        for i in range(games):
            game, dt = play(seed + i, config)
            times.append(dt)
            decisions.append(len(game.history))
        ms = statistics.median(times) * 1000
        per = sum(times) / sum(decisions) * 1e6
        base = base or (ms, per)
        print(
            f"{name:20} ms/game median {ms:7.1f} ({ms / base[0]:.2f}x)   "
            f"us/decision {per:6.1f} ({per / base[1]:.2f}x)   decisions median {statistics.median(decisions):.0f}"
        )


if __name__ == "__main__":
    main()
