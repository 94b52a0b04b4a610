"""The interpreter for the weapon effect language.

A shot is a small, pure state machine (`Shot`) over the card's effects and steps. It knows only
what decides legality: where every figure stands, what has been chosen so far, which effects are
used, and how many cubes of each colour the shooter could still spend. Damage does not change what
is legal, so the real game applies damage as the shot advances while the shot itself stays pure.

Because a `Shot` is pure, legality is exact rather than guessed: an option is offered only if some
way of finishing the shot from it exists (`completable`, a memoised depth-first search). That is
what keeps every card honest - a Plasma Gun glide to a square with no target in sight, a Vortex on
an empty square, a Heatseeker when everyone is visible: none of them is ever offered.

The game drives a shot through `legal_options` / `choose`, executing the `Op`s each step emits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any, NamedTuple

from adrenaline_tui.rules.arena import DIRECTIONS, Arena
from adrenaline_tui.rules.cards import (
    CardSet,
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

Budget = tuple[int, int, int]  # spendable red, blue, yellow (cubes plus powerups of that colour)

# The empty set of effects or figures a shot starts with and an effect starts its hits from: one
# object, where `frozenset()` is a call of a type at every effect started or ended.
_NONE: frozenset[str] = frozenset()


def is_object(figure: str) -> bool:
    """A target that is not a figure (a Domination spawnpoint, `spawn:red`): it never moves, and
    one shot damages at most one of them, once (`Shot.object_damaged`).

    Figures are colours; other targets have a `kind:name` key, so the test is one character.
    """
    return ":" in figure


class Op(NamedTuple):
    """Something the real game must do as the shot advances."""

    kind: str  # "start", "damage", "mark", "move", "end"
    effect: str = ""
    figure: str = ""
    amount: int = 0
    square: str = ""


# Builds an `Op` from all its fields without the Python-level `__new__` (`decision.new`).
_new = tuple.__new__


class _EffectOps(dict[str, Op]):
    """The "start" or "end" op of an effect, by its id, made on first use: they depend on the id
    alone and are immutable, so each is built once rather than at every effect stepped into or
    finished. Bounded by the effect ids of the card data."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, effect: str) -> Op:
        op = self[effect] = _new(Op, (self.kind, effect, "", 0, ""))
        return op


_STARTS, _ENDS = _EffectOps("start"), _EffectOps("end")


class ShotOption(NamedTuple):
    key: str
    label: str
    kind: str  # "effect", "done", "continue", "target", "square", "room", "direction", "move"
    square: str | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line from the shooter: `steps[k]` is the square k steps away (0 = own square)."""

    direction: str
    steps: tuple[str | None, ...]
    include_own: bool

    def squares(self) -> tuple[str, ...]:
        start = 0 if self.include_own else 1
        return tuple(s for s in self.steps[start:] if s is not None)


@dataclass(frozen=True, slots=True)
class Frame:
    """A suspended effect waiting at a pause while another effect is slotted in."""

    effect: int
    step: int
    hits: frozenset[str]


class Shot:
    """One shot in progress. Treated as immutable: every transition returns a new Shot."""

    __slots__ = (
        "arena",
        "bind",
        "budget",
        "cands",
        "completed",
        "cur",
        "dead",
        "finished",
        "hits",
        "idx",
        "main_finished",
        "object_damaged",
        "picks",
        "pos",
        "shooter",
        "stack",
        "used",
        "weapon",
    )

    def __init__(self, weapon: Weapon, arena: Arena, shooter: str, pos: dict[str, str], budget: Budget) -> None:
        self.weapon = weapon
        self.arena = arena
        self.shooter = shooter
        self.pos = pos
        self.budget = budget
        self.bind: dict[str, Any] = {}
        self.used: frozenset[str] = _NONE
        self.completed: frozenset[str] = _NONE
        self.cur: int = -1
        self.idx: int = 0
        self.picks: tuple[str, ...] = ()
        self.hits: frozenset[str] = _NONE
        self.stack: tuple[Frame, ...] = ()
        self.dead = False
        self.finished = False
        self.main_finished = False
        # A target that is not a figure (a spawnpoint) took damage in this shot. "You can damage a
        # spawnpoint only once per turn" and it "gets only 1 token": from then on no such target is
        # damaged again or offered as a target in this shot (docs/rulings.md), so no option can
        # promise a token that would not come. (The next shots of the turn do not offer them at all.)
        self.object_damaged = False
        # Candidates of the select the shot waits at, found by `_advance` and reused by
        # `choice_keys` (None: not computed for this state).
        self.cands: list[str] | None = None

    def _copy(self) -> Shot:
        # Spelled out: this runs for every node of every legality search.
        new = object.__new__(Shot)
        new.weapon = self.weapon
        new.arena = self.arena
        new.shooter = self.shooter
        new.pos = self.pos
        new.budget = self.budget
        new.bind = self.bind
        new.used = self.used
        new.completed = self.completed
        new.cur = self.cur
        new.idx = self.idx
        new.picks = self.picks
        new.hits = self.hits
        new.stack = self.stack
        new.dead = self.dead
        new.finished = self.finished
        new.main_finished = self.main_finished
        new.object_damaged = self.object_damaged
        new.cands = None
        return new

    def key(self) -> tuple:
        # pos keeps its seat order through moves; bind order may differ between equal states,
        # which only costs a memo miss.
        return (
            tuple(self.pos.values()),
            tuple(self.bind.items()),
            self.used,
            self.completed,
            self.cur,
            self.idx,
            self.picks,
            self.hits,
            self.stack,
            self.budget,
            self.finished,
            self.object_damaged,
        )

    def with_budget(self, budget: Budget) -> Shot:
        new = self._copy()
        new.budget = budget
        new.cands = self.cands  # who may be picked does not depend on what can be spent
        return new

    # -------------------------------------------------------------- derived facts
    @property
    def effect(self) -> Effect | None:
        return self.weapon.effects[self.cur] if self.cur >= 0 else None

    @property
    def main_done(self) -> bool:
        return self.main_finished

    @property
    def can_finish(self) -> bool:
        return self.cur < 0 and not self.dead and self.main_finished

    def members(self, name: str) -> tuple[str, ...]:
        value = self.bind.get(name)
        return value if isinstance(value, tuple) else ()

    def _square_of(self, name: str) -> str | None:
        """The square a name stands for: a bound square, or where a bound figure stands."""
        value = self.bind.get(name)
        if isinstance(value, str):
            return value
        if isinstance(value, tuple) and value:
            return self.pos.get(value[0])
        return None


# ------------------------------------------------------------------------- filters
# Each filter tuple from the card data is compiled once into a test(shot, square, origin) that
# says whether `square` (where a candidate stands, or a candidate square) passes.
Test = Callable[[Shot, str, str], bool]
_COMPILED: dict[tuple, Test] = {}


def _compile(f: tuple) -> Test:
    kind = f[0]
    if kind == "visible":
        return lambda shot, sq, origin: sq in shot.arena.visible[origin]
    if kind == "not_visible":
        return lambda shot, sq, origin: sq not in shot.arena.visible[origin]
    if kind == "distance":
        lo, hi = f[1], f[2]
        return lambda shot, sq, origin: lo <= shot.arena.distance[origin][sq] <= hi
    if kind == "not_own":
        return lambda shot, sq, origin: sq != origin
    if kind == "any":
        return lambda shot, sq, origin: True
    name = f[1]
    if kind == "visible_from":

        def visible_from(shot: Shot, sq: str, origin: str) -> bool:
            ref = shot._square_of(name)
            return ref is not None and sq in shot.arena.visible[ref]

        return visible_from
    if kind == "near":
        most = f[2]

        def near(shot: Shot, sq: str, origin: str) -> bool:
            ref = shot._square_of(name)
            return ref is not None and shot.arena.distance[ref][sq] <= most

        return near
    if kind == "same_square":

        def same_square(shot: Shot, sq: str, origin: str) -> bool:
            ref = shot._square_of(name)
            return ref is not None and sq == ref

        return same_square
    if kind == "at":
        index = f[2]

        def at(shot: Shot, sq: str, origin: str) -> bool:
            value = shot.bind.get(name)
            if isinstance(value, Line):
                if index is None:
                    # `value.squares()` without building it: a None step never equals a square.
                    return sq in value.steps[0 if value.include_own else 1 :]
                return index < len(value.steps) and value.steps[index] == sq
            return value == sq

        return at
    if kind == "in_room":
        return lambda shot, sq, origin: shot.arena.room_of[sq] == shot.bind.get(name)
    if kind == "not_spawnpoint":
        return lambda shot, sq, origin: not any(is_object(f) for f in shot.members(name))
    raise ValueError(f"unknown filter {f!r}")


class _Tests(dict[tuple, tuple[Test, ...]]):
    """The compiled tests of a filter tuple: `_TESTS[filters]`, compiled on first use.

    Keyed by the tuple itself (equal filters share their tests, which depend on the filters
    alone): one subscript at every select, hit and filtered square, with no call of a helper.
    Bounded by the card data's filter tuples, so nothing invalidates an entry."""

    def __missing__(self, filters: tuple) -> tuple[Test, ...]:
        tests = []
        for f in filters:
            test = _COMPILED.get(f)
            if test is None:
                test = _COMPILED[f] = _compile(f)
            tests.append(test)
        entry = self[filters] = tuple(tests)
        return entry


