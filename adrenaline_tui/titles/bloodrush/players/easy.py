"""The easy computer player: the normal player, who now and then picks any legal option."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.titles.bloodrush.decision import Decision
from adrenaline_tui.titles.bloodrush.players.normal import NormalPlayer

SLIP = 0.3  # how often a beginner ignores what the normal player would do


class EasyPlayer(NormalPlayer):
    name = "easy"

    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        if self.rng.random() < SLIP:
            return self.rng.choice(decision.keys)
        return super().choose(decision, view)
