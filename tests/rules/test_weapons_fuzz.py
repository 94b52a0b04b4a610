"""Every weapon in many random positions: whatever the engine offers during a shot can be carried
through to the end, and a weapon is offered for firing exactly when a shot can be started."""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import ARENA_IDS, load_arena
from adrenaline_tui.rules.cards import load_cards

FIGURES = ("yellow", "blue", "grey", "purple", "green")


def positions(rng: random.Random) -> tuple:
    arena = load_arena(rng.choice(ARENA_IDS))
    pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
    budget = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
    return arena, pos, budget


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_random_shots_never_get_stuck(weapon_id):
    weapon = load_cards().weapons[weapon_id]
    rng = random.Random(weapon_id)
    fired = 0
    for _ in range(150):
        arena, pos, budget = positions(rng)
        shot = effects.begin(weapon, arena, "yellow", pos, budget)
        keys = effects.legal_keys(shot)
        assert bool(keys) == effects.can_fire(weapon, arena, "yellow", pos, budget)
        if not keys:
            continue
        fired += 1
        hit = set()
        for _ in range(40):
            assert keys, f"{weapon_id}: a shot from {pos} ran out of options"
            shot, ops = effects.apply(shot, rng.choice(keys))
            assert not shot.dead, f"{weapon_id}: an offered option led nowhere from {pos}"
            hit.update(op.figure for op in ops if op.kind in ("damage", "mark"))
            if shot.finished:
                break
            keys = effects.legal_keys(shot)
        assert shot.finished
        assert hit and "yellow" not in hit  # someone was hit, never the shooter
        spent = [b - a for a, b in zip(shot.budget, budget, strict=True)]
        assert all(0 <= n <= cap for n, cap in zip(spent, weapon.spend_cap, strict=True))
    assert fired > 10