_TESTS = _Tests()


def _passes(shot: Shot, filters: tuple, square: str, origin: str) -> bool:
    for test in _TESTS[filters]:
        if not test(shot, square, origin):
            return False
    return True


def _passing(shot: Shot, filters: tuple, squares: tuple[str, ...], origin: str) -> list[str]:
    """The squares that pass every filter, in order: `_passes` for each, in one call rather than
    a call a square (a square select asks it of every square of the arena)."""
    tests = _TESTS[filters]
    out = []
    for q in squares:
        for test in tests:
            if not test(shot, q, origin):
                break
        else:
            out.append(q)
    return out


def _excluded(shot: Shot, names: tuple[str, ...]) -> set[str]:
    out: set[str] = set()
    for n in names:
        out.update(shot.members(n))
    return out


def _others(shot: Shot) -> list[str]:
    return [f for f in shot.pos if f != shot.shooter]


def _pool_choices(shot: Shot, sel: Select, fig: str, origin: str) -> tuple[int, ...]:
    """The pools of a select that this figure may fill."""
    out = []
    for i, pool in enumerate(sel.pools):
        if pool.among is not None and fig not in shot.members(pool.among):
            continue
        if pool.exclude and fig in _excluded(shot, pool.exclude):
            continue
        if _passes(shot, pool.where, shot.pos[fig], origin):
            out.append(i)
    return tuple(out)


def _assign(choices: list[tuple[int, ...]], k: int, room: list[int]) -> bool:
    """Can picks k.. each take a place in one of their pools, within each pool's limit?"""
    if k == len(choices):
        return True
    for i in choices[k]:
        if room[i]:
            room[i] -= 1
            found = _assign(choices, k + 1, room)
            room[i] += 1
            if found:
                return True
    return False


def target_candidates(shot: Shot, sel: Select) -> list[str]:
    pos = shot.pos
    shooter = shot.shooter
    origin = pos[shooter]
    picks = shot.picks
    skip = {shooter, *picks}
    # One target that is not a figure per shot: none once one took damage or is picked here.
    no_objects = shot.object_damaged
    for f in picks:  # `any(is_object(f) for f in picks)`, without a generator: asked at every select
        if ":" in f:
            no_objects = True
            break
    if sel.exclude:
        skip.update(_excluded(shot, sel.exclude))
    among = shot.members(sel.among) if sel.among is not None else None
    taken_squares = {pos[p] for p in picks} if sel.distinct_squares else ()
    tests = _TESTS[sel.where]
    object_tests = _TESTS[sel.spawnpoints] if sel.spawnpoints else ()
    if sel.pools:
        picked = [_pool_choices(shot, sel, p, origin) for p in picks]
        room = [p.max for p in sel.pools]
    out = []
    for fig, sq in pos.items():
        if fig in skip or (among is not None and fig not in among) or sq in taken_squares:
            continue
        if no_objects and ":" in fig:  # is_object
            continue
        for test in tests:
            if not test(shot, sq, origin):
                break
        else:
            if object_tests and is_object(fig) and not all(t(shot, sq, origin) for t in object_tests):
                continue
            if not sel.pools or _assign([*picked, _pool_choices(shot, sel, fig, origin)], 0, room):
                out.append(fig)
    return out


