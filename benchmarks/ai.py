"""Computer player levels: a seat-rotated tournament, ratings, think time and the first-seat edge.

Five-player games (final frenzy, arenas in turn). Each match-up puts one player of a level
against four of the level below, the lone player's seat moving round the table game by game:

    hard vs four normal     goal: hard wins at least 40% (twice a seat's fair 20%)
    normal vs four easy
    easy vs four random

then five equal players (normal, and random as a control: random players do not plan, so an edge
they show comes from the game, not from the players) for the first seat's win rate. Win rates are
printed with 95% Wilson intervals; a shared first place counts as a fraction. The rating table
fits a Bradley-Terry model (random = 0) to every game played: the winner beat each other seat.
Think time is measured for every decision of every player and reported per level.

    python benchmarks/ai.py [--games N] [--hard-games N] [--skulls S] [--hard-positions P]
                            [--hard-seconds S] [--only hard,normal,easy,seats] [--seed S]
                            [--cpu] [--progress]

The hard player's budget in the tournament is counted in positions (deterministic, so a run can
be repeated); its default in the app is 3000 positions or one second, whichever comes first.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from adrenaline_tui.ai import RandomPlayer, make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig

ARENAS = ("arena_10", "arena_11a", "arena_11b", "arena_12")


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Tournament:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.times: dict[str, list[float]] = defaultdict(list)
        self.games: list[tuple[dict[str, str], list[str]]] = []  # seat kinds, winners
        # Wall time is what a player waits; on a shared machine this process's CPU time is the
        # figure that can be compared between runs (--cpu).
        self.clock = time.process_time if args.cpu else time.perf_counter

    def player(self, kind: str, seed: int):
        if kind == "hard":
            options = {}
            for name in ("horizon", "candidates", "margin"):  # otherwise the player's own default
                value = getattr(self.args, f"hard_{name}")
                if value is not None:
                    options[name] = value
            return make_player(
                kind, seed, positions=self.args.hard_positions, seconds=self.args.hard_seconds, **options
            )
        return make_player(kind, seed)

    def play(self, kinds: list[str], seed: int, arena: str) -> list[str]:
        config = GameConfig(players=FIGURES[: len(kinds)], arena=arena, skulls=self.args.skulls, ending="frenzy")
        game = Game.new(config, seed)
        seated = dict(zip(config.players, kinds, strict=True))
        bots = {c: self.player(seated[c], seed * 31 + n) for n, c in enumerate(config.players)}
        while (d := game.pending) is not None:
            bot = bots[d.player]
            view = None if isinstance(bot, RandomPlayer) else game.view(d.player)
            start = self.clock()
            key = bot.choose(d, view)
            self.times[seated[d.player]].append(self.clock() - start)
            game.choose(key)
        winners = [r["player"] for r in game.ranking or [] if r["rank"] == 1]
        self.games.append((seated, winners))
        return winners

    def match(self, hero: str, field: str, games: int) -> None:
        wins = 0.0
        started = time.perf_counter()
        for i in range(games):
            seat = i % 5
            kinds = [field] * 5
            kinds[seat] = hero
            winners = self.play(kinds, self.args.seed + i, ARENAS[(i // 5) % len(ARENAS)])
            wins += (FIGURES[seat] in winners) / max(1, len(winners))
            if self.args.progress:  # a long match can be read (and stopped) part-way
                print(
                    f"  game {i + 1}: {hero} in seat {seat + 1}, winners {winners}; {hero} {wins:g}/{i + 1}", flush=True
                )
        lo, hi = wilson(wins, games)
        print(
            f"{hero} vs four {field}: {hero} won {wins:g} of {games} ({100 * wins / games:.1f}%, "
            f"95% CI {100 * lo:.0f}-{100 * hi:.0f}%; fair share 20%)  [{time.perf_counter() - started:.0f} s]",
            flush=True,
        )

    def seats(self, kind: str, games: int) -> None:
        first = 0.0
        by_seat = [0.0] * 5
        for i in range(games):
            winners = self.play([kind] * 5, self.args.seed + 1000 + i, ARENAS[i % len(ARENAS)])
            for s in range(5):
                by_seat[s] += (FIGURES[s] in winners) / max(1, len(winners))
            first += (FIGURES[0] in winners) / max(1, len(winners))
        lo, hi = wilson(first, games)
        spread = " ".join(f"{100 * w / games:.0f}%" for w in by_seat)
        print(
            f"five {kind}: first seat won {first:g} of {games} ({100 * first / games:.1f}%, 95% CI "
            f"{100 * lo:.0f}-{100 * hi:.0f}%; fair 20%); by seat {spread}",
            flush=True,
        )

    def ratings(self) -> dict[str, float]:
        """Bradley-Terry strengths from 'the winner beat every other seat', random anchored at 0."""
        beat: dict[tuple[str, str], float] = defaultdict(float)
        kinds = sorted({k for seated, _ in self.games for k in seated.values()})
        for seated, winners in self.games:
            for w in winners:
                for c, k in seated.items():
                    if c not in winners:
                        beat[(seated[w], k)] += 1 / len(winners)
        strength = dict.fromkeys(kinds, 1.0)
        for _ in range(500):
            for a in kinds:
                won = sum(beat[(a, b)] for b in kinds if b != a)
                denom = sum((beat[(a, b)] + beat[(b, a)]) / (strength[a] + strength[b]) for b in kinds if b != a)
                if denom:
                    strength[a] = max(won, 0.01) / denom
        anchor = strength.get("random", min(strength.values()))
        # Elo-like points: 400 per tenfold odds of winning a head-to-head
        return {k: 400 * math.log10(strength[k] / anchor) for k in kinds}

    def report(self) -> None:
        print("\nrating (Bradley-Terry, random = 0, Elo scale; from every game above):")
        for k, r in sorted(self.ratings().items(), key=lambda kv: -kv[1]):
            print(f"  {k:7} {r:6.0f}")
        clock = "CPU" if self.args.cpu else "wall"
        print(f"\nthink time per decision ({clock} ms):   decisions   median     p99      max")
        for k in ("hard", "normal", "easy", "random"):
            ms = sorted(x * 1000 for x in self.times.get(k, []))
            if ms:
                p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
                print(f"  {k:7} {len(ms):25}  {statistics.median(ms):7.2f} {p99:7.1f} {ms[-1]:8.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per match-up (normal, easy, seats)")
    ap.add_argument("--hard-games", type=int, default=None, help="games of hard vs normal (default: --games)")
    ap.add_argument("--skulls", type=int, default=8)
    ap.add_argument("--hard-positions", type=int, default=3000)
    ap.add_argument("--hard-seconds", type=float, default=None, help="a time limit on top (not repeatable)")
    ap.add_argument(
        "--hard-candidates", type=int, default=None, help="options the hard player plays out (default: the player's)"
    )
    ap.add_argument(
        "--hard-margin",
        type=float,
        default=None,
        help="how clearly an option must beat the plan's choice (default: the player's)",
    )
    ap.add_argument(
        "--hard-horizon", type=int, default=None, help="others' turns an imagined game plays (default: the player's, 1)"
    )
    ap.add_argument("--only", default="hard,normal,easy,seats")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu", action="store_true", help="think time in this process's CPU time, not wall time")
    ap.add_argument("--progress", action="store_true", help="print each game of a match as it ends")
    args = ap.parse_args()
    parts = set(args.only.split(","))
    t = Tournament(args)
    print(
        f"5 players, {args.skulls} skulls, final frenzy, arenas in turn, seats rotated; "
        f"hard budget {args.hard_positions} positions{f' or {args.hard_seconds} s' if args.hard_seconds else ''}",
        flush=True,
    )
    if "hard" in parts:
        t.match("hard", "normal", args.hard_games if args.hard_games is not None else args.games)
    if "normal" in parts:
        t.match("normal", "easy", args.games)
    if "easy" in parts:
        t.match("easy", "random", args.games)
    if "seats" in parts:
        t.seats("normal", args.games)
        t.seats("random", args.games)
    t.report()


if __name__ == "__main__":
    main()
