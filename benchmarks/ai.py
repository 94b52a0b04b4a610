"""Computer player levels: a seat-rotated tournament with confidence intervals, ratings and think time.

    python benchmarks/ai.py [--match SPEC ...] [--only hard,normal,easy,seats] [--games N]
                            [--hard-games N] [--minutes M] [--jobs J] [--seed S] [--players P]
                            [--skulls S] [--mode standard|domination|turret] [--bot]
                            [--ending frenzy|sudden_death] [--kind NAME=LEVEL[:OPTION=VALUE,...]]
                            [--hard-positions P] [--hard-seconds S] [--wall] [--progress]

A match-up is a table of computer players. `--match hard:normal` seats one hard player against
four normal ones (players - 1 copies); `--match hard,normal,easy,random,random` names every seat
(a mixed table). Without `--match`, `--only` picks from the usual ladder: hard vs four normal,
normal vs four easy, easy vs four random, and five normal / five random ("seats": the edge of
playing first; random players do not plan, so an edge they show comes from the game). A player
name is a level (random, easy, normal, hard) or a `--kind`: `--kind hard600=hard:positions=600`
is the hard player with that option given to `make_player`, so two budgets can meet at a table.

How the games are dealt, so any figure can be played again: game i of a match-up (i = 0, 1, ...)
is `Game.new(config, seed + i)`, the table turned i seats on (the first name sits in seat i mod P,
seat 1 playing first), the arena `ARENAS[(i // P) mod 4]`, and the player in seat n is made with
`make_player(level, (seed + i) * 31 + n)`. So each block of 4P games (20 for five players) plays
every seat on every arena once; every match-up uses the same game seeds. The hard player's
time limit is off unless `--hard-seconds` is given (a clock makes a game unrepeatable); its
budget in work is the player's default unless an option says otherwise. The run prints its seeds,
its settings, how many games it played, how long it took, and on how many processes.

How to read the figures

- **Wins.** The rules let a first place be shared (equal points and equal killshot-track points,
  or both without a killshot: docs/rulings.md, i.9). A shared first place counts as a fraction:
  1/k of a win to each of the k players sharing it, so the wins of a game add up to 1 and a
  seat's fair share is 1/P (20% at five players). The count of shared first places is printed.
- **Win rate, 95% CI**: the Wilson score interval of wins / games (a fraction from a shared first
  place counts as that fraction of a success). For a level with several seats at the table the
  trial is "one of its seats won the game", its fair share the seats' share of the table.
  Two runs whose intervals overlap are not shown to differ; for comparing two versions, play
  both on the same seeds and compare the margins.
- **Margins**, in points a game, each with a 95% CI (mean +- 1.96 standard errors over games):
  "over best" is the level's score minus the best score of the other seats in the same game
  (positive: it came first), "over mean" its score minus the mean of the other seats. A level with
  several seats counts the mean over its seats in each game, so each game is one observation.
  The margin over the mean is the steadier yardstick: points vary less than who wins.
- **Rating**: a Bradley-Terry fit, on the Elo scale (400 points = tenfold odds), to every pair of
  seats of different players in every game: the seat ranked higher at the end beats the other,
  a shared rank is half a win each. One virtual drawn game per pair that met keeps a player
  who never lost finite. It pools every match-up of the run, so it works for any set of players;
  random is 0 if it played, else the lowest-rated player. Players that never met at any table (directly or
  through others) are rated in separate groups that cannot be compared. With one player there is
  nothing to rate, and the table says so. Each rating has a 95% interval from refitting 200
  resamples of whole games (the pairs of one game are not independent, so whole games are drawn),
  from a fixed seed. The rating summarises the order; a claim about a level's strength quotes its
  win rate and margin with their intervals.
- **Think time per decision**, per player: median (p50), p99 and max of the CPU time of the
  process that played the game (`time.process_time` around each `choose`), so other work on a
  shared machine does not count; `--wall` adds the wall-clock time a person would wait. The view
  a player is given is built outside the timing (the table builds it for a person as well).
- **Bounds**: `--games` per match-up; `--minutes` for the whole run: no game is started after the
  time is up, the games under way finish, the figures so far are printed and the run says it
  stopped early (so does Ctrl-C; with one process the game under way is dropped). `--jobs J`
  plays J games at a time in worker processes; every game depends only on its seeds, so the
  figures are the same for any J (think time aside). Match-ups are played one after another: a
  run stopped early has the first ones whole, one cut short, and says which were not played.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import resource
import signal
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from inspect import signature
from typing import Any

from adrenaline_tui.ai import PLAYER_KINDS, canonical_kind, make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.rules.state import ENDINGS, MODES

ARENAS = ("arena_10", "arena_11a", "arena_11b", "arena_12")
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
MAX_DECISIONS = 50_000  # a 5-player 8-skull game takes about 800
LADDER = {"hard": ("hard", "normal"), "normal": ("normal", "easy"), "easy": ("easy", "random")}


# --- statistics ---------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins / n` (the whole range when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval (a single value has no width to estimate)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    half = z * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile `q` (0-1] of an ascending sequence: a value that occurred."""
    if not ordered:
        return math.nan
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