def everyone(shot: Shot, filters: tuple) -> list[str]:
    pos, shooter = shot.pos, shot.shooter
    origin = pos[shooter]
    tests = _TESTS[filters]
    out = []
    for f, sq in pos.items():
        if f == shooter:
            continue
        for test in tests:
            if not test(shot, sq, origin):
                break
        else:
            out.append(f)
    return out


# The lines of a direction select, per arena (by identity, kept alongside), shooter's square and
# the select's walls, length and include_own: they depend on nothing else, and arenas never
# change once loaded, so nothing invalidates an entry. Lines are immutable, so they are shared.
_LINES: dict[tuple, tuple[Arena, tuple[Line, ...]]] = {}


def lines(shot: Shot, step: SelectLine) -> tuple[Line, ...]:
    arena, origin = shot.arena, shot.pos[shot.shooter]
    key = (id(arena), origin, step.walls, step.length, step.include_own)
    entry = _LINES.get(key)
    if entry is None:  # its object is kept in it: the id is never reused
        table = arena.beam if step.walls == "ignore" else arena.walk
        out = []
        for d in DIRECTIONS:
            squares = table[(origin, d)]
            if step.length is not None:
                squares = squares[: step.length]
            if not squares and not step.include_own:
                continue
            out.append(Line(d, (origin, *squares), step.include_own))
        entry = _LINES[key] = (arena, tuple(out))
    return entry[1]


def _destinations(shot: Shot, mv: Move, fig: str) -> list[str]:
    start = shot.pos[fig]
    origin = shot.pos[shot.shooter]
    if is_object(fig):  # a spawnpoint stays where it is: only "0 moves" is possible
        return [start] if mv.lo == 0 and _passes(shot, mv.dest_where, start, origin) else []
    bound = shot.bind.get(mv.direction) if mv.path != "free" and mv.direction else None
    dests = _moves(shot.arena, mv, start, bound if isinstance(bound, str) and bound in DIRECTIONS else None)
    if mv.dest_where:
        return _passing(shot, mv.dest_where, dests, origin)
    return list(dests)


# The squares a move's distance and path allow from a square (before its `dest_where` filters),
# per (arena, move step, start, direction bound by the card): they depend on nothing else, and
# arenas and cards never change once loaded, so nothing invalidates an entry. Keyed by the
# arena's identity, kept alongside (like `_ALONE`) so the id cannot be reused.
_MOVES: dict[int, tuple[Arena, dict[tuple, tuple[str, ...]]]] = {}


def _moves(arena: Arena, mv: Move, start: str, direction: str | None) -> tuple[str, ...]:
    entry = _MOVES.get(id(arena))
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _MOVES[id(arena)] = (arena, {})
    table = entry[1]
    key = (mv.path, mv.lo, mv.hi, start, direction)
    dests = table.get(key)
    if dests is None:
        if mv.path == "free":
            dests = tuple(q for q in arena.within(start, mv.hi) if arena.distance[start][q] >= mv.lo)
        else:
            found = [start] if mv.lo == 0 else []
            for d in [direction] if direction is not None else DIRECTIONS:
                walk = arena.walk[(start, d)]
                found += [walk[k - 1] for k in range(max(mv.lo, 1), mv.hi + 1) if k <= len(walk)]
            dests = tuple(found)
        table[key] = dests
    return dests


# ---------------------------------------------------------------------- effects
def _startable(shot: Shot) -> list[Effect]:
    """Effects that may begin now: between effects, or slotted into a paused effect."""
    weapon = shot.weapon
    paused = weapon.effects[shot.cur].id if shot.cur >= 0 else None
    used = shot.used
    main_used = not used.isdisjoint(weapon.main_ids)
    completed = shot.completed
    red, blue, yellow = shot.budget
    out = []
    for e in weapon.effects:
        if e.id in used or (main_used and e.main):
            continue
        if e.after and not completed.issuperset(e.after):
            continue
        if paused is not None:
            if paused not in e.during and paused not in e.inside:
                continue
        elif e.inside:
            continue
        c = e.cost_vec
        if c[0] > red or c[1] > blue or c[2] > yellow:
            continue
        out.append(e)
    return out


# -------------------------------------------------------------------- transitions
def begin(weapon: Weapon, arena: Arena, shooter: str, pos: dict[str, str], budget: Budget) -> Shot:
    return Shot(weapon, arena, shooter, pos, budget)


def choice_keys(shot: Shot) -> list[str]:
    """Every syntactically possible next choice (keys only), before the completability filter."""
    if shot.dead or shot.finished:
        return []
    eff = shot.weapon.effects[shot.cur] if shot.cur >= 0 else None  # `shot.effect`, inline: hot
    step = eff.steps[shot.idx] if eff is not None else None
    kind = type(step)
    if eff is None or kind is Pause:
        keys = []  # a loop, not a comprehension (a call of its own): the start of every shot
        for e in _startable(shot):
            keys.append(e.id)
        if eff is not None:
            keys.append("continue")
        elif shot.main_finished:
            keys.append("done")
        return keys
    if kind is Select:
        keys = list(shot.cands) if shot.cands is not None else target_candidates(shot, step)
        if len(shot.picks) >= step.lo:
            keys.append("done")
        return keys
    if kind is Move:
        figs = (shot.shooter,) if step.who == "self" else shot.members(step.who)
        return _destinations(shot, step, figs[0])
    if isinstance(step, SelectSquare):
        origin = shot.pos[shot.shooter]
        return _passing(shot, step.where, shot.arena.squares, origin)
    if isinstance(step, SelectRoom):
        origin = shot.pos[shot.shooter]
        rooms = shot.arena.visible_rooms[origin] if ("visible",) in step.where else shot.arena.rooms
        own = shot.arena.room_of[origin]
        return [f"room:{r}" for r in sorted(rooms) if not (("not_own",) in step.where and r == own)]
    if isinstance(step, SelectLine):
        return [line.direction for line in lines(shot, step)]
    if isinstance(step, Move):
        figs = (shot.shooter,) if step.who == "self" else shot.members(step.who)
        return _destinations(shot, step, figs[0])
    raise AssertionError(f"no options at step {step!r}")


def raw_options(
    shot: Shot,
    names: dict[str, str] | None = None,
    keys: list[str] | None = None,
    steps: Steps | None = None,
) -> list[ShotOption]:
    """The choices of `choice_keys` (or the given subset) with labels and map hints for people.

    `steps`: what `legal_steps` found each key leads to, so a label need not apply it again."""
    return shot_labels.label_options(shot, choice_keys(shot) if keys is None else keys, names or {}, steps)


