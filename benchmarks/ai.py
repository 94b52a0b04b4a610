"""Computer player strength and speed: one sensible player against random ones.

Plays standard games (8 skulls, final frenzy) with 3, 4 and 5 players in turn, the sensible
player's seat moving round the table and the arena changing from game to game. Prints the
sensible player's win rate (a shared first place counts as a fraction) against what a seat would
win by chance, its mean points against the random players', and how long it takes to decide.

    python benchmarks/ai.py [--games N] [--seed S] [--opponent random]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from adrenaline_tui.ai import RandomPlayer, make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig

ARENAS = ("arena_10", "arena_11a", "arena_11b", "arena_12")


def play(players: int, seat: int, arena: str, seed: int, opponent: str) -> tuple[Game, list[float]]:
    config = GameConfig(players=FIGURES[:players], arena=arena, skulls=8, ending="frenzy")
    game = Game.new(config, seed)
    hero = config.players[seat]
    bots = {c: make_player("sensible" if c == hero else opponent, seed * 31 + n) for n, c in enumerate(config.players)}
    times = []
    while (d := game.pending) is not None:
        bot = bots[d.player]
        view = None if isinstance(bot, RandomPlayer) else game.view(d.player)
        start = time.perf_counter()
        key = bot.choose(d, view)
        if d.player == hero:
            times.append(time.perf_counter() - start)
        game.choose(key)
    return game, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", default="random")
    args = ap.parse_args()

    wins: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    hero_points: dict[int, list[int]] = defaultdict(list)
    other_points: dict[int, list[int]] = defaultdict(list)
    turns: list[int] = []
    times: list[float] = []
    started = time.perf_counter()
    for i in range(args.games):
        players = 3 + i % 3
        seat = (i // 3) % players
        seed = args.seed + i
        game, t = play(players, seat, ARENAS[(i // 3) % len(ARENAS)], seed, args.opponent)
        times += t
        turns.append(game.turn)
        hero = FIGURES[seat]
        ranking = game.ranking or []
        first = [r["player"] for r in ranking if r["rank"] == 1]
        wins[players] += (hero in first) / len(first)
        played[players] += 1
        for r in ranking:
            (hero_points if r["player"] == hero else other_points)[players].append(r["score"])
    elapsed = time.perf_counter() - started

    print(f"{args.games} games, 8 skulls, final frenzy, arenas in turn; 1 sensible vs {args.opponent}, seat rotated")
    print("players  games  sensible wins   (chance)   mean points: sensible  others")
    total = 0.0
    for n in sorted(played):
        total += wins[n]
        print(
            f"{n:7}  {played[n]:5}  {wins[n]:6.1f} {100 * wins[n] / played[n]:5.1f}%   ({100 / n:4.1f}%)"
            f"   {statistics.mean(hero_points[n]):20.1f}  {statistics.mean(other_points[n]):6.1f}"
        )
    print(f"all      {args.games:5}  {total:6.1f} {100 * total / args.games:5.1f}%")
    ms = sorted(x * 1000 for x in times)
    q = statistics.quantiles(ms, n=20)
    print(
        f"sensible decisions: {len(ms)}; ms per decision mean {statistics.mean(ms):.1f}, "
        f"median {statistics.median(ms):.2f}, p95 {q[-1]:.1f}, max {ms[-1]:.0f}"
    )
    print(f"turns per game median {statistics.median(turns):.0f}; wall time {elapsed:.0f} s")


if __name__ == "__main__":
    main()
