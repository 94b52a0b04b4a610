"""The random computer player: any legal option, uniformly."""

from __future__ import annotations

import random
from typing import Any

from adrenaline_tui.titles.bloodrush.decision import Decision


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        return self.rng.choice(decision.keys)