# What each legal key of a decision leads to: the next state and the ops it emits, or None where
# `legal_steps` left the key unstepped (`apply` it).
Steps = dict[str, tuple[Shot, list[Op]] | None]


def apply(shot: Shot, key: str) -> tuple[Shot, list[Op]]:
    """Apply a choice (one of `choice_keys`) and run on to the next decision."""
    ops: list[Op] = []
    return _step(shot, key, ops), ops


def _step(shot: Shot, key: str, ops: list[Op] | None) -> Shot:
    """`apply` without the bookkeeping when `ops` is None (the legality search needs no ops)."""
    new = shot._copy()
    eff = shot.weapon.effects[shot.cur] if shot.cur >= 0 else None  # `shot.effect`, inline: hot
    step = eff.steps[shot.idx] if eff is not None else None
    kind = type(step)
    if eff is None or kind is Pause:
        if key == "done":
            new.finished = True
            return new
        if key == "continue":
            new.idx += 1
            return _advance(new, ops)
        index = shot.weapon.effect_ids.index(key)
        chosen = shot.weapon.effects[index]
        if eff is not None:
            new.stack = (*shot.stack, Frame(shot.cur, shot.idx, shot.hits))
        new.cur = index
        new.idx = 0
        new.hits = _NONE
        new.used = shot.used | {chosen.id}
        if chosen.cost:  # spent, spelled out: every effect started (most are free)
            cost, budget = chosen.cost_vec, shot.budget
            new.budget = (budget[0] - cost[0], budget[1] - cost[1], budget[2] - cost[2])
        if ops is not None:
            ops.append(_STARTS[chosen.id])
        return _advance(new, ops)
    if kind is Select:
        if key == "done":
            _bind(new, step.name, new.picks)
        else:
            new.picks = (*shot.picks, key)
    elif kind is SelectSquare:
        _bind(new, step.name, key)
    elif kind is SelectRoom:
        _bind(new, step.name, key.split(":", 1)[1])
    elif kind is SelectLine:
        for line in lines(shot, step):
            if line.direction == key:
                _bind(new, step.name, line)
                break
        else:
            raise AssertionError(f"{key!r} is not a direction of {step!r}")
    elif kind is Move:
        fig = shot.shooter if step.who == "self" else shot.members(step.who)[0]
        start = shot.pos[fig]
        if step.direction and key != start:
            new.bind = {**new.bind, step.direction: shot.arena.direction(start, key)}
        _move(new, fig, key, ops)
        # Staying put on a "you may move on, and if you do" move skips the rest of the effect.
        new.idx = len(eff.steps) if step.stay_ends and key == start else new.idx + 1
    return _advance(new, ops)


def _bind(shot: Shot, name: str, value: Any) -> None:
    shot.bind = {**shot.bind, name: value}
    shot.picks = ()
    shot.idx += 1


def _move(shot: Shot, fig: str, dest: str, ops: list[Op] | None) -> None:
    if shot.pos[fig] != dest:
        shot.pos = {**shot.pos, fig: dest}
        if ops is not None:
            ops.append(_new(Op, ("move", "", fig, 0, dest)))


def _advance(shot: Shot, ops: list[Op] | None) -> Shot:
    """Run automatic steps until the next decision, the end of the shot, or a dead end."""
    effects = shot.weapon.effects
    while shot.cur >= 0 and not shot.dead:
        eff = effects[shot.cur]
        if shot.idx >= len(eff.steps):
            if eff.needs_hit and not shot.hits:
                shot.dead = True
                break
            shot.completed = shot.completed | {eff.id}
            if eff.main:
                shot.main_finished = True
            if ops is not None:
                ops.append(_ENDS[eff.id])
            if shot.stack:
                frame = shot.stack[-1]
                shot.stack = shot.stack[:-1]
                shot.cur, shot.idx, shot.hits = frame.effect, frame.step + 1, frame.hits
            else:
                shot.cur, shot.idx, shot.hits = -1, 0, _NONE
            continue
        step = eff.steps[shot.idx]
        kind = type(step)
        if kind is Hit:
            figs = everyone(shot, step.everyone) if step.everyone is not None else shot.members(step.to)
            if figs:
                if step.kind == "damage":
                    for f in figs:
                        if ":" in f:  # is_object: at most one such target is damaged in a shot
                            figs = _damage_one_object(shot, figs)
                            break
                if ops is not None:
                    for fig in figs:  # a loop, not a comprehension (a call of its own)
                        ops.append(_new(Op, (step.kind, "", fig, step.amount, "")))
                if figs:
                    shot.hits = shot.hits.union(figs)
            shot.idx += 1
        elif kind is Pause:
            if _startable(shot):
                break
            shot.idx += 1
        elif kind is Select:
            if len(shot.picks) >= step.hi:
                _bind(shot, step.name, shot.picks)
                continue
            cands = target_candidates(shot, step)
            if cands:
                shot.cands = cands
                break
            if len(shot.picks) < step.lo:
                shot.dead = True
                break
            _bind(shot, step.name, shot.picks)
        elif kind is Move:
            figs = (shot.shooter,) if step.who == "self" else shot.members(step.who)
            if step.to is not None:
                dest = _fixed_destination(shot, step.to)
                for fig in figs:
                    if not is_object(fig):  # a spawnpoint is hit where it stands
                        _move(shot, fig, dest, ops)
                shot.idx += 1
            elif not figs:
                shot.idx += 1
            else:
                break
        else:  # SelectSquare, SelectRoom, SelectLine always ask
            break
    return shot


def _damage_one_object(shot: Shot, figs: tuple[str, ...] | list[str]) -> list[str]:
    """The figures a damage step hits, keeping at most the first target that is not a figure,
    and none once one was damaged in this shot (`Shot.object_damaged`)."""
    out = []
    for f in figs:
        if is_object(f):
            if shot.object_damaged:
                continue
            shot.object_damaged = True
        out.append(f)
    return out


def _fixed_destination(shot: Shot, to: str) -> str:
    if to == "self":
        return shot.pos[shot.shooter]
    if to.startswith("square_of:"):
        sq = shot._square_of(to.split(":", 1)[1])
    else:
        sq = shot._square_of(to)
    assert sq is not None, f"destination {to} is unbound"
    return sq


