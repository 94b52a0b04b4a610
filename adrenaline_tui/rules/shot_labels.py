"""Labels for the options of a shot, so a player always sees what each choice would do.

- an effect shows its cost and its card sentence ("With second lock (red): give 1 mark to another
  target you can see");
- a target shows where it stands and what the effect does to it ("Banshee on r2c3: 2 damage and
  1 mark"); a target that is not a figure (a Domination spawnpoint) says what really happens to it:
  one token on its track for any damage, nothing for marks, and it never moves;
- a square, room or direction shows who is there and, when choosing it already hits people (a
  room on fire, a barbecue line), exactly who takes what - worked out by applying the choice to
  the pure shot, so the label cannot disagree with what happens.
"""

from __future__ import annotations

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.cards import Effect, Hit, Move, Pause, Select, SelectLine, SelectRoom, SelectSquare, Weapon
from adrenaline_tui.rules.effect_text import effect_description
from adrenaline_tui.rules.effects import is_object

# What damage does to a target that is not a figure (a spawnpoint), however much it is.
OBJECT_TAGGED = "1 of your tokens on its track"


# Each effect's label, by the identity of its (immutable, loaded once) weapon and effect: a
# record's hash walks every field of the card, which cost more than the label. The objects are
# kept in the entry so an id is never reused by another card; nothing else invalidates it.
_LABELS: dict[tuple[int, int], tuple[Weapon, Effect, str]] = {}


def effect_label(weapon: Weapon, effect: Effect) -> str:
    entry = _LABELS.get((id(weapon), id(effect)))
    if entry is None:  # its objects are kept in it: their ids are never reused
        cost = ", ".join(effect.cost) if effect.cost else ("free" if effect.type == "optional" else "")
        text = effect_description(weapon, effect)
        label = f"{effect.name}{f' ({cost})' if cost else ''}: {text[:1].lower()}{text[1:]}"
        entry = _LABELS[(id(weapon), id(effect))] = (weapon, effect, label)
    return entry[2]


def _amounts(damage: int, marks: int) -> list[str]:
    out = []
    if damage:
        out.append(f"{damage} damage")
    if marks:
        out.append(f"{marks} mark{'' if marks == 1 else 's'}")
    return out


# `target_effect`'s sentences, per effect (by identity, kept alongside so the id is never reused)
# and name: they depend on the card alone, which never changes once loaded.
_TARGET_EFFECT: dict[tuple[int, str], tuple[Effect, str]] = {}


def target_effect(effect: Effect, name: str) -> str:
    """What the whole effect does to a figure bound to `name`: `2 damage and 1 mark, may be moved`."""
    entry = _TARGET_EFFECT.get((id(effect), name))
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _TARGET_EFFECT[(id(effect), name)] = (effect, _target_effect(effect, name))
    return entry[1]


def _target_effect(effect: Effect, name: str) -> str:
    steps = effect.steps
    damage = sum(s.amount for s in steps if isinstance(s, Hit) and s.kind == "damage" and s.to == name)
    marks = sum(s.amount for s in steps if isinstance(s, Hit) and s.kind == "mark" and s.to == name)
    parts = [" and ".join(_amounts(damage, marks))] if damage or marks else []
    for s in steps:
        if isinstance(s, Hit) and s.everyone == (("same_square", name),):
            what = "damage" if s.kind == "damage" else ("mark" if s.amount == 1 else "marks")
            parts.append(f"{s.amount} {what} to it and everyone else on its square")
        elif isinstance(s, Move) and s.who == name:
            if s.to == "self":
                parts.insert(0, "pulled onto your square")
            elif s.to is not None:
                parts.insert(0, "pulled onto the " + s.to)
            elif s.lo == 0:
                parts.append(f"then may be moved up to {s.hi} square{'' if s.hi == 1 else 's'}")
            else:
                parts.append(f"moved {s.lo}-{s.hi} squares")
        elif isinstance(s, Move) and s.who == "self" and s.to == f"square_of:{name}":
            parts.insert(0, "you move onto its square")
    return ", ".join(p for p in parts if p)


def object_effect(effect: Effect, name: str) -> str:
    """`target_effect` for a target that is not a figure bound to `name` (a spawnpoint): any
    damage is one token, marks do nothing, and it is never moved (docs/rulings.md)."""
    steps = effect.steps
    on_it = (("same_square", name),)
    damaged = any(isinstance(s, Hit) and s.kind == "damage" and (s.to == name or s.everyone == on_it) for s in steps)
    parts = [OBJECT_TAGGED if damaged else "nothing happens to it (marks do nothing)"]
    for s in steps:
        if isinstance(s, Hit) and s.everyone == on_it:
            what = "damage" if s.kind == "damage" else ("mark" if s.amount == 1 else "marks")
            parts.append(f"{s.amount} {what} to everyone else on its square")
        elif isinstance(s, Move) and s.who == "self" and s.to == f"square_of:{name}":
            parts.insert(0, "you move onto its square")
    return ", ".join(parts)


