"""What a shot can achieve: every distinct outcome of a weapon's shot from a position.

A computer player weighs shots by what they do (who takes how much damage and how many marks,
what it costs, where the shooter ends up), not by the path of choices that gets there. The
engine's `effects.Shot` is pure, so the search walks it directly: no rules are re-implemented
here, and whatever the engine would allow is exactly what gets considered.

The search is kept small in two ways that lose nothing a player would care about:

- a select that picks several figures is walked in seat order only (picking A then B reaches the
  same outcomes as B then A, so exploring both doubles the work for nothing);
- when the shot pushes another figure and leaving it in place is allowed, only that is
  considered. Pushes change where people stand, which this valuation does not score, and they
  multiply the tree by up to five at each step. (The rare combo it misses: pushing a target onto a
  crowded square and then blasting that square.) A push that must move someone, when nothing
  after it reads where anyone stands, is followed to one destination (`_last_move`): the others
  lead to the same outcomes.

Outcomes do not depend on anybody's damage or score, so they are cached by position alone and
reused across decisions, turns, valuations and players. A first shot is keyed on what it
depends on: only the figures it could ever involve (`reach`: figures where no step of the card
can reach cannot change its outcomes), and for the cards that read squares only through their
filters, what the filters say of each figure rather than where it stands (`signature`: the
same figures in sight from another square, or after everybody moved, is the same shot).
"""

from __future__ import annotations

from collections.abc import Iterable

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import DIRECTIONS, Arena
from adrenaline_tui.rules.cards import Effect, Hit, Move, Pause, Select, SelectLine, SelectRoom, SelectSquare, Weapon
from adrenaline_tui.rules.effects import Line, is_object

Hits = tuple[tuple[str, int, int], ...]  # (figure, damage, marks), sorted by figure
Budget = tuple[int, int, int]  # red, blue, yellow
Outcome = tuple[Hits, Budget, str]  # what it does, what it costs, where the shooter ends
# Sorted tuples, not sets, and keys without sets: tuples of strings and numbers are not tracked
# by Python's garbage collector, so a book of hundreds of thousands of entries does not make
# every full collection walk it (that walk was the worst think times: 100-200 ms pauses).
Outcomes = tuple[Outcome, ...]

# Enough of every colour for any combination of a card's optional effects (no card asks more
# than two cubes of one colour in a single shot), so outcomes computed with it can be filtered
# by any real budget afterwards: a path is affordable exactly when its total cost fits.
PLANNING_BUDGET: Budget = (2, 2, 2)
# `ShotBook.from_square`'s answers kept by its arguments: where everyone stands recurs within a
# turn (its questions, the other seats' turns before anyone moves), hardly after, so a few
# thousand are enough: a pool process keeps its book for hundreds of tables (kept up to a
# quarter of the book's limit, benchmarks/host.py at 500 tables grew 555 KiB a table against
# main's 407-433).
SQUARES_KEPT = 4096
NOTHING: Budget = (0, 0, 0)


def fits(cost: Budget, budget: Budget) -> bool:
    return cost[0] <= budget[0] and cost[1] <= budget[1] and cost[2] <= budget[2]


def add_hits(a: Hits, b: Hits) -> Hits:
    if not a:
        return b
    if not b:
        return a
    total: dict[str, list[int]] = {f: [d, m] for f, d, m in a}
    for f, d, m in b:
        cur = total.get(f)
        if cur is None:
            total[f] = [d, m]
        else:
            cur[0] += d
            cur[1] += m
    out = [(f, d, m) for f, (d, m) in total.items()]  # sorted, without a generator
    out.sort()
    return tuple(out)


def ops_hits(ops: Iterable[effects.Op]) -> Hits:
    total: dict[str, list[int]] = {}
    for op in ops:
        kind = op.kind
        if kind == "damage" or kind == "mark":
            cur = total.get(op.figure)
            if cur is None:
                cur = total[op.figure] = [0, 0]
            cur[0 if kind == "damage" else 1] += op.amount
    if not total:  # most steps hit nobody
        return ()
    out = [(f, d, m) for f, (d, m) in total.items()]  # sorted, without a generator
    out.sort()
    return tuple(out)


