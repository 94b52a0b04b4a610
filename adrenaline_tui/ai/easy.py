"""The easy computer player: the normal player with a beginner's mistakes, made on purpose.

It knows the rules and mostly means well, but now and then it takes a worse action than the
one it saw, fires at the wrong target or picks the wrong part of a shot, forgets to reload,
forgets its Targeting Scope and Tagback Grenade. The mistakes come from its own seeded random
numbers, so a game with the same seeds replays exactly. A first-time player should beat it.
"""

from __future__ import annotations

import random
from typing import Any

from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.ai.values import SHOT_KINDS
from adrenaline_tui.rules import Decision

# How often each kind of mistake happens (the player's character, not a rule).
WRONG_ACTION = 0.3  # does something other than the best next action
MISSED_SHOT = 0.35  # an answer inside a shot chosen at random (wrong target, wasted effect)
FORGETS_RELOAD = 0.5  # ends the turn without reloading what it could
FORGETS_POWERUP = 0.6  # lets a Targeting Scope or Tagback Grenade chance go by
# The modes' and the bot's questions: where the bot goes and whom it shoots, which tile, which
# turret deal, which track; a beginner gets these wrong about as often as a target in a shot.
MODE_KINDS = frozenset({"bot_move", "bot_target", "turret_tile", "commandeer", "overkill_track", "route"})


class EasyPlayer:
    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.inner = SensiblePlayer(self.rng.randrange(1 << 30))
        self.mistakes = 0  # answers that differ from what the normal player in it would give

    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        # The normal player always thinks (it follows its own shots from one question to the
        # next); the mistake, if any, replaces its answer afterwards.
        best = self.inner.choose(decision, view)
        key = self._slip(decision, best)
        self.mistakes += key != best
        return key

    def _slip(self, decision: Decision, key: str) -> str:
        keys = decision.keys
        if len(keys) < 2:
            return key
        kind = decision.kind
        roll = self.rng.random()
        if kind == "action":
            acting = [k for k in keys if k in ("run", "grab", "shoot")]
            if acting and roll < WRONG_ACTION:
                return self.rng.choice(acting)
        elif kind in SHOT_KINDS or kind in MODE_KINDS:
            if roll < MISSED_SHOT:
                return self.rng.choice(keys)
        elif kind == "reload":
            if "done" in keys and roll < FORGETS_RELOAD:
                return "done"
        elif kind in ("scope", "tagback") and "pass" in keys and roll < FORGETS_POWERUP:
            return "pass"
        return key


__all__ = ["EasyPlayer"]