def ops_summary(ops: list[effects.Op], names: dict[str, str]) -> str:
    """`Banshee, Violet: 2 damage each; Dozer: 1 damage` - who takes what from these ops."""
    totals: dict[str, list[int]] = {}
    tagged = []  # targets that are not figures: damage is one token, marks nothing
    for op in ops:
        if is_object(op.figure):
            if op.kind == "damage" and op.figure not in tagged:
                tagged.append(op.figure)
        elif op.kind in ("damage", "mark"):
            t = totals.setdefault(op.figure, [0, 0])
            t[0 if op.kind == "damage" else 1] += op.amount
    groups: dict[tuple[int, int], list[str]] = {}
    for fig, (d, m) in totals.items():
        groups.setdefault((d, m), []).append(names.get(fig, fig))
    parts = []
    for (d, m), figs in groups.items():
        each = " each" if len(figs) > 1 else ""
        parts.append(f"{', '.join(figs)}: {' and '.join(_amounts(d, m))}{each}")
    parts += [f"{names.get(o, o)}: {OBJECT_TAGGED}" for o in tagged]
    return "; ".join(parts)


def _who_on(shot: effects.Shot, square: str, names: dict[str, str]) -> list[str]:
    return [names.get(f, f) for f in shot.pos if f != shot.shooter and shot.pos[f] == square]


def _consequence(shot: effects.Shot, key: str, names: dict[str, str], steps: effects.Steps | None) -> str:
    stepped = steps.get(key) if steps is not None else None
    _, ops = stepped if stepped is not None else effects.apply(shot, key)
    summary = ops_summary(ops, names)
    return f" - {summary}" if summary else ""


# `ShotOption(...)` from all its fields without the Python-level `__new__` (`decision.new`).
_new, _Opt = tuple.__new__, effects.ShotOption


def label_options(
    shot: effects.Shot, keys: list[str], names: dict[str, str], steps: effects.Steps | None = None
) -> list[effects.ShotOption]:
    """Labelled options for `keys`; `steps` (from `effects.legal_steps`) holds what each key does,
    or None to apply each where its label needs it."""
    eff = shot.weapon.effects[shot.cur] if shot.cur >= 0 else None  # `shot.effect`, inline: hot
    if eff is None or isinstance(eff.steps[shot.idx], Pause):
        out = []
        for k in keys:
            if k == "continue":
                out.append(
                    _new(_Opt, (k, f"Go on with the {eff.name.lower()} (nothing added here)", "continue", None, None))
                )
            elif k == "done":
                out.append(_new(_Opt, (k, "Finish the shot", "done", None, None)))
            else:
                out.append(_new(_Opt, (k, effect_label(shot.weapon, shot.weapon.effect(k)), "effect", None, None)))
        return out
    step = eff.steps[shot.idx]
    if isinstance(step, Select):
        what = target_effect(eff, step.name)
        out = []
        for k in keys:
            if k == "done":
                out.append(_new(_Opt, (k, "No more targets" if shot.picks else "No target", "done", None, None)))
            else:
                square = shot.pos[k]
                does = object_effect(eff, step.name) if is_object(k) else what
                name = names.get(k, k)
                label = f"{name[:1].upper()}{name[1:]} on {square}" + (f": {does}" if does else "")
                out.append(_new(_Opt, (k, label, "target", square, k)))
        return out
    if isinstance(step, SelectSquare):
        out = []
        for q in keys:
            here = _who_on(shot, q, names)
            label = _consequence(shot, q, names, steps) or (f": {', '.join(here)}" if here else " (empty)")
            out.append(effects.ShotOption(q, q + label, "square", q))
        return out
    if isinstance(step, SelectRoom):
        out = []
        for k in keys:
            room = k.split(":", 1)[1]
            out.append(effects.ShotOption(k, f"The {room} room{_consequence(shot, k, names, steps)}", "room"))
        return out
    if isinstance(step, SelectLine):
        lines = {line.direction: line for line in effects.lines(shot, step)}
        out = []
        for k in keys:
            squares = ", ".join(lines[k].squares()) or "your square only"
            does = _consequence(shot, k, names, steps)
            out.append(effects.ShotOption(k, f"{k.capitalize()}: {squares}{does}", "direction"))
        return out
    if isinstance(step, Move):
        fig = shot.shooter if step.who == "self" else shot.members(step.who)[0]
        here = shot.pos[fig]
        out = []
        for q in keys:
            if fig == shot.shooter:
                label = f"Stay on {q}" if q == here else f"Move to {q}"
                if q == here and step.stay_ends:
                    label += " (and stop here)"
            else:
                who = names.get(fig, fig)
                label = f"Leave {who} on {q}" if q == here else f"Move {who} to {q}"
            out.append(_new(_Opt, (q, label + _consequence(shot, q, names, steps), "move", q, fig)))
        return out
    raise AssertionError(f"no options at step {step!r}")
