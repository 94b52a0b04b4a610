"""The random computer player: any legal option, except that it never gives up actions.

Ending a turn with actions left is legal but almost never sensible; a player that does it at
random makes games several times longer without exercising any rule more, so it only ends its
turn when nothing else is on offer.
"""

from __future__ import annotations

import random

from adrenaline_tui.rules import Decision


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: dict | None = None) -> str:
        keys = decision.keys
        if decision.kind == "action" and len(keys) > 1:
            keys = [k for k in keys if k != "end"]
        return self.rng.choice(keys)
