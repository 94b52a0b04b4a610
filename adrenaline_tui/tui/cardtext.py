"""Card texts for people, generated from `weapons.yaml` (the single source of card data)."""

from __future__ import annotations

from adrenaline_tui.rules.cards import CardSet, Effect, PowerupKind, Weapon
from adrenaline_tui.rules.effect_text import effect_description, timing_text

TYPE_NAME = {"basic": "basic effect", "optional": "optional effect", "mode": "alternate mode"}


def effect_sentence(weapon: Weapon, effect: Effect) -> str:
    """What an effect does and when, in the engine's words (generated from the card's steps)."""
    return f"{effect_description(weapon, effect)} {timing_text(weapon, effect)}".strip()


def effect_text(weapon: Weapon, effect: Effect) -> str:
    cost = f" (+{', '.join(effect.cost)})" if effect.cost else ""
    head = f"{effect.name}{cost} - {TYPE_NAME.get(effect.type, effect.type)}"
    return f"{head}: {effect_sentence(weapon, effect)}"


def weapon_text(w: Weapon) -> str:
    pickup = ", ".join(w.pickup_cost) or "free"
    lines = [
        f"{w.name}",
        f"{w.colour} weapon. Reload: {', '.join(w.cost)}. Grab from a rack: {pickup}.",
        "",
        w.description,
        "",
    ]
    lines += [f"* {effect_text(w, e)}" for e in w.effects]
    if w.notes:
        lines.append("")
        lines += [f"Note: {n}" for n in w.notes]
    return "\n".join(lines)


def powerup_text(k: PowerupKind) -> str:
    copies = ", ".join(f"{n} {c}" for c, n in k.copies.items())
    lines = [k.name, f"Copies: {copies}.", f"When: {k.timing}.", "", k.text]
    if k.notes:
        lines.append("")
        lines += [f"Note: {n}" for n in k.notes]
    lines += ["", "Any powerup can also pay for one cube of its colour, or be discarded to choose a spawnpoint."]
    return "\n".join(lines)


def ammo_text(cards: CardSet) -> str:
    lines = [
        "Ammo tiles",
        "",
        "Grabbing a tile gives its cubes (at most 3 of a colour); a P tile also draws a powerup.",
    ]
    for t in cards.ammo_tiles.values():
        cubes = " ".join(t.cubes)
        lines.append(f"  {t.code}: {cubes}{' + powerup' if t.powerup else ''} (x{t.copies})")
    return "\n".join(lines)