# ---------------------------------------------------------------------- legality
_SHORTEST = ("done", "continue")


def _unfailable(step: Any) -> bool:
    """Can this step always be got past, whatever the state? A hit never fails; a pause can
    always be carried on from; a select of at least 0 can always be "done"; a fixed move needs no
    choice; a move of 0 or more with no filter on its destination always offers the square the
    figure stands on (`_moves` lists it first, a spawnpoint gets exactly it)."""
    kind = type(step)
    if kind is Hit or kind is Pause:
        return True
    if kind is Select:
        return step.lo == 0
    if kind is Move:
        return step.to is not None or (step.lo == 0 and not step.dest_where)
    return False


class _Shape(NamedTuple):
    """What a weapon's card says, once, about finishing its effects (`_surely_completable`)."""

    # unfailable[e][i]: steps i.. of effect e are all `_unfailable` (i may be the step count).
    unfailable: tuple[tuple[bool, ...], ...]
    # hit_follows[e][i]: step i of effect e is a select whose name a later step of the effect
    # hits (`to:`), or a move of a bound name that a later step hits, with no move in between
    # that may end the effect early (`stay_ends`).
    hit_follows: tuple[tuple[bool, ...], ...]


def _shape_of(weapon: Weapon) -> _Shape:
    unfailable, hit_follows = [], []
    for eff in weapon.effects:
        steps = eff.steps
        unfailable.append(tuple(all(_unfailable(s) for s in steps[i:]) for i in range(len(steps) + 1)))
        follows = []
        for i, step in enumerate(steps):
            found = False
            name = step.name if type(step) is Select else step.who if type(step) is Move else "self"
            if name != "self":
                for later in steps[i + 1 :]:
                    if type(later) is Hit and later.to == name:
                        found = True
                        break
                    if type(later) is Move and later.stay_ends:
                        break
            follows.append(found)
        hit_follows.append(tuple(follows))
    return _Shape(tuple(unfailable), tuple(hit_follows))


# Per weapon, by identity with the weapon kept alongside (as `_ALONE`): cards never change once
# loaded, so nothing invalidates an entry.
_SHAPES: dict[int, tuple[Weapon, _Shape]] = {}


def _surely_completable(shot: Shot) -> bool:
    """A sufficient condition for `completable`, read from the card and a few facts of the state:
    True only if the shot can be finished by the cheapest way on at every step (a select's "done"
    or its first candidate, a pause's "continue", a move's staying put); False says nothing.

    Why that finishes the shot: the rest of the effect is `_unfailable` steps; the effect then
    needs a hit (`needs_hit`) only if it deals something, and it has one already, or the select it
    waits at can bind a target (it has candidates) that a later step hits (a target that is not a figure
    is never dropped there: a select offers none once one was damaged, and one damaged in between
    is a hit already); each effect it was slotted into resumes with unfailable steps and a hit of
    its own; and a main effect is among them or resolved before, so "done" ends the shot.
    `tests/rules/test_engine_speed.py` compares `completable` with the plain search."""
    weapon = shot.weapon
    entry = _SHAPES.get(id(weapon))
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _SHAPES[id(weapon)] = (weapon, _shape_of(weapon))
    shape = entry[1]
    cur, idx = shot.cur, shot.idx
    eff = weapon.effects[cur]
    step = eff.steps[idx]
    kind = type(step)
    if kind is Select:
        picks = len(shot.picks)
        # Stopped here with candidates (`_advance` keeps them), and one more pick is enough.
        if shot.cands is None or picks + 1 < step.lo or not shape.unfailable[cur][idx + 1]:
            return False
        # It has candidates, and picking one is always a way on: the select binds a target.
        hit = bool(shot.hits) or shape.hit_follows[cur][idx]
    elif kind is Pause:
        if not shape.unfailable[cur][idx + 1]:
            return False
        hit = bool(shot.hits)
    elif kind is Move:
        if shape.unfailable[cur][idx]:
            hit = bool(shot.hits)
        elif step.lo == 0 and not step.stay_ends and shape.unfailable[cur][idx + 1]:
            # Staying put is a way on when the mover's own square passes the move's filters (a
            # target that must end in sight, already in sight: the Tractor Beam).
            movers = (shot.shooter,) if step.who == "self" else shot.members(step.who)
            pos = shot.pos
            if not movers or not _passes(shot, step.dest_where, pos[movers[0]], pos[shot.shooter]):
                return False
            # A later step hits the movers: a figure always takes it, a spawnpoint only if none
            # was damaged in this shot yet.
            hit = bool(shot.hits) or (
                shape.hit_follows[cur][idx] and (not shot.object_damaged or any(":" not in f for f in movers))
            )
        else:
            return False
    else:
        return False
    if eff.needs_hit and not hit:
        return False
    main = shot.main_finished or eff.main
    for frame in shot.stack:
        paused = weapon.effects[frame.effect]
        if not shape.unfailable[frame.effect][frame.step + 1] or (paused.needs_hit and not frame.hits):
            return False
        main = main or paused.main
    return main


def completable(shot: Shot, memo: dict | None = None) -> bool:
    """Is there at least one way to finish this shot legally from here?"""
    if shot.dead:
        return False
    if shot.finished or (shot.cur < 0 and shot.main_finished):
        return True
    if shot.cur >= 0:
        if _surely_completable(shot):
            return True
    elif shot.used and not shot.bind and not shot.object_damaged and shot.weapon.required_targets <= 1:
        # Between effects after movers only (no main effect yet): the one-figure table answers.
        legal = _mains_keys(shot)
        if legal is not None:
            return bool(legal)
    keys = choice_keys(shot)
    # The answer does not depend on the order the ways on are tried, but the work does: "done" (no
    # more targets) and "continue" (nothing slotted in) are the shortest ways to the end, and
    # `choice_keys` lists them last, so they are tried first; when that finishes the shot at once
    # (the common case) the state is not worth keying and remembering.
    first = None
    if keys and keys[-1] in _SHORTEST:
        keys.insert(0, keys.pop())
        first = _step(shot, keys[0], None)
        if not first.dead and (first.finished or (first.cur < 0 and first.main_finished)):
            return True
    if memo is None:
        memo = {}
    k = shot.key()
    known = memo.get(k)
    if known is not None:
        return known
    memo[k] = False  # guards against cycles; transitions always make progress, so none occur
    for i, key in enumerate(keys):
        child = first if i == 0 and first is not None else _step(shot, key, None)
        if child.dead:
            continue
        if child.finished or (child.cur < 0 and child.main_finished) or completable(child, memo):
            memo[k] = True
            return True
    return False


