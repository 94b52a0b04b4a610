"""The hard player's variants on the same games: a paired yardstick for tuning its search.

Each variant plays the same seat-rotated games (`benchmarks/ai_sources.py`'s seeding: game `i`
from `--seed`, the lone player in seat `i % 5`, arenas in turn) against four normal players, so
the differences between variants are paired game by game (common random numbers at the table).

    python benchmarks/hard_paired.py --games 40 --seed 100000 \\
        --variant 'plan={"imagine": false}' --variant 'default={}'

Prints each variant's wins (Wilson 95% CI), margin over the others' mean, think time (CPU), and
each variant's paired difference in margin against the first one (mean and 95% CI).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ai import wilson
from ai_sources import rotated_game

from adrenaline_tui.ai import make_player


def field_player(path: str | None, seed: int, options: dict):
    """One of the four others: a normal player, or the hard player of another checkout's `hard.py`
    (`--field-hard`, e.g. main's: the previous hard player), loaded under its own name."""
    if path is None:
        return make_player("normal", seed)
    module = sys.modules.get("field_hard")
    if module is None:
        spec = importlib.util.spec_from_file_location("field_hard", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["field_hard"] = module
        spec.loader.exec_module(module)
    return module.HardPlayer(seed, **options)


def play(
    i: int,
    seed: int,
    skulls: int,
    level: str,
    options: dict,
    field: str | None = None,
    field_options: dict | None = None,
) -> tuple[float, float, list[float]]:
    """Game `i`: (won, margin over the others' mean, CPU seconds of each of the lone player's decisions)."""
    seat = i % 5
    config, game = rotated_game(i, seed, skulls)
    bots = {
        c: make_player(level, (seed + i) * 31 + n, **options)
        if n == seat
        else field_player(field, (seed + i) * 31 + n, field_options or {})
        for n, c in enumerate(config.players)
    }
    lone = config.players[seat]
    think = []
    while (d := game.pending) is not None:
        view = game.view(d.player)
        start = time.process_time()
        key = bots[d.player].choose(d, view)
        if d.player == lone:
            think.append(time.process_time() - start)
        game.choose(key)
    winners = [r["player"] for r in game.ranking or [] if r["rank"] == 1]
    scores = {c: game.players[c].score for c in config.players}
    others = [scores[c] for c in config.players if c != lone]
    return (lone in winners) / max(1, len(winners)), scores[lone] - sum(others) / len(others), think


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--variant", action="append", default=[], help="name=JSON options of the player")
    ap.add_argument("--field-hard", default=None, help="the others play this hard.py (default: normal players)")
    ap.add_argument("--field-options", default='{"positions": 600, "seconds": null}', help="JSON, with --field-hard")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    variants = [(v.split("=", 1)[0], json.loads(v.split("=", 1)[1])) for v in args.variant] or [("default", {})]
    margins: dict[str, list[float]] = {}
    for name, options in variants:
        started = time.perf_counter()
        wins, ms, think = 0.0, [], []
        for i in range(args.games):
            w, m, t = play(
                i, args.seed, args.skulls, args.level, options, args.field_hard, json.loads(args.field_options)
            )
            wins += w
            ms.append(m)
            think += t
            if args.progress:  # a long run can be read, and stopped, part-way
                print(f"  {name} game {i + 1}: won {w:g} margin {m:+.2f}; so far {wins:g}/{i + 1}", flush=True)
        margins[name] = ms
        lo, hi = wilson(wins, args.games)
        think_ms = sorted(x * 1000 for x in think)
        p99 = think_ms[min(len(think_ms) - 1, int(len(think_ms) * 0.99))]
        mean = statistics.mean(ms)
        line = (
            f"{name:12} won {wins:g}/{args.games} ({100 * wins / args.games:.1f}%, CI {100 * lo:.0f}-{100 * hi:.0f}%) "
            f"margin {mean:+.2f}; think ms median {statistics.median(think_ms):.2f} p99 {p99:.0f} "
            f"max {think_ms[-1]:.0f}"
        )
        first = margins[variants[0][0]]
        if name != variants[0][0]:
            diff = [a - b for a, b in zip(ms, first, strict=True)]
            half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
            line += f"; vs {variants[0][0]} {statistics.mean(diff):+.2f} (CI +-{half:.2f})"
        print(f"{line}  [{time.perf_counter() - started:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
