"""Do the hard player's overrules pay? Its imagined games' verdicts against the end of the game.

Plays hard (600 positions) against four normal players, seats rotated, and keeps every search
where the imagined games overruled the plan search's choice. Each such position is then played
again from the hard player's view in fresh imagined games (never the true game): the plan's
choice and the overruling option in the same sampled games, judged as the search judges them
(after the next player's reply) and played on to the end of the game (normal players, the hard
seat as its turn search after the option). It prints, per overrule and on average with 95%
intervals, what the search said, what fresh imagined games say after the reply, and the final
margin (my points less the others' mean) the overrule made: the yardstick for a judge that
should predict the end of the game.

    python benchmarks/hard_overrules.py [--games N] [--worlds W] [--seed S] [--skulls S]

About 6 s a game and 1-2 s a world an overrule on one core (a game has one or two overrules).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from typing import Any

from ai_sources import rotated_game  # benchmarks/ai_sources.py, beside this script

from adrenaline_tui.ai import make_player
from adrenaline_tui.ai.determinise import sample_game
from adrenaline_tui.ai.hard import Follower, HardPlayer, Plan
from adrenaline_tui.ai.payout import PayoutPlayer
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.rules import Decision
from adrenaline_tui.rules.cards import load_cards

Overrule = tuple[dict[str, Any], Plan, Plan, float]  # view, the plan's choice, the choice, its lead


class Recording(HardPlayer):
    """The hard player, keeping each search whose imagined games overruled the plan's choice."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.overrules: list[Overrule] = []

    def search(self, d: Decision, view: dict[str, Any]) -> Plan | None:
        best = super().search(d, view)
        base = self.plans[0] if self.plans else None
        if best is not None and base is not None and best is not base and base.tries:
            n = min(best.tries, base.tries)
            self.overrules.append((view, base, best, best.mean_of(n) - base.mean_of(n)))
        return best


def fresh(plan: Plan) -> Plan:
    return Plan(plan.key, plan.square, plan.weapon, plan.aim, list(plan.extra))


def to_the_end(view: dict[str, Any], plan: Plan, world: int) -> float:
    """The final margin of the viewer in imagined game `world` after `plan`, played out."""
    rng = random.Random(world)
    game = sample_game(view, rng, load_cards())
    me = view["viewer"]
    players: dict[str, Any] = {c: SensiblePlayer(rng.randrange(1 << 30), quick=True) for c in game.seats}
    players[me] = Follower(plan, PayoutPlayer(rng.randrange(1 << 30), quick=True))
    while (d := game.pending) is not None:
        game.choose(players[d.player].choose(d, game.view(d.player)))
    others = [p.score for c, p in game.players.items() if c != me]
    return game.players[me].score - sum(others) / len(others)


def collect(args: argparse.Namespace) -> list[Overrule]:
    found: list[Overrule] = []
    for i in range(args.games):
        seat = i % 5
        config, game = rotated_game(i, args.seed, args.skulls)
        hard = Recording((args.seed + i) * 31 + seat, positions=600, seconds=None)
        bots = {c: make_player("normal", (args.seed + i) * 31 + n) for n, c in enumerate(config.players)}
        bots[config.players[seat]] = hard
        while (d := game.pending) is not None:
            game.choose(bots[d.player].choose(d, game.view(d.player)))
        found += hard.overrules
    return found


def ci(xs: list[float]) -> str:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return f"{m:+.2f} (95% CI {m - h:+.2f} to {m + h:+.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=12, help="fresh imagined games an overrule")
    ap.add_argument("--seed", type=int, default=5001)
    ap.add_argument("--skulls", type=int, default=5)
    args = ap.parse_args()
    overrules = collect(args)
    print(f"{len(overrules)} overrules in {args.games} games", flush=True)
    if not overrules:
        return
    judge = HardPlayer(1, seconds=None)
    said, replied, ended = [], [], []
    for k, (view, base, chosen, lead) in enumerate(overrules):
        worlds = [random.Random(k * 7919 + w).randrange(1 << 30) for w in range(args.worlds)]
        after: list[float] = []
        end: list[float] = []
        for w in worlds:
            a, b = judge.rollout(view, fresh(chosen), w, 2000), judge.rollout(view, fresh(base), w, 2000)
            if a is not None and b is not None:
                after.append(a[0] - b[0])
            end.append(to_the_end(view, fresh(chosen), w) - to_the_end(view, fresh(base), w))
        said.append(lead)
        replied.append(statistics.mean(after) if after else 0.0)
        ended.append(statistics.mean(end))
        print(
            f"  {base.key} {base.square or ''} {base.weapon or ''} -> {chosen.key} {chosen.square or ''} "
            f"{chosen.weapon or ''}: the search said {lead:+.2f}, fresh games after the reply "
            f"{replied[-1]:+.2f}, at the end {ended[-1]:+.2f}",
            flush=True,
        )
    print(f"the search said        {ci(said)}")
    print(f"after the reply, fresh {ci(replied)}")
    print(f"at the end of the game {ci(ended)}")
    if len(overrules) > 2:
        print(f"correlation of the search's lead with the end: {statistics.correlation(said, ended):.2f}")


if __name__ == "__main__":
    main()