def legal_options(shot: Shot, names: dict[str, str] | None = None, memo: dict | None = None) -> list[ShotOption]:
    """The choices from which the shot can still be finished, labelled for people.

    `memo` may be shared by the decisions of one shot: states are pure and keyed whole (budget
    included), so what was found for one decision stays true for the next.
    """
    return raw_options(shot, names, legal_keys(shot, memo))


def legal_keys(shot: Shot, memo: dict | None = None, *, completable_here: bool = False) -> list[str]:
    """The keys of `legal_options`, without labelling them.

    `completable_here` says the caller knows this state can be finished (it was reached by legal
    choices): then a single candidate is necessarily legal and needs no search. Almost half the
    questions of a shot have a single candidate.
    """
    keys = choice_keys(shot)
    if completable_here and len(keys) == 1:
        return keys
    if memo is None:
        memo = {}
    # "done" between effects is offered only once a main effect has resolved, and it finishes the
    # shot: legal without stepping into it.
    between = shot.cur < 0
    return [k for k in keys if (between and k == "done") or completable(_step(shot, k, None), memo)]


def legal_steps(shot: Shot, memo: dict | None = None, *, completable_here: bool = False) -> Steps:
    """`legal_keys`, in the same order, each with what `apply` would return for it.

    The game needs both for the key chosen (and the labels of some decisions need them for
    every key): stepping each key once, with its ops, spares applying it again afterwards.

    With `completable_here`, a key may map to None instead: legal, but not stepped. That is
    every target of a select the card says can be finished whatever target is picked
    (`_surely_completable`: the pick is hit by a later step and nothing after it can fail), whose
    labels need no step; the caller applies the one chosen (`apply`), and the others are never
    stepped (473 steps a game became 436, issue 27's eighth round; `tests/rules/test_engine_speed.py`
    checks the card's word against the plain search).
    """
    if completable_here and shot.cur < 0 and shot.weapon.required_targets <= 1:
        if not shot.used:
            # The shot's first question: each effect it may start with is legal or not by the
            # one-figure table (`opening_keys`), with no step and no search; the one chosen is applied.
            return dict.fromkeys(opening_keys(shot))
        if not shot.main_finished and not shot.bind and not shot.object_damaged:
            # The question after movers only: the same table, where it answers (`_mains_keys`).
            legal = _mains_keys(shot)
            if legal is not None:
                return dict.fromkeys(legal)
    keys = choice_keys(shot)
    lone = completable_here and len(keys) == 1  # legal without a search (see `legal_keys`)
    picks_legal = completable_here and not lone and shot.cands is not None and _surely_completable(shot)
    # "done" between effects (listed last) finishes the shot: legal, and with nothing to step, so
    # left unstepped; `fire` ends the shot on it without applying it.
    finish = completable_here and shot.cur < 0 and keys and keys[-1] == "done"
    if finish:
        keys.pop()
    if memo is None:
        memo = {}
    out: Steps = {}
    for k in keys:
        if picks_legal and k != "done":
            out[k] = None
            continue
        ops: list[Op] = []
        child = _step(shot, k, ops)
        if lone or completable(child, memo):
            out[k] = (child, ops)
    if finish:
        out["done"] = None
    return out


# can_fire's answers for one target alone, per (weapon, arena): (shooter square, target square,
# clamped budget) -> bool, and the same for a shot started with one effect (`opening_keys`), under
# (shooter square, target square, budget clamped to the effect's cap, effect id). Small, finite
# tables; `prepare_fire_tables` fills them for a whole card set from the compiled-data cache,
# otherwise they fill as positions come up.
_ALONE: dict[tuple[int, int], tuple[Weapon, Arena, dict[tuple, bool]]] = {}


def _alone_table(weapon: Weapon, arena: Arena) -> dict[tuple, bool]:
    entry = _ALONE.get((id(weapon), id(arena)))
    if entry is None:  # its objects are kept in it: their ids are never reused
        entry = _ALONE[(id(weapon), id(arena))] = (weapon, arena, {})
    return entry[2]


def _alone(weapon: Weapon, arena: Arena, here: str, there: str, budget: Budget, effect: str | None = None) -> bool:
    """Can the weapon be fired at a lone figure (by starting with `effect`, if given)?"""
    return _alone_at(weapon, arena, here, "target", there, budget, effect)


def _alone_at(
    weapon: Weapon, arena: Arena, here: str, target: str, there: str, budget: Budget, effect: str | None
) -> bool:
    shot = begin(weapon, arena, "shooter", {"shooter": here, target: there}, budget)
    if effect is None:
        return completable(shot)
    for e in _startable(shot):
        if e.id == effect:
            return completable(_step(shot, effect, None))
    return False  # not affordable


def can_fire(weapon: Weapon, arena: Arena, shooter: str, pos: dict[str, str], budget: Budget) -> bool:
    """Could this weapon be fired from the shooter's square in `pos`, given `budget`?

    Asked at every decision of a turn for every weapon and square in reach, so it must be cheap.
    When a main effect needs at most one target (`Weapon.required_targets`), a shot among several
    figures is possible exactly when one against some figure alone is (nothing blocks a shot, so
    more figures only add choices); and the budget matters only up to `Weapon.fire_cap`. Those
    one-figure answers depend on two squares and a clamped budget, so they are looked up.
    """
    (red, blue, yellow), (cap_r, cap_b, cap_y) = budget, weapon.fire_cap
    # Clamped only where the budget passes a cap: a budget within the caps is its own clamp, used
    # as given (equal keys, no tuple built for most checks; issue 27, thirteenth round).
    if red > cap_r or blue > cap_b or yellow > cap_y:
        budget = (red if red < cap_r else cap_r, blue if blue < cap_b else cap_b, yellow if yellow < cap_y else cap_y)
    if weapon.required_targets > 1:
        return completable(begin(weapon, arena, shooter, pos, budget))
    here = pos[shooter]
    key = (id(weapon), id(arena), here, budget)  # one lookup, not one for the table and one for the row
    hittable = _HITTABLE.get(key)
    if hittable is None:
        hittable = _HITTABLE[key] = _hittable(weapon, arena, here, budget)
    for figure, square in pos.items():
        if figure == shooter:
            continue
        if ":" in figure:  # is_object, spelled out: this loop runs for every weapon and square in reach
            if _object_alone(weapon, arena, here, figure, square, budget):
                return True
        elif square in hittable:
            return True
    return False