@dataclass
class Ratings:
    """Bradley-Terry ratings on the Elo scale, one dict per group of players that met."""

    groups: list[dict[str, float]]
    note: str = ""


def pairwise(results: Iterable[GameResult]) -> dict[tuple[str, str], float]:
    """`beat[(a, b)]`: how often a seat of player a ended ranked above a seat of player b."""
    beat: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        for i, a in enumerate(r.kinds):
            for j in range(i + 1, len(r.kinds)):
                b = r.kinds[j]
                if a == b:
                    continue  # a player against itself says nothing about its strength
                if r.ranks[i] < r.ranks[j]:
                    beat[(a, b)] += 1.0
                elif r.ranks[i] > r.ranks[j]:
                    beat[(b, a)] += 1.0
                else:
                    beat[(a, b)] += 0.5
                    beat[(b, a)] += 0.5
    return beat


def bradley_terry(beat: dict[tuple[str, str], float], kinds: Iterable[str], prior: float = 0.5) -> Ratings:
    kinds = sorted(set(kinds))
    if len(kinds) < 2:
        who = kinds[0] if kinds else "no player"
        return Ratings([], f"one player only ({who}): nothing to rate it against")
    met: dict[str, set[str]] = {k: set() for k in kinds}
    for a, b in beat:
        met[a].add(b)
        met[b].add(a)
    groups: list[list[str]] = []
    seen: set[str] = set()
    for k in kinds:  # the players connected by games, directly or through others
        if k in seen:
            continue
        group, todo = [], [k]
        seen.add(k)
        while todo:
            x = todo.pop()
            group.append(x)
            for y in met[x] - seen:
                seen.add(y)
                todo.append(y)
        groups.append(sorted(group))
    out: list[dict[str, float]] = []
    for group in groups:
        if len(group) == 1:
            continue  # it met no other player: no rating
        # wins and games between each pair, with `prior` of a win each way for every pair that met
        w = {(a, b): beat.get((a, b), 0.0) + (prior if b in met[a] else 0.0) for a in group for b in group if a != b}
        strength = dict.fromkeys(group, 1.0)
        for _ in range(10_000):  # the minorisation-maximisation update (Hunter 2004)
            moved = 0.0
            for a in group:
                won = sum(w[(a, b)] for b in group if b != a)
                denom = sum((w[(a, b)] + w[(b, a)]) / (strength[a] + strength[b]) for b in group if b != a)
                new = won / denom if denom else strength[a]
                moved = max(moved, abs(math.log(new / strength[a])))
                strength[a] = new
            if moved < 1e-10:
                break
        anchor = strength["random"] if "random" in strength else min(strength.values())
        out.append({k: 400 * math.log10(strength[k] / anchor) for k in group})
    lonely = [g[0] for g in groups if len(g) == 1]
    note = ""
    if len(out) > 1:
        note = "these groups of players never met, directly or through others: compare ratings within a group only"
    if lonely:
        note = (note + "; " if note else "") + f"never met another player: {', '.join(lonely)}"
    return Ratings(out, note)


