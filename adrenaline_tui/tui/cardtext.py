"""Card texts for people, generated from `weapons.yaml` (the single source of card data)."""

from __future__ import annotations

from adrenaline_tui.rules.cards import (
    CardSet,
    Effect,
    Hit,
    Move,
    Pause,
    PowerupKind,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Weapon,
)

TYPE_NAME = {"basic": "basic effect", "optional": "optional effect", "mode": "alternate mode"}


def _count(lo: int, hi: int, noun: str) -> str:
    if lo == hi:
        return f"{lo} {noun}{'' if lo == 1 else 's'}"
    if lo == 0:
        return f"up to {hi} {noun}s"
    return f"{lo} to {hi} {noun}s"


def _filter(f: tuple) -> str:
    kind = f[0]
    if kind == "visible":
        return "you can see"
    if kind == "not_visible":
        return "you cannot see"
    if kind == "not_own":
        return "not on your square"
    if kind == "any":
        return "anywhere"
    if kind == "distance":
        lo, hi = f[1], f[2]
        if lo == hi == 0:
            return "on your square"
        if lo == hi:
            return f"exactly {lo} move{'s' if lo != 1 else ''} away"
        if hi >= 99:
            return f"at least {lo} move{'s' if lo != 1 else ''} away"
        return f"{lo} to {hi} moves away" if lo else f"at most {hi} move{'s' if hi != 1 else ''} away"
    if kind == "visible_from":
        return f"that {f[1]} can see"
    if kind == "near":
        return f"within {f[2]} move{'s' if f[2] != 1 else ''} of {f[1]}"
    if kind == "at":
        return f"on {f[1]}'s square"
    if kind == "same_square":
        return f"on the same square as {f[1]}"
    if kind == "in_room":
        return f"in {f[1]}"
    return " ".join(map(str, f))


def _where(filters: tuple) -> str:
    words = [_filter(f) for f in filters]
    return (" " + ", ".join(words)) if words else ""


def step_text(step: object) -> str:
    if isinstance(step, Select):
        text = f"choose {_count(step.lo, step.hi, 'target')} ({step.name}){_where(step.where)}"
        if step.among:
            text += f" among {step.among}"
        if step.exclude:
            text += f", not {', '.join(step.exclude)}"
        if step.distinct_squares:
            text += ", each on a different square"
        return text
    if isinstance(step, SelectSquare):
        return f"choose a square ({step.name}){_where(step.where)}"
    if isinstance(step, SelectRoom):
        return f"choose a room ({step.name}){_where(step.where)}"
    if isinstance(step, SelectLine):
        return "choose a direction" + (", through walls" if step.walls == "ignore" else "")
    if isinstance(step, Hit):
        what = "damage" if step.kind == "damage" else ("mark" if step.amount == 1 else "marks")
        who = step.to if step.to else "everyone" + _where(step.everyone or ())
        return f"{step.amount} {what} to {who}"
    if isinstance(step, Move):
        who = "you" if step.who == "self" else step.who
        how = " in a straight line" if step.path == "straight" else ""
        if step.to:
            dest = "your square" if step.to == "self" else step.to.replace("square_of:", "the square of ")
            return f"move {who} to {dest}"
        return f"move {who} {_count(step.lo, step.hi, 'square')}{how}"
    if isinstance(step, Pause):
        return "(other effects may be slotted in here)"
    return ""


def effect_text(effect: Effect) -> str:
    cost = f" (+{', '.join(effect.cost)})" if effect.cost else ""
    head = f"{effect.name}{cost} - {TYPE_NAME.get(effect.type, effect.type)}"
    if effect.after:
        head += f", after {', '.join(effect.after)}"
    if effect.text:
        return f"{head}: {effect.text}"
    steps = [t for t in (step_text(s) for s in effect.steps) if t]
    return f"{head}: " + "; ".join(steps) + "."


def weapon_text(w: Weapon) -> str:
    pickup = ", ".join(w.pickup_cost) or "free"
    lines = [
        f"{w.name}",
        f"{w.colour} weapon. Reload: {', '.join(w.cost)}. Grab from a rack: {pickup}.",
        "",
        w.description,
        "",
    ]
    lines += [f"* {effect_text(e)}" for e in w.effects]
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
