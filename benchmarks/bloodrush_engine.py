"""Bloodrush engine speed: random games of 2-5 vampires and the 4+1 variant.

Prints, for each table, milliseconds per complete random game (median and spread), decisions
per game and decisions per second; then milliseconds to load a finished game's save (a replay
of every decision). Times are CPU time of this process (`time.process_time`): on the shared
machine, wall-clock times of the same game vary tenfold with the other sessions' load.

    python benchmarks/bloodrush_engine.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.players import RandomPlayer

SEATS = ("scarlet", "violet", "amber", "teal", "ivory")
TABLES = {f"{n} vampires": {"seats": list(SEATS[:n])} for n in range(2, 6)}
TABLES["4+1 variant"] = {"seats": [*SEATS[:4], "bug"], "mozzie_player": "bug"}


def random_game(config: dict, seed: int) -> Game:
    g = Game.new(config, seed)
    player = RandomPlayer(seed)
    while g.pending is not None:
        g.choose(player.choose(g.pending, None))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"seeds {args.seed}..{args.seed + args.games - 1}, random players")
    random_game(TABLES["2 vampires"], 0)  # reads and checks the data files once, outside the timings
    last: Game | None = None
    for name, config in TABLES.items():
        times, decisions = [], []
        for i in range(args.games):
            t = time.process_time()
            last = random_game(config, args.seed + i)
            times.append((time.process_time() - t) * 1000)
            decisions.append(len(last.history))
        ms = statistics.median(times)  # process_time ticks coarsely: the median of many games
        q = statistics.quantiles(times, n=10)
        per_s = sum(decisions) / (sum(times) / 1000)
        print(
            f"{name:12}  {ms:6.2f} ms/game (p10 {q[0]:.2f}, p90 {q[-1]:.2f})"
            f"  {statistics.mean(decisions):5.1f} decisions/game  {per_s:8.0f} decisions/s"
        )
    assert last is not None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        last.save(path)
        t = time.process_time()
        for _ in range(20):
            Game.load(path)
        print(f"load a finished save ({len(last.history)} decisions): {(time.process_time() - t) * 50:.2f} ms")


if __name__ == "__main__":
    main()
