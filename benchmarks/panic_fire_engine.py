"""Panic Fire engine speed: whole games in simulated time, 2-5 seats, by computer level.

Prints, for each table, milliseconds of wall time per simulated game and per round (median of
the games), the engine's calls per game (acts and clock advances, the save's log), calls per
second with the computer players' thinking included, and how long a round lasts in simulated
time (seconds after "fire!", at the players' human pace); then the engine alone: replaying a
finished game's log (every act and advance, no players), in calls per second. Timings on a
shared machine move by 20-30% between runs.

    python benchmarks/panic_fire_engine.py [--games N] [--seed S] [--level normal]
    python benchmarks/panic_fire_engine.py --mix [--games N]   # the levels against each other

`--mix` plays 4-seat games of hard, normal, easy and random, their seats rotated each game, and
prints the games won and Bullets taken by level.
"""

from __future__ import annotations

import argparse
import statistics
import time

from adrenaline_tui.titles.panic_fire import SEATS, Game
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import play
from adrenaline_tui.titles.panic_fire.saves import replay

LEVELS = ["hard", "normal", "easy", "random"]


def mix(games: int, first_seed: int) -> None:
    wins: dict[str, int] = dict.fromkeys(LEVELS, 0)
    bullets: dict[str, int] = dict.fromkeys(LEVELS, 0)
    seats = list(SEATS[:4])
    for i in range(games):
        seed = first_seed + i
        kinds = LEVELS[i % 4 :] + LEVELS[: i % 4]
        level = dict(zip(seats, kinds, strict=True))
        g = Game.new({"seats": seats}, seed)
        play(g, {s: make_player(k, seed * 5 + n) for n, (s, k) in enumerate(level.items())}, seed=seed)
        wins[level[g.champion]] += 1
        for s in seats:
            bullets[level[s]] += g.bullets[s]
    print(f"{games} games of {', '.join(LEVELS)} (seats rotated):")
    for k in LEVELS:
        print(f"  {k:7} won {wins[k]:3}  Bullets {bullets[k]:4}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="normal", choices=LEVELS)
    ap.add_argument("--mix", action="store_true", help="the levels against each other")
    args = ap.parse_args()
    if args.mix:
        mix(args.games, args.seed)
        return
    print(f"seeds {args.seed}..{args.seed + args.games - 1}, {args.level} players")
    finished: list[Game] = []
    for n in range(2, 6):
        seats = list(SEATS[:n])
        per_game, per_round, calls, sim_s = [], [], [], []
        for i in range(args.games):
            seed = args.seed + i
            g = Game.new({"seats": seats}, seed)
            players = {s: make_player(args.level, seed * 7 + k) for k, s in enumerate(seats)}
            t = time.perf_counter()
            ref = play(g, players, seed=seed)
            ms = (time.perf_counter() - t) * 1000
            per_game.append(ms)
            per_round.append(ms / g.round)
            calls.append(len(g.log))
            ends: dict[int, int] = {}
            for rnd, at, _ in ref.events:
                ends[rnd] = max(ends.get(rnd, 0), at)
            sim_s.append(statistics.mean(ends.values()) / 1000)
            finished.append(g)
        rate = sum(calls) / (sum(per_game) / 1000)
        print(
            f"{n} seats  {statistics.median(per_game):7.1f} ms/game  {statistics.median(per_round):6.2f} ms/round"
            f"  {statistics.mean(calls):6.1f} calls/game  {rate:7.0f} calls/s (players included)"
            f"  rounds last {statistics.median(sim_s):5.1f} s of play"
        )
    t = time.perf_counter()
    total = 0
    for g in finished:
        replay(Game.new(g.config, g.seed), g.log)
        total += len(g.log)
    s = time.perf_counter() - t
    print(f"replay of {len(finished)} games: {total / s:7.0f} calls/s, {1000 * s / len(finished):.2f} ms/game")


if __name__ == "__main__":
    main()