def _minus(a: Budget, b: Budget) -> Budget:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _plus(a: Budget, b: Budget) -> Budget:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def search_keys(
    shot: effects.Shot, order: dict[str, int], *, canonical: bool = True, keys: list[str] | None = None
) -> list[str]:
    """The choices worth exploring from this state (see the module notes for what is skipped);
    `keys`: the engine's `choice_keys` of it, when they were asked already."""
    if keys is None:
        keys = effects.choice_keys(shot)
    eff = shot.effect
    if eff is None or shot.idx >= len(eff.steps):
        return keys
    step = eff.steps[shot.idx]
    if canonical and isinstance(step, Select) and shot.picks:
        last = order.get(shot.picks[-1], -1)
        return [k for k in keys if k == "done" or order.get(k, -1) > last]
    if isinstance(step, Move) and step.who != "self" and keys:
        members = shot.members(step.who)
        if members:
            here = shot.pos[members[0]]
            if here in keys:
                return [here]
            if _last_move(shot.weapon, eff, shot.idx):
                return keys[:1]  # wherever it goes, nothing after reads it: one is enough
    return keys


_LAST_MOVES: dict[tuple[str, str, int], bool] = {}


def _last_move(weapon: Weapon, effect: Effect, idx: int) -> bool:
    """Is the push at step `idx` the last thing of the shot that reads where anyone stands?

    True when the rest of its effect only hits named figures (the pushed one is hit wherever it
    went) and the effect is the weapon's only kind (basic or modes): once it ends, nothing more
    can be fired. Then every destination leads to the same outcomes (which record no positions
    but the shooter's, and the shooter does not move here).
    """
    key = (weapon.id, effect.id, idx)
    known = _LAST_MOVES.get(key)
    if known is None:
        rest = effect.steps[idx + 1 :]
        known = _LAST_MOVES[key] = all(e.main for e in weapon.effects) and all(
            isinstance(s, Hit) and s.everyone is None for s in rest
        )
    return known


def _book_key(shot: effects.Shot) -> tuple:
    """`Shot.key()` as one flat tuple of strings and numbers (see `Outcomes` for why).

    Flat, with the length of each part in front so that no two states share a key: a tuple
    of strings and numbers is untracked by the first collection that sees it, while a nested
    one needs a collection a level and reached the oldest generation first (some 20,000
    tuples a cycle, a full collection each time). Lines and paused effects are objects the
    collector tracks for good: spelled out too.
    """
    # Spelled out: this runs for every searched node. The garbage-collector test in
    # tests/ai/test_shots.py fails if `Shot.key()` changes shape.
    k = shot.key()
    pos, bind, used, completed, cur, idx, picks, hits, stack, budget, finished, object_damaged = k
    flat: list = []
    for name, v in bind:
        t = type(v)
        if t is str:
            flat += (name, 0, v)
        elif t is tuple:
            flat += (name, 1, len(v), *v)
        elif t is Line:
            flat += (name, 2, v.direction, v.include_own, len(v.steps), *v.steps)
        else:
            flat += (name, 3, v)
    flat.append(len(stack))
    for frame in stack:
        flat += (frame.effect, frame.step, len(frame.hits), *_sorted(frame.hits))
    return (
        len(pos),
        *pos,
        len(bind),
        *flat,
        len(used),
        *_sorted(used),
        len(completed),
        *_sorted(completed),
        len(picks),
        *picks,
        len(hits),
        *_sorted(hits),
        cur,
        idx,
        *budget,
        finished,
        object_damaged,
    )


def _sorted(part: frozenset[str]) -> tuple[str, ...]:
    if not part:
        return ()
    return tuple(sorted(part)) if len(part) > 1 else tuple(part)


