"""The hard player's variants on the same games: a paired yardstick for tuning its search.

Each variant plays the same seat-rotated games (`benchmarks/ai.py`'s dealing, `--match
hard:normal`: game `i` has seed `--seed + i`, the lone player in seat `i % 5`, arenas in turn,
seat `n` made with seed `(seed + i) * 31 + n`) against four normal players, so the differences
between variants are paired game by game (common random numbers at the table).

    python benchmarks/hard_paired.py --games 40 --seed 100000 --jobs 2 \\
        --variant 'plan={"imagine": false}' --variant 'default={}' [--sources]

Prints each variant's wins (Wilson 95% CI), margin over the others' mean, think time (CPU), and
each variant's paired difference in margin against the first one (mean and 95% CI). With
`--sources`, where the points came from (board ranks, first blood, killshot track, double kills,
during the game and at its end; the mode's boards), and how each decision kind was answered
(powerups played, Tagback Grenades and Targeting Scopes used or passed, reloads), the lone
player's a game beside a normal player's.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from ai import ARENAS, wilson

from adrenaline_tui.ai import make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.stats import game_stats

_TWEAKED: dict[tuple[Any, str], Any] = {}


def apply_tweaks(tweaks: dict[str, Any]) -> None:
    """Set the hard player's module constants for an experiment (`--variant 'x={"tweaks":
    {"payout.SCOPE_KEEP": 0.3}}'`), the ones an earlier call set put back first. Process-wide, so
    here, where one variant plays at a time, and never in the player itself (a table's players
    share a process). Only hard.py's and payout.py's: the normal opponents are left as they are."""
    import adrenaline_tui.ai.hard as hard_module
    import adrenaline_tui.ai.payout as payout_module

    modules = {"payout": payout_module, "hard": hard_module}
    for (module, name), value in _TWEAKED.items():
        setattr(module, name, value)
    _TWEAKED.clear()
    for dotted, value in tweaks.items():
        prefix, name = dotted.split(".", 1)
        module = modules[prefix]
        if not hasattr(module, name):
            raise ValueError(f"no constant {dotted} to tweak")
        _TWEAKED[(module, name)] = getattr(module, name)
        setattr(module, name, value)


def rotated_game(i: int, seed: int, skulls: int) -> tuple[GameConfig, Game, int]:
    """Game `i` of `benchmarks/ai.py --match LEVEL:normal --seed SEED`: (config, game, lone seat)."""
    n = 5
    config = GameConfig(players=FIGURES[:n], arena=ARENAS[(i // n) % len(ARENAS)], skulls=skulls, ending="frenzy")
    return config, Game.new(config, seed + i), i % n


def lone_hard_table(config: GameConfig, seat: int, seed: int, i: int, options: dict) -> dict:
    """The players of game `i`: the hard player (with `options`) in `seat`, normal players in the
    others, each seeded as `benchmarks/ai.py` seeds them."""
    return {
        c: make_player("hard", (seed + i) * 31 + n, **options)
        if n == seat
        else make_player("normal", (seed + i) * 31 + n)
        for n, c in enumerate(config.players)
    }


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


def _source(reason: str, final: bool) -> str:
    for prefix, name in (("most damage", "ranks"), ("killshot track", "track"), ("turrets", "turrets")):
        if reason.startswith(prefix):
            reason = name
    if "spawnpoint track" in reason:
        reason = "spawnpoint tracks"
    return f"points: {reason}{' (end)' if final else ''}"


def _answer(d, key: str, frenzy: bool) -> str | None:
    """A decision's answer, as a category worth counting (None: not counted)."""
    kind = d.kind
    if kind == "action":
        what = key if key in ("run", "grab", "shoot", "end") else f"powerup {powerup_kind(key)}"
        return f"action{' (frenzy)' if frenzy else ''}: {what}"
    if kind in ("tagback", "scope"):
        return f"{kind}: {'pass' if key == 'pass' else 'used'} (of {len(d.keys) - ('pass' in d.keys)} offered)"
    if kind == "reload":
        return f"reload: {'done' if key == 'done' else 'a weapon'}"
    if kind == "pay":
        return f"pay: {'cube' if key.split(':', 1)[1] in ('red', 'blue', 'yellow') else 'powerup'}"
    if kind in ("drop", "spawn", "respawn", "weapon", "grab", "run", "shoot_move", "teleport", "newton_target"):
        return f"asked: {kind}"
    return None


