"""What a weapon can hit from a square, and which of a card's target rules a figure passes or fails."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import Arena
from adrenaline_tui.rules.cards import (
    Effect,
    Hit,
    Pause,
    Select,
    Weapon,
)
from adrenaline_tui.rules.effect_text import effect_description
from adrenaline_tui.rules.explain.words import _afford_text, _cubes, _s, _sentence, distance_text, sight
from adrenaline_tui.rules.payment import affordable, budget, can_pay
from adrenaline_tui.rules.state import (
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def _hittable(shot: effects.Shot, memo: dict) -> frozenset[str] | None:
    """Every figure some legal, finished shot from here damages or marks; None if no shot can
    be finished. Exact: the same transitions and dead ends as the engine's legality search."""
    if shot.dead:
        return None
    if shot.finished:
        return frozenset()
    k = shot.key()
    if k in memo:
        return memo[k]
    memo[k] = None  # transitions always make progress; this only guards the recursion
    ok = shot.cur < 0 and shot.main_finished
    found: set[str] = set()
    for key in effects.choice_keys(shot):
        child, ops = effects.apply(shot, key)
        sub = _hittable(child, memo)
        if sub is None:
            continue
        ok = True
        found |= sub
        found.update(op.figure for op in ops if op.kind in ("damage", "mark"))
    result = frozenset(found) if ok else None
    memo[k] = result
    return result


# What finished shots leave of the budget they began with: a shot could be played with a budget
# `b` exactly when what it spent (start less what is left) is within `b` in every colour, since
# an effect starts only if its cost is within what is left and costs only add up.
Rests = frozenset[tuple[int, int, int]]


def _rests(shot: effects.Shot, memo: dict) -> tuple[Rests, dict[str, Rests]] | None:
    """`_hittable` for every budget at once: what each finished shot from here leaves, and for
    each figure what the finished shots that damage or mark it leave; None if none finishes.
    The same transitions and dead ends as `_hittable` (and the engine's legality search)."""
    if shot.dead:
        return None
    if shot.finished:
        return frozenset((shot.budget,)), {}
    k = shot.key()
    if k in memo:
        return memo[k]
    memo[k] = None  # transitions always make progress; this only guards the recursion
    finish: set[tuple[int, int, int]] = set()
    hit: dict[str, set[tuple[int, int, int]]] = {}
    for key in effects.choice_keys(shot):
        child, ops = effects.apply(shot, key)
        sub = _rests(child, memo)
        if sub is None:
            continue
        ends, hits = sub
        finish |= ends
        for figure, rests in hits.items():
            hit.setdefault(figure, set()).update(rests)
        for op in ops:
            if op.kind in ("damage", "mark"):
                hit.setdefault(op.figure, set()).update(ends)
    result = (frozenset(finish), {f: frozenset(r) for f, r in hit.items()}) if finish else None
    memo[k] = result
    return result


# Per (weapon, arena, shooter's square, the other figures' squares sorted): the budget every
# effect together costs, what finished shots leave of it, and per square what the shots that hit
# a figure there leave (None: no shot finishes). Searched with that whole budget, every way to
# shoot is tried, and the answer for any budget is read off (`_within`); figures are
# interchangeable (no rule names one), so who stands where does not matter, only the squares.
# Cards and arenas never change once loaded, so an entry is never stale; keyed by identity with
# both kept alongside (as `effects._ALONE`), so an id cannot be reused. Emptied when it grows
# past `_REACH_LIMIT`: a host's tables share it.
_REACH: dict[tuple, tuple[Weapon, Arena, tuple[int, int, int], tuple[Rests, dict[str, Rests]] | None]] = {}
_REACH_LIMIT = 4096


def _reach_table(
    weapon: Weapon, arena: Arena, here: str, others: tuple[str, ...]
) -> tuple[tuple[int, int, int], tuple[Rests, dict[str, Rests]] | None]:
    key = (id(weapon), id(arena), here, others)
    entry = _REACH.get(key)
    if entry is None or entry[0] is not weapon or entry[1] is not arena:
        whole = (
            sum(e.cost_vec[0] for e in weapon.effects),
            sum(e.cost_vec[1] for e in weapon.effects),
            sum(e.cost_vec[2] for e in weapon.effects),
        )
        pos = {"shooter": here} | {str(i): q for i, q in enumerate(others)}
        found = _rests(effects.begin(weapon, arena, "shooter", pos, whole), {})
        if found is not None:
            # By square: figures on one square are interchangeable, so they share an answer.
            by_square: dict[str, set[tuple[int, int, int]]] = {}
            for figure, rests in found[1].items():
                by_square.setdefault(pos[figure], set()).update(rests)
            found = (found[0], {q: frozenset(r) for q, r in by_square.items()})
        if len(_REACH) >= _REACH_LIMIT:
            _REACH.clear()
        entry = _REACH[key] = (weapon, arena, whole, found)
    return entry[2], entry[3]