class ShotBook:
    """Cached shot outcomes, shared by every computer player; it only ever holds public facts."""

    def __init__(self, limit: int = 20_000) -> None:
        # A whole game needs a few thousand entries; the cap only bounds memory in long sessions.
        self.limit = limit
        self._memo: dict[tuple, dict[tuple, Outcomes]] = {}
        # first shots of the cards whose outcomes depend on what the filters say of each figure
        # rather than on squares (`signature`): (hits by place, cost, where the shooter ends,
        # "" where it started)
        self._pure: dict[tuple, tuple[tuple[tuple[tuple[int, int, int], ...], Budget, str], ...]] = {}
        self._pool: dict[tuple, tuple] = {}  # hits and costs met so far (see child_outcomes)
        # `add_hits` of a step's hits and the hits after it, as pooled, by the pair: a searched
        # step adds its hits to each outcome after it, and the same sums recur across positions
        self._added: dict[tuple[Hits, Hits], Hits] = {}
        # `from_square`'s answers by its arguments: a decision asks for every weapon and square
        # in reach, and the next decisions of the turn (and the other seats) ask again where
        # nobody moved; this skips building the first shot, its signature and the renaming.
        # Emptied whenever the book forgets anything, so that an answer found here is one the
        # book would give without searching (the same `searched`, hence the same cap).
        self._squares: dict[tuple, Outcomes] = {}
        self._size = 0
        self.searched = 0  # positions of shots worked out so far (not found in the book)

    def _table(self, shot: effects.Shot) -> dict[tuple, Outcomes]:
        # Shot.key() leaves out the card, the arena, the shooter and who stands on the squares it
        # lists (the figures a shot keeps are not always the same: see `reach`), so those pick
        # the table.
        ident = (shot.weapon.id, shot.arena.id, shot.shooter, tuple(shot.pos))
        table = self._memo.get(ident)
        if table is None:
            table = self._memo[ident] = {}
        return table

    def outcomes(self, shot: effects.Shot) -> Outcomes:
        """Every distinct outcome of finishing `shot` from its current state (empty: it cannot be)."""
        # Past the limit the oldest tables go, one at a time: clearing a full book at once
        # freed 200,000 entries in one decision (a 250 ms respawn question).
        while self._size > self.limit and self._memo:
            self._size -= len(self._memo.pop(next(iter(self._memo))))
            self._squares.clear()
        while len(self._pure) > self.limit // 8:
            del self._pure[next(iter(self._pure))]
            self._squares.clear()
        if len(self._pool) > self.limit:
            self._pool.clear()
            self._added.clear()
        if len(self._added) > self.limit:
            self._added.clear()
        order = {f: i for i, f in enumerate(shot.pos)}
        return tuple(sorted(self._search(shot, self._table(shot), order)))

    def known(self, shot: effects.Shot) -> Outcomes | None:
        """The outcomes of `shot` if they are in the book already, else None (nothing is searched)."""
        found = self._table(shot).get(_book_key(shot))
        return None if found is None else tuple(sorted(found))

    def _search(
        self, shot: effects.Shot, table: dict[tuple, Outcomes], order: dict[str, int], keys: list[str] | None = None
    ) -> Outcomes:
        key = _book_key(shot)
        known = table.get(key)
        if known is not None:
            return known
        found: set[Outcome] = set()
        for k in search_keys(shot, order, keys=keys):
            found.update(self.child_outcomes(shot, k, table, order))
        # in no particular order: whoever reads outcomes sorts them (`outcomes`) or takes the best
        result = tuple(found)
        table[key] = result
        self._size += 1
        self.searched += 1
        return result

    def child_outcomes(
        self,
        shot: effects.Shot,
        key: str,
        table: dict[tuple, Outcomes] | None = None,
        order: dict[str, int] | None = None,
    ) -> list[Outcome] | Outcomes:
        """Outcomes of choosing `key` now and finishing the shot in the best ways afterwards."""
        if table is None:
            table = self._table(shot)
        if order is None:
            order = {f: i for i, f in enumerate(shot.pos)}
        child, ops = effects.apply(shot, key)
        if child.dead:
            return []
        # Hits and costs are taken from a pool of those met before: an outcome built of old,
        # untracked parts is untracked by the first collection that sees it, instead of
        # reaching the oldest generation still tracked (and bringing on a full collection).
        pool = self._pool
        hits = ops_hits(ops)
        if hits:
            hits = pool.setdefault(hits, hits)
        spent = _minus(shot.budget, child.budget)
        spent = pool.setdefault(spent, spent)
        if child.finished:
            return [(hits, spent, child.pos[child.shooter])]
        keys = None
        if child.cur < 0 and child.main_finished:
            keys = effects.choice_keys(child)  # asked once: a search of the child reads them too
            if keys == ["done"]:
                # nothing left but to end the shot (after a glide, a jump, the last effect): that
                # adds nothing, so the position needs no entry of its own
                return [(hits, spent, child.pos[child.shooter])]
        rest = self._search(child, table, order, keys)
        # most steps neither hit nor pay (picking, starting an effect, moving on): nothing to add
        if not hits:
            if spent == NOTHING:
                return rest  # read, never changed, by whoever asked
            return [(h, pool.setdefault(c := _plus(spent, s), c), sq) for h, s, sq in rest]
        added = self._added
        out = []
        for h, s, sq in rest:
            a = added.get((hits, h))
            if a is None:
                a = add_hits(hits, h)
                a = added[(hits, h)] = pool.setdefault(a, a)
            out.append((a, pool.setdefault(c := _plus(spent, s), c), sq))
        return out

    def from_square(
        self, weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
    ) -> Outcomes:
        """Outcomes of firing `weapon` from `square` with the planning budget; filter with `fits`.

        `seats` lists every figure on the board with its square, in seat order, the shooter
        included (its square there is replaced by `square`). Seat order matters: `Shot.key()` records squares
        without names, so every shot of one table must list figures in the same order.
        """
        asked = (weapon.id, arena.id, shooter, square, seats)
        found = self._squares.get(asked)
        if found is not None:
            return found
        found = self._from_square(weapon, arena, shooter, square, seats)
        if len(self._squares) > SQUARES_KEPT:
            self._squares.clear()
        self._squares[asked] = found
        return found

    def _from_square(
        self, weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
    ) -> Outcomes:
        shot = _first_shot(weapon, arena, shooter, square, seats)
        sig = signature(shot)
        if sig is None:
            return self.outcomes(shot)
        names = _names(shot)
        known = self._pure.get(sig)
        if known is not None:
            return _named(known, names, square)
        found = self.outcomes(shot)
        # Who is hit is kept by place in seat order, so that other figures in the same places
        # share it; where the shooter ends is kept as "" when it is where it started (a card
        # whose shooter never moves is shared between squares).
        index = {f: i for i, f in enumerate(names)}
        pool = self._pool  # old parts, so that the entry is soon untracked (see child_outcomes)
        kept = []
        for hits, spent, end in found:
            placed = tuple((index[f], d, m) for f, d, m in hits)
            entry = (pool.setdefault(placed, placed), spent, "" if end == square else end)
            kept.append(pool.setdefault(entry, entry))
        self._pure[sig] = tuple(kept)
        return found

    def known_from_square(
        self, weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
    ) -> Outcomes | None:
        """`from_square` if the book knows it already, else None (nothing is searched)."""
        found = self._squares.get((weapon.id, arena.id, shooter, square, seats))
        if found is not None:
            return found
        shot = _first_shot(weapon, arena, shooter, square, seats)
        sig = signature(shot)
        known = self._pure.get(sig) if sig is not None else None
        if known is not None:
            return _named(known, _names(shot), square)
        return self.known(shot)


