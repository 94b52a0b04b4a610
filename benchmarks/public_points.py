"""What the other seats of a hosted table are shown of the questions between public points.

Plays seeded random games with a host's rules (host/tables.py: every Tagback Grenade, turn end
and spawn asked) and counts, by kind, the questions that are not public points, and what every
other seat's view (and a spectator's) showed of each: it must be the active player's turn, and
nothing else, every time. Also counts the questions only a hidden card raises (a Targeting
Scope, paying with a powerup, a Newton or a Teleporter) that issue 22 counted on the wire.

    python benchmarks/public_points.py [--games 20]
"""

from __future__ import annotations

import argparse
import collections
import random

from adrenaline_tui.host.tables import HostTable
from adrenaline_tui.rules import Game

# What issue 22 counted: each of these told a watching seat about a card.
CARD_QUESTIONS = ("scope", "scope_card", "newton_target", "newton_square", "teleport")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    kinds = dict.fromkeys(("yellow", "blue", "grey", "green"), "human")
    between: collections.Counter[str] = collections.Counter()
    shown: collections.Counter[str] = collections.Counter()
    cards: collections.Counter[str] = collections.Counter()
    public = 0
    for seed in range(args.games):
        game = Game.new(HostTable("AAAAA", "arena_11a", 5, "frenzy", kinds).config(), seed)
        rng = random.Random(seed)
        while (d := game.pending) is not None:
            if d.public:
                public += 1
            else:
                between[d.kind] += 1
                for other in [None, *(c for c in game.seats if c != d.player)]:
                    seen = game.view(other)["pending"]
                    shown[
                        "the active player's turn"
                        if seen == {"player": game.active.colour, "kind": "turn"}
                        else str(seen)
                    ] += 1
            if d.kind in CARD_QUESTIONS or (d.kind == "pay" and any("-" in k[4:] for k in d.keys)):
                cards["pay with a card" if d.kind == "pay" else d.kind] += 1
            game.choose(rng.choice(d.keys))
    print(f"{args.games} games, {public} public points")
    print("questions between public points:", dict(between.most_common()))
    print("  of which only a card raised:", dict(cards.most_common()))
    print("what the other seats' views showed of them:", dict(shown))


if __name__ == "__main__":
    main()
