"""Where a level's points come from, against four normal players: the figures behind a win rate.

One player of a level (hard by default) against four normal players, seats rotated, arenas in
turn, as in `benchmarks/ai.py`. Besides the win rate it prints, per seat and game, the lone
player's figures beside the normal players' average: points by source (board ranks and first
blood when a board dies, the same at the end of the game, the killshot track, double kills),
points before the final frenzy and in it (with the end-of-game scoring), kills, overkills,
deaths, damage dealt and taken, shots, actions by kind, reloads; and its margin (its score
less the mean of the other four in the same game) with a 95% interval, a steadier yardstick
than the win rate for comparing two versions on the same seeds (about +-0.9 points in 200
games, where the win rate is +-6%).

    python benchmarks/ai_sources.py [--level hard] [--games N] [--skulls S] [--seed S]
                                    [--hard-positions P] [--plan-only] [--progress]

The hard player runs without a time limit (`--hard-positions 0`: its turn search alone, every
question answered afresh, about a second a game; `--plan-only`: each action the option its plan
search ranks first, followed through the action's questions as with imagined games, and no
imagined game, about as quick).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict

from ai import Roster, Setup, Table, dealt, mean_ci, percentile, wilson  # benchmarks/ai.py, beside this script

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.stats import game_stats

FIGURES_OF_STATS = (
    "kills",
    "overkills",
    "deaths",
    "first_bloods",
    "damage_dealt",
    "damage_taken",
    "damage_wasted",
    "marks_dealt",
    "shots",
)


THINK: list[float] = []  # CPU seconds of every decision of the lone player


def _source(reason: str, final: bool) -> str:
    if reason.startswith("most damage"):
        reason = "ranks"
    elif reason.startswith("killshot track"):
        reason = "track"
    return f"points: {reason}{' (end)' if final else ''}"


def play(level: str, seat: int, seed: int, args: argparse.Namespace) -> tuple[dict[str, Counter], list[str], str]:
    """One game; the figures of every seat, the winners, and the lone player's colour."""
    options: dict = {"positions": args.hard_positions, "seconds": None} if level == "hard" else {}
    if level == "hard" and args.plan_only:
        options["imagine"] = False
    # the games of benchmarks/ai.py's `--match LEVEL:normal`, dealt the same way
    table = Table(f"{level} vs 4 normal", (level,) + ("normal",) * 4, args.games)
    setup = Setup(skulls=args.skulls, seed=args.seed, roster=Roster({level: (level, options)}))
    config, game_seed, kinds = dealt(table, seed, setup)
    assert kinds[seat] == level
    game = Game.new(config, game_seed)
    seated = zip(config.players, kinds, strict=True)
    bots = {c: setup.roster.make(k, game_seed * 31 + n) for n, (c, k) in enumerate(seated)}
    figures: dict[str, Counter] = defaultdict(Counter)
    lone = config.players[seat]
    while (d := game.pending) is not None:
        view = game.view(d.player)
        start = time.process_time()
        key = bots[d.player].choose(d, view)
        if d.player == lone:
            THINK.append(time.process_time() - start)
        if d.kind == "action" and view["actions_left"]:
            figures[d.player][f"actions: {key if key in ('run', 'grab', 'shoot', 'end') else 'powerup'}"] += 1
        elif d.kind == "reload" and key != "done":
            figures[d.player]["reloads"] += 1
        game.choose(key)
    for e in game.events:
        if e.kind == "scored":
            for a in e.data.get("awards") or []:
                figures[a["player"]][_source(a["reason"], bool(e.data.get("final")))] += a["points"]
    stats = game_stats(game)
    frenzy = stats["frenzy_turn"]
    for c in config.players:
        p = stats["players"][c]
        f = figures[c]
        for k in FIGURES_OF_STATS:
            f[k] += p[k]
        f["score"] += p["score"]
        before = next(
            (pt["scores"][c] for pt in reversed(stats["timeline"]) if frenzy is not None and pt["turn"] == frenzy),
            p["score"],
        )
        f["points before the frenzy"] += before
        f["points in the frenzy and at the end"] += p["score"] - before
    winners = [r["player"] for r in game.ranking or [] if r["rank"] == 1]
    return figures, winners, config.players[seat]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard-positions", type=int, default=0)
    ap.add_argument(
        "--plan-only",
        action="store_true",
        help="hard follows its plan search's best option and imagines no game (what the imagined games add)",
    )
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    mine: Counter = Counter()
    theirs: Counter = Counter()
    margins: list[float] = []
    wins = 0.0
    started = time.perf_counter()
    for i in range(args.games):
        figures, winners, me = play(args.level, i % 5, i, args)
        wins += (me in winners) / max(1, len(winners))
        mine.update(figures[me])
        others = [c for c in figures if c != me]
        for c in others:
            theirs.update(figures[c])
        margins.append(figures[me]["score"] - sum(figures[c]["score"] for c in others) / len(others))
        if args.progress:
            print(
                f"  game {i + 1}: {args.level} in seat {i % 5 + 1}, winners {winners}; {wins:g}/{i + 1}; "
                f"margin {margins[-1]:+.2f}, kills {figures[me]['kills']}",
                flush=True,
            )
    n = len(margins)
    mean, mean_lo, mean_hi = mean_ci(margins)
    lo, hi = wilson(wins, n)
    print(
        f"{args.level} vs four normal, {args.skulls} skulls: won {wins:g} of {n} ({100 * wins / n:.1f}%, 95% CI "
        f"{100 * lo:.0f}-{100 * hi:.0f}%); margin over the others' mean {mean:+.2f} points a game "
        f"(95% CI {mean_lo:+.2f} to {mean_hi:+.2f})  "
        f"[{time.perf_counter() - started:.0f} s]"
    )
    ms = sorted(x * 1000 for x in THINK)
    if ms:
        p99 = percentile(ms, 0.99)
        print(
            f"think time of {args.level} (CPU ms): {len(ms)} decisions, median {statistics.median(ms):.2f}, "
            f"p99 {p99:.0f}, max {ms[-1]:.0f}"
        )
    print(f"\n{'a seat, a game':40} {args.level:>8} {'normal':>8} {'diff':>8}")
    for k in sorted(set(mine) | set(theirs)):
        a, b = mine[k] / n, theirs[k] / (4 * n)
        print(f"  {k:38} {a:8.2f} {b:8.2f} {a - b:+8.2f}")


if __name__ == "__main__":
    main()