def _within(whole: tuple[int, int, int], rests: Rests, spend: tuple[int, int, int]) -> bool:
    """Did some shot leaving one of `rests` of `whole` spend no more than `spend` in each colour?"""
    r, b, y = spend
    wr, wb, wy = whole
    return any(wr - x <= r and wb - z <= b and wy - w <= y for x, z, w in rests)


def weapon_reach(
    game: Game, colour: str, weapon_id: str, square: str | None = None, spend: tuple[int, int, int] | None = None
) -> frozenset[str] | None:
    """Figures `colour` could hit with this weapon from `square` (default: where they stand),
    given what they can pay now (or `spend`); None if the weapon has no legal shot there."""
    p = game.players[colour]
    here = square or p.square
    pos = game.positions()
    if here is None:  # nowhere to shoot from: the plain search says what it says
        pos[colour] = here
        shot = effects.begin(
            game.cards.weapons[weapon_id], game.arena, colour, pos, budget(p) if spend is None else spend
        )
        return _hittable(shot, {})
    pos.pop(colour, None)
    whole, found = _reach_table(game.cards.weapons[weapon_id], game.arena, here, tuple(sorted(pos.values())))
    have = budget(p) if spend is None else spend
    if found is None or not _within(whole, found[0], have):
        return None
    hit = found[1]
    return frozenset(c for c, q in pos.items() if q in hit and _within(whole, hit[q], have))


def reach_text(game: Game, colour: str, weapon_id: str, square: str, figs: frozenset[str]) -> str:
    """ "can hit Banshee", and for a figure only a paid effect reaches, which effect and its
    cost ("can hit Dozer only with rocket jump (blue)"): that the Rocket Launcher "can hit Dozer
    from here" was true only after a jump the player had to pay for."""
    from adrenaline_tui.rules.explain.words import _names

    free = weapon_reach(game, colour, weapon_id, square, spend=(0, 0, 0)) or frozenset()
    parts = [f"can hit {_names(game, figs & free)}"] if figs & free else []
    paid = figs - free
    if paid:
        weapon = game.cards.weapons[weapon_id]
        ways = [
            f"{e.name.lower()} ({', '.join(e.cost)})"
            for e in weapon.effects
            if e.cost and paid & (weapon_reach(game, colour, weapon_id, square, spend=e.cost_vec) or frozenset())
        ]
        how = f" only {' or '.join(ways)}" if ways else " only by paying for an effect"
        parts.append(f"can hit {_names(game, paid)}{how}")
    return ", and ".join(parts)


def _hittable_from(game: Game, p: Player, square: str, *, reload: bool) -> dict[str, frozenset[str]]:
    out = {}
    for w in p.weapons:
        if w.loaded or (reload and can_pay(p, game.cards.weapons[w.id].reload_cost)):
            figs = weapon_reach(game, p.colour, w.id, square)
            if figs:
                out[w.id] = figs
    return out


def _first_select(effect: Effect) -> Select | None:
    for s in effect.steps:
        if isinstance(s, Select):
            return s
    return None


def _no_shot_reason(game: Game, p: Player, weapon: Weapon) -> str:
    """Why a loaded weapon cannot fire from where `p` stands, effect by effect."""
    spend = budget(p)
    reasons = []
    others = [c for c, q in game.players.items() if c != p.colour and q.square is not None]
    for e in weapon.effects:
        if not e.main:
            continue
        if not affordable(e.cost, spend):
            reasons.append(f"{_effect_name(e)} costs {_cubes(e.cost)} ({_afford_text(p, e.cost)})")
            continue
        sel = _first_select(e)
        opening = next((s for s in e.steps if not isinstance(s, Hit | Pause)), None)
        if sel is not None and opening is sel and others:
            fails = []
            for c in others:
                ok, text = _filters_verdict(game, None, sel.where, game.players[c].square, p.square, c)
                if not ok:
                    fails.append(text)
            if len(fails) == len(others):
                reasons.append(f"{_effect_name(e)} needs {_target_words(sel)}: " + "; ".join(fails))
                continue
        reasons.append(f"{_effect_name(e)}: {_sentence(effect_description(weapon, e))[:-1].lower()} - nobody fits")
    return _sentence("; ".join(reasons) or "it has no legal shot from here")


def _opening_filter_reason(game: Game, p: Player, weapon: Weapon, colour: str) -> str:
    """`: you cannot see Dozer (on r2c0): ...` when the first effect's opening target choice rules
    the figure out by itself; empty when the reason lies further into the card."""
    effect = weapon.effects[0]
    sel = _first_select(effect)
    opening = next((s for s in effect.steps if not isinstance(s, Hit | Pause)), None)
    if sel is None or opening is not sel:
        return ""
    ok, text = _filters_verdict(game, None, sel.where, game.players[colour].square, p.square, colour)
    return "" if ok else f": {text}"


