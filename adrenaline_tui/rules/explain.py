"""Why an option is legal or not, and what it will do - for any decision, square, figure or board.

Everything here is read off the engine itself: sight and distance from the arena tables, target
rules from the filters of the card's effect language, costs from the card data, scoring from the
scoring functions. Nothing is written per card, so a new card or arena is explained the moment
the engine can play it. A legal/illegal verdict always agrees with the engine because it *is* the
engine's verdict (the pending decision's options, or the legality search); the reasons only say
which rule made it so.

One entry point for a UI - `explain(game, thing)` where `thing` is an option key, a square, a
figure colour, a weapon id, an action name, `board:<colour>` or `track` - plus one function per
kind of thing. Explanations are written for the player who decides (`game.pending.player`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import DIRECTIONS, Arena
from adrenaline_tui.rules.cards import (
    CUBES,
    Effect,
    Hit,
    Move,
    Pause,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Weapon,
    powerup_colour,
    powerup_kind,
)
from adrenaline_tui.rules.effect_text import effect_description, timing_text
from adrenaline_tui.rules.payment import affordable, budget, can_pay
from adrenaline_tui.rules.scoring import board_values, score_board, score_track
from adrenaline_tui.rules.shot_labels import effect_label, target_effect
from adrenaline_tui.rules.state import (
    ADRENALINE_GRAB,
    ADRENALINE_SHOOT,
    KILLSHOT,
    MAX_CUBES,
    MAX_DAMAGE,
    MAX_MARKS,
    MAX_POWERUPS,
    MAX_WEAPONS,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

SHOT_KINDS = frozenset({"effect", "target", "square", "room", "direction", "move"})
ACTIONS = ("run", "grab", "shoot")


@dataclass(frozen=True, slots=True)
class Explanation:
    """The answer to "why?" about one thing.

    `legal` is True when the thing is an option that can be chosen now, False when it is a
    choice the rules do not allow now, None when it is not a choice at all (a board, a square
    looked at during someone's run). `why` holds the reasons, most important first; `does`
    what choosing it would do (damage, marks, moves, cost).
    """

    subject: str
    legal: bool | None
    why: tuple[str, ...] = ()
    does: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        head = self.subject
        if self.legal is True:
            head += " - allowed"
        elif self.legal is False:
            head += " - not allowed"
        return "\n".join([head, *self.why, *self.does])


# ------------------------------------------------------------------------- words
def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _names(game: Game, colours: Iterable[str]) -> str:
    """Figures named in seat order (sets of figures have no order of their own)."""
    return _and([game.name(c) for c in game.seats if c in set(colours)])


def _cubes(cost: Iterable[str]) -> str:
    cost = list(cost)
    return " ".join(cost) if cost else "nothing"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    if not re.match(r"r\dc\d", text):  # a square id keeps its lower case
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith((".", "!", "?")) else ".")


# ----------------------------------------------------------------------- geometry
def sight(arena: Arena, src: str, dst: str) -> tuple[bool, str]:
    """Can someone on `src` see `dst`, and why (a clause about `dst`)."""
    room = arena.room_of[dst]
    if src == dst:
        return True, "on your square"
    if arena.room_of[src] == room:
        return True, f"in your own room, the {room} room"
    doors = [n for n in arena.neighbours[src] if arena.room_of[n] == room]
    if doors:
        return True, f"in the {room} room, which you see through the door on your square ({src}-{doors[0]})"
    elsewhere = sorted(
        a if arena.room_of[a] == arena.room_of[src] else b
        for a, b in (tuple(d) for d in arena.doors)
        if {arena.room_of[a], arena.room_of[b]} == {arena.room_of[src], room}
    )
    if elsewhere:
        where = _and(elsewhere)
        return False, (
            f"in the {room} room; the door into it is on {where}, not on your square, "
            "and only a door on your own square lets you see through"
        )
    return False, f"in the {room} room, and no door on your square opens into it"


def distance_text(arena: Arena, src: str, dst: str) -> str:
    d = arena.distance[src][dst]
    if d == 0:
        return "0 moves away"
    (r1, c1), (r2, c2) = arena.pos[src], arena.pos[dst]
    walls = " (walls make the way round longer)" if d > abs(r1 - r2) + abs(c1 - c2) else ""
    return f"{_s(d, 'move')} away{walls}"


def whereabouts(game: Game, viewer: str, colour: str) -> str:
    """`Dozer stands on r1c3, in the yellow room, which you see ...; 2 moves away.`"""
    arena = game.arena
    me, them = game.players[viewer].square, game.players[colour].square
    if them is None:
        return f"{game.name(colour)} is not on the board."
    if me is None:
        return f"{game.name(colour)} stands on {them}, in the {arena.room_of[them]} room."
    _, clause = sight(arena, me, them)
    if me == them:
        return f"{game.name(colour)} stands on your square ({me})."
    return f"{game.name(colour)} stands on {them}, {clause}; {distance_text(arena, me, them)}."


# --------------------------------------------------------------------- who decides
def _viewer(game: Game, viewer: str | None) -> Player:
    if viewer is not None:
        return game.players[viewer]
    d = game.pending
    return game.players[d.player] if d is not None else game.active


def _afford_text(p: Player, cost: Sequence[str]) -> str:
    """Why a cost cannot be paid: the colour that is short."""
    have = budget(p)
    short = []
    for i, c in enumerate(CUBES):
        need = list(cost).count(c)
        if need > have[i]:
            cards = sum(1 for card in p.powerups if powerup_colour(card) == c)
            short.append(f"{need} {c} (you have {_s(p.ammo[c], c + ' cube')} and {_s(cards, c + ' powerup')})")
    return "you need " + _and(short) if short else "you can pay it"


def _ammo_line(p: Player) -> str:
    return "you have " + ", ".join(f"{p.ammo[c]} {c}" for c in CUBES)


# ------------------------------------------------------------------------ entry
def explain(game: Game, thing: str, viewer: str | None = None) -> Explanation:
    """Explain an option key of the pending decision, or a square, figure, weapon, action,
    powerup card, `board:<colour>` or `track`."""
    d = game.pending
    if d is not None and d.option(thing) is not None:
        return explain_option(game, thing)
    if thing.startswith("board:"):
        return explain_board(game, thing.split(":", 1)[1])
    if thing == "track":
        return explain_track(game)
    if thing in ACTIONS:
        return explain_action(game, thing, viewer)
    if thing in game.arena.pos:
        return explain_square(game, thing, viewer)
    if thing in game.players:
        return explain_figure(game, thing, viewer)
    if thing in game.cards.weapons:
        return explain_weapon(game, thing, viewer)
    if d is not None and d.kind in SHOT_KINDS and game.current_shot is not None:
        return explain_option(game, thing)
    if "-" in thing and powerup_kind(thing) in game.cards.powerup_kinds:
        return _powerup_card(game, thing, _viewer(game, viewer))
    return Explanation(thing, None, ("Nothing here goes by that name.",))


def explain_option(game: Game, key: str) -> Explanation:
    """Why an option of the pending decision is offered (or, for a key it does not offer, why
    not), and what choosing it will do."""
    d = game.pending
    if d is None:
        return Explanation(key, None, ("The game is over: there is nothing to choose.",))
    p = game.players[d.player]
    legal = d.option(key) is not None
    kind = d.kind
    if kind in SHOT_KINDS and game.current_shot is not None:
        return _shot_option(game, game.current_shot, key, legal)
    if kind == "action":
        if key in ACTIONS:
            return explain_action(game, key, p.colour)
        if key == "end":
            return _end_turn(game, p)
        return _powerup_card(game, key, p)
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return handler(game, p, key, legal)
    label = d.option(key).label if legal else key
    return Explanation(label, legal, (d.prompt,))


# ------------------------------------------------------------------------ actions
def explain_action(game: Game, action: str, viewer: str | None = None) -> Explanation:
    """Run, grab or shoot: can it be started now, and if not, what is missing."""
    from adrenaline_tui.rules.turn import action_allowances, action_moves

    p = _viewer(game, viewer)
    title = {"run": "Run around", "grab": "Grab stuff", "shoot": "Shoot people"}[action]
    moves = action_moves(game, p)
    if p.square is None:
        return Explanation(title, False, (f"{p.name} is not on the board yet.",))
    if action not in moves:
        why = f"{title} is not on your frenzy action tile: with one frenzy action you may only grab or shoot."
        return Explanation(title, False, (why,))
    n = moves[action]
    mine = game.pending is not None and game.pending.player == p.colour and game.pending.kind == "action"
    if mine and game.actions_left == 0:
        return Explanation(title, False, ("You have used your actions this turn.",))
    legal = action in action_allowances(game, p)
    if action == "run":
        reach = [q for q in game.arena.within(p.square, n) if q != p.square]
        return Explanation(
            title,
            True,
            (f"You may always run: up to {_s(n, 'move')}, through doors but never through walls.",),
            (f"{len(reach)} squares are within {_s(n, 'move')} of {p.square}.",),
        )
    if action == "grab":
        return _grab_action(game, p, n, legal, title)
    return _shoot_action(game, p, n, legal, title)


def _adrenaline_note(game: Game, p: Player, action: str, n: int) -> str:
    if game.frenzy:
        return f"Your frenzy action lets you move up to {_s(n, 'square')} first."
    dmg = len(p.damage)
    if action == "grab":
        if dmg >= ADRENALINE_GRAB:
            return f"You have {dmg} damage: from 3 on, a grab may move up to 2 squares first."
        return "You may move 1 square before grabbing (2 once you have 3 damage)."
    if dmg >= ADRENALINE_SHOOT:
        return f"You have {dmg} damage: from 6 on, you may move 1 square before shooting."
    return "You shoot from where you stand (with 6 damage you could move 1 square first)."


def _grab_action(game: Game, p: Player, n: int, legal: bool, title: str) -> Explanation:
    arena, board = game.arena, game.board
    spend = budget(p)
    why, does = [], []
    near = arena.within(p.square, n)
    tiles = [q for q in near if q not in arena.spawn_colour_at]
    racks = [q for q in near if q in arena.spawn_colour_at]
    full_tiles = [q for q in tiles if board.tiles.get(q)]
    for q in full_tiles:
        does.append(_tile_text(game, p, q))
    affordable_racks = []
    for q in racks:
        colour = arena.spawn_colour_at[q]
        weapons = [w for w in board.racks[colour] if w is not None]
        ok = [w for w in weapons if affordable(game.cards.weapons[w].pickup_cost, spend)]
        if ok:
            affordable_racks.append(q)
            names = _and([game.cards.weapons[w].name for w in ok])
            does.append(f"The {colour} rack on {q} has weapons you can pay for: {names}.")
    if legal:
        why.append(_adrenaline_note(game, p, "grab", n))
        return Explanation(title, True, tuple(why), tuple(does))
    within = f"within {_s(n, 'move')}" if n else "on your square"
    missing = []
    if racks:
        for q in racks:
            colour = arena.spawn_colour_at[q]
            weapons = [w for w in board.racks[colour] if w is not None]
            if not weapons:
                missing.append(f"the {colour} rack on {q} is empty")
            else:
                costs = "; ".join(
                    f"{game.cards.weapons[w].name} costs {_cubes(game.cards.weapons[w].pickup_cost)}" for w in weapons
                )
                missing.append(f"you cannot pay for any weapon on the {colour} rack ({costs}; {_ammo_line(p)})")
    if tiles:
        missing.append(
            f"the ammo {'tile' if len(tiles) == 1 else 'tiles'} {within} "
            f"{'was' if len(tiles) == 1 else 'were'} taken this turn and come back when it ends"
        )
    else:
        missing.append(f"there is no ammo {within}")
    why.append(f"Grab: {_and(missing)}.")
    why.append(_adrenaline_note(game, p, "grab", n))
    return Explanation(title, False, tuple(why))


def _tile_text(game: Game, p: Player, square: str) -> str:
    code = game.board.tiles[square]
    tile = game.cards.ammo_tiles[code]
    have = dict(p.ammo)
    gained, wasted = [], []
    for cube in tile.cubes:
        if have[cube] < MAX_CUBES:
            have[cube] += 1
            gained.append(cube)
        else:
            wasted.append(cube)
    parts = [f"+1 {c}" for c in gained] or ["no cubes"]
    text = f"The ammo tile {code} on {square} gives {', '.join(parts)}"
    if wasted:
        text += f" ({_and(wasted)} wasted: you already hold {MAX_CUBES} of that colour)"
    if tile.powerup:
        if len(p.powerups) < MAX_POWERUPS:
            text += " and a powerup card"
        else:
            text += "; its powerup is not drawn because you already hold 3"
    return text + "."


def _shoot_action(game: Game, p: Player, n: int, legal: bool, title: str) -> Explanation:
    from adrenaline_tui.rules import shooting

    reload = game.frenzy
    if legal:
        squares = shooting.shoot_squares(game, p, n, reload=reload)
        squares.sort(key=lambda q: q != p.square)  # from here first
        does = []
        for q in squares:
            hits = _hittable_from(game, p, q, reload=reload)
            where = "From here" if q == p.square else f"From {q}"
            for wid, figs in hits.items():
                if figs:
                    names = _names(game, figs)
                    does.append(f"{where} the {game.cards.weapons[wid].name} can hit {names}.")
        return Explanation(title, True, (_adrenaline_note(game, p, "shoot", n),), tuple(does))
    if not p.weapons:
        return Explanation(title, False, ("Shoot: you hold no weapons. Grab one at a spawnpoint first.",))
    loaded = [w for w in p.weapons if w.loaded]
    if not loaded and not reload:
        return Explanation(
            title,
            False,
            ("Shoot: your weapons are unloaded. You may reload them at the end of your turn.",),
        )
    reach = "from here" if n == 0 else f"from here or {_s(n, 'move')} away"
    why = [f"Shoot: no loaded weapon has a target {reach}."]
    for w in loaded:
        weapon = game.cards.weapons[w.id]
        why.append(f"{weapon.name}: {_no_shot_reason(game, p, weapon)}")
    for w in p.weapons:
        if not w.loaded:
            why.append(f"{game.cards.weapons[w.id].name} is unloaded.")
    why.append(_adrenaline_note(game, p, "shoot", n))
    return Explanation(title, False, tuple(why))


# --------------------------------------------------------------- what a weapon hits
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


def weapon_reach(game: Game, colour: str, weapon_id: str, square: str | None = None) -> frozenset[str] | None:
    """Figures `colour` could hit with this weapon from `square` (default: where they stand),
    given what they can pay now; None if the weapon has no legal shot there."""
    p = game.players[colour]
    pos = game.positions()
    pos[colour] = square or p.square
    shot = effects.begin(game.cards.weapons[weapon_id], game.arena, colour, pos, budget(p))
    return _hittable(shot, {})


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


# --------------------------------------------------------------------------- shots
def _shot_names(game: Game) -> dict[str, str]:
    return {c: p.name for c, p in game.players.items()}


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
    summary = ops_summary(ops, _shot_names(game))
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
            names = _and([f"{game.name(c)} ({child.pos[c]})" for c in game.seats if c in picks])
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
    title = game.name(colour) if colour in game.players else colour
    if colour == shot.shooter:
        return Explanation(title, False, ("You can never be a target of your own weapon.",))
    if colour not in shot.pos:
        return Explanation(title, False, (f"{title} is not on the board.",))
    square = shot.pos[colour]
    why: list[str] = []
    problem = None
    if colour in shot.picks:
        problem = f"{title} is already chosen for this effect; each pick is a different target."
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
    what = target_effect(eff, sel.name)
    if what:
        does.append(_sentence(f"{eff.name}: {what}"))
    dmg = sum(s.amount for s in eff.steps if isinstance(s, Hit) and s.kind == "damage" and s.to == sel.name)
    if dmg and colour in game.players:
        does.append(_hit_preview(game, shot.shooter, colour, dmg))
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


# --------------------------------------------------------------- turn decisions
def _run_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.turn import action_moves

    n = action_moves(game, p).get("run", 3)
    if square not in game.arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    path = game.arena.path(p.square, square)
    if legal:
        return Explanation(
            f"Run to {square}",
            True,
            (f"{square} is {distance_text(game.arena, p.square, square)}; you may run up to {n}.",),
            (f"You go {' -> '.join((p.square, *path))}.",),
        )
    if square == p.square:
        return Explanation(square, False, ("Running means moving at least 1 square.",))
    return Explanation(square, False, (f"{square} is {distance_text(game.arena, p.square, square)}; a run goes {n}.",))


def _grab_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.turn import action_moves

    arena = game.arena
    n = action_moves(game, p).get("grab", 1)
    if square not in arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    d = arena.distance[p.square][square]
    where = "here" if d == 0 else f"{_s(d, 'move')} away"
    colour = arena.spawn_colour_at.get(square)
    does = []
    if colour is None:
        if game.board.tiles.get(square):
            does.append(_tile_text(game, p, square))
    else:
        for w in game.board.racks[colour]:
            if w is None:
                continue
            weapon = game.cards.weapons[w]
            ok = can_pay(p, weapon.pickup_cost)
            does.append(
                f"{weapon.name}: pick up for {_cubes(weapon.pickup_cost) if weapon.pickup_cost else 'free'}"
                + ("" if ok else f" - {_afford_text(p, weapon.pickup_cost)}")
            )
        if len(p.weapons) >= MAX_WEAPONS:
            does.append("You hold 3 weapons: you will drop one into the emptied slot.")
    title = f"Grab on {square}"
    if legal:
        return Explanation(
            title, True, (f"{square} is {where}; a grab may move up to {_s(n, 'square')} first.",), tuple(does)
        )
    if d > n:
        return Explanation(title, False, (f"{square} is {where}; a grab moves at most {_s(n, 'square')} first.",))
    if colour is None:
        return Explanation(title, False, (f"The ammo tile on {square} was taken this turn; it comes back at the end.",))
    return Explanation(title, False, ("You cannot pay for any weapon on this rack.", *does))


def _weapon_choice(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    d = game.pending
    if key not in game.cards.weapons:
        return Explanation(key, False, (f"There is no weapon called '{key}'.",))
    weapon = game.cards.weapons[key]
    shooting = d is not None and any(p.weapon(o.key) for o in d.options)
    if not shooting:
        why = [
            f"Picking it up costs {_cubes(weapon.pickup_cost) if weapon.pickup_cost else 'nothing'}"
            f" (its full cost {_cubes(weapon.cost)} minus the first cube, which is already paid)."
        ]
        if not legal:
            why.insert(0, _sentence(_afford_text(p, weapon.pickup_cost)))
        does = [f"You take it loaded. {weapon.description}"]
        if len(p.weapons) >= MAX_WEAPONS:
            does.append("You hold 3 weapons, so you will drop one into this rack slot.")
        return Explanation(weapon.name, legal, tuple(why), tuple(does))
    return explain_weapon(game, key, p.colour)


def explain_weapon(game: Game, weapon_id: str, viewer: str | None = None) -> Explanation:
    """A weapon of the player's: can it fire from here, and whom it could hit."""
    p = _viewer(game, viewer)
    weapon = game.cards.weapons[weapon_id]
    held = p.weapon(weapon_id)
    does = [effect_label(weapon, e) for e in weapon.effects]
    if held is None:
        where = _weapon_whereabouts(game, weapon_id)
        return Explanation(
            weapon.name,
            None,
            (f"You do not hold it{where}. Pick-up cost {_cubes(weapon.pickup_cost)}, reload {_cubes(weapon.cost)}.",),
            tuple(does),
        )
    if not held.loaded:
        return Explanation(
            weapon.name,
            False,
            (f"It is unloaded. Reloading costs its full cost, {_cubes(weapon.cost)}: {_afford_text(p, weapon.cost)}.",),
            tuple(does),
        )
    if p.square is None:
        return Explanation(weapon.name, False, ("You are not on the board.",), tuple(does))
    figs = weapon_reach(game, p.colour, weapon_id)
    if figs:
        names = _names(game, figs)
        return Explanation(weapon.name, True, (f"Loaded; from {p.square} it can hit {names}.",), tuple(does))
    return Explanation(weapon.name, False, (_no_shot_reason(game, p, weapon),), tuple(does))


def _weapon_whereabouts(game: Game, weapon_id: str) -> str:
    for colour, rack in game.board.racks.items():
        if weapon_id in rack:
            return f"; it is on the {colour} rack ({game.arena.spawn_square[colour]})"
    return ""


def _drop(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    held = p.weapon(key)
    name = game.cards.weapons[key].name if key in game.cards.weapons else key
    if held is None:
        return Explanation(name, False, ("You do not hold it.",))
    return Explanation(
        f"Drop the {name}",
        legal,
        ("You may hold 3 weapons; grabbing a 4th means dropping one into the emptied rack slot.",),
        ("It stays on the rack: anyone (you too) can grab it later for its pick-up cost.",),
    )


def _pay(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    spent = key.split(":", 1)[-1]
    if spent in CUBES:
        left = p.ammo[spent] - 1
        return Explanation(
            f"A {spent} cube",
            legal,
            (f"You have {p.ammo[spent]} {spent}." if legal else f"You have no {spent} cube.",),
            (f"You keep {left} {spent} afterwards.",) if legal else (),
        )
    if spent in p.powerups:
        return Explanation(
            f"Discard {game.card_name(spent)}",
            legal,
            (f"Any powerup can pay for one cube of its colour ({powerup_colour(spent)}).",),
            ("You lose the card but keep your cubes.",),
        )
    return Explanation(key, False, ("You cannot pay with that.",))


def _shoot_move(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    if square not in game.arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    hits = _hittable_from(game, p, square, reload=game.frenzy)
    does = [f"From {square} the {game.cards.weapons[w].name} can hit {_names(game, figs)}." for w, figs in hits.items()]
    title = "Shoot from here" if square == p.square else f"Move to {square}, then shoot"
    if legal:
        return Explanation(title, True, (f"{square} is {distance_text(game.arena, p.square, square)}.",), tuple(does))
    return Explanation(title, False, ("No weapon you can fire has a target from there.",))


def _reload(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    if key == "done":
        return Explanation("Done reloading", legal, ("Unloaded weapons stay unloaded until a later reload.",))
    weapon = game.cards.weapons[key]
    why = [f"Reloading pays the full cost, {_cubes(weapon.reload_cost)}; {_ammo_line(p)}."]
    if not legal:
        held = p.weapon(key)
        why.insert(
            0, "It is already loaded." if held and held.loaded else _sentence(_afford_text(p, weapon.reload_cost))
        )
    return Explanation(f"Reload the {weapon.name}", legal, tuple(why), ("It will be loaded for your next shot.",))


def _spawn(game: Game, p: Player, card: str, legal: bool) -> Explanation:
    colour = powerup_colour(card)
    square = game.arena.spawn_square.get(colour, "?")
    why = ("You discard one powerup; its colour says which spawnpoint you appear on.",)
    keep = [c for c in p.powerups if c != card]
    does = [f"You appear on the {colour} spawnpoint ({square}), in the {colour} room."]
    if keep:
        does.append("You keep " + _and([game.card_name(c) for c in keep]) + ".")
    return Explanation(f"Discard {game.card_name(card)}", legal, why, tuple(does))


def _newton_target(game: Game, p: Player, colour: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.powerups import newton_destinations

    if colour == p.colour:
        return Explanation(game.name(colour), False, ("Newton moves another player's figure, never yours.",))
    q = game.players[colour].square
    dests = newton_destinations(game, q) if q else []
    why = (whereabouts(game, p.colour, colour), "Newton works on anyone, seen or not.")
    return Explanation(game.name(colour), legal, why, (f"It could be pushed to {_and(dests) or 'nowhere'}.",))


def _newton_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    why = ("Newton pushes 1 or 2 squares in one straight direction, each step a legal move (doors, not walls).",)
    return Explanation(f"Push to {square}", legal, why)


def _teleport(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    why = ("A teleport is not a move: walls and distance do not matter.",)
    if square == p.square:
        why = ("You already stand there.",)
    return Explanation(f"Teleport to {square}", legal, why)


def _scope(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    if key == "pass":
        return Explanation("No Targeting Scope", legal, ("You keep the card for a later shot.",))
    if key in game.players:
        return Explanation(
            game.name(key),
            legal,
            ("A Targeting Scope adds 1 damage to a player the effect just damaged; it costs 1 cube of any colour.",),
            (_hit_preview(game, p.colour, key, 1),),
        )
    return Explanation(game.card_name(key), legal, ("Which of your Targeting Scopes to discard.",))


def _tagback(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    shooter = game.active
    if key == "pass":
        return Explanation("Do nothing", legal, ("You keep your cards.",))
    return Explanation(
        f"Throw {game.card_name(key)}",
        legal,
        (f"{shooter.name} damaged you while you could see them, so you may answer.",),
        (f"{shooter.name} gets 1 mark from you: it turns into damage the next time you damage them.",),
    )


def _end_turn(game: Game, p: Player) -> Explanation:
    why = []
    if game.actions_left:
        why.append(f"Actions are not compulsory: you skip {_s(game.actions_left, 'action')}.")
    does = [
        "Then you may reload unloaded weapons (full cost), boards that took a killshot are scored, "
        "the dead respawn and the board is restocked."
    ]
    return Explanation("End your turn", True, tuple(why), tuple(does))


def _powerup_card(game: Game, card: str, p: Player) -> Explanation:
    kind_id = powerup_kind(card)
    kind = game.cards.powerup_kinds.get(kind_id)
    if kind is None:
        return Explanation(card, False, ("No such powerup.",))
    title = game.card_name(card)
    why = [f"When: {kind.timing}."]
    d = game.pending
    legal: bool | None = None
    if d is not None and d.player == p.colour and d.kind == "action":
        legal = d.option(card) is not None
        if not legal:
            if card not in p.powerups:
                why.insert(0, "You do not hold it.")
            elif kind_id in ("targeting-scope", "tagback-grenade"):
                why.insert(0, "It is not played between actions; it answers damage during a shot.")
            else:
                why.insert(0, "Nobody could be moved with it now.")
    why.append(f"Or discard it to pay 1 {powerup_colour(card)} cube, or to choose a spawnpoint.")
    return Explanation(title, legal, tuple(why), (kind.text,))


_HANDLERS = {
    "run": _run_square,
    "grab": _grab_square,
    "weapon": _weapon_choice,
    "drop": _drop,
    "pay": _pay,
    "shoot_move": _shoot_move,
    "reload": _reload,
    "shoot_reload": _reload,
    "spawn": _spawn,
    "respawn": _spawn,
    "newton_target": _newton_target,
    "newton_square": _newton_square,
    "teleport": _teleport,
    "scope": _scope,
    "scope_card": _scope,
    "tagback": _tagback,
}


# ------------------------------------------------------------ squares and figures
def explain_square(game: Game, square: str, viewer: str | None = None) -> Explanation:
    """A square: as an option of the pending decision if it could be one, else where it is from
    the viewer and what lies on it."""
    d = game.pending
    if d is not None and viewer is None:
        kind = d.kind
        p = game.players[d.player]
        if kind in ("run", "grab", "shoot_move", "newton_square", "teleport"):
            return _HANDLERS[kind](game, p, square, d.option(square) is not None)
        if kind in ("square", "move") and game.current_shot is not None:
            return _shot_option(game, game.current_shot, square, d.option(square) is not None)
    p = _viewer(game, viewer)
    arena = game.arena
    if square not in arena.pos:
        return Explanation(square, None, (f"{square} is not a square of this arena.",))
    why = []
    if p.square is not None:
        seen, clause = sight(arena, p.square, square)
        why.append(_sentence(f"{square} is {clause}; {distance_text(arena, p.square, square)}"))
        if not seen and square != p.square:
            why.append("You cannot see it from where you stand.")
    what = []
    colour = arena.spawn_colour_at.get(square)
    if colour:
        names = [game.cards.weapons[w].name for w in game.board.racks[colour] if w]
        what.append(f"The {colour} spawnpoint; its rack holds {_and(names) or 'nothing'}.")
    elif game.board.tiles.get(square):
        what.append(f"Ammo tile {game.board.tiles[square]}.")
    else:
        what.append("Its ammo tile was taken this turn.")
    here = [game.name(c) for c, q in game.players.items() if q.square == square]
    if here:
        what.append(f"Standing here: {_and(here)}.")
    return Explanation(f"{square} ({arena.room_of[square]} room)", None, tuple(why), tuple(what))


def explain_figure(game: Game, colour: str, viewer: str | None = None) -> Explanation:
    """A figure: as a target of the pending decision if it could be one, else where it stands
    from the viewer and which of the viewer's loaded weapons could hit it."""
    d = game.pending
    if d is not None and viewer is None:
        if d.kind == "target" and game.current_shot is not None:
            return _shot_option(game, game.current_shot, colour, d.option(colour) is not None)
        if d.kind in ("newton_target", "scope"):
            return _HANDLERS[d.kind](game, game.players[d.player], colour, d.option(colour) is not None)
    p = _viewer(game, viewer)
    if colour == p.colour:
        return explain_board(game, colour)
    why = [whereabouts(game, p.colour, colour)]
    does = []
    if p.square is not None and game.players[colour].square is not None:
        for w in p.weapons:
            if not w.loaded:
                continue
            weapon = game.cards.weapons[w.id]
            figs = weapon_reach(game, p.colour, w.id)
            if figs and colour in figs:
                does.append(f"Your {weapon.name} can hit {game.name(colour)} from here.")
            else:
                reason = _opening_filter_reason(game, p, weapon, colour)
                does.append(f"Your {weapon.name} cannot hit {game.name(colour)} from here{reason}.")
    return Explanation(game.name(colour), None, tuple(why), tuple(does))


# ------------------------------------------------------------------------- boards
def explain_board(game: Game, colour: str) -> Explanation:
    """A player board: damage and what it unlocks, marks, and what it pays if scored now."""
    p = game.players[colour]
    dmg = len(p.damage)
    why = []
    why.append(f"{p.name} has {_s(dmg, 'damage token')}: the 11th is the killshot, the 12th the overkill.")
    if p.killed:
        why.append("This board took a killshot this turn: it is scored when the turn ends.")
    if game.frenzy:
        why.append(f"Final frenzy: {p.name} has {_s(p.frenzy_actions, 'frenzy action')} on their last turn.")
    elif dmg >= ADRENALINE_SHOOT:
        why.append("6 or more damage: grab moves up to 2 squares first, shoot may move 1 first.")
    elif dmg >= ADRENALINE_GRAB:
        why.append("3 or more damage: grab moves up to 2 squares first (shoot unlocks its move at 6).")
    else:
        why.append("Under 3 damage: normal actions (adrenaline starts at 3 damage).")
    if p.marks:
        marks = _and([f"{n} from {game.name(c)}" for c, n in p.marks.items()])
        why.append(
            f"Marks: {marks}. Each turns into damage the next time that player damages {p.name}"
            f" (at most {MAX_MARKS} from each player)."
        )
    values = board_values(p.skulls, p.frenzy_board)
    side = "frenzy side, no first blood" if p.frenzy_board else f"{_s(p.skulls, 'skull')}"
    does = [f"The board pays {'-'.join(map(str, values))} ({side}); everyone who did damage scores at least 1."]
    if p.damage:
        awards = score_board(p.damage, p.skulls, p.frenzy_board, payees=game.seats)
        totals: dict[str, list[str]] = {}
        for a in awards:
            totals.setdefault(a.player, []).append(f"{a.points} ({a.reason})")
        lines = "; ".join(f"{game.name(c)} {' + '.join(v)}" for c, v in totals.items())
        does.append(f"Scored now it would pay: {lines}.")
        does.append("Ties in damage go to whoever hit this board first.")
    return Explanation(f"{p.name}'s board", None, tuple(why), tuple(does))


def explain_track(game: Game) -> Explanation:
    """The killshot track: skulls left and what it pays at the end."""
    b = game.board
    why = [f"{_s(b.skulls_left, 'skull')} left of {b.skulls}."]
    if game.frenzy:
        why.append("Final frenzy is on: everyone has one last turn.")
    tokens: dict[str, int] = {}
    for entry in b.track:
        for c in entry:
            tokens[c] = tokens.get(c, 0) + 1
    if tokens:
        why.append("Tokens: " + ", ".join(f"{game.name(c)} {n}" for c, n in tokens.items()) + ".")
    awards = score_track(b.track, payees=game.seats)
    does = []
    if awards:
        does.append("At the end it pays " + ", ".join(f"{game.name(a.player)} {a.points}" for a in awards) + ".")
    does.append("Most tokens first (8-6-4-2-1-1); a tie goes to the earlier killshot. An overkill adds a second token.")
    return Explanation("Killshot track", None, tuple(why), tuple(does))
