"""How long `adrenaline stats SAVE` takes on a long game.

Plays seeded complete games between random players until one of about `--decisions` decisions
is found (5 players, 8 skulls, final frenzy; random players make long games), saves it, then
times, as a separate process would see it: loading the save (the replay), computing the
figures, and the whole command (its own interpreter start-up included). The target: under
100 ms for loading and the figures on a ~700-decision save.

    python benchmarks/stats.py [--decisions 700] [--runs 10]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from adrenaline_tui.ai import make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.rules.stats import format_stats, game_stats


def long_game(decisions: int) -> Game:
    """The first seeded game of random players with at least `decisions` decisions."""
    best = None
    for seed in range(1, 40):
        config = GameConfig(players=FIGURES[:5], arena="arena_12", skulls=8, ending="frenzy")
        game = Game.new(config, seed)
        bots = {c: make_player("random", seed * 31 + n) for n, c in enumerate(config.players)}
        while (d := game.pending) is not None:
            game.choose(bots[d.player].choose(d, None))
        if best is None or abs(len(game.history) - decisions) < abs(len(best.history) - decisions):
            best = game
        if len(game.history) >= decisions:
            return game
    assert best is not None
    return best


def ms(samples: list[float]) -> str:
    return f"median {1000 * statistics.median(samples):.1f} ms (min {1000 * min(samples):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=700)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    game = long_game(args.decisions)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        game.save(path)
        load, figures, command = [], [], []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            loaded = Game.load(path)
            t1 = time.perf_counter()
            format_stats(game_stats(loaded))
            t2 = time.perf_counter()
            load.append(t1 - t0)
            figures.append(t2 - t1)
        for _ in range(max(3, args.runs // 3)):
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "adrenaline_tui", "stats", str(path)], check=True, capture_output=True
            )
            command.append(time.perf_counter() - t0)
    print(f"save: {len(game.history)} decisions, {game.turn} turns, {len(game.events)} events")
    print(f"load (replay):          {ms(load)}")
    print(f"figures (stats + text): {ms(figures)}")
    print(f"load + figures:         {ms([a + b for a, b in zip(load, figures, strict=True)])}")
    print(f"whole command:          {ms(command)}")


if __name__ == "__main__":
    main()
