"""Engine speed: random 5-player, 8-skull, final-frenzy games on arena_12.

Prints decisions per second, milliseconds per complete game (median and spread) and
milliseconds to load a finished game's save (a replay of every decision).

`--modes` plays the same number of games in every mode, with and without the bot (4 players so
the bot has a spare figure), and prints ms per game and per decision for each next to standard.

Timings on a shared machine move by 20-30% between runs; run it a few times and compare medians.

    python benchmarks/engine.py [--games N] [--seed S] [--modes]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig

CONFIG = GameConfig(players=("yellow", "blue", "grey", "purple", "green"), arena="arena_12", skulls=8, ending="frenzy")


MODE_CONFIGS = {
    f"{mode}{' + bot' if bot else ''}": GameConfig(
        players=("yellow", "blue", "grey", "purple"), arena="arena_12", skulls=8, mode=mode, bot=bot
    )
    for mode in ("standard", "domination", "turret")
    for bot in (None, "green")
}


def play(seed: int, config: GameConfig = CONFIG) -> tuple[Game, float]:
    start = time.perf_counter()
    game = Game.new(config, seed)
    bot = RandomPlayer(seed)
    while (d := game.pending) is not None:
        game.choose(bot.choose(d))
    return game, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", action="store_true", help="compare every mode, with and without the bot")
    args = ap.parse_args()
    if args.modes:
        compare_modes(args.games, args.seed)
        return

    play(0)  # warm the card and arena caches
    times, decisions, turns = [], [], []
    last = None
    for i in range(args.games):
        game, dt = play(args.seed + i)
        times.append(dt)
        decisions.append(len(game.history))
        turns.append(game.turn)
        last = game
    total = sum(times)
    print(f"games:                 {args.games} (5 players, arena_12, 8 skulls, final frenzy, random players)")
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
