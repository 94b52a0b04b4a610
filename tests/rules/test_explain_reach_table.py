"""`weapon_reach` read off the shared table says what the plain search says (issue 25).

The table searches once per weapon, arena, square and the other figures' squares with every
effect affordable, and reads any budget off what each finished shot leaves; it treats figures on
one square alike. Here random positions (figures sharing squares, off the board, the shooter
moved elsewhere) and random budgets, for every weapon in every arena, are compared with
`_hittable`, the search `weapon_reach` ran before.
"""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.rules import Game, GameConfig, effects
from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.rules.explain import reach, weapon_reach
from adrenaline_tui.rules.payment import budget

COLOURS = ("yellow", "blue", "grey", "green", "purple")


def plain(game: Game, colour: str, weapon_id: str, square: str | None, spend: tuple[int, int, int] | None):
    p = game.players[colour]
    pos = game.positions()
    pos[colour] = square or p.square
    shot = effects.begin(game.cards.weapons[weapon_id], game.arena, colour, pos, budget(p) if spend is None else spend)
    return reach._hittable(shot, {})


@pytest.mark.parametrize("arena", ARENA_IDS)
def test_table_agrees_with_the_plain_search(arena: str) -> None:
    game = Game.new(GameConfig(players=COLOURS, arena=arena), 1)
    rng = random.Random(arena)
    squares = list(game.arena.pos)
    weapons = sorted(game.cards.weapons)
    compared = 0
    for trial in range(120):
        # Few squares to choose from: figures often share one, as they do in play.
        some = rng.sample(squares, rng.randint(1, 4))
        for p in game.players.values():
            p.square = rng.choice(some) if rng.random() < 0.85 else None
            p.ammo = {c: rng.randint(0, 3) for c in p.ammo}
        shooter = game.players[COLOURS[trial % len(COLOURS)]]
        shooter.square = shooter.square or rng.choice(squares)
        square = rng.choice([None, rng.choice(squares)])
        spend = rng.choice([None, (0, 0, 0), (rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))])
        for wid in weapons:
            assert weapon_reach(game, shooter.colour, wid, square, spend) == plain(
                game, shooter.colour, wid, square, spend
            ), (arena, trial, wid, game.positions(), square, spend)
            compared += 1
    assert compared == 120 * len(weapons)
