"""Seeds: a new game's, and each computer player's, drawn so that neither gives the deal away.

A game's seed fixes its deal and every shuffle after it, so it is as secret as the decks.
- **A game's seed is 63 bits** from the system's randomness (`new_game_seed`). The deal shows
  some of what a seed made (the weapons on the racks, the ammo tiles, the humans' stack): with
  seeds drawn below 2^31, as they were, anyone at a table could deal every seed with a copy of
  the shuffle and keep the one whose deal matches what is on the board (2^31 deals: a few hours of one
  core with the shuffle written in C, by estimate), and then know every deck's order and every
  card the others draw. 2^63 seeds put that out of reach. Every title's save already holds a
  64-bit seed.
- **A computer's seed is one-way from the game's** (`player_seed`): a computer is sent only its
  seat's view and its own seed (`ai/pool.py`), and a seed from which the game's could be worked
  back (it was the game's times 1009 plus the seat) would hand it the deal as well. A
  BLAKE2b hash of the game's seed and the seat: the same computer for the same game wherever it
  thinks (at its table or in a pool process), and nothing about the game's seed in it.
"""

from __future__ import annotations

import hashlib
import random

# Seeds of new games: positive and within the 64-bit range every title's save accepts.
GAME_SEEDS = range(1, 2**63)


def new_game_seed(rng: random.Random | None = None) -> int:
    """A new game's seed: from the system's randomness, or from `rng` where a host or a test is
    seeded to play the same games again."""
    return (rng or random.SystemRandom()).randrange(GAME_SEEDS.start, GAME_SEEDS.stop)


def player_seed(game_seed: int, who: int | str) -> int:
    """The seed of the computer that plays `who` (its seat's index, or a label such as a
    stand-in's) in the game of `game_seed`: 63 bits that say nothing about the game's seed."""
    digest = hashlib.blake2b(f"{game_seed}:{who}".encode(), digest_size=8, person=b"player seed").digest()
    return int.from_bytes(digest, "big") >> 1