def play(
    i: int,
    seed: int,
    skulls: int,
    level: str,
    options: dict,
    field: str | None = None,
    field_options: dict | None = None,
) -> tuple[float, float, list[float], Counter, Counter]:
    """Game `i`: (won, margin over the others' mean, CPU seconds of each of the lone player's
    decisions, the lone player's figures, the four others' figures summed)."""
    config, game, seat = rotated_game(i, seed, skulls)
    options = dict(options)
    apply_tweaks(options.pop("tweaks", {}))
    bots = {
        c: make_player(level, (seed + i) * 31 + n, **options)
        if n == seat
        else field_player(field, (seed + i) * 31 + n, field_options or {})
        for n, c in enumerate(config.players)
    }
    lone = config.players[seat]
    think = []
    figures: dict[str, Counter] = {c: Counter() for c in config.players}
    while (d := game.pending) is not None:
        view = game.view(d.player)
        start = time.process_time()
        key = bots[d.player].choose(d, view)
        if d.player == lone:
            think.append(time.process_time() - start)
        if len(d.keys) > 1:
            what = _answer(d, key, bool(view["frenzy"]))
            if what is not None:
                figures[d.player][what] += 1
        game.choose(key)
    for e in game.events:
        if e.kind == "scored":
            for a in e.data.get("awards") or []:
                if a["player"] in figures:
                    figures[a["player"]][_source(a["reason"], bool(e.data.get("final")))] += a["points"]
    stats = game_stats(game)["players"]
    for c in config.players:
        for k in ("kills", "overkills", "deaths", "first_bloods", "damage_dealt", "damage_taken", "marks_dealt"):
            figures[c][k] += stats[c][k]
    winners = [r["player"] for r in game.ranking or [] if r["rank"] == 1]
    scores = {c: game.players[c].score for c in config.players}
    others = [scores[c] for c in config.players if c != lone]
    theirs = Counter()
    for c in config.players:
        if c != lone:
            theirs.update(figures[c])
    won = (lone in winners) / max(1, len(winners))
    return won, scores[lone] - sum(others) / len(others), think, figures[lone], theirs


def _play(args: tuple) -> tuple:
    return play(*args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--variant", action="append", default=[], help="name=JSON options of the player")
    ap.add_argument("--field-hard", default=None, help="the others play this hard.py (default: normal players)")
    ap.add_argument("--field-options", default='{"positions": 600, "seconds": null}', help="JSON, with --field-hard")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (the figures are the same for any)")
    ap.add_argument("--sources", action="store_true", help="where the points came from, how decisions were answered")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    variants = [(v.split("=", 1)[0], json.loads(v.split("=", 1)[1])) for v in args.variant] or [("default", {})]
    field_options = json.loads(args.field_options)
    margins: dict[str, list[float]] = {}
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    for name, options in variants:
        started = time.perf_counter()
        wins, ms, think = 0.0, [], []
        mine, theirs = Counter(), Counter()
        jobs = [
            (i, args.seed, args.skulls, args.level, options, args.field_hard, field_options) for i in range(args.games)
        ]
        results = pool.map(_play, jobs) if pool is not None else map(_play, jobs)
        for i, (w, m, t, a, b) in enumerate(results):
            wins += w
            ms.append(m)
            think += t
            mine.update(a)
            theirs.update(b)
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
            # One game has no spread to give an interval from.
            half = f"{1.96 * statistics.stdev(diff) / math.sqrt(len(diff)):.2f}" if len(diff) > 1 else "?"
            line += f"; vs {variants[0][0]} {statistics.mean(diff):+.2f} (CI +-{half})"
        print(f"{line}  [{time.perf_counter() - started:.0f} s]", flush=True)
        if args.sources:
            n = args.games
            print(f"    {'a seat, a game':44} {name:>8} {'normal':>8} {'diff':>8}")
            for k in sorted(set(mine) | set(theirs)):
                a, b = mine[k] / n, theirs[k] / (4 * n)
                print(f"    {k:44} {a:8.2f} {b:8.2f} {a - b:+8.2f}")
    if pool is not None:
        pool.shutdown()


if __name__ == "__main__":
    main()
