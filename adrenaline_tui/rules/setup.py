"""Setting a new game up from its config and seed.

Games that start from a given position (scenario files) are set up by `scenario.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.rules.cards import CUBES
from adrenaline_tui.rules.state import (
    Board,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def bot_figure(g: Game, colour: str) -> Player:
    """The bot's board: no ammo cubes, no cards, off the board until the starting player places it."""
    name = g.config.names.get(colour) or f"{g.config.name_of(colour)} (bot)"
    return Player(colour, name, ammo=dict.fromkeys(CUBES, 0))


def new_game(g: Game) -> None:
    cards, rng = g.cards, g.rng
    weapons = sorted(cards.weapons)
    powerups = cards.powerup_deck()
    ammo = cards.ammo_deck()
    rng.shuffle(weapons)
    rng.shuffle(powerups)
    rng.shuffle(ammo)
    racks: dict[str, list[str | None]] = {c: [weapons.pop() for _ in range(3)] for c in SPAWN_COLOURS}
    tiles = {s: ammo.pop() for s in g.arena.squares if s not in g.arena.spawn_colour_at}
    g.board = Board(racks, tiles, weapons, powerups, [], ammo, [], g.config.skulls)
    for colour in g.config.players:
        g.players[colour] = Player(colour, g.config.name_of(colour))
    for colour in g.unseated:
        g.players[colour] = bot_figure(g, colour)
    g.first_index = rng.randrange(len(g.seats))
    g.active_index = g.first_index
    for rules in g.rules:
        rules.setup(g)