def rating_intervals(
    results: Sequence[GameResult], ratings: Ratings, reps: int = 200, seed: int = 0
) -> dict[str, tuple[float, float]]:
    """A 95% interval of each rating: the fit repeated on `reps` resamples of whole games (the
    pairs of one game are not independent, so resampling pairs would claim too much), from a
    fixed seed so a run prints the same intervals whatever its --jobs."""
    if not ratings.groups or not results:
        return {}
    per_game = [pairwise([r]) for r in results]
    kinds = {k for r in results for k in r.kinds}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = defaultdict(list)
    for _ in range(reps):
        beat: dict[tuple[str, str], float] = defaultdict(float)
        for _ in range(len(per_game)):
            for pair, w in per_game[rng.randrange(len(per_game))].items():
                beat[pair] += w
        fit = bradley_terry(beat, kinds)
        for group in ratings.groups:
            zero = next(k for k, v in group.items() if v == 0)  # the full fit's anchor
            same = next((g for g in fit.groups if set(group) <= set(g)), None)
            if same is not None:
                for k in group:
                    draws[k].append(same[k] - same[zero])
    return {
        k: (percentile(sorted(v), 0.025), percentile(sorted(v), 0.975)) for k, v in draws.items() if len(v) >= reps // 2
    }


# --- games --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roster:
    """What each player name stands for: a level and the options given to `make_player`."""

    players: dict[str, tuple[str, dict[str, Any]]]

    def make(self, name: str, seed: int):
        level, options = self.players.get(name, (name, {}))
        return make_player(level, seed, **options)

    def level(self, name: str) -> str:
        return self.players.get(name, (name, {}))[0]

    def options(self, name: str) -> dict[str, Any]:
        return self.players.get(name, (name, {}))[1]


@dataclass(frozen=True)
class Setup:
    skulls: int = 5
    mode: str = "standard"
    bot: bool = False
    ending: str = "frenzy"
    seed: int = 1
    wall: bool = False
    roster: Roster = field(default_factory=lambda: Roster({}))


@dataclass(frozen=True)
class Table:
    """A match-up: the players in seat order before the table turns, and its games' budget."""

    name: str
    seats: tuple[str, ...]
    games: int


@dataclass
class GameResult:
    index: int
    seed: int
    arena: str
    kinds: tuple[str, ...]  # the player name in each seat, seat 1 first
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    decisions: int
    think: dict[str, list[float]]  # CPU seconds of each decision, by player name
    wall: dict[str, list[float]]

    def win_shares(self) -> list[float]:
        """Each seat's share of the win: 1/k for each of k seats sharing first place."""
        first = [i for i, r in enumerate(self.ranks) if r == 1]
        return [1 / len(first) if i in first else 0.0 for i in range(len(self.ranks))]


