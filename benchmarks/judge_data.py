"""Training data for a fitted judge, and where the plan search's think time goes.

Plays the seat-rotated games of `benchmarks/hard_paired.py` (the lone player against four normal
players), and writes one JSON line a game:
- `rows`: at the end of every turn, for every seat, the terms the plan search's valuation can see
  (points banked, what the boards are expected to pay it, the killshot track's expected payout,
  marks, weapons loaded and not, cubes, powerups, its own damage and deaths) and the progress
  of the game (skulls left, frenzy); `final`: each seat's final points (the target is a seat's
  final points less the others' mean, fitted by `benchmarks/judge_fit.py`).
- `think`: the lone player's decisions, each (CPU ms, decision kind, the plan search's work in
  positions, the imagined games' work), to find which decisions are slow.

    nice -n 10 python benchmarks/judge_data.py --games 300 --seed 500000 \\
        --options '{"imagine": false}' --out /tmp/judge_rows.jsonl

Data seeds are a range of their own (500000-509999): never tuned on or reported on.
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

from adrenaline_tui.ai.hard import seat_terms


def play(i: int, seed: int, skulls: int, options: dict[str, Any]) -> dict[str, Any]:
    config, game, seat = rotated_game(i, seed, skulls)
    bots = lone_hard_table(config, seat, seed, i, options)
    lone = config.players[seat]
    rows: list[dict[str, Any]] = []
    think: list[tuple] = []
    turn = game.turn
    while (d := game.pending) is not None:
        view = game.view(d.player)
        start = time.process_time()
        key = bots[d.player].choose(d, view)
        if d.player == lone:
            h = bots[lone]
            ms = 1000 * (time.process_time() - start)
            think.append(
                (round(ms, 2), d.kind, len(d.keys), round(h.root_work) if d.kind == "action" else 0, h.searched)
            )
            if d.kind == "action":
                h.root_work = 0.0
        game.choose(key)
        if game.turn != turn and not game.over:
            turn = game.turn
            rows.append(
                {
                    "turn": turn,
                    "next": game.active.colour,
                    "skulls_left": game.board.skulls_left,
                    "frenzy": bool(game.frenzy),
                    "terms": seat_terms(game),
                }
            )
    final = {c: game.players[c].score for c in config.players}
    winners = [r["player"] for r in game.ranking or [] if r["rank"] == 1]
    return {
        "i": i,
        "seed": seed,
        "skulls": skulls,
        "lone": lone,
        "seats": list(config.players),
        "final": final,
        "winners": winners,
        "rows": rows,
        "think": think,
    }


def _play(args: tuple) -> dict[str, Any]:
    return play(*args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="the first game's index")
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--options", default='{"imagine": false}', help="JSON, the lone hard player's options")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    options = json.loads(args.options)
    with open(args.out, "a") as f:
        for i in range(args.first, args.first + args.games):
            f.write(json.dumps(play(i, args.seed, args.skulls, options)) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