def _names(shot: effects.Shot) -> tuple[str, ...]:
    return tuple(f for f in shot.pos if f != shot.shooter)


def _named(known: tuple[tuple[tuple, Budget, str], ...], names: tuple[str, ...], square: str) -> Outcomes:
    """Outcomes stored by place (`ShotBook.from_square`) with these figures in those places."""
    # sorted lists built by loops (the same order as sorting the generators they replace)
    out = []
    for hits, spent, end in known:
        named = [(names[i], d, m) for i, d, m in hits]
        named.sort()
        out.append((tuple(named), spent, end or square))
    out.sort()
    return tuple(out)


def _first_shot(
    weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
) -> effects.Shot:
    # Only the figures the shot could ever involve: the others cannot change its outcomes, and
    # leaving them out lets a shot be found in the book after they have moved (seat order kept).
    near = reach(weapon, arena, square)
    pos = {f: (square if f == shooter else q) for f, q in seats if f == shooter or q in near}
    return effects.begin(weapon, arena, shooter, pos, PLANNING_BUDGET)


# ------------------------------------------------------------------------------------ reach
_REACH: dict[tuple[str, str, str], frozenset[str]] = {}


def reach(weapon: Weapon, arena: Arena, square: str) -> frozenset[str]:
    """Squares where a figure might be selected, hit or moved by `weapon` fired from `square`.

    A figure enters a shot only by passing a select's or an area hit's filters (everything else
    the shot does, it does to figures picked so); one that never can is ignored by every step.
    This over-approximates the squares that can pass: every square the shooter might stand on
    during the shot, every square a name might be bound to (a picked figure, a chosen square or
    line, where a picked figure is moved), each filter judged alone against the most generous of
    those, repeated until nothing grows. A filter it does not know passes everywhere.
    """
    key = (weapon.id, arena.id, square)
    known = _REACH.get(key)
    if known is None:
        known = _REACH[key] = _reach(weapon, arena, square)
    return known