def dealt(table: Table, i: int, setup: Setup) -> tuple[GameConfig, int, tuple[str, ...]]:
    """Game `i` of `table`: its config, its seed, and the player in each seat (see the docstring)."""
    n = len(table.seats)
    kinds = tuple(table.seats[(p - i) % n] for p in range(n))
    config = GameConfig(
        players=FIGURES[:n],
        arena=ARENAS[(i // n) % len(ARENAS)],
        skulls=setup.skulls,
        ending=setup.ending,
        mode=setup.mode,
        bot=FIGURES[n] if setup.bot else None,  # the first figure nobody plays
    )
    return config, setup.seed + i, kinds


def play_game(table: Table, i: int, setup: Setup) -> GameResult:
    config, seed, kinds = dealt(table, i, setup)
    game = Game.new(config, seed)
    seated = dict(zip(config.players, kinds, strict=True))
    bots = {c: setup.roster.make(k, seed * 31 + n) for n, (c, k) in enumerate(seated.items())}
    # a random player reads no view: building one for it would only slow the benchmark
    blind = {c for c, k in seated.items() if setup.roster.level(k) == "random"}
    think: dict[str, list[float]] = defaultdict(list)
    wall: dict[str, list[float]] = defaultdict(list)
    decisions = 0
    while (d := game.pending) is not None:
        if decisions >= MAX_DECISIONS:  # a game that does not end is a bug to report, not to wait for
            raise RuntimeError(f"game {i} of {table.name} (seed {seed}) has not ended after {decisions} decisions")
        view = None if d.player in blind else game.view(d.player)
        start, start_wall = time.process_time(), time.perf_counter()
        key = bots[d.player].choose(d, view)
        think[seated[d.player]].append(time.process_time() - start)
        if setup.wall:
            wall[seated[d.player]].append(time.perf_counter() - start_wall)
        game.choose(key)
        decisions += 1
    by_colour = {r["player"]: r for r in game.ranking or []}
    return GameResult(
        index=i,
        seed=seed,
        arena=config.arena,
        kinds=kinds,
        scores=tuple(by_colour[c]["score"] for c in config.players),
        ranks=tuple(by_colour[c]["rank"] for c in config.players),
        decisions=decisions,
        think=dict(think),
        wall=dict(wall),
    )


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group: the parent stops handing out games and lets the
    # workers finish theirs, so a worker must not die of it half-way through a game.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Bounds:
    """The overall time bound (`--minutes`) and Ctrl-C: no game starts after either."""

    def __init__(self, minutes: float | None) -> None:
        self.started = time.perf_counter()
        self.deadline = None if minutes is None else self.started + 60 * minutes
        self.stopped = ""

    def over(self) -> bool:
        if not self.stopped and self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stopped = "the time bound (--minutes) was reached"
        return bool(self.stopped)


def play_table(
    table: Table,
    setup: Setup,
    bounds: Bounds,
    pool: ProcessPoolExecutor | None,
    jobs: int,
    on_game: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """The games of `table` in order, as many as the bounds allow: always games 0..k-1."""
    results: dict[int, GameResult] = {}
    if pool is None:
        try:
            for i in range(table.games):
                if bounds.over():
                    break
                results[i] = play_game(table, i, setup)
                if on_game:
                    on_game(results[i])
        except KeyboardInterrupt:
            bounds.stopped = "interrupted (Ctrl-C)"  # the game under way is dropped: only whole games count
        return [results[i] for i in sorted(results)]
    nxt = 0
    running: dict[Future, int] = {}
    try:
        while True:
            while nxt < table.games and len(running) < jobs and not bounds.over():
                running[pool.submit(play_game, table, nxt, setup)] = nxt
                nxt += 1
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for f in done:
                results[running.pop(f)] = r = f.result()
                if on_game:
                    on_game(r)
    except KeyboardInterrupt:
        bounds.stopped = "interrupted (Ctrl-C)"
        for f, i in running.items():  # the workers ignore Ctrl-C: the games under way finish and count
            results[i] = f.result()
    return [results[i] for i in sorted(results)]


# --- the report ---------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _signed(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:+.2f}"


def _ci(lo: float, hi: float) -> str:
    return "" if math.isnan(lo) else f"({_signed(lo)} to {_signed(hi)})"


@dataclass
class Figures:
    """One player's figures at one table (see "How to read the figures")."""

    games: int
    seats: int  # its seats at the table
    wins: float
    ci: tuple[float, float]  # Wilson 95% interval of the win rate
    over_best: tuple[float, float, float]  # margin over the best other seat: mean, 95% interval
    over_mean: tuple[float, float, float]  # margin over the other seats' mean

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else math.nan


def figures(results: Sequence[GameResult], kind: str) -> Figures:
    wins = 0.0
    over_best: list[float] = []
    over_mean: list[float] = []
    for r in results:
        shares = r.win_shares()
        mine = [i for i, k in enumerate(r.kinds) if k == kind]
        wins += sum(shares[i] for i in mine)
        best, mean = [], []
        for i in mine:
            others = [s for j, s in enumerate(r.scores) if j != i]
            best.append(r.scores[i] - max(others))
            mean.append(r.scores[i] - sum(others) / len(others))
        over_best.append(sum(best) / len(best))
        over_mean.append(sum(mean) / len(mean))
    seats = results[0].kinds.count(kind) if results else 0
    return Figures(len(results), seats, wins, wilson(wins, len(results)), mean_ci(over_best), mean_ci(over_mean))


def seat_rates(results: Sequence[GameResult], kind: str) -> list[tuple[float, int]]:
    """For each seat position: the wins of `kind` when it sat there, and the games it sat there."""
    out = []
    for p in range(len(results[0].kinds) if results else 0):
        games = [r for r in results if r.kinds[p] == kind]
        out.append((sum(r.win_shares()[p] for r in games), len(games)))
    return out


def table_lines(table: Table, results: list[GameResult]) -> list[str]:
    n = len(results)
    if n == 0:
        return [f"{table.name}: no game played"]
    seats = len(table.seats)
    shared = sum(1 for r in results if sum(1 for x in r.ranks if x == 1) > 1)
    cycle = seats * len(ARENAS)
    lines = [
        f"{table.name}: {n} games (game seeds {results[0].seed}-{results[-1].seed})"
        f"{'' if n == table.games else f' of {table.games}'}; shared first places {shared}"
        + ("" if n % cycle == 0 else f"; not a whole number of {cycle}-game cycles, so seats and arenas are uneven")
    ]
    kinds = list(dict.fromkeys(table.seats))
    if len(kinds) > 1:  # a table of one player wins every game: only its seats tell anything
        lines.append(
            f"  {'player':10} {'seats':>5} {'wins':>8} {'win rate':>8} {'95% CI':>13} {'fair':>5}   "
            f"{'margin over best (95% CI)':<28} {'over mean (95% CI)'}"
        )
        for kind in kinds:
            f = figures(results, kind)
            b, blo, bhi = f.over_best
            m, mlo, mhi = f.over_mean
            lines.append(
                f"  {kind:10} {f.seats:5} {f.wins:8g} {_pct(f.rate):>8} {_pct(f.ci[0]):>6}-{_pct(f.ci[1]):<6} "
                f"{f.seats / seats:5.0%}   {_signed(b):>6} {_ci(blo, bhi):<21} {_signed(m):>6} {_ci(mlo, mhi)}"
            )
    hero = table.seats[0]  # its seat edge; in a table of one player, the edge of each seat
    rates = seat_rates(results, hero)
    by_seat = "  ".join(f"{p + 1}: {_pct(w / g) if g else '-'}" for p, (w, g) in enumerate(rates))
    lines.append(f"  {hero} win rate by seat (seat 1 plays first): {by_seat}")
    if len(kinds) == 1:
        w, g = rates[0]
        lo, hi = wilson(w, g)
        lines.append(f"  first seat: {w:g} of {g} games, 95% CI {_pct(lo)}-{_pct(hi)} (fair {_pct(1 / seats)})")
    return lines


def rating_lines(results: list[GameResult]) -> list[str]:
    kinds = {k for r in results for k in r.kinds}
    ratings = bradley_terry(pairwise(results), kinds)
    lines = [
        "rating (Bradley-Terry on every pair of seats of different players, Elo scale, random or the weakest = 0;",
        "        95% interval from 200 resamples of the games):",
    ]
    if not ratings.groups:
        lines.append(f"  {ratings.note}")
        return lines
    ci = rating_intervals(results, ratings)
    for g, group in enumerate(ratings.groups):
        if len(ratings.groups) > 1:
            lines.append(f"  group {g + 1}:")
        for k, r in sorted(group.items(), key=lambda kv: (-kv[1], kv[0])):
            interval = f"   ({ci[k][0]:.0f} to {ci[k][1]:.0f})" if k in ci and r != 0 else ""  # 0 is the anchor
            lines.append(f"  {k:10} {r:6.0f}{interval}")
    if ratings.note:
        lines.append(f"  ({ratings.note})")
    return lines


def think_times(results: Sequence[GameResult], attr: str = "think") -> dict[str, tuple[int, float, float, float]]:
    """Per player: decisions, p50, p99 and max of the think time (seconds), slowest first."""
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for k, xs in getattr(r, attr).items():
            times[k].extend(xs)
    out = {}
    for k, xs in times.items():
        xs.sort()
        out[k] = (len(xs), percentile(xs, 0.5), percentile(xs, 0.99), xs[-1])
    return dict(sorted(out.items(), key=lambda kv: -kv[1][3]))


def think_lines(results: list[GameResult], wall: bool) -> list[str]:
    lines = []
    for clock, attr in (("CPU", "think"), ("wall", "wall")) if wall else (("CPU", "think"),):
        lines.append(f"think time per decision ({clock} ms): {'decisions':>12} {'p50':>8} {'p99':>8} {'max':>9}")
        for k, (n, p50, p99, top) in think_times(results, attr).items():
            lines.append(f"  {k:34} {n:>9} {1000 * p50:8.2f} {1000 * p99:8.1f} {1000 * top:9.1f}")
    return lines


# --- the command line ---------------------------------------------------------------------------


def _value(text: str) -> Any:
    """An option's value: none, true/false, an int, a float, or else the text."""
    low = text.lower()
    if low in ("none", "null"):
        return None
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_kind(spec: str) -> tuple[str, str, dict[str, Any]]:
    """`NAME=LEVEL[:OPTION=VALUE,...]` -> (name, level, options)."""
    name, eq, rest = spec.partition("=")
    if not eq or not name:
        raise ValueError(f"--kind {spec}: expected NAME=LEVEL[:OPTION=VALUE,...]")
    level, _, opts = rest.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, opts.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"--kind {spec}: option '{item}' is not OPTION=VALUE")
        options[key] = _value(value)
    return name, level, options


def parse_match(spec: str, players: int, games: int) -> Table:
    """`hero:field` (one hero against players - 1 of field) or `a,b,c,...` (every seat named)."""
    if ":" in spec:
        hero, _, rest = spec.partition(":")
        return Table(f"{hero} vs {players - 1} {rest}", (hero,) + (rest,) * (players - 1), games)
    seats = tuple(s.strip() for s in spec.split(","))
    if len(seats) != players:
        raise ValueError(f"--match {spec}: {len(seats)} seats for {players} players (see --players)")
    return Table(" / ".join(seats) if len(set(seats)) > 1 else f"{players} {seats[0]}", seats, games)


def build(args: argparse.Namespace) -> tuple[Setup, list[Table]]:
    players: dict[str, tuple[str, dict[str, Any]]] = {}
    hard: dict[str, Any] = {}
    accepted = signature(PLAYER_KINDS["hard"]).parameters
    if "seconds" in accepted:
        hard["seconds"] = args.hard_seconds  # None (no clock) unless asked: a timed game cannot be replayed
    if args.hard_positions is not None:
        hard["positions"] = args.hard_positions
    players["hard"] = ("hard", hard)
    for spec in args.kind:
        name, level, options = parse_kind(spec)
        players[name] = (canonical_kind(level), options)
    roster = Roster(players)
    setup = Setup(args.skulls, args.mode, args.bot, args.ending, args.seed, args.wall, roster)
    tables: list[Table] = []
    if args.match:
        for spec in args.match:
            tables.append(parse_match(spec, args.players, args.games))
    else:
        for part in filter(None, args.only.split(",")):
            if part == "seats":
                tables += [
                    parse_match(",".join([k] * args.players), args.players, args.games) for k in ("normal", "random")
                ]
            elif part in LADDER:
                tables.append(parse_match(":".join(LADDER[part]), args.players, args.games))
            else:
                raise ValueError(f"--only {part}: expected hard, normal, easy or seats")
    if args.hard_games is not None:
        tables = [
            Table(t.name, t.seats, args.hard_games) if any(roster.level(k) == "hard" for k in t.seats) else t
            for t in tables
        ]
    for t in tables:
        dealt(t, 0, setup)  # settings that cannot make a game are refused before any is played
    for k in dict.fromkeys(k for t in tables for k in t.seats):
        if canonical_kind(roster.level(k)) not in PLAYER_KINDS:
            known = ", ".join(sorted(PLAYER_KINDS))
            raise ValueError(f"unknown computer player '{k}' (known: {known}, or a --kind)")
        try:
            roster.make(k, 0)
        except TypeError as e:  # an option the player does not take
            raise ValueError(f"{k}: {e}") from None
    return setup, tables


def options() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--match", action="append", default=[], help="a match-up: hero:field or a,b,c,d,e (repeatable)")
    ap.add_argument("--only", default="hard,normal,easy,seats", help="without --match: which of the usual match-ups")
    ap.add_argument("--games", type=int, default=20, help="games per match-up")
    ap.add_argument("--hard-games", type=int, default=None, help="games of match-ups with a hard player")
    ap.add_argument("--minutes", type=float, default=None, help="stop starting games after this long, all told")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once, in worker processes")
    ap.add_argument("--seed", type=int, default=1, help="game i of each match-up has seed SEED + i")
    ap.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--mode", default="standard", choices=MODES)
    ap.add_argument("--bot", action="store_true", help="add the bot in a spare figure (3 or 4 players)")
    ap.add_argument("--ending", default="frenzy", choices=ENDINGS)
    ap.add_argument(
        "--kind", action="append", default=[], help="NAME=LEVEL[:OPTION=VALUE,...]: a player made with these options"
    )
    ap.add_argument("--hard-positions", type=int, default=None, help="the hard player's budget (default: its own)")
    ap.add_argument("--hard-seconds", type=float, default=None, help="a time limit on top (not replayable)")
    ap.add_argument("--wall", action="store_true", help="think time in wall-clock time too")
    ap.add_argument("--cpu", action="store_true", help="(think time is always CPU time; kept for old command lines)")
    ap.add_argument("--progress", action="store_true", help="print each game as it ends")
    return ap


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers, once shut down)."""
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(u.ru_utime + u.ru_stime for u in usage)


def play_all(
    setup: Setup,
    tables: Sequence[Table],
    bounds: Bounds,
    jobs: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
    on_table: Callable[[Table, list[GameResult], float], None] | None = None,
) -> list[list[GameResult]]:
    """The games of each match-up in turn, within the bounds: one list per match-up begun."""
    played: list[list[GameResult]] = []
    pool = None
    if jobs > 1:
        # fork: a worker starts with this process's modules (the benchmark is a script, not a package)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_quiet_worker)
    try:
        for t in tables:
            if bounds.over():
                break
            started = time.perf_counter()
            played.append(play_table(t, setup, bounds, pool, jobs, on_game))
            if on_table:
                on_table(t, played[-1], time.perf_counter() - started)
    finally:
        if pool is not None:
            pool.shutdown()
    return played


def run(argv: Sequence[str] | None = None, out=None) -> int:
    out = out or sys.stdout

    def say(*lines: str) -> None:
        for line in lines:
            print(line, file=out, flush=True)

    ap = options()
    args = ap.parse_args(argv)
    if args.games < 0 or args.jobs < 1 or (args.hard_games is not None and args.hard_games < 0):
        ap.error("--games must be 0 or more and --jobs 1 or more")
    if args.bot and args.players == 5:
        ap.error("--bot: the bot plays with 3 or 4 players")
    try:
        setup, tables = build(args)
    except ValueError as e:
        ap.error(str(e))
    bounds = Bounds(args.minutes)
    cpu_before = _cpu()
    used = list(dict.fromkeys(k for t in tables for k in t.seats))
    load = os.getloadavg()
    say(
        f"benchmarks/ai.py {' '.join(argv if argv is not None else sys.argv[1:])}",
        f"{args.players} players, {args.skulls} skulls, {args.mode}{', with the bot' if args.bot else ''}, "
        f"{args.ending.replace('_', ' ')}; seats rotated, arenas in turn; game i has seed {args.seed} + i",
        "players: "
        + "; ".join(f"{k} = {setup.roster.level(k)} {setup.roster.options(k) or ''}".rstrip() for k in used),
        f"{args.jobs} process{'es' if args.jobs > 1 else ''} playing (of {os.cpu_count()} cores); "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
    )

    def progress(r: GameResult) -> None:
        if args.progress:
            shares = r.win_shares()
            won = ", ".join(f"{r.kinds[i]} in seat {i + 1}" for i, s in enumerate(shares) if s)
            say(f"  game {r.index + 1} (seed {r.seed}, {r.arena}): won by {won}; scores {list(r.scores)}")

    def table_done(t: Table, results: list[GameResult], seconds: float) -> None:
        say("", *table_lines(t, results), f"  [{seconds:.0f} s]")

    played = play_all(setup, tables, bounds, args.jobs, progress, table_done)
    everything = [r for results in played for r in results]
    say("", *rating_lines(everything), "", *think_lines(everything, args.wall))
    elapsed = time.perf_counter() - bounds.started
    cpu = _cpu() - cpu_before
    load = os.getloadavg()
    say(
        "",
        f"{len(everything)} games in {elapsed / 60:.1f} min ({elapsed:.0f} s), {cpu:.0f} s of CPU on {args.jobs} "
        f"process{'es' if args.jobs > 1 else ''}; load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
    )
    skipped = [t.name for t in tables[len(played) :]]
    short = [f"{t.name} ({len(r)} of {t.games})" for t, r in zip(tables, played, strict=False) if len(r) < t.games]
    if bounds.stopped or skipped or short:
        say(
            f"STOPPED EARLY: {bounds.stopped or 'bounded'}"
            + (f"; cut short: {', '.join(short)}" if short else "")
            + (f"; not played: {', '.join(skipped)}" if skipped else "")
        )
    return 0


def main() -> None:
    raise SystemExit(run())


if __name__ == "__main__":
    main()