def can_fire_at_figures(
    weapon: Weapon, arena: Arena, shooter: str, here: str, players: Mapping[str, Any], budget: Budget
) -> bool:
    """`can_fire` with the positions read off the players (`Game.players`: each has a `square`,
    None off the board) rather than a positions dict built for the check: for a weapon needing
    at most one target (`Weapon.required_targets`), where figures are the only targets (no mode
    adds any). The action question's shoot check from where the player stands (issue 27,
    thirteenth round: the dict `Game.shot_positions` built at each of them)."""
    (red, blue, yellow), (cap_r, cap_b, cap_y) = budget, weapon.fire_cap
    if red > cap_r or blue > cap_b or yellow > cap_y:  # as in `can_fire`
        budget = (red if red < cap_r else cap_r, blue if blue < cap_b else cap_b, yellow if yellow < cap_y else cap_y)
    key = (id(weapon), id(arena), here, budget)
    hittable = _HITTABLE.get(key)
    if hittable is None:
        hittable = _HITTABLE[key] = _hittable(weapon, arena, here, budget)
    for figure, player in players.items():
        if figure != shooter:
            square = player.square
            if square is not None and square in hittable:
                return True
    return False


# The one-figure table read a row at a time: per (weapon, arena, shooter square, clamped budget),
# the squares on which a lone figure can be shot. Derived from `_ALONE` (filling it where it
# lacks an answer); both hold fixed truths about immutable cards and arenas, so nothing
# invalidates an entry. Keyed by identity: `_hittable` makes the `_ALONE` entry of the weapon and
# arena, which holds both for good, so neither id can be reused by another object and a hit
# needs no check of the objects (one lookup and nothing else, in every `can_fire`).
_HITTABLE: dict[tuple[int, int, str, Budget], frozenset[str]] = {}


def _hittable(weapon: Weapon, arena: Arena, here: str, budget: Budget) -> frozenset[str]:
    table = _alone_table(weapon, arena)
    out = []
    for there in arena.squares:
        key = (here, there, budget)
        alone = table.get(key)
        if alone is None:
            alone = table[key] = _alone(weapon, arena, here, there, budget)
        if alone:
            out.append(there)
    return frozenset(out)


def _object_alone(
    weapon: Weapon, arena: Arena, here: str, target: str, there: str, budget: Budget, effect: str | None = None
) -> bool:
    """`_alone` for a target that is not a figure (it never moves, and a card may filter it more).

    Filled as positions come up, in the same per-weapon table under a key of its own shape.
    """
    table = _alone_table(weapon, arena)
    key = (here, there, budget, "object") if effect is None else (here, there, budget, "object", effect)
    alone = table.get(key)
    if alone is None:
        alone = table[key] = _alone_at(weapon, arena, here, target, there, budget, effect)
    return alone


def _opening_of(weapon: Weapon) -> tuple[tuple[str, Budget], ...]:
    """Each effect a shot may start with (it waits for no other, `after`, and is slotted into
    none, `inside`), in the card's order, with the budget above which nothing changes for a shot
    started with it: the weapon's `fire_cap` (a main effect and the movers that may come before
    it) plus the effect's own cost (an optional effect that may start a shot is not in that cap)."""
    out = []
    for e in weapon.effects:
        if not e.after and not e.inside:
            out.append((e.id, tuple(a + b for a, b in zip(weapon.fire_cap, e.cost_vec, strict=True))))
    return tuple(out)  # type: ignore[arg-type]


# Per weapon, by identity with the weapon kept alongside (as `_SHAPES`): cards never change.
_OPENING: dict[int, tuple[Weapon, tuple[tuple[str, Budget], ...]]] = {}


def _opening(weapon: Weapon) -> tuple[tuple[str, Budget], ...]:
    entry = _OPENING.get(id(weapon))
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _OPENING[id(weapon)] = (weapon, _opening_of(weapon))
    return entry[1]


def opening_keys(shot: Shot) -> list[str]:
    """The legal keys of a shot's first question (the effects it may start with), in the order of
    `legal_keys`, for a weapon whose main effects need one target at most, in a state that can be
    finished (the game asks only then: `completable_here`).

    As for `can_fire`: starting with an effect is possible among several figures exactly when it
    is possible against one of them alone (nothing blocks a shot; one target is enough for the
    main effect, and the effects that may come first only move the shooter or add hits), and the
    budget matters only up to the effect's cap, so each answer is a look-up in the one-figure
    table per figure until one can be shot (`tests/rules/test_engine_speed.py` compares it with
    the plain search). A target that is not a figure is looked up under a key of its own
    (`_object_alone`). Looked up a figure at a time rather than as a row of squares (as
    `_HITTABLE`): a row is built at each new square and budget, too often in a game to pay."""
    weapon = shot.weapon
    openings = _opening(weapon)
    if len(openings) == 1:  # the shot can be started (the caller knows): its one way to start is legal
        return [openings[0][0]]
    arena, pos, shooter = shot.arena, shot.pos, shot.shooter
    here, (red, blue, yellow) = pos[shooter], shot.budget
    table = _alone_table(weapon, arena)
    out = []
    for effect, (cap_r, cap_b, cap_y) in openings:
        clamped = (red if red < cap_r else cap_r, blue if blue < cap_b else cap_b, yellow if yellow < cap_y else cap_y)
        if _any_alone(weapon, arena, table, pos, shooter, here, clamped, effect):
            out.append(effect)
    return out


def _any_alone(
    weapon: Weapon,
    arena: Arena,
    table: dict[tuple, bool],
    pos: dict[str, str],
    shooter: str,
    here: str,
    clamped: tuple[int, int, int],
    effect: str,
) -> bool:
    """Whether `effect`, started from `here` within `clamped`, can be completed on one figure (or
    object) alone, any of those in `pos` but the shooter: the one-figure table read, and filled
    where a key is new."""
    for figure, square in pos.items():
        if figure == shooter:
            continue
        if ":" in figure:  # is_object, spelled out
            if _object_alone(weapon, arena, here, figure, square, clamped, effect):
                return True
            continue
        key = (here, square, clamped, effect)
        alone = table.get(key)
        if alone is None:
            alone = table[key] = _alone(weapon, arena, here, square, clamped, effect)
        if alone:
            return True
    return False