def _reach(weapon: Weapon, arena: Arena, square: str) -> frozenset[str]:
    squares = arena.squares
    steps = [step for effect in weapon.effects for step in effect.steps]
    # each step runs at most once a shot: a move is applied once along any path, not compounded
    own_moves = [s for s in steps if isinstance(s, Move) and s.who == "self" and s.to is None]
    other_moves = [s for s in steps if isinstance(s, Move) and s.who != "self" and s.to is None]
    moved_to = any(isinstance(s, Move) and s.to is not None for s in steps)
    bound: set[str] = set()  # squares a name may stand for
    found: set[str] = set()  # where a figure may be picked or hit
    rooms: set[str] = set()  # rooms a name may stand for
    while True:
        size = (len(bound), len(found), len(rooms))
        # a move to a bound square (or the shooter's) may put the shooter or a target there
        base = {square} | (bound if moved_to else set())
        origins = _moved(base, own_moves, arena)
        picked: set[str] = set()
        for step in steps:
            if isinstance(step, Select):
                picked |= _selectable(step, squares, origins, bound, rooms, arena)
            elif isinstance(step, Hit) and step.everyone is not None:
                found |= _passing(step.everyone, squares, origins, bound, rooms, arena)
            elif isinstance(step, SelectSquare):
                bound |= _passing(step.where, squares, origins, bound, rooms, arena)
            elif isinstance(step, SelectRoom):
                if ("visible",) in step.where:
                    for o in origins:
                        rooms |= arena.visible_rooms[o]
                else:
                    rooms |= set(arena.rooms)
            elif isinstance(step, SelectLine):
                table = arena.beam if step.walls == "ignore" else arena.walk
                for o in origins:
                    bound.add(o)
                    for d in DIRECTIONS:
                        bound.update(table[(o, d)])
        found |= picked
        bound |= _moved(picked, other_moves, arena)
        if moved_to:
            bound |= origins
        if (len(bound), len(found), len(rooms)) == size:
            return frozenset(found)


def _moved(start: set[str], moves: list[Move], arena: Arena) -> set[str]:
    """Squares reached from `start` by any of `moves`, each used at most once, in any order."""
    seen = {(q, 0) for q in start}
    todo = list(seen)
    while todo:
        q, used = todo.pop()
        for i, mv in enumerate(moves):
            if used & (1 << i):
                continue
            dests = set(arena.within(q, mv.hi))
            for d in DIRECTIONS:
                dests.update(arena.walk[(q, d)][: mv.hi])
            for r in dests:
                state = (r, used | (1 << i))
                if state not in seen:
                    seen.add(state)
                    todo.append(state)
    return {q for q, _ in seen}


def _selectable(step: Select, squares, origins: set[str], bound: set[str], rooms: set[str], arena: Arena) -> set[str]:
    """Where a figure this select may pick can stand (one picked among a name is known already)."""
    if step.among is not None:
        return set()
    out = _passing(step.where, squares, origins, bound, rooms, arena)
    if step.pools:
        pooled: set[str] = set()
        for pool in step.pools:
            if pool.among is None:
                pooled |= _passing(pool.where, squares, origins, bound, rooms, arena)
        out &= pooled
    return out


def _passing(filters: tuple, squares, origins: set[str], bound: set[str], rooms: set[str], arena: Arena) -> set[str]:
    """Squares where a figure might pass every filter: each filter judged alone, see `reach`."""
    out = set(squares)
    for f in filters:
        kind = f[0]
        if kind == "visible":
            out &= set().union(*(arena.visible[o] for o in origins))
        elif kind == "distance":
            out &= {q for o in origins for q, d in arena.distance[o].items() if f[1] <= d <= f[2]}
        elif kind == "visible_from":
            out &= set().union(*(arena.visible[r] for r in bound))
        elif kind == "near":
            out &= {q for r in bound for q in arena.within(r, f[2])}
        elif kind in ("same_square", "at"):
            out &= bound
        elif kind == "in_room":
            out &= {q for r in rooms for q in arena.rooms[r]}
        # not_visible, not_own, any, not_spawnpoint, and anything new: may pass anywhere
    return out


# -------------------------------------------------------------------------------- signature
# Filters that judge a figure's square against the shooter's alone, and what they ask of it.
_ORIGIN_FILTERS = frozenset({"visible", "not_visible", "distance", "not_own", "any", "not_spawnpoint"})
_PAIR_FILTERS = frozenset({"visible_from", "same_square"})
_PURE: dict[str, tuple[tuple[tuple, ...], bool, bool, tuple[tuple, ...], tuple[Move, ...]] | None] = {}


