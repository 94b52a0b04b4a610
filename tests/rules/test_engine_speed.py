"""The faster engine gives the answers the plain definitions give (issue 27).

The speed work changed how legality is searched (the shortest way on first, a state keyed only
when that does not finish the shot, each legal key stepped once with its ops) and how payments
are checked (`can_pay` in one pass, `budget` without `spendable`). Each is compared here with
the plain definition it replaced, written out in the test, over many random positions of every
weapon and every small cost and hand.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import ARENA_IDS, load_arena
from adrenaline_tui.rules.cards import CUBES, load_cards
from adrenaline_tui.rules.payment import ANY, budget, can_pay, spendable
from adrenaline_tui.rules.state import Player

FIGURES = ("yellow", "blue", "grey", "purple", "green")


def plain_completable(shot: effects.Shot) -> bool:
    """Is there a way to finish the shot: every next choice in turn, no memo, no shortcut."""
    if shot.dead:
        return False
    if shot.finished or (shot.cur < 0 and shot.main_finished):
        return True
    return any(plain_completable(effects.apply(shot, k)[0]) for k in effects.choice_keys(shot))


def plain_legal(shot: effects.Shot) -> list[str]:
    return [k for k in effects.choice_keys(shot) if plain_completable(effects.apply(shot, k)[0])]


def every_state(shot: effects.Shot, most: int) -> list[effects.Shot]:
    """States reachable by any choices, legal or not (breadth first, at most `most`)."""
    out, queue = [], [shot]
    while queue and len(out) < most:
        state = queue.pop(0)
        out.append(state)
        queue += [effects.apply(state, k)[0] for k in effects.choice_keys(state)]
    return out


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_the_search_agrees_with_the_plain_definition(weapon_id: str) -> None:
    weapon = load_cards().weapons[weapon_id]
    rng = random.Random(f"speed-{weapon_id}")
    decisions = 0
    for _ in range(25):
        arena = load_arena(rng.choice(ARENA_IDS))
        pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
        budget_ = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        shot = effects.begin(weapon, arena, "yellow", pos, budget_)
        memo: dict = {}  # shared by the decisions of the shot, as the game shares it
        for _ in range(12):
            expected = plain_legal(shot)
            assert effects.legal_keys(shot) == expected
            steps = effects.legal_steps(shot, memo)
            assert list(steps) == expected
            if not expected:
                break
            decisions += 1
            for key, (child, ops) in steps.items():
                applied, applied_ops = effects.apply(shot, key)
                assert child.key() == applied.key() and child.dead == applied.dead
                assert ops == applied_ops
            shot = steps[rng.choice(expected)][0]
            if shot.finished:
                break
    assert decisions, f"{weapon_id} was never fired in these positions"


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_completable_agrees_on_every_reachable_state(weapon_id: str) -> None:
    # Including states that cannot be finished: the search's shortcut (a state whose shortest
    # way on finishes the shot) must not answer for them.
    weapon = load_cards().weapons[weapon_id]
    rng = random.Random(f"reach-{weapon_id}")
    checked = 0
    for _ in range(8):
        arena = load_arena(rng.choice(ARENA_IDS))
        pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
        budget_ = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        for state in every_state(effects.begin(weapon, arena, "yellow", pos, budget_), 150):
            assert effects.completable(state) == plain_completable(state)
            checked += 1
    assert checked > 8


def plain_can_pay(p: Player, cost: list[str], exclude: list[str]) -> bool:
    """`can_pay` as it was written before: each colour's count, then any colour from the rest."""
    b = budget(p, exclude)
    specific = [cost.count(c) for c in CUBES]
    if any(n > have for n, have in zip(specific, b, strict=True)):
        return False
    return cost.count(ANY) <= sum(b) - sum(specific)


HANDS = [
    [],
    ["newton-red"],
    ["teleporter-blue", "targeting-scope-yellow"],
    ["tagback-grenade-red", "tagback-grenade-red", "newton-blue"],
]
COSTS = [list(c) for n in range(5) for c in product((*CUBES, ANY), repeat=n)]


def test_payments_agree_with_the_plain_definitions() -> None:
    checked = 0
    for ammo in product(range(4), repeat=3):
        for hand in HANDS:
            p = Player("yellow", "Y", ammo=dict(zip(CUBES, ammo, strict=True)), powerups=list(hand))
            assert budget(p) == spendable(ammo, hand)
            for exclude in ([], hand[:1]):
                rest = list(hand)
                for card in exclude:
                    rest.remove(card)
                assert budget(p, exclude) == spendable(ammo, rest)
                for cost in COSTS:
                    assert can_pay(p, cost, exclude) == plain_can_pay(p, cost, exclude), (ammo, hand, exclude, cost)
                    checked += 1
    assert checked > 10_000
