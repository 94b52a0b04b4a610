"""What the sensible player thinks things are worth, in rough points.

These numbers are the player's opinion, not rules; tuning the player means editing them.
"""

from __future__ import annotations

# How good each weapon is, in points per shot in a typical position: damage it deals, how easily
# it finds a target, what its options add. This is the player's opinion, not a rule.
WEAPON_RATING: dict[str, float] = {
    "lock-rifle": 2.7,
    "machine-gun": 3.0,
    "thor": 3.0,
    "plasma-gun": 3.2,
    "whisper": 3.2,
    "electroscythe": 1.6,
    "tractor-beam": 2.5,
    "vortex-cannon": 2.8,
    "furnace": 2.3,
    "heatseeker": 2.5,
    "hellion": 2.5,
    "flamethrower": 2.0,
    "grenade-launcher": 2.3,
    "rocket-launcher": 3.3,
    "railgun": 3.0,
    "cyberblade": 2.7,
    "zx-2": 2.4,
    "shotgun": 2.7,
    "power-glove": 2.4,
    "shockwave": 2.0,
    "sledgehammer": 2.1,
}
DEFAULT_RATING = 2.5

# What a powerup in hand is worth beyond the cube it could pay for.
POWERUP_KEEP: dict[str, float] = {
    "targeting-scope": 0.7,
    "newton": 0.8,
    "tagback-grenade": 0.5,
    "teleporter": 0.9,
}
UNKNOWN_POWERUP = 0.7  # a card an ammo tile would draw

TOKEN = 1.0  # a damage token on a fresh board
FIRST_BLOOD = 1.0
KILLSHOT_BONUS = 2.5
OVERKILL_BONUS = 1.0
MARK = 0.4
CUBE = 0.25
LOADED = 0.6  # share of a weapon's rating a loaded weapon in hand is worth
UNLOADED = 0.25
TARGET_LEADER = 0.08  # extra weight per killshot-track token of the target
# A board pays less after each death (8-6-4-2-1-1); tokens on it are worth that much less.
BOARD_FACTOR = (1.0, 0.8, 0.6, 0.45, 0.4, 0.35, 0.3, 0.3, 0.3)
FRENZY_BOARD_FACTOR = 0.4
SCOPE = "targeting-scope"
SHOT_KINDS = frozenset({"effect", "target", "square", "room", "direction", "move"})


def rating(weapon_id: str) -> float:
    return WEAPON_RATING.get(weapon_id, DEFAULT_RATING)