_ORIGINS: dict[tuple[str, str, str], list[str]] = {}  # where a card's own moves may take its shooter


def signature(shot: effects.Shot) -> tuple | None:
    """What a first shot of a simple card depends on, or None for the other cards.

    A card whose shooter never moves and whose filters judge a figure against the shooter's
    square (in sight, how far) or a picked figure's (in its sight, on its square) reads squares
    only through those filters. A square it selects counts only for who stands on it, when the
    card asks no more of it than its filters from the shooter's square and who is on it (the
    Grenade Launcher's blast). A push the search leaves out (moving the target is allowed to
    be none, see `search_keys`) moves nobody. Its outcomes are then the same for any placing
    of the figures that gives every filter the same answers, who shares a square with whom,
    and whether there is an empty square to select: from another square, after everybody
    moved, as long as as many figures are seen (and see each other). Names only tell figures
    apart (and a spawnpoint from a player), so the signature keeps places in seat order, not
    names: outcomes found for one cast are renamed for another (`_named`).
    """
    weapon = shot.weapon
    info = _PURE.get(weapon.id, False)
    if info is False:
        info = _PURE[weapon.id] = _pure_info(weapon)
    if info is None:
        return _pull_signature(shot)
    tests, pair_sight, pair_square, square_filters, own_moves = info
    arena = shot.arena
    start = shot.pos[shot.shooter]
    # Where the shooter may stand when a filter is judged: where it starts, or wherever its
    # moves may take it (they go by the map alone). Then the start is part of the signature.
    origins = [start]
    if own_moves:
        known = _ORIGINS.get((weapon.id, arena.id, start))
        if known is None:
            known = _ORIGINS[(weapon.id, arena.id, start)] = sorted(_moved({start}, list(own_moves), arena))
        origins = known
    figures = [(f, q) for f, q in shot.pos.items() if f != shot.shooter]
    marks: list = [start] if own_moves else []
    for f, q in figures:
        # (is_object, each test from each origin in turn), built by loops rather than a generator
        mark = [is_object(f)]
        for o in origins:
            seen, dist = arena.visible[o], arena.distance[o]
            for t in tests:
                mark.append(_origin_test(t, q, o, seen, dist))
        marks.append(tuple(mark))
    if pair_sight:
        marks.append(tuple(b in arena.visible[a] for _, a in figures for _, b in figures))
    if pair_square:
        marks.append(tuple(a == b for _, a in figures for _, b in figures))
    if square_filters:
        taken = {q for _, q in figures}
        marks.append(
            tuple(
                any(
                    q not in taken and all(_origin_test(t, q, o, arena.visible[o], arena.distance[o]) for t in where)
                    for q in arena.squares
                )
                for o in origins
                for where in square_filters
            )
        )
    return (weapon.id, arena.id if own_moves else "", tuple(marks))


def _origin_test(t: tuple, q: str, origin: str, seen: frozenset[str], dist: dict[str, int]) -> bool:
    kind = t[0]
    if kind == "visible":
        return q in seen
    if kind == "not_visible":
        return q not in seen
    if kind == "distance":
        return t[1] <= dist[q] <= t[2]
    if kind == "not_own":
        return q != origin
    return True  # any, not_spawnpoint (that one reads names, which the signature keeps)


def _note_square(step: SelectSquare, square_filters: list[tuple], square_names: set[str]) -> bool:
    """Note a chosen square's filters and name; False if a filter reads more than the origin
    (such a weapon gets no signature)."""
    if not all(f[0] in _ORIGIN_FILTERS for f in step.where):
        return False
    square_filters.append(step.where)
    square_names.add(step.name)
    return True