def _slots_of(weapon: Weapon) -> dict[str, frozenset[str] | None]:
    """For each main effect a shot may start with (`_opening_of`): the effects that may be
    slotted into it, or None where one of those waits for another effect (`after`), whose being
    done would change what a shot started with it may do."""
    out: dict[str, frozenset[str] | None] = {}
    for effect, _ in _opening(weapon):
        if not weapon.effects[weapon.effect_ids.index(effect)].main:
            continue
        slotted = [x for x in weapon.effects if effect in x.during or effect in x.inside]
        out[effect] = None if any(x.after for x in slotted) else frozenset(x.id for x in slotted)
    return out


# Per weapon, by identity with the weapon kept alongside (as `_SHAPES`): cards never change.
_SLOTS: dict[int, tuple[Weapon, dict[str, frozenset[str] | None], dict[str, Budget]]] = {}


def _mains_keys(shot: Shot) -> list[str] | None:
    """The legal keys of a shot between effects that has used optional effects only (movers: no
    main effect yet, nothing bound, no spawnpoint damaged), read from the one-figure table, or
    None where the table does not answer (the caller searches).

    Such a shot goes on with a main effect or another optional one. Going on with a main effect
    `e` is possible exactly when a fresh shot started with `e` from the same positions and budget
    is (its `opening_keys` answer): the effects used so far are done, bound nothing and damaged
    nobody, so what `e` may do afterwards is the same, as long as none of them could have been
    slotted into `e` (a fresh shot could still slot it) and nothing that may be slotted into `e`
    waits for another effect (`_slots_of`). Any other effect that may start is not answered: None.
    For a weapon whose main effects need one target at most (the caller checks);
    `tests/rules/test_engine_speed.py` compares it with the plain search."""
    weapon = shot.weapon
    entry = _SLOTS.get(id(weapon))
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _SLOTS[id(weapon)] = (weapon, _slots_of(weapon), dict(_opening(weapon)))
    slots, caps = entry[1], entry[2]
    used = shot.used
    arena, pos, shooter = shot.arena, shot.pos, shot.shooter
    here, (red, blue, yellow) = pos[shooter], shot.budget
    table = _alone_table(weapon, arena)
    out = []
    for e in _startable(shot):
        effect = e.id
        slotted = slots.get(effect)
        if slotted is None or not slotted.isdisjoint(used):
            return None
        cap_r, cap_b, cap_y = caps[effect]
        clamped = (red if red < cap_r else cap_r, blue if blue < cap_b else cap_b, yellow if yellow < cap_y else cap_y)
        if _any_alone(weapon, arena, table, pos, shooter, here, clamped, effect):
            out.append(effect)
    return out


def _alone_keys(weapon: Weapon, arena: Arena) -> list[tuple]:
    """Every key of a weapon's one-figure table, in a fixed order (the order of the bits in the
    cached table): (shooter's square, target's square, budget clamped to `fire_cap`), then for
    each effect a shot may start with (shooter's square, target's square, budget clamped to the
    effect's cap, the effect's id)."""
    budgets = list(product(*(range(n + 1) for n in weapon.fire_cap)))
    keys: list[tuple] = [
        (here, there, budget) for here in arena.squares for there in arena.squares for budget in budgets
    ]
    for effect, cap in _opening(weapon):
        budgets = list(product(*(range(n + 1) for n in cap)))
        keys += [
            (here, there, budget, effect) for here in arena.squares for there in arena.squares for budget in budgets
        ]
    return keys


def _all_alone(cards: CardSet, arena: Arena) -> dict[str, dict[tuple, bool]]:
    return {
        w.id: {key: _alone(w, arena, *key) for key in _alone_keys(w, arena)}
        for w in cards.weapons.values()
        if w.required_targets <= 1
    }


def _tables_to_plain(tables: dict[str, dict[tuple, bool]]) -> dict[str, str]:
    """Each weapon's table as a string of 0s and 1s, in `_alone_keys` order (the order `_all_alone`
    fills it in)."""
    return {wid: "".join("1" if v else "0" for v in table.values()) for wid, table in tables.items()}


def _tables_from_plain(data: Any, cards: CardSet, arena: Arena) -> dict[str, dict[tuple, bool]]:
    """The tables read back from the cache: exactly the expected weapons, each with exactly as many
    0s and 1s as its table has entries, or ValueError."""
    weapons = [w for w in cards.weapons.values() if w.required_targets <= 1]
    if type(data) is not dict or set(data) != {w.id for w in weapons}:
        raise ValueError("not the tables of these weapons")
    out = {}
    for w in weapons:
        keys, bits = _alone_keys(w, arena), data[w.id]
        if type(bits) is not str or len(bits) != len(keys) or bits.strip("01"):
            raise ValueError(f"a malformed table for {w.id}")
        out[w.id] = {key: bit == "1" for key, bit in zip(keys, bits, strict=True)}
    return out


def fire_tables(cards: CardSet, arena: Arena) -> dict[str, dict[tuple, bool]]:
    """Every one-figure table of these cards in this arena, from the compiled-data cache when
    the card and arena files have not changed (a few ms), else by search (~0.2 s, once)."""
    from adrenaline_tui.rules.compiled import cached

    return cached(
        "fire",
        arena.id,
        (Path(cards.source), Path(arena.source)),
        lambda: _all_alone(cards, arena),
        _tables_to_plain,
        lambda data: _tables_from_plain(data, cards, arena),
    )


def prepare_fire_tables(cards: CardSet, arena: Arena) -> None:
    """Fill every weapon's one-figure table for this arena at once (`fire_tables`)."""
    weapons = [w for w in cards.weapons.values() if w.required_targets <= 1]
    if all(_alone_table(w, arena) for w in weapons):
        return
    tables = fire_tables(cards, arena)
    for weapon in weapons:
        _alone_table(weapon, arena).update(tables.get(weapon.id, {}))


# At the end, not the top: `shot_labels` reads names of this module when it is loaded. An import
# inside `raw_options` cost about a microsecond each time it ran, at every labelled shot question
# (issue 27, seventh round).
from adrenaline_tui.rules import shot_labels  # noqa: E402
