"""The options inside a shot: targets, effects, squares, rooms, directions and moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import DIRECTIONS
from adrenaline_tui.rules.cards import (
    Effect,
    Hit,
    Move,
    Pause,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Weapon,
)
from adrenaline_tui.rules.effect_text import timing_text
from adrenaline_tui.rules.explain.reach import _effect_name, _filters_verdict
from adrenaline_tui.rules.explain.words import (
    Explanation,
    _afford_text,
    _ammo_line,
    _and,
    _cubes,
    _s,
    _sentence,
    sight,
    whereabouts,
)
from adrenaline_tui.rules.shot_labels import effect_label, object_effect, target_effect
from adrenaline_tui.rules.state import (
    KILLSHOT,
    MAX_DAMAGE,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def _shot_names(game: Game, shot: effects.Shot) -> dict[str, str]:
    """What a player reads for each target of the shot: figures' names, and the mode's names for
    the others (a spawnpoint's key `spawn:blue` is "the blue spawnpoint"), as `fire` labels them."""
    return {c: game.target_name(c) for c in shot.pos}


def _shot_option(game: Game, shot: effects.Shot, key: str, legal: bool) -> Explanation:
    eff = shot.effect
    if eff is None or isinstance(eff.steps[shot.idx], Pause):
        return _effect_option(game, shot, key, legal)
    step = eff.steps[shot.idx]
    if isinstance(step, Select):
        if key == "done":
            return Explanation(
                "No more targets" if shot.picks else "No target",
                legal,
                (f"This part of the {eff.name.lower()} takes {_range(step.lo, step.hi)}.",),
            )
        return _target(game, shot, step, key, legal)
    if isinstance(step, SelectSquare):
        return _shot_square(game, shot, step, key, legal)
    if isinstance(step, SelectRoom):
        return _shot_room(game, shot, key, legal)
    if isinstance(step, SelectLine):
        return _shot_line(game, shot, step, key, legal)
    return _shot_move(game, shot, step, key, legal)


def _range(lo: int, hi: int) -> str:
    if lo == hi:
        return _s(lo, "target")
    return f"{lo} to {hi} targets" if lo else f"up to {_s(hi, 'target')}"


def _consequence(game: Game, shot: effects.Shot, key: str) -> tuple[str, ...]:
    from adrenaline_tui.rules.shot_labels import ops_summary

    child, ops = effects.apply(shot, key)
    summary = ops_summary(ops, _shot_names(game, shot))
    moves = [f"{game.name(op.figure)} moves to {op.square}" for op in ops if op.kind == "move"]
    out = []
    if summary:
        out.append(f"It deals {summary}.")
    if moves:
        out.append(_sentence("; ".join(moves)))
    # a choice that leads to picking targets (a vortex, a line): say who could then be picked
    eff = child.effect
    if eff is not None and not child.finished and isinstance(eff.steps[child.idx], Select):
        picks = [k for k in effects.legal_keys(child) if k in child.pos]
        if picks:
            names = _and([f"{game.name(c)} ({child.pos[c]})" for c in child.pos if c in picks])
            out.append(f"Then you pick from {names}.")
    return tuple(out)


def _hit_preview(game: Game, shooter: str, target: str, damage: int) -> str:
    """What `damage` from `shooter` really puts on `target`'s board: old marks convert, the
    track stops at 12, the 11th token is the killshot."""
    victim = game.players[target]
    fresh = game.ledger.fresh_marks.get((shooter, target), 0)
    old = max(0, victim.marks.get(shooter, 0) - fresh)
    have = len(victim.damage)
    tokens = min(damage + old, MAX_DAMAGE - have)
    parts = []
    if old:
        parts.append(f"your {_s(old, 'old mark')} on {victim.name} turn{'s' if old == 1 else ''} into damage too")
    after = have + tokens
    parts.append(f"{victim.name} goes from {have} to {after} damage")
    if have < KILLSHOT <= after:
        parts.append("that is the killshot" + (" and the overkill" if after >= MAX_DAMAGE else ""))
    elif have < MAX_DAMAGE <= after:
        parts.append("that is the overkill: you will get a revenge mark")
    if damage + old > tokens:
        parts.append(f"{damage + old - tokens} wasted beyond 12")
    return _sentence("; ".join(parts))


def _target(game: Game, shot: effects.Shot, sel: Select, colour: str, legal: bool) -> Explanation:
    eff = shot.effect
    assert eff is not None
    origin = shot.pos[shot.shooter]
    name = game.target_name(colour) if colour in shot.pos or colour in game.players else colour
    title = name[:1].upper() + name[1:]
    if colour == shot.shooter:
        return Explanation(title, False, ("You can never be a target of your own weapon.",))
    if colour not in shot.pos:
        return Explanation(title, False, (f"{title} is not on the board.",))
    square = shot.pos[colour]
    why: list[str] = []
    problem = None
    if colour in shot.picks:
        problem = f"{title} is already chosen for this effect; each pick is a different target."
    elif effects.is_object(colour) and (shot.object_damaged or any(effects.is_object(c) for c in shot.picks)):
        problem = "You can damage a spawnpoint only once a turn, and this shot has already tagged one."
    elif sel.exclude and colour in effects._excluded(shot, sel.exclude):
        name = next(n for n in sel.exclude if colour in shot.members(n))
        problem = f"{title} is already the {name} target: this effect needs a different one."
    elif sel.among is not None and colour not in shot.members(sel.among):
        picked = _and([game.name(c) for c in shot.members(sel.among)]) or "nobody"
        problem = f"This effect can only hit the {sel.among} target(s) ({picked})."
    elif sel.distinct_squares and square in {shot.pos[c] for c in shot.picks}:
        problem = f"Someone on {square} is already picked: each target must be on a different square."
    else:
        ok, text = _filters_verdict(game, shot, sel.where, square, origin, colour)
        if not ok:
            problem = _sentence(text)
        else:
            # sight and distance are said once, by `whereabouts`; the other checks follow it
            why.append(whereabouts(game, shot.shooter, colour))
            rest = tuple(f for f in sel.where if f[0] not in ("visible", "distance"))
            extra = _filters_verdict(game, shot, rest, square, origin, colour)[1]
            if extra:
                why.append(_sentence(extra))
        if ok and sel.pools:
            fits = effects._pool_choices(shot, sel, colour, origin)
            if not fits:
                reasons = []
                for pool in sel.pools:
                    if pool.among is not None and colour not in shot.members(pool.among):
                        reasons.append(f"not one of the {pool.among} targets")
                    elif pool.exclude and colour in effects._excluded(shot, pool.exclude):
                        reasons.append("already hit by this shot")
                    else:
                        reasons.append(_filters_verdict(game, shot, pool.where, square, origin, colour)[1])
                problem = _sentence(f"{title} fits no part of this effect: " + "; ".join(reasons))
            elif not legal:
                problem = f"Every part of this effect that could take {title} is already used."
    if legal and not why:
        why.append(whereabouts(game, shot.shooter, colour))
    elif not legal and problem is None:
        problem = f"{title} passes every check, but choosing them would leave no way to finish the shot."
    if problem is not None and not legal:
        why.insert(0, problem)
    does: list[str] = []
    obj = effects.is_object(colour)
    what = object_effect(eff, sel.name) if obj else target_effect(eff, sel.name)
    if what:
        does.append(_sentence(f"{eff.name}: {what}"))
    dmg = sum(s.amount for s in eff.steps if isinstance(s, Hit) and s.kind == "damage" and s.to == sel.name)
    if dmg and colour in game.players:
        does.append(_hit_preview(game, shot.shooter, colour, dmg))
    elif obj:
        # A spawnpoint (Domination): damage, however much, is one token on its track; it never moves.
        does.append(
            f"Any damage to {name} puts one of your tokens on its track, once a turn; marks do nothing and it"
            " never moves."
        )
    return Explanation(title, legal, tuple(why), tuple(does) if legal else ())


def _effect_option(game: Game, shot: effects.Shot, key: str, legal: bool) -> Explanation:
    weapon = shot.weapon
    if key == "done":
        return Explanation("Finish the shot", legal, ("The basic effect or a mode has resolved; you may stop here.",))
    if key == "continue":
        eff = shot.effect
        name = eff.name.lower() if eff else "effect"
        return Explanation("Carry on", legal, (f"Go on with the rest of the {name} without adding anything here.",))
    if key not in weapon.effect_ids:
        return Explanation(key, False, (f"The {weapon.name} has no effect called '{key}'.",))
    e = weapon.effect(key)
    p = game.players[shot.shooter]
    does = [effect_label(weapon, e)]
    timing = timing_text(weapon, e)
    if timing:
        does.append(f"When: {timing}")
    if legal:
        why = []
        if e.cost:
            why.append(f"It costs {_cubes(e.cost)}, paid when it starts; {_ammo_line(p)}.")
        elif e.type == "optional":
            why.append("It is free.")
        return Explanation(e.name, True, tuple(why), tuple(does))
    why = [_effect_blocked(weapon, shot, e, p)]
    return Explanation(e.name, False, tuple(why), tuple(does))


def _effect_blocked(weapon: Weapon, shot: effects.Shot, e: Effect, p: Player) -> str:
    if e.id in shot.used:
        return "You have already used it in this shot: each effect is used at most once."
    if e.main and not shot.used.isdisjoint(weapon.main_ids):
        chosen = next(x.name for x in weapon.effects if x.id in shot.used and x.main)
        return f"A shot uses one basic effect or mode, and this one already uses '{chosen}'."
    missing = [a for a in e.after if a not in shot.completed]
    if missing:
        return f"Only after {_and([_effect_name(weapon.effect(a)) for a in missing])} is complete."
    if e.inside and (shot.effect is None or shot.effect.id not in e.inside):
        return f"Only in the middle of {_effect_name(weapon.effect(e.inside[0]))}."
    if shot.effect is not None and shot.effect.id not in (*e.during, *e.inside):
        return f"Not in the middle of the {shot.effect.name.lower()}."
    c = e.cost_vec
    if any(c[i] > shot.budget[i] for i in range(3)):
        return f"It costs {_cubes(e.cost)}: {_afford_text(p, e.cost)}."
    return "From here it could not hit anyone (or the shot could not be finished after it)."


def _shot_square(game: Game, shot: effects.Shot, step: SelectSquare, square: str, legal: bool) -> Explanation:
    origin = shot.pos[shot.shooter]
    if square not in game.arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    ok, text = _filters_verdict(game, shot, step.where, square, origin, None)
    why = [_sentence(text)] if text else []
    if legal:
        return Explanation(square, True, tuple(why), _consequence(game, shot, square))
    if ok:
        why.append("Nobody could be hit through it, so it is not offered.")
    return Explanation(square, False, tuple(why))


def _shot_room(game: Game, shot: effects.Shot, key: str, legal: bool) -> Explanation:
    room = key.split(":", 1)[-1]
    origin = shot.pos[shot.shooter]
    arena = game.arena
    title = f"The {room} room"
    if room not in arena.rooms:
        return Explanation(title, False, (f"There is no {room} room in this arena.",))
    if room == arena.room_of[origin]:
        return Explanation(title, False, ("It is your own room: this effect needs another room you can see.",))
    doors = [n for n in arena.neighbours[origin] if arena.room_of[n] == room]
    if doors:
        why = f"You see into it through the door on your square ({origin}-{doors[0]})."
        if legal:
            return Explanation(title, True, (why,), _consequence(game, shot, key))
        return Explanation(title, False, (why, "Nobody is in it, and the effect must hit someone."))
    _, clause = sight(arena, origin, arena.rooms[room][0])
    return Explanation(title, False, (_sentence(f"You cannot see into it: it is {clause}"),))


def _shot_line(game: Game, shot: effects.Shot, step: SelectLine, direction: str, legal: bool) -> Explanation:
    origin = shot.pos[shot.shooter]
    arena = game.arena
    table = arena.beam if step.walls == "ignore" else arena.walk
    squares = table.get((origin, direction), ())
    full = arena.beam.get((origin, direction), ())
    if step.length is not None:
        squares = squares[: step.length]
    title = direction.capitalize()
    if direction not in DIRECTIONS:
        return Explanation(direction, False, (f"'{direction}' is not a direction: north, east, south or west.",))
    why = []
    if step.walls == "ignore":
        why.append("This beam goes through walls: " + (", ".join(squares) or "no square that way") + ".")
    else:
        stop = len(arena.walk.get((origin, direction), ()))
        if squares:
            why.append(f"The line runs {', '.join(squares)} (legal steps only: doors yes, walls no).")
        if stop < len(full) and (step.length is None or stop < step.length):
            why.append(f"A wall stops it after {squares[-1]}." if squares else "A wall blocks that way at once.")
    on_line = [
        f"{game.name(c)} on {q}"
        for q in (origin, *squares)
        for c, at in shot.pos.items()
        if at == q and c != shot.shooter
    ]
    if on_line:
        why.append(f"On it: {_and(on_line)}.")
    if legal:
        return Explanation(title, True, tuple(why), _consequence(game, shot, direction))
    if not full and not step.include_own:
        why.insert(0, "There is no square that way: it is the edge of the board.")
    else:
        why.append("Nobody along it could be hit.")
    return Explanation(title, False, tuple(why))


def _shot_move(game: Game, shot: effects.Shot, step: Move, square: str, legal: bool) -> Explanation:
    fig = shot.shooter if step.who == "self" else shot.members(step.who)[0]
    here = shot.pos[fig]
    who = "you" if fig == shot.shooter else game.name(fig)
    arena = game.arena
    title = (
        f"Stay on {square}"
        if square == here
        else f"Move {'' if who == 'you' else who + ' '}to {square}".replace("  ", " ")
    )
    if square not in arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    d = arena.distance[here][square]
    why = []
    how = "in a straight line" if step.path == "straight" else "by any path"
    why.append(f"{square} is {_s(d, 'move')} from {here}; this moves {who} {step.lo}-{step.hi} squares {how}.")
    if step.dest_where:
        verdict = _filters_verdict(game, shot, step.dest_where, square, shot.pos[shot.shooter], None)
        why.append(_sentence(verdict[1]))
    if legal:
        return Explanation(title, True, tuple(why), _consequence(game, shot, square))
    if step.path == "straight" and arena.direction(here, square) is None:
        why.insert(0, f"{square} is not in a straight line from {here}.")
    elif not step.lo <= d <= step.hi:
        why.insert(0, f"{square} is out of range.")
    else:
        why.append("From there the shot could not be finished.")
    return Explanation(title, False, tuple(why))
