"""The normal player in every mode: win rate against random players, think time, what it does.

For each mode (standard, domination, turret), without the bot (one normal player against four
random ones) and with it (one normal against two random, the bot in the fifth colour): the
normal player's seat moves round the table game by game, arenas in turn. Prints its win rate
with a 95% Wilson interval (a shared first place counts as a fraction), its think time per
decision (median, 95th percentile, max), and what it did in the mode against what one random
seat did on average: spawnpoint tokens (Domination), turrets held at the end (Turret), bot
shots that hit a player (with the bot).

    python benchmarks/modes.py [--games N] [--skulls S] [--seed S] [--plain] [--against random|plain]

`--plain` turns the mode values off (ai/modes.py's hooks answer 0, as in the standard game):
the same player, blind to what the mode scores, for comparison. `--against plain` seats the
normal player against normal players with the mode values off: what the mode module is worth.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from ai import ARENAS, wilson  # benchmarks/ai.py, beside this script: one interval, one arena list

from adrenaline_tui.ai import RandomPlayer, SensiblePlayer, modes
from adrenaline_tui.rules import Game, GameConfig

COLOURS = ("yellow", "blue", "grey", "green", "purple")


def play(mode: str, bot: str | None, game_no: int, args: argparse.Namespace) -> dict:
    players = COLOURS[:3] if bot else COLOURS
    seat = game_no % len(players)
    config = GameConfig(
        players=players, arena=ARENAS[game_no % len(ARENAS)], skulls=args.skulls, mode=mode, bot=bot, ending="frenzy"
    )
    seed = args.seed * 1000 + game_no
    game = Game.new(config, seed)
    me = players[seat]
    rival = RandomPlayer if args.against == "random" else SensiblePlayer
    seats = {c: SensiblePlayer(seed + i) if c == me else rival(seed + i) for i, c in enumerate(players)}
    times: list[float] = []
    bot_hits: dict[str, int] = defaultdict(int)
    while (d := game.pending) is not None:
        p = seats[d.player]
        if p is seats[me]:
            t0 = time.perf_counter()
            key = p.choose(d, game.view(d.player))
            times.append(time.perf_counter() - t0)
        elif args.against == "plain":
            # the same player with the mode values off for this decision (they are read per decision)
            saved = dict(modes.MODE_VALUES)
            modes.MODE_VALUES.update(dict.fromkeys(saved, modes.ModeValues))
            try:
                key = p.choose(d, game.view(d.player))
            finally:
                modes.MODE_VALUES.update(saved)
        else:
            key = p.choose(d)
        if d.kind == "bot_target" and ":" not in key:
            bot_hits[d.player] += 1
        game.choose(key)
    state = game.to_json()
    top = min(r["rank"] for r in game.ranking) if game.ranking else 1
    firsts = [r["player"] for r in game.ranking if r["rank"] == top]
    mine = {"tokens": 0.0, "turrets": 0.0, "bot_hits": float(bot_hits[me])}
    others = {"tokens": 0.0, "turrets": 0.0, "bot_hits": 0.0}
    for c in players:
        tally = mine if c == me else others
        share = 1.0 if c == me else 1.0 / (len(players) - 1)
        if mode == "domination":
            tally["tokens"] += share * sum(t.count(c) for t in state["domination"]["tracks"].values())
        if mode == "turret":
            tally["turrets"] += share * sum(1 for o in state["turret"]["turrets"].values() if o == c)
        if c != me:
            tally["bot_hits"] += share * bot_hits[c]
    return {
        "win": (1.0 / len(firsts)) if me in firsts else 0.0,
        "times": times,
        "mine": mine,
        "others": others,
        "seats": len(players),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games per mode, with and without the bot")
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", default="standard,domination,turret")
    ap.add_argument("--plain", action="store_true", help="the mode values off, for comparison")
    ap.add_argument("--against", choices=("random", "plain"), default="random")
    args = ap.parse_args()
    if args.plain:
        for name in list(modes.MODE_VALUES):
            modes.MODE_VALUES[name] = modes.ModeValues
    off = " (mode values off)" if args.plain else ""
    print(f"normal vs {args.against}, {args.games} games per row, {args.skulls} skulls{off}")
    print(
        f"{'mode':<11}{'bot':<5}{'seats':>5}{'win':>7}{'95% CI':>15}{'ms med':>8}{'p95':>7}{'max':>7}"
        f"{'tokens':>11}{'turrets':>11}{'bot hits':>11}   (normal / another seat, per game)"
    )
    for mode in args.modes.split(","):
        for bot in (None, "purple"):
            results = [play(mode, bot, g, args) for g in range(args.games)]
            wins = sum(r["win"] for r in results)
            lo, hi = wilson(wins, len(results))
            times = sorted(t for r in results for t in r["times"])
            med = statistics.median(times) * 1000
            p95 = times[int(0.95 * (len(times) - 1))] * 1000
            worst = times[-1] * 1000
            n = len(results)

            def pair(what: str, rs: list[dict] = results, n: int = n) -> str:
                a = sum(r["mine"][what] for r in rs) / n
                b = sum(r["others"][what] for r in rs) / n
                return f"{a:5.1f}/{b:<5.1f}"

            print(
                f"{mode:<11}{bot or '-':<5}{results[0]['seats']:>5}{wins / n:>7.0%}   [{lo:.0%}, {hi:.0%}]"
                f"{med:>8.1f}{p95:>7.0f}{worst:>7.0f}{pair('tokens'):>11}{pair('turrets'):>11}{pair('bot_hits'):>11}",
                flush=True,
            )


if __name__ == "__main__":
    main()