def _pure_info(weapon: Weapon) -> tuple[tuple[tuple, ...], bool, bool, tuple[tuple, ...], tuple[Move, ...]] | None:
    filters: list[tuple] = []
    own_moves: list[Move] = []
    square_filters: list[tuple] = []
    square_names: set[str] = set()
    for effect in weapon.effects:
        for step in effect.steps:
            if isinstance(step, Select):
                if step.distinct_squares:
                    return None
                filters += [*step.where, *step.spawnpoints, *(f for pool in step.pools for f in pool.where)]
            elif isinstance(step, Hit):
                filters += step.everyone or ()
            elif isinstance(step, SelectSquare):
                if not _note_square(step, square_filters, square_names):
                    return None
            elif isinstance(step, Move):
                if step.to is not None or step.dest_where or step.stay_ends:
                    return None
                if step.who == "self":
                    # the shooter moving freely goes by the map alone (a straight move may be
                    # bound to a direction, which the signature does not follow)
                    if step.path != "free":
                        return None
                    own_moves.append(step)
                elif step.lo > 0:
                    return None  # a push that may move nobody moves nobody in the search

            elif not isinstance(step, Pause):
                return None  # a room or a line
    kinds = {f[0] for f in filters}
    if not kinds <= _ORIGIN_FILTERS | _PAIR_FILTERS | {"at"}:
        return None
    for f in filters:
        if f[0] == "at" and (f[1] not in square_names or f[2] is not None):
            return None
        if f[0] == "visible_from" and f[1] in square_names:
            return None  # in sight of a square: that is geometry, not who stands where
    tests = tuple(sorted({f for f in [*filters, *(f for w in square_filters for f in w)] if f[0] in _ORIGIN_FILTERS}))
    by_square = "same_square" in kinds or "at" in kinds
    return tests, "visible_from" in kinds, by_square, tuple(square_filters), tuple(own_moves)


# ------------------------------------------------------------------------- pulls to a square
_PULL: dict[str, tuple[tuple[tuple, ...], tuple[tuple, ...], int] | None] = {}


def _pull_signature(shot: effects.Shot) -> tuple | None:
    """`signature` for a card that picks a square and pulls figures near it onto it (Vortex).

    Its shooter stays put; a figure is picked only for being near the chosen square (or, for a
    spawnpoint, in sight too), moved onto that square and hit. So what the shot can do from a
    chosen square is fixed by who is near it; the outcomes by the set of those groups over the
    squares it may choose (and which spawnpoints are in sight), not by where anyone stands.
    """
    weapon = shot.weapon
    info = _PULL.get(weapon.id, False)
    if info is False:
        info = _PULL[weapon.id] = _pull_info(weapon)
    if info is None:
        return None
    object_tests, square_filters, near = info
    arena = shot.arena
    origin = shot.pos[shot.shooter]
    seen = arena.visible[origin]
    dist = arena.distance[origin]
    figures = [(f, q) for f, q in shot.pos.items() if f != shot.shooter]
    marks: list = [(is_object(f), *(_origin_test(t, q, origin, seen, dist) for t in object_tests)) for f, q in figures]
    for where in square_filters:
        groups = {
            tuple(i for i, (_, q) in enumerate(figures) if arena.distance[v][q] <= near)
            for v in arena.squares
            if all(_origin_test(t, v, origin, seen, dist) for t in where)
        }
        marks.append(tuple(sorted(groups)))
    return (weapon.id, "", tuple(marks))


def _pull_info(weapon: Weapon) -> tuple[tuple[tuple, ...], tuple[tuple, ...], int] | None:
    square_filters: list[tuple] = []
    square_names: set[str] = set()
    object_filters: set[tuple] = set()
    nears: set[tuple] = set()
    movers: list[Move] = []
    for effect in weapon.effects:
        for step in effect.steps:
            if isinstance(step, SelectSquare):
                if not _note_square(step, square_filters, square_names):
                    return None
            elif isinstance(step, Select):
                if step.distinct_squares or step.pools or not all(f[0] in _ORIGIN_FILTERS for f in step.spawnpoints):
                    return None
                near = [f for f in step.where if f[0] == "near"]
                if not near or any(f[0] not in ("near", "any") for f in step.where):
                    return None
                nears.update(near)
                object_filters.update(step.spawnpoints)
            elif isinstance(step, Move):
                if step.who == "self" or step.dest_where:
                    return None
                movers.append(step)
            elif isinstance(step, Hit):
                if step.everyone is not None:
                    return None
            elif not isinstance(step, Pause):
                return None
    # one square, one distance: a figure pulled onto it was, and stays, near it
    if len(square_names) != 1 or len({(f[1], f[2]) for f in nears}) != 1 or next(iter(nears))[1] not in square_names:
        return None
    if any(m.to not in square_names for m in movers):
        return None
    return tuple(sorted(object_filters)), tuple(square_filters), next(iter(nears))[2]
