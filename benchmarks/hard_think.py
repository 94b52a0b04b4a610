"""Where the hard player's slowest decisions spend their CPU: the plan search, the imagined games.

Plays `benchmarks/hard_paired.py`'s seat-rotated games (the hard player against four normal
players) and, for every decision of the hard player, records its CPU time split into the plan
search (`HardPlayer.options`), the imagined games (`rollout`: their count, work in positions
and CPU, the costliest one), and the rest; prints the slowest decisions and the work against CPU.

    nice -n 10 python benchmarks/hard_think.py --games 20 --seed 510000 [--options '{"seconds": null}']
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from hard_paired import lone_hard_table, rotated_game

import adrenaline_tui.ai.hard as hard_module

RECORD: dict[str, Any] = {}


def _instrument() -> None:
    options, rollout = hard_module.HardPlayer.options, hard_module.HardPlayer.rollout

    def timed_options(self, d, view):
        start = time.process_time()
        try:
            return options(self, d, view)
        finally:
            RECORD["options_ms"] = RECORD.get("options_ms", 0.0) + 1000 * (time.process_time() - start)

    def timed_rollout(self, view, plan, world, cap):
        start = time.process_time()
        result = rollout(self, view, plan, world, cap)
        ms = 1000 * (time.process_time() - start)
        RECORD.setdefault("rollouts", []).append((round(ms, 1), result[1] if result else None, cap))
        return result

    hard_module.HardPlayer.options = timed_options
    hard_module.HardPlayer.rollout = timed_rollout


def play(i: int, seed: int, skulls: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    config, game, seat = rotated_game(i, seed, skulls)
    bots = lone_hard_table(config, seat, seed, i, options)
    lone = config.players[seat]
    out = []
    while (d := game.pending) is not None:
        view = game.view(d.player)
        RECORD.clear()
        start = time.process_time()
        key = bots[d.player].choose(d, view)
        ms = 1000 * (time.process_time() - start)
        if d.player == lone:
            h = bots[lone]
            rolls = RECORD.get("rollouts", [])
            out.append(
                {
                    "game": i,
                    "ms": round(ms, 1),
                    "kind": d.kind,
                    "keys": len(d.keys),
                    "options_ms": round(RECORD.get("options_ms", 0.0), 1),
                    "root_work": round(h.root_work) if d.kind == "action" else 0,
                    "searched": h.searched,
                    "rollouts": len(rolls),
                    "rollout_ms": round(sum(r[0] for r in rolls), 1),
                    "rollout_work": sum(r[1] or 0 for r in rolls),
                    "worst_rollout": max(rolls, default=None),
                    "frenzy": bool(view["frenzy"]),
                }
            )
        game.choose(key)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seed", type=int, default=510000)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--options", default="{}")
    ap.add_argument("--out", default=None, help="JSON lines, one a decision")
    args = ap.parse_args()
    _instrument()
    options = json.loads(args.options)
    rows: list[dict[str, Any]] = []
    for i in range(args.first, args.first + args.games):
        got = play(i, args.seed, args.skulls, options)
        rows += got
        if args.out:
            with open(args.out, "a") as sink:
                sink.writelines(json.dumps(r) + "\n" for r in got)
    ms = sorted(r["ms"] for r in rows)
    print(f"{len(rows)} decisions of {args.games} games: p50 {ms[len(ms) // 2]:.1f} ms, ", end="")
    print(f"p99 {ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.0f} ms, max {ms[-1]:.0f} ms")
    for r in sorted(rows, key=lambda r: -r["ms"])[:15]:
        print(" ", json.dumps(r))


if __name__ == "__main__":
    main()
