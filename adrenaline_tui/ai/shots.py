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
  crowded square and then blasting that square.)

Outcomes do not depend on anybody's damage or score, so they are cached by position alone and
reused across decisions, turns and valuations.
"""

from __future__ import annotations

from collections.abc import Iterable

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import Arena
from adrenaline_tui.rules.cards import Move, Select, Weapon

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
    return tuple(sorted((f, d, m) for f, (d, m) in total.items()))


def ops_hits(ops: Iterable[effects.Op]) -> Hits:
    total: dict[str, list[int]] = {}
    for op in ops:
        if op.kind == "damage" or op.kind == "mark":
            cur = total.setdefault(op.figure, [0, 0])
            cur[0 if op.kind == "damage" else 1] += op.amount
    return tuple(sorted((f, d, m) for f, (d, m) in total.items()))


def _minus(a: Budget, b: Budget) -> Budget:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _plus(a: Budget, b: Budget) -> Budget:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def search_keys(shot: effects.Shot, order: dict[str, int], *, canonical: bool = True) -> list[str]:
    """The choices worth exploring from this state (see the module notes for what is skipped)."""
    keys = effects.choice_keys(shot)
    eff = shot.effect
    if eff is None or shot.idx >= len(eff.steps):
        return keys
    step = eff.steps[shot.idx]
    if canonical and isinstance(step, Select) and shot.picks:
        last = order.get(shot.picks[-1], -1)
        return [k for k in keys if k == "done" or order.get(k, -1) > last]
    if isinstance(step, Move) and step.who != "self":
        members = shot.members(step.who)
        if members:
            here = shot.pos[members[0]]
            if here in keys:
                return [here]
    return keys


def _book_key(shot: effects.Shot) -> tuple:
    """`Shot.key()` with its sets as sorted tuples (see `Outcomes` for why)."""
    # Spelled out (the sets are used, completed and hits): this runs for every searched node.
    # The garbage-collector test in tests/ai/test_shots.py fails if `Shot.key()` changes shape.
    k = shot.key()
    return (k[0], k[1], _sorted(k[2]), _sorted(k[3]), k[4], k[5], k[6], _sorted(k[7]), *k[8:])


def _sorted(part: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(part)) if len(part) > 1 else tuple(part)


class ShotBook:
    """Cached shot outcomes. One per computer player; it only ever holds public facts."""

    def __init__(self, limit: int = 20_000) -> None:
        # A whole game needs a few thousand entries; the cap only bounds memory in long sessions.
        self.limit = limit
        self._memo: dict[tuple, dict[tuple, Outcomes]] = {}
        self._size = 0
        self.searched = 0  # positions of shots worked out so far (not found in the book)

    def _table(self, shot: effects.Shot) -> dict[tuple, Outcomes]:
        # Shot.key() leaves out the card, the arena and the shooter, so those pick the table.
        ident = (shot.weapon.id, shot.arena.id, shot.shooter)
        table = self._memo.get(ident)
        if table is None:
            table = self._memo[ident] = {}
        return table

    def outcomes(self, shot: effects.Shot) -> Outcomes:
        """Every distinct outcome of finishing `shot` from its current state (empty: it cannot be)."""
        if self._size > self.limit:
            self._memo.clear()
            self._size = 0
        order = {f: i for i, f in enumerate(shot.pos)}
        return self._search(shot, self._table(shot), order)

    def known(self, shot: effects.Shot) -> Outcomes | None:
        """The outcomes of `shot` if they are in the book already, else None (nothing is searched)."""
        return self._table(shot).get(_book_key(shot))

    def _search(self, shot: effects.Shot, table: dict[tuple, Outcomes], order: dict[str, int]) -> Outcomes:
        key = _book_key(shot)
        known = table.get(key)
        if known is not None:
            return known
        found: set[Outcome] = set()
        for k in search_keys(shot, order):
            found.update(self.child_outcomes(shot, k, table, order))
        result = tuple(sorted(found))
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
    ) -> list[Outcome]:
        """Outcomes of choosing `key` now and finishing the shot in the best ways afterwards."""
        if table is None:
            table = self._table(shot)
        if order is None:
            order = {f: i for i, f in enumerate(shot.pos)}
        child, ops = effects.apply(shot, key)
        if child.dead:
            return []
        hits = ops_hits(ops)
        spent = _minus(shot.budget, child.budget)
        if child.finished:
            return [(hits, spent, child.pos[child.shooter])]
        return [(add_hits(hits, h), _plus(spent, s), sq) for h, s, sq in self._search(child, table, order)]

    def from_square(
        self, weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
    ) -> Outcomes:
        """Outcomes of firing `weapon` from `square` with the planning budget; filter with `fits`.

        `seats` lists every figure on the board with its square, in seat order, the shooter
        included (its square there is replaced by `square`). Seat order matters: `Shot.key()` records squares
        without names, so every shot of one table must list figures in the same order.
        """
        return self.outcomes(_first_shot(weapon, arena, shooter, square, seats))

    def known_from_square(
        self, weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
    ) -> Outcomes | None:
        """`from_square` if the book knows it already, else None (nothing is searched)."""
        return self.known(_first_shot(weapon, arena, shooter, square, seats))


def _first_shot(
    weapon: Weapon, arena: Arena, shooter: str, square: str, seats: tuple[tuple[str, str], ...]
) -> effects.Shot:
    pos = {f: (square if f == shooter else q) for f, q in seats}
    return effects.begin(weapon, arena, shooter, pos, PLANNING_BUDGET)
