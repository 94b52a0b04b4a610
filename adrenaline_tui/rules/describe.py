"""Every card as loaded from `weapons.yaml`, as plain data and as text (`adrenaline cards`).

The effect sentences are generated from the effect steps (`effect_text`), so what a player reads
is what the engine plays. The rules reference and the walkthrough use the same entries.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules.cards import AmmoTile, CardSet, PowerupKind, Weapon, load_cards
from adrenaline_tui.rules.effect_text import effect_description, timing_text

STRUCTURE = {
    "single": "single effect",
    "optional": "basic effect with optional effects",
    "modes": "basic mode or an alternate mode",
}
TYPE_NAME = {"basic": "basic effect", "optional": "optional effect", "mode": "mode"}


def structure(weapon: Weapon) -> str:
    """`single`, `optional` (basic + optional effects) or `modes`."""
    if any(e.type == "mode" for e in weapon.effects):
        return "modes"
    return "optional" if len(weapon.effects) > 1 else "single"


def weapon_entry(weapon: Weapon) -> dict[str, Any]:
    return {
        "card": "weapon",
        "id": weapon.id,
        "name": weapon.name,
        "colour": weapon.colour,
        "cost": list(weapon.cost),
        "pickup_cost": list(weapon.pickup_cost),
        "reload_cost": list(weapon.reload_cost),
        "structure": structure(weapon),
        "description": weapon.description,
        "notes": list(weapon.notes),
        "effects": [
            {
                "id": e.id,
                "name": e.name,
                "type": e.type,
                "cost": list(e.cost),
                "description": effect_description(weapon, e),
                "timing": timing_text(weapon, e),
            }
            for e in weapon.effects
        ],
    }


def powerup_entry(kind: PowerupKind) -> dict[str, Any]:
    return {
        "card": "powerup",
        "id": kind.kind,
        "name": kind.name,
        "copies": dict(kind.copies),
        "count": sum(kind.copies.values()),
        "timing": kind.timing,
        "description": kind.text,
        "notes": list(kind.notes),
    }


def ammo_entry(tile: AmmoTile) -> dict[str, Any]:
    return {
        "card": "ammo_tile",
        "id": tile.code,
        "cubes": list(tile.cubes),
        "powerup": tile.powerup,
        "copies": tile.copies,
    }


def card_catalogue(cards: CardSet | None = None) -> list[dict[str, Any]]:
    """Every weapon (in file order), every powerup kind, every ammo tile: one entry each."""
    cards = cards or load_cards()
    out = [weapon_entry(w) for w in cards.weapons.values()]
    out += [powerup_entry(k) for k in cards.powerup_kinds.values()]
    out += [ammo_entry(t) for t in cards.ammo_tiles.values()]
    return out


# ------------------------------------------------------------------------- text
def _cubes(cubes: list[str]) -> str:
    return " ".join(cubes) if cubes else "free"


def format_weapon(entry: dict[str, Any]) -> str:
    lines = [
        f"{entry['name']}  ({entry['colour']} weapon; reload {_cubes(entry['reload_cost'])}, "
        f"pick up {_cubes(entry['pickup_cost'])})",
        f"  {entry['description']}",
    ]
    for e in entry["effects"]:
        cost = f" [+{_cubes(e['cost'])}]" if e["cost"] else (" [free]" if e["type"] == "optional" else "")
        lines.append(f"  - {e['name']}{cost}: {e['description']}")
        if e["timing"]:
            lines.append(f"      When: {e['timing']}")
    lines += [f"  Note: {n}" for n in entry["notes"]]
    return "\n".join(lines)


def format_powerup(entry: dict[str, Any]) -> str:
    copies = ", ".join(f"{n} {c}" for c, n in entry["copies"].items())
    lines = [
        f"{entry['name']}  (powerup; {entry['count']} cards: {copies})",
        f"  When: {entry['timing'][:1].upper()}{entry['timing'][1:]}.",
        f"  {entry['description']}",
    ]
    lines += [f"  Note: {n}" for n in entry["notes"]]
    return "\n".join(lines)


def format_ammo(entries: list[dict[str, Any]]) -> str:
    total = sum(e["copies"] for e in entries)
    lines = [f"Ammo tiles ({total})"]
    for e in entries:
        extra = " + draw a powerup" if e["powerup"] else ""
        lines.append(f"  {e['id']:4} {' '.join(e['cubes'])}{extra}  x{e['copies']}")
    return "\n".join(lines)


def format_catalogue(catalogue: list[dict[str, Any]]) -> str:
    weapons = [e for e in catalogue if e["card"] == "weapon"]
    powerups = [e for e in catalogue if e["card"] == "powerup"]
    tiles = [e for e in catalogue if e["card"] == "ammo_tile"]
    parts = [f"WEAPONS ({len(weapons)})", ""]
    for colour in ("blue", "red", "yellow"):
        parts += [format_weapon(e) + "\n" for e in weapons if e["colour"] == colour]
    parts += [f"POWERUPS ({sum(e['count'] for e in powerups)})", ""]
    parts += [format_powerup(e) + "\n" for e in powerups]
    parts.append(format_ammo(tiles))
    parts.append("\nAny powerup may pay for 1 cube of its colour; the cube costs above can be paid that way.")
    return "\n".join(parts)