def _effect_name(e: Effect) -> str:
    return "the basic effect" if e.name in ("Basic effect", "Effect") else e.name.lower()


def _target_words(sel: Select) -> str:
    """`a target you can see, at least 2 moves away` for the filters judged from the shooter."""
    words = []
    for f in sel.where:
        kind = f[0]
        if kind == "visible":
            words.append("you can see")
        elif kind == "not_visible":
            words.append("you cannot see")
        elif kind == "not_own":
            words.append("off your square")
        elif kind == "distance":
            lo, hi = f[1], f[2]
            if lo == hi == 0:
                words.append("on your square")
            elif lo == hi:
                words.append(f"exactly {_s(lo, 'move')} away")
            elif hi >= 99:
                words.append(f"at least {_s(lo, 'move')} away")
            else:
                words.append(f"{lo} to {_s(hi, 'move')} away")
    return "a target" + (" " + ", ".join(words) if words else "")


# ------------------------------------------------------------------------ filters
def _filters_verdict(
    game: Game, shot: effects.Shot | None, filters: tuple, square: str, origin: str, who: str | None
) -> tuple[bool, str]:
    """Do all filters pass for `square`, and the reason (the first failure, else every pass)."""
    passes = []
    for f in filters:
        ok, text = _filter_verdict(game, shot, f, square, origin, who)
        if not ok:
            return False, text
        if text:
            passes.append(text)
    return True, "; ".join(dict.fromkeys(passes))


def _subject(game: Game, who: str | None, square: str) -> str:
    return game.name(who) if who is not None else square


def _filter_verdict(
    game: Game, shot: effects.Shot | None, f: tuple, square: str, origin: str, who: str | None
) -> tuple[bool, str]:
    arena = game.arena
    kind = f[0]
    subject = _subject(game, who, square)
    place = f"{subject} on {square}" if who is not None else square
    if kind in ("visible", "not_visible"):
        seen, clause = sight(arena, origin, square)
        if kind == "visible":
            if seen:
                return True, f"{place} is {clause}" if who is not None else f"you see {square}: it is {clause}"
            return False, f"you cannot see {place}: {clause}"
        if not seen:
            return True, f"you cannot see {place}: {clause}"
        return False, f"you can see {place}, {clause}, and this only hits targets you cannot see"
    if kind == "distance":
        lo, hi = f[1], f[2]
        d = arena.distance[origin][square]
        if lo == hi == 0:
            return (True, f"{place} is on your square") if d == 0 else (False, f"{place} is not on your square")
        if lo <= d <= hi:
            return True, f"{place} is {distance_text(arena, origin, square)}"
        if hi >= 99:
            need = f"at least {_s(lo, 'move')} away"
        elif lo == hi:
            need = f"exactly {_s(lo, 'move')} away"
        elif lo == 0:
            need = f"at most {_s(hi, 'move')} away"
        else:
            need = f"{lo} to {_s(hi, 'move')} away"
        return False, f"{place} is {distance_text(arena, origin, square)}, and it must be {need}"
    if kind == "not_own":
        if square != origin:
            return True, ""
        if who is None:
            return False, f"{square} is your own square; this needs another one"
        return False, f"{place} is on your own square, and this needs someone elsewhere"
    if kind == "any":
        return True, "anywhere on the board will do"
    name = f[1]
    ref = shot._square_of(name) if shot is not None else None
    if shot is None or (ref is None and kind != "in_room" and kind != "at"):
        return False, f"{place}: it depends on the {name} you choose"
    if kind == "visible_from":
        if square in arena.visible[ref]:
            return True, f"the {name} target on {ref} can see {place}"
        return False, f"the {name} target on {ref} cannot see {place}: {sight(arena, ref, square)[1]}"
    if kind == "near":
        d = arena.distance[ref][square]
        most = f[2]
        if d <= most:
            return True, f"{place} is {_s(d, 'move')} from the {name} ({ref})"
        return False, f"{place} is {_s(d, 'move')} from the {name} ({ref}); this needs at most {most}"
    if kind == "same_square":
        if square == ref:
            return True, f"{place} is on the {name} target's square"
        return False, f"{place} is not on the {name} target's square ({ref})"
    if kind == "in_room":
        room = shot.bind.get(name)
        if arena.room_of[square] == room:
            return True, f"{place} is in the {room} room"
        return False, f"{place} is in the {arena.room_of[square]} room, not the {room} room"
    if kind == "at":
        value = shot.bind.get(name)
        index = f[2]
        if isinstance(value, effects.Line):
            squares = value.squares() if index is None else value.steps[index : index + 1]
            where = f"the {value.direction} line" if index is None else f"square {index} of the {value.direction} line"
            if square in squares:
                return True, f"{place} is on {where}"
            return False, f"{place} is not on {where} ({', '.join(s for s in squares if s) or 'no square'})"
        if square == value:
            return True, f"{place} is on the {name}"
        return False, f"{place} is not on the {name} ({value})"
    return True, ""
