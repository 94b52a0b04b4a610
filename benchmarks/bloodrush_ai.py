"""Bloodrush computer players: a seat-rotated tournament of one hero against a field.

Each game seats one hero among `--players - 1` field players, the hero's seat moving one place
a game (so it is Player 1, Player 2, ... in turn), with seeds `--seed`, `--seed + 1`, ...
A win is the first place alone; a shared first place counts as a fraction. Prints the hero's win
rate with a Wilson 95% interval beside the 1-in-N rate of an equal player.

    python benchmarks/bloodrush_ai.py [--hero normal] [--field random] [--players 4] [--games 400]
        [--seed 1] [--variant]
"""

from __future__ import annotations

import argparse
import math
import time

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.players import make_player

SEATS = ("scarlet", "violet", "amber", "teal", "ivory")


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(kinds: list[str], seed: int, variant: bool) -> Game:
    seats = list(SEATS[: len(kinds)])
    config: dict = {"seats": seats, "first": seats[0]}
    if variant:  # a fifth seat steers the Mozzie: a random one, last in turn order
        seats.append("bug")
        kinds = [*kinds, "random"]
        config["mozzie_player"] = "bug"
    players = {s: make_player(k, seed * 10 + i) for i, (s, k) in enumerate(zip(seats, kinds, strict=True))}
    g = Game.new(config, seed)
    while g.pending is not None:
        d = g.pending
        g.choose(players[d.player].choose(d, g.view(d.player)))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hero", default="normal")
    ap.add_argument("--field", default="random")
    ap.add_argument("--players", type=int, default=4, help="vampires at the table (2-5; 4 with --variant)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", action="store_true", help="the 4+1 variant, a random Mozzie player added")
    args = ap.parse_args()
    n = args.players
    wins = 0.0
    start = time.perf_counter()
    for i in range(args.games):
        hero = i % n
        kinds = [args.hero if s == hero else args.field for s in range(n)]
        g = play(kinds, args.seed + i, args.variant)
        first = [r["seat"] for r in g.ranking or [] if r["place"] == 1]
        if SEATS[hero] in first:
            wins += 1 / len(first)
    lo, hi = wilson(wins, args.games)
    took = time.perf_counter() - start
    table = f"{n} vampires" + (" + a random Mozzie player" if args.variant else "")
    print(
        f"{args.hero} against {n - 1} {args.field}, {table}, seat-rotated,"
        f" seeds {args.seed}..{args.seed + args.games - 1}:"
        f" {wins:g} wins of {args.games} ({100 * wins / args.games:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%;"
        f" an equal player wins {100 / n:.1f}%) in {took:.1f} s"
    )


if __name__ == "__main__":
    main()
