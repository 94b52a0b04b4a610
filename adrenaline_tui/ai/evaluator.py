"""The sensible player's search: a hypothetical turn (`Me`), its options, and what each is worth.

Built from one decision's table and discarded after it (see `sensible.py` for how it is used).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from adrenaline_tui.ai.modes import ModeValues, mode_values
from adrenaline_tui.ai.shots import NOTHING, Budget, Hits, Outcome, ShotBook, fits
from adrenaline_tui.ai.table import Table, cost_counts
from adrenaline_tui.ai.values import (
    BOARD_FACTOR,
    CUBE,
    FIRST_BLOOD,
    FRENZY_BOARD_FACTOR,
    KILLSHOT_BONUS,
    LOADED,
    MARK,
    OVERKILL_BONUS,
    POWERUP_KEEP,
    SCOPE,
    TARGET_LEADER,
    TOKEN,
    UNKNOWN_POWERUP,
    UNLOADED,
    rating,
)
from adrenaline_tui.rules.cards import CUBES, CardSet, Weapon, powerup_colour, powerup_kind
from adrenaline_tui.rules.effects import can_fire, is_object
from adrenaline_tui.rules.payment import spendable
from adrenaline_tui.rules.state import KILLSHOT as KILL_AT
from adrenaline_tui.rules.state import MAX_CUBES, MAX_DAMAGE, MAX_MARKS, MAX_POWERUPS, MAX_WEAPONS

# Shot positions one decision may work out (ShotBook.searched) before it keeps to squares next to
# its own: about 25 ms of search. Since the book keys shots on what they depend on (shots.reach,
# shots.signature) the p99 decision of benchmarks/ai.py needs about 270 and the worst seen 740
# (were 800 and 2,800), so few decisions reach it; those that do weigh fewer shots, which is
# why answers can depend on what earlier decisions left in the book.
SEARCH_CAP = 1000

# What the cards and cubes a turn ends with are worth (`Evaluator._kept_cards`) depends on them
# and the card set alone (not on the table), so evaluators valuing by parts share it across
# decisions, turns and players: by card set (kept here so that its id stays its own), then by
# (held, loaded, cubes, powerups, drawn). Emptied when it grows past KEPT_LIMIT: a game meets a
# few thousand, and a pool process keeps it for hundreds of tables (memory, not hits: in
# benchmarks/normal_think.py's host-shaped games two lookups in three miss it anyway).
KEPT_LIMIT = 8192
_KEPT: dict[int, tuple[CardSet, dict[tuple, tuple[float, bool]]]] = {}
# The methods a valuation by parts reads: a subclass that overrides one of them values the end of
# a turn its own way, and keeps every state it values (`Evaluator.by_parts`).
_PARTS = ("terminal", "reload_choice", "keep", "pay", "pay_penalty", "posval", "_kept_cards")
# Sums `_kept_cards` adds, by what they read: the weapons' worth by (held, loaded) and the cards'
# by the cards (the keys differ in kind: a tuple of two parts, a tuple of strings).
_SUMS: dict[tuple, float] = {}
# Each weapon card's reload and pickup costs as counts (red, blue, yellow), by the card's id
# (kept with the card, so the id stays its own).
_COSTS: dict[int, tuple[Weapon, Budget, Budget]] = {}


# Each ammo tile's cubes as counts (red, blue, yellow) and whether it has a powerup, by its code
# within a card set (kept with the set).
_TILES: dict[int, tuple[CardSet, dict[str, tuple[Budget, bool]]]] = {}


def _tile(cards: CardSet, tile: str) -> tuple[Budget, bool]:
    entry = _TILES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _TILES[id(cards)] = (cards, {})
    known = entry[1].get(tile)
    if known is None:
        info = cards.ammo_tiles[tile]
        added = [0, 0, 0]
        for c in info.cubes:
            added[CUBES.index(c)] += 1
        known = entry[1][tile] = ((added[0], added[1], added[2]), bool(info.powerup))
    return known


_BY_PARTS: dict[type, bool] = {}
_PAYS: dict[type, bool] = {}


def _pays_plainly(cls: type) -> bool:
    """Whether an evaluator class pays as this one does (`pay`, `pay_penalty` not overridden)."""
    known = _PAYS.get(cls)
    if known is None:
        known = _PAYS[cls] = cls.pay is Evaluator.pay and cls.pay_penalty is Evaluator.pay_penalty
    return known


def _values_by_parts(cls: type) -> bool:
    """Whether an evaluator class reads only what `_last_action` assumes (`_PARTS` as here)."""
    known = _BY_PARTS.get(cls)
    if known is None:
        known = _BY_PARTS[cls] = all(getattr(cls, m) is getattr(Evaluator, m) for m in _PARTS)
    return known


def _counts(card: Weapon) -> tuple[Weapon, Budget, Budget]:
    known = _COSTS.get(id(card))
    if known is None or known[0] is not card:
        known = _COSTS[id(card)] = (card, cost_counts(card.reload_cost), cost_counts(card.pickup_cost))
    return known


def reload_counts(card: Weapon) -> Budget:
    return _counts(card)[1]


def pickup_counts(card: Weapon) -> Budget:
    return _counts(card)[2]


def _held_worth(held: tuple[str, ...], loaded: frozenset[str]) -> float:
    """sum(rating(w) * (LOADED if w in loaded else UNLOADED) for w in held), kept."""
    key = (held, loaded)
    known = _SUMS.get(key)
    if known is None:
        if len(_SUMS) > KEPT_LIMIT:
            _SUMS.clear()
        known = 0  # sum(...) of the same terms in the same order, without a generator
        for w in held:
            known += rating(w) * (LOADED if w in loaded else UNLOADED)
        _SUMS[key] = known
    return known


# ----------------------------------------------------------------------------- plan state
class Me(NamedTuple):
    """Myself part-way through a hypothetical turn (a tuple: the plan search makes many)."""

    square: str
    actions: int
    held: tuple[str, ...]
    loaded: frozenset[str]
    cubes: Budget
    powerups: tuple[str, ...]
    drawn: int  # unknown powerups an ammo tile would give
    targets: tuple[tuple[str, int, int], ...]  # (figure, damage, my marks) as the turn goes on
    taken: frozenset[str]  # squares whose tile I took, weapons I took from racks


# `tuple_new(Me, (square, actions, ...))` is `Me(square, actions, ...)`, the same tuple, without the
# NamedTuple's `__new__` (a Python function, a frame for every state): the search builds states
# (and `Shooting`s) by the thousand a decision.
tuple_new = tuple.__new__


@dataclass(slots=True)
class Step:
    """The first step of a plan: what to do now, and what it leads to."""

    kind: str  # "shoot", "grab", "run", "end"
    square: str | None = None
    weapon: str | None = None
    value: float = float("-inf")


Option = tuple[float, Me, Step]  # immediate value, where it leads, what it is
# A grab (`Evaluator._grabs`): what the mode gives for it, the weapon taken (None: ammo), what
# joins `taken`, and the held weapons, loaded ones, cubes, powerups and unknown powerups after it
Grab = tuple[float | None, str | None, str, tuple[str, ...], frozenset[str], Budget, tuple[str, ...], int]
Targets = tuple[tuple[str, int, int], ...]  # (figure, damage, my marks)
# an outcome of `_distinct`: (outcome, (hits, cost), and the cost's three counts)
Distinct = tuple[Outcome, tuple[Hits, Budget], int, int, int]


# What `dict.get` answers for a key not there, where None is a value kept (a shot with none).
_UNKNOWN = object()


def _holds_scope(cards: tuple[str, ...]) -> bool:
    """Whether a Targeting Scope is among `cards`: a shot's value adds scopes only then. Kept by
    the hand, as `_SUMS` (a few hundred hands a game)."""
    known = _SCOPED.get(cards)
    if known is None:
        if len(_SCOPED) > KEPT_LIMIT:
            _SCOPED.clear()
        known = _SCOPED[cards] = any(powerup_kind(c) == SCOPE for c in cards)
    return known


_SCOPED: dict[tuple[str, ...], bool] = {}


class Shooting(NamedTuple):
    """The shot chosen from one square with one weapon, and what it leaves (a tuple: a search
    keeps thousands, which the garbage collector stops tracking, and builds them faster)."""

    gross: float  # what the hits are worth
    net: float  # less what is paid for it
    outcome: Outcome
    targets: Targets
    cubes: Budget
    powerups: tuple[str, ...]


class Evaluator:
    """Valuations for one decision: built from the table, discarded afterwards."""

    def __init__(self, table: Table, book: ShotBook, cards: CardSet, *, parts: bool = True) -> None:
        self.t = table
        self.book = book
        self.cards = cards
        self.arena = table.arena
        self.me = table.me
        self.last_turn = table.frenzy  # in final frenzy everyone has exactly one turn left
        self.moves = table.action_moves()
        self._v: dict[Me, float] = {}
        self._term: dict[tuple, tuple[float, bool]] = {}
        self._shots: dict[tuple, Shooting | None] = {}
        # Everyone stands still while one decision is weighed: the outcomes of a weapon fired
        # from a square are looked up once, whatever the plan that fires it (`_distinct`).
        self._outcomes: dict[tuple[str, str], tuple[Distinct, ...]] = {}
        # Whether a weapon can fire from a square with a budget (the engine's `can_fire`), and if
        # so the card and where everyone stands: asked again for every plan that gets there.
        self._fire: dict[tuple[str, str, Budget], tuple[Weapon, tuple[tuple[str, str], ...]] | None] = {}
        # One result of a shot (who takes what, what it costs) is worth the same from every
        # square and every plan that reaches it with the same targets and ammo: valued once.
        self._results: dict[tuple, dict[tuple, tuple[float, float, Targets, Budget, tuple[str, ...]]]] = {}
        self.cube = 0.0 if self.last_turn else CUBE
        # `posval` kept by whether I am armed, then by the square (indexed by the bool: a
        # lookup builds no key tuple; `_end` and `_best_run` read it thousands of times)
        self._posval: tuple[dict[str, float], dict[str, float]] = ({}, {})
        self._seats: dict[str, tuple[tuple[str, str], ...]] = {}
        self._paid: dict[tuple, tuple[Budget, tuple[str, ...]] | None] = {}
        self._hit_values: dict[tuple[Targets, Hits], tuple[float, Targets]] = {}
        # What can be spent (the engine's `spendable`) with these cubes and cards: `best_shot` asks
        # it for every weapon and square a plan reaches with them
        self._spendable: dict[tuple[Budget, tuple[str, ...]], Budget] = {}
        # Whether `pay` and `pay_penalty` are this class' (`best_shot` works out a payment with cubes
        # alone by their arithmetic)
        self._own_pay = _pays_plainly(type(self))
        self._racks: dict[str, tuple[tuple[str, Budget], ...]] = {}
        self._rack_bests: dict[str, float] = {}
        self._reload_order: dict[tuple[tuple[str, ...], frozenset[str]], tuple[tuple[str, Budget, float], ...]] = {}
        leads = table.leads()
        self.weight = {c: 1.0 + TARGET_LEADER * leads.get(c, 0) for c in table.figures}
        self.factor = {}
        for c, f in table.figures.items():
            if f.frenzy_board:
                self.factor[c] = FRENZY_BOARD_FACTOR
            else:
                self.factor[c] = BOARD_FACTOR[min(f.skulls, len(BOARD_FACTOR) - 1)]
        self.game_ends_on_kill = table.ending == "sudden_death" and table.skulls_left <= 1
        # What the game mode adds to a turn's value (modes.py); nothing in the standard game.
        self.mode = mode_values(table)
        # Shot positions this evaluator may work out before it weighs only shots from squares
        # next to mine (or already in the book): bounds the worst decision's thinking.
        self.search_cap = SEARCH_CAP
        self._searched_at = book.searched
        # Whether a valuation of this search stopped at the cap: it would then differ from a
        # fresh search's for the next question, which keeps it from being asked again (`again`).
        self.capped = False
        self._near = frozenset(self.arena.within(table.square, 1)) if table.square else frozenset()
        # Whether a state with one action left is valued by parts (`_last_action`): not when a
        # subclass values the end of a turn by more than its cards, cubes and square (payout.py
        # reads the targets too), nor for a player that counts its work by the states it keeps
        # (hard.py's `CountedSensible`: `search_work` reads `_v`), so its work stays as it was.
        self.by_parts = parts and _values_by_parts(type(self))
        if self.by_parts:
            shared = _KEPT.get(id(cards))
            if shared is None or shared[0] is not cards:
                shared = _KEPT[id(cards)] = (cards, {})
            if len(shared[1]) > KEPT_LIMIT:
                shared[1].clear()
            self._term = shared[1]
        # `_last_action`'s parts: for each state but its square, what each action on a square
        # leads to, as (what it gains before the move's cost, what the end of the turn is worth)
        self._shot_ends: dict[tuple, dict[str, tuple[tuple[float, float], ...]]] = {}
        self._grab_ends: dict[tuple, dict[str, tuple[tuple[float | None, float], ...]]] = {}
        # The standard game's values (`modes.ModeValues`): a move costs nothing and no square is
        # worth anything of itself, so an option's value is the sum of its parts and only the
        # best of each square's needs keeping (`_best_ends`), and the best run is the best spot.
        self._plain = self.by_parts and type(self.mode) is ModeValues
        self._best_spot: dict[tuple[str, bool], float | None] = {}

    def again(self, table: Table) -> None:
        """Asked again for the next question of the same position: `table` holds the same facts
        as this search's table but for the actions left (the action was chosen) and the question.
        What was valued stays valid; the cap counts afresh, as a new search's would."""
        self.t = table
        self._searched_at = self.book.searched

    # ------------------------------------------------------------------ the start
    def targets(self) -> tuple[tuple[str, int, int], ...]:
        figures = tuple((c, len(f.damage), f.marks.get(self.me, 0)) for c, f in self.t.figures.items() if c != self.me)
        # a target that is not a figure counts its hits this turn (0 or 1) as its damage
        return figures + tuple((k, 0, 0) for k, _ in self.t.objects)

    def start(self, actions: int | None = None, square: str | None = None) -> Me:
        t = self.t
        return Me(
            square or t.square or "",
            t.actions_left if actions is None else actions,
            tuple(w for w, _ in t.my_weapons),
            frozenset(w for w, loaded in t.my_weapons if loaded),
            t.cubes,
            t.powerups,
            0,
            self.targets(),
            frozenset(),
        )

    # ----------------------------------------------------------------- damage value
    def hit(self, fig: str, d: int, old: int, total: int, dmg: int, marks: int) -> tuple[float, int, int]:
        """Value of `dmg` damage and `marks` marks on `fig`, who has `d` damage and `total` of my
        marks of which `old` may convert. Returns (value, damage after, my marks after)."""
        if is_object(fig):  # the mode says what hitting it is worth; marks on it do nothing
            return (self.mode.object_hit(fig, d > 0) if dmg > 0 else 0.0), d + (dmg > 0), total
        factor = self.factor[fig]
        placed = 0
        if dmg > 0:
            placed = dmg + old  # min(MAX_DAMAGE - d, dmg + old), spelled out (ints: the same)
            if placed > MAX_DAMAGE - d:
                placed = MAX_DAMAGE - d
            total -= old
        value = self.damage_value(fig, d, placed, factor) if placed else 0.0
        new_marks = marks if marks < MAX_MARKS - total else MAX_MARKS - total  # max(0, min(...))
        if new_marks < 0:
            new_marks = 0
        if new_marks and not self.last_turn:
            value += new_marks * MARK * factor
        return value * self.weight[fig], d + placed, total + new_marks

    def damage_value(self, fig: str, d: int, placed: int, factor: float) -> float:
        """Value of `placed` (> 0) of my damage tokens on `fig`, who has `d` damage: about a
        point a token, with first blood, the killshot and the overkill on top."""
        value = placed * TOKEN * factor
        if d == 0 and not self.t.figures[fig].frenzy_board:
            value += FIRST_BLOOD
        if d < KILL_AT <= d + placed:
            value += KILLSHOT_BONUS
            if self.game_ends_on_kill:
                value += 2 * KILLSHOT_BONUS
        if d < MAX_DAMAGE <= d + placed:
            value += OVERKILL_BONUS - MARK  # the victim marks me back
        return value

    def hits_value(
        self, hits: Hits, targets: tuple[tuple[str, int, int], ...], fresh: dict[str, int] | None = None
    ) -> tuple[float, tuple[tuple[str, int, int], ...]]:
        if not hits:
            return 0.0, targets
        state = {c: (d, m) for c, d, m in targets}
        value = 0.0
        for fig, dmg, marks in hits:
            if fig not in state:
                continue
            d, m = state[fig]
            if is_object(fig) and any(is_object(c) and state[c][0] for c in state):
                d = 1  # one spawnpoint token a turn, whichever spawnpoint
            old = m - (fresh.get(fig, 0) if fresh else 0)
            v, d2, m2 = self.hit(fig, d, max(0, old), m, dmg, marks)
            value += v
            state[fig] = (d2, m2)
        return value, tuple((c, d, m) for c, (d, m) in state.items())

    # ------------------------------------------------------------------- paying
    def keep(self, card: str) -> float:
        if self.last_turn:
            return 0.0
        return POWERUP_KEEP.get(powerup_kind(card), 0.5)

    def pay(self, cubes: Budget, powerups: tuple[str, ...], cost: Budget) -> tuple[Budget, tuple[str, ...]] | None:
        """Pay like `choose` does: cubes first, then the powerups valued least. None: cannot."""
        if cost[0] <= cubes[0] and cost[1] <= cubes[1] and cost[2] <= cubes[2]:
            return (cubes[0] - cost[0], cubes[1] - cost[1], cubes[2] - cost[2]), powerups
        # Paying with cards is worked out once a decision: the same purchase is priced again by
        # `pay_penalty`, by each reload of the turn's ends and each grab of the same rack.
        key = (cubes, powerups, cost)
        known = self._paid.get(key, _UNKNOWN)
        if known is _UNKNOWN:
            known = self._paid[key] = self._pay_with_cards(cubes, powerups, cost)
        return known  # type: ignore[return-value]

    def _pay_with_cards(
        self, cubes: Budget, powerups: tuple[str, ...], cost: Budget
    ) -> tuple[Budget, tuple[str, ...]] | None:
        left = list(cubes)
        cards = list(powerups)
        for i, colour in enumerate(CUBES):
            need = cost[i]
            use = min(need, left[i])
            left[i] -= use
            need -= use
            if need:
                # the cards of the colour, least kept first (sorted by (keep, card), as by a key)
                ranked = [(self.keep(c), c) for c in cards if powerup_colour(c) == colour]
                if len(ranked) < need:
                    return None
                ranked.sort()
                for _, c in ranked[:need]:
                    cards.remove(c)
        return (left[0], left[1], left[2]), tuple(cards)

    def pay_penalty(self, cubes: Budget, powerups: tuple[str, ...], cost: Budget) -> float:
        """What paying `cost` gives up, in the same points as everything else."""
        if cost[0] <= cubes[0] and cost[1] <= cubes[1] and cost[2] <= cubes[2]:
            return self.cube * (cost[0] + cost[1] + cost[2])
        paid = self.pay(cubes, powerups, cost)
        if paid is None:
            return float("inf")
        lost = list(powerups)
        for c in paid[1]:
            lost.remove(c)
        kept = 0  # sum(self.keep(c) for c in lost), the same additions in the same order
        for c in lost:
            kept += self.keep(c)
        return self.cube * (sum(cubes) - sum(paid[0])) + kept

    # ---------------------------------------------------------------- end of turn
    def reload_choice(self, me: Me) -> tuple[frozenset[str], Budget, tuple[str, ...]]:
        """Reload best weapons first, each only if it is worth what it costs."""
        if len(me.loaded) == len(me.held):  # nothing to reload (most ends of a turn)
            return me.loaded, me.cubes, me.powerups
        return self._reload_parts(me.held, me.loaded, me.cubes, me.powerups)

    def _reload_parts(
        self, held: tuple[str, ...], had: frozenset[str], cubes: Budget, cards: tuple[str, ...]
    ) -> tuple[frozenset[str], Budget, tuple[str, ...]]:
        """`reload_choice` of a hand with a weapon to reload, by its parts (`_kept_parts` asks it
        without building a state)."""
        loaded = set(had)
        # the unloaded weapons best first, each with its cost and worth: kept by what I hold and
        # what is loaded (a decision meets a handful of these and thousands of cubes and cards)
        order_key = (held, had)
        order = self._reload_order.get(order_key)
        if order is None:
            # best first: sorted by (-rating, weapon) as by a key (no two held weapons are alike)
            ranked = [(-rating(w), w) for w in held if w not in had]
            ranked.sort()
            order = self._reload_order[order_key] = tuple(
                [(w, reload_counts(self.cards.weapons[w]), (LOADED - UNLOADED) * rating(w)) for _, w in ranked]
            )
        own_pay = self._own_pay
        for w, cost, worth in order:
            if own_pay and cost[0] <= cubes[0] and cost[1] <= cubes[1] and cost[2] <= cubes[2]:
                # `pay` and `pay_penalty` of a cost the cubes cover, spelled out (the same numbers)
                if worth > self.cube * (cost[0] + cost[1] + cost[2]):
                    loaded.add(w)
                    cubes = (cubes[0] - cost[0], cubes[1] - cost[1], cubes[2] - cost[2])
                continue
            paid = self.pay(cubes, cards, cost)
            if paid is None:
                continue
            if worth > self.pay_penalty(cubes, cards, cost):
                loaded.add(w)
                cubes, cards = paid
        return frozenset(loaded), cubes, cards

    def terminal(self, me: Me) -> float:
        """What the end of the turn leaves me: weapons (reloaded as I would), cubes, cards, a spot."""
        return self._end(me.square, me.held, me.loaded, me.cubes, me.powerups, me.drawn)

    def _end(
        self,
        square: str,
        held: tuple[str, ...],
        loaded: frozenset[str],
        cubes: Budget,
        cards: tuple[str, ...],
        drawn: int,
    ) -> float:
        """`terminal` of a state with these parts, which are all it reads (the state is built
        only if they are new to `_term`): the one formula of the end of a turn."""
        if self.last_turn:
            return 0.0
        key = (held, loaded, cubes, cards, drawn)
        known = self._term.get(key)
        if known is None:
            if self.by_parts:
                # `_kept_cards` of the same parts, without a state built or a second lookup
                known = self._term[key] = self._kept_parts(held, loaded, cubes, cards, drawn)
            else:
                known = self._kept_cards(Me(square, 0, held, loaded, cubes, cards, drawn, (), frozenset()))
        if self._plain:
            # the standard game's end_square is 0.0, and x + 0.0 is x (no sum here is -0.0: every
            # part is a sum of non-negative points); posval as kept (`posval` is not overridden)
            spot = self._posval[known[1]].get(square)
            if spot is None:
                spot = self.posval(square, known[1])
            return known[0] + spot
        return known[0] + self.posval(square, known[1]) + self.mode.end_square(square)

    def _kept_cards(self, me: Me) -> tuple[float, bool]:
        """What the cards and cubes a turn ends with are worth (reloaded as I would), and whether
        a weapon is loaded then: `terminal` without the square."""
        key = (me.held, me.loaded, me.cubes, me.powerups, me.drawn)
        known = self._term.get(key)
        if known is None:
            if self.by_parts:
                known = self._term[key] = self._kept_parts(me.held, me.loaded, me.cubes, me.powerups, me.drawn)
            else:
                loaded, cubes, cards = self.reload_choice(me)
                value = sum(rating(w) * (LOADED if w in loaded else UNLOADED) for w in me.held)
                value += CUBE * sum(cubes) + sum(self.keep(c) for c in cards) + UNKNOWN_POWERUP * me.drawn
                known = self._term[key] = (value, bool(loaded))
        return known

    def _kept_parts(
        self, held: tuple[str, ...], loaded: frozenset[str], cubes: Budget, cards: tuple[str, ...], drawn: int
    ) -> tuple[float, bool]:
        """`_kept_cards` of a valuation by parts (`reload_choice` is this class'): the same sums
        as the plain one's, each kept by what it reads (`_SUMS`)."""
        if len(loaded) != len(held):  # else `reload_choice` leaves them as they are
            loaded, cubes, cards = self._reload_parts(held, loaded, cubes, cards)
        # `_held_worth` and `_cards_keep` read where they are kept first (a call each was most of
        # this); `sum` of three ints spelled out (the same int)
        value = _SUMS.get((held, loaded))
        if value is None:
            value = _held_worth(held, loaded)
        keep = _SUMS.get(cards)
        if keep is None:
            keep = self._cards_keep(cards)
        value += CUBE * (cubes[0] + cubes[1] + cubes[2]) + keep + UNKNOWN_POWERUP * drawn
        return value, bool(loaded)

    def _cards_keep(self, cards: tuple[str, ...]) -> float:
        """sum(self.keep(c) for c in cards), kept by the cards (not in the last turn: never asked)."""
        known = _SUMS.get(cards)
        if known is None:
            if len(_SUMS) > KEPT_LIMIT:
                _SUMS.clear()
            known = _SUMS[cards] = sum(self.keep(c) for c in cards)
        return known

    def posval(self, square: str, armed: bool) -> float:
        """A little for ending the turn where next turn's actions are: targets in sight, weapons."""
        spots = self._posval[armed]
        known = spots.get(square)
        if known is not None:
            return known
        arena = self.arena
        distance = arena.distance[square]
        value = 0.0
        if armed:
            # who is in sight (`arena.sees`) and who is near, counted in one pass
            visible = arena.visible[square]
            me = self.me
            seen = near = 0
            for c, q in self.t.seats:
                if c != me:
                    if q in visible:
                        seen += 1
                    if distance[q] <= 1:
                        near += 1
            value += 0.12 * (seen if seen < 2 else 2) + 0.05 * (near if near < 2 else 2)
        if len(self.t.my_weapons) < MAX_WEAPONS:
            best = 0.0
            for colour, spawn in arena.spawn_square.items():
                if distance[spawn] <= 1:
                    rack = self._rack_best(colour)
                    if rack > best:  # max(best, rack): on a tie the same value
                        best = rack
            value += 0.1 * best
        spots[square] = value
        return value

    def _rack_best(self, colour: str) -> float:
        """The best rating of a weapon on the `colour` rack that I can pay for now (0.0: none):
        `posval` asks it for every square next to the spawnpoint, and the rack and what I can pay
        stay as they are while a decision is weighed."""
        known = self._rack_bests.get(colour)
        if known is None:
            budget = self.t.budget()
            known = 0.0
            for w in self.t.racks.get(colour, []):
                if w is not None and fits(pickup_counts(self.cards.weapons[w]), budget):
                    known = max(known, rating(w))
            self._rack_bests[colour] = known
        return known

    # -------------------------------------------------------------------- shots
    def seats(self, square: str) -> tuple[tuple[str, str], ...]:
        """Every figure on the board in seat order, with me on `square` (even before I spawn)."""
        known = self._seats.get(square)
        if known is None:
            # kept by square: everyone else stands still while a decision is weighed (`again`
            # keeps the same facts)
            t = self.t
            me, pos = self.me, t.pos
            figures = tuple([(c, square if c == me else pos[c]) for c in t.figures if c == me or c in pos])
            known = self._seats[square] = figures + t.objects
        return known

    def shot_result(
        self,
        targets: Targets,
        cubes: Budget,
        cards: tuple[str, ...],
        hits: Hits,
        spent: Budget,
        fresh: dict[str, int] | None = None,
    ) -> tuple[float, float, Targets, Budget, tuple[str, ...]]:
        """What an outcome is worth: (value, value net of what it costs, targets, cubes, cards after).

        Targeting Scopes in hand are added where they pay: a scope costs the card and a cube, so
        it is used when one more damage on someone the shot hit is worth more than that (a
        killshot nearly always is).
        """
        if fresh:
            return self._shot_result(targets, cubes, cards, hits, spent, fresh)
        results = self._results_for(targets, cubes, cards)
        known = results.get((hits, spent))
        if known is None:
            known = results[(hits, spent)] = self._shot_result(targets, cubes, cards, hits, spent, None)
        return known

    def _results_for(self, targets: Targets, cubes: Budget, cards: tuple[str, ...]) -> dict[tuple, tuple]:
        # by what I start from, then by outcome: a best shot looks the first part up once
        key = (targets, cubes, cards)
        results = self._results.get(key)
        if results is None:
            results = self._results[key] = {}
        return results

    def _shot_result(
        self,
        targets: Targets,
        cubes: Budget,
        cards: tuple[str, ...],
        hits: Hits,
        spent: Budget,
        fresh: dict[str, int] | None,
    ) -> tuple[float, float, Targets, Budget, tuple[str, ...]]:
        if fresh:
            gross, targets = self.hits_value(hits, targets, fresh)
        else:
            # what the hits are worth reads the targets alone, not what I pay with: kept for every
            # start that holds other cubes or cards (after a grab, without a Teleporter)
            hit_key = (targets, hits)
            valued = self._hit_values.get(hit_key)
            if valued is None:
                valued = self._hit_values[hit_key] = self.hits_value(hits, targets)
            gross, targets = valued
        paid = self.pay(cubes, cards, spent)
        if paid is None:
            return gross, float("-inf"), targets, cubes, cards
        net = gross - self.pay_penalty(cubes, cards, spent)
        cubes, cards = paid
        if not _holds_scope(cards):
            # no Targeting Scope to add (most hands): the loop below would stop at its first test
            return gross, net, targets, cubes, cards
        damaged = [f for f, dmg, _ in hits if dmg > 0]
        while damaged:
            scopes = sorted((c for c in cards if powerup_kind(c) == SCOPE), key=lambda c: (self.keep(c), c))
            if not scopes:
                break
            scope = scopes[0]
            state = {c: (d, m) for c, d, m in targets}
            best_f, best_v = None, 0.0
            for f in damaged:
                if f in state:
                    v = self.hit(f, state[f][0], 0, state[f][1], 1, 0)[0]
                    if v > best_v:
                        best_f, best_v = f, v
            rest = list(cards)
            rest.remove(scope)
            if max(cubes) > 0:
                i = cubes.index(max(cubes))
                new_cubes = (cubes[0] - (i == 0), cubes[1] - (i == 1), cubes[2] - (i == 2))
                cost = self.keep(scope) + self.cube
            elif rest:
                other = min(rest, key=lambda c: (self.keep(c), c))
                rest.remove(other)
                new_cubes = cubes
                cost = self.keep(scope) + self.keep(other)
            else:
                break
            if best_f is None or best_v <= cost:
                break
            _, d2, m2 = self.hit(best_f, state[best_f][0], 0, state[best_f][1], 1, 0)
            state[best_f] = (d2, m2)
            targets = tuple((c, d, m) for c, (d, m) in state.items())
            gross += best_v
            net += best_v - cost
            cubes, cards = new_cubes, tuple(rest)
        return gross, net, targets, cubes, cards

    def best_shot(self, me: Me, weapon: str, square: str, reload_cost: Budget = NOTHING) -> Shooting | None:
        """The best outcome of firing `weapon` from `square`, reloading it first for `reload_cost`."""
        key = (weapon, square, reload_cost, me.targets, me.cubes, me.powerups)
        known = self._shots.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known
        paid = (me.cubes, me.powerups) if reload_cost is NOTHING else self.pay(me.cubes, me.powerups, reload_cost)
        best: Shooting | None = None
        if paid is not None:
            cubes, cards = paid
            # `paid` is the (cubes, cards) key itself: no second tuple built for it
            budget = self._spendable.get(paid)
            if budget is None:
                budget = self._spendable[paid] = spendable(cubes, cards)
            # the engine's quick test first: most weapons from most squares have nobody to hit,
            # and proving that by search costs as much as finding every outcome
            fire_key = (weapon, square, budget)
            firing = self._fire.get(fire_key, False)
            if firing is False:
                card = self.cards.weapons[weapon]
                seats = self.seats(square)
                firing = (card, seats) if can_fire(card, self.arena, self.me, dict(seats), budget) else None
                self._fire[fire_key] = firing
            if firing is None:
                self._shots[key] = None
                return None
            outs = self._outcomes.get((weapon, square))
            if outs is None:
                card, seats = firing
                if self.book.searched - self._searched_at < self.search_cap or square in self._near:
                    outs = _distinct(self.book.from_square(card, self.arena, self.me, square, seats))
                    self._outcomes[(weapon, square)] = outs
                else:
                    # Past the cap only what is near or known already: a worst case stays bounded
                    # (a few decisions in a thousand reach it).
                    self.capped = True
                    outs = _distinct(self.book.known_from_square(card, self.arena, self.me, square, seats) or ())
            targets = me.targets
            # `_results_for` and `_holds_scope` read where they keep their answers (a call each
            # was a good part of a best shot: most weapons have only a few outcomes a square)
            results = self._results.get((targets, cubes, cards))
            if results is None:
                results = self._results_for(targets, cubes, cards)
            scoped = _SCOPED.get(cards)
            if scoped is None:
                scoped = _holds_scope(cards)
            b0, b1, b2 = budget
            c0, c1, c2 = cubes
            # `_shot_result` of an outcome paid with cubes alone, by a hand without a Targeting
            # Scope, worked out here (most outcomes of most plans): `pay` takes the cubes,
            # `pay_penalty` is a cube's worth each, nothing is added (the same arithmetic)
            plain = self._own_pay and not scoped
            hit_values = self._hit_values
            cube = self.cube
            found: tuple | None = None
            chosen: Outcome | None = None
            top = 0.0
            # each outcome's cost comes as three ints (`_distinct`): no tuple unpacked an outcome
            for out, part, s0, s1, s2 in outs:
                if s0 > b0 or s1 > b1 or s2 > b2:  # `fits`, spelled out
                    continue
                result = results.get(part)
                if result is None:
                    if plain and s0 <= c0 and s1 <= c1 and s2 <= c2:
                        hits = part[0]
                        valued = hit_values.get((targets, hits))
                        if valued is None:
                            valued = hit_values[(targets, hits)] = self.hits_value(hits, targets)
                        gross = valued[0]
                        result = (gross, gross - cube * (s0 + s1 + s2), valued[1], (c0 - s0, c1 - s1, c2 - s2), cards)
                    else:
                        result = self._shot_result(targets, cubes, cards, part[0], part[1], None)
                    results[part] = result
                # the outcomes are sorted (`ShotBook.from_square`, `_distinct`): of equal nets
                # the first is kept, so a position always picks the same one (the best net kept
                # in `top`: the same float, read once)
                net = result[1]
                if found is None or net > top:
                    found, chosen, top = result, out, net
            if found is not None and chosen is not None:
                gross, net, targets, c2, p2 = found
                best = tuple_new(Shooting, (gross, net, chosen, targets, c2, p2))
        self._shots[key] = best
        return best

    def after_shot(self, me: Me, weapon: str, shooting: Shooting) -> tuple[float, Me]:
        nxt = tuple_new(
            Me,
            (
                shooting.outcome[2],
                me.actions - 1,
                me.held,
                me.loaded - {weapon},
                shooting.cubes,
                shooting.powerups,
                me.drawn,
                shooting.targets,
                me.taken,
            ),
        )
        return shooting.gross, nxt

    def shoot_options(self, me: Me, squares: tuple[str, ...] | None = None) -> list[Option]:
        out: list[Option] = []
        if "shoot" not in self.moves:
            return out
        if squares is None:
            squares = self.arena.within(me.square, self.moves["shoot"])
        for w, reload_cost in self.fireable(me):
            for q in squares:
                best = self.best_shot(me, w, q, reload_cost)
                if best is None:
                    continue
                imm, nxt = self.after_shot(me, w, best)
                out.append((imm - self.mode.move_cost(me.square, q), nxt, Step("shoot", q, w)))
        return out

    def fireable(self, me: Me) -> list[tuple[str, Budget]]:
        """The weapons I may fire, in the order I hold them, each with what reloading it first
        costs (in frenzy an unloaded weapon is reloaded as part of the shot)."""
        out = []
        budget = self._spendable.get((me.cubes, me.powerups))
        if budget is None:
            budget = self._spendable[(me.cubes, me.powerups)] = spendable(me.cubes, me.powerups)
        for w in me.held:
            reload_cost = NOTHING
            if w not in me.loaded:
                if not self.t.frenzy:
                    continue
                reload_cost = reload_counts(self.cards.weapons[w])  # frenzy shots reload first
                if not fits(reload_cost, budget):
                    continue
            out.append((w, reload_cost))
        return out

    # -------------------------------------------------------------------- grabs
    def grab_at(self, me: Me, q: str) -> list[Option]:
        cost = self.mode.move_cost(me.square, q)
        return [
            (
                (-cost if gain is None else gain - cost),
                tuple_new(Me, (q, me.actions - 1, held, loaded, cubes, cards, drawn, me.targets, me.taken | {took})),
                Step("grab", q, weapon),
            )
            for gain, weapon, took, held, loaded, cubes, cards, drawn in self._grabs(me, q)
        ]

    def _grabs(self, me: Me, q: str) -> list[Grab]:
        """The grabs on square `q`: what the mode gives for each (None: nothing, not even 0.0, so
        that adding the move's cost keeps the sign of a zero as before), the weapon taken (None:
        the ammo tile), what joins `taken`, and the cards, cubes and powerups drawn after it."""
        colour = self.arena.spawn_colour_at.get(q)
        if colour is None:
            tile = self.t.tiles.get(q)
            if tile is None or q in me.taken:
                return []
            cubes, drawn = self._tile_taken(me, tile)
            return [(self.mode.grab_value(q), None, q, me.held, me.loaded, cubes, me.powerups, drawn)]
        out: list[Grab] = []
        # what a pickup leaves in hand but the new weapon: the same for every weapon of the rack
        kept: list[str] | None = None
        kept_loaded: set[str] = set()
        rack = self._racks.get(colour)
        if rack is None:
            # the rack's weapons with what each costs to pick up: the racks stay as they are while
            # a decision is weighed, and every plan that reaches the square asks again
            rack = self._racks[colour] = tuple(
                (w, pickup_counts(self.cards.weapons[w])) for w in self.t.racks.get(colour, []) if w is not None
            )
        cubes = me.cubes
        own_pay = self._own_pay
        for w, price in rack:
            if w in me.taken:
                continue
            if own_pay and price[0] <= cubes[0] and price[1] <= cubes[1] and price[2] <= cubes[2]:
                # `pay` of a price the cubes cover, spelled out
                paid = (cubes[0] - price[0], cubes[1] - price[1], cubes[2] - price[2]), me.powerups
            else:
                paid = self.pay(cubes, me.powerups, price)
                if paid is None:
                    continue
            if kept is None:
                kept, kept_loaded = list(me.held), set(me.loaded)
                if len(kept) >= MAX_WEAPONS:
                    drop = self.worst_weapon(kept, kept_loaded)
                    kept.remove(drop)
                    kept_loaded.discard(drop)
            out.append((None, w, w, (*kept, w), frozenset(kept_loaded | {w}), paid[0], paid[1], me.drawn))
        return out

    def _tile_taken(self, me: Me, tile: str) -> tuple[Budget, int]:
        """My cubes and the powerups I have drawn after taking ammo tile `tile`: `_grabs` and
        `_grab_parts`' one formula."""
        added, powerup = _tile(self.cards, tile)
        c = me.cubes
        # min(MAX_CUBES, n), spelled out (ints: the same)
        r, b, y = c[0] + added[0], c[1] + added[1], c[2] + added[2]
        cubes = (
            r if r < MAX_CUBES else MAX_CUBES,
            b if b < MAX_CUBES else MAX_CUBES,
            y if y < MAX_CUBES else MAX_CUBES,
        )
        drawn = me.drawn + (1 if powerup and len(me.powerups) + me.drawn < MAX_POWERUPS else 0)
        return cubes, drawn

    def worst_weapon(self, held: list[str], loaded: set[str] | frozenset[str]) -> str:
        # min by (worth, weapon), a loop rather than a key function (keys differ by the weapon)
        worst, worst_key = held[0], (rating(held[0]) * (LOADED if held[0] in loaded else UNLOADED), held[0])
        for w in held[1:]:
            key = (rating(w) * (LOADED if w in loaded else UNLOADED), w)
            if key < worst_key:
                worst, worst_key = w, key
        return worst

    def grab_options(self, me: Me, squares: tuple[str, ...] | None = None) -> list[Option]:
        if "grab" not in self.moves:
            return []
        if squares is None:
            squares = self.arena.within(me.square, self.moves["grab"])
        out: list[Option] = []
        for q in squares:
            out += self.grab_at(me, q)
        return out

    def run_options(self, me: Me, squares: tuple[str, ...] | None = None) -> list[Option]:
        if "run" not in self.moves:
            return []
        if squares is None:
            squares = self.arena.within(me.square, self.moves["run"])
        cost = self.mode.move_cost
        _, actions, *rest = me  # built directly: `_replace` costs three times as much
        here = me.square
        return [(-cost(here, q), tuple_new(Me, (q, actions - 1, *rest)), Step("run", q)) for q in squares if q != here]

    # --------------------------------------------------------------------- plan
    def value(self, me: Me) -> float:
        """The best this turn can still be worth from `me`, ending it included."""
        known = self._v.get(me)
        if known is not None:
            return known
        if me.actions == 1 and self.by_parts:
            best = self._last_action(me)
        else:
            best = self.terminal(me)
            if me.actions > 0:
                for imm, nxt, _ in self.options(me):
                    v = imm + self.value(nxt)
                    if v > best:
                        best = v
        self._v[me] = best
        return best

    def _last_action(self, me: Me) -> float:
        """`value` of a state with one action left, worked out by parts.

        The end of the turn (`terminal`) reads only the cards, cubes and square a plan leaves. So
        what an action on a square leads to is worked out once for all the states that hold the
        same cards and cubes (and targets, for a shot), whichever square they stand on (most
        states of a turn's search are runs from its start, the same in all but the square); a
        state adds only its move's cost. The same values, in the same arithmetic, as `options`
        and `terminal` (`tests/ai/test_evaluator.py`); the shots are looked up in the same order,
        so a search that reaches its cap stops at the same one.
        """
        best = self._end(me.square, me.held, me.loaded, me.cubes, me.powerups, me.drawn)  # `terminal`, as kept
        moves = self.moves
        within = self.arena.within
        here = me.square
        # Each square's shots, then each square's grabs (the order `options` lists them in), as
        # (squares, their parts by square): one loop below values both kinds, reading the parts
        # where they are kept (no pair built a square).
        found: list[tuple[tuple[str, ...], dict[str, tuple[tuple[float | None, float], ...]]]] = []
        if "shoot" in moves:
            squares = within(here, moves["shoot"])
            found.append((squares, self._shot_ends_for(me, squares)))
        if "grab" in moves:
            key = (me.held, me.loaded, me.cubes, me.powerups, me.drawn, me.taken)
            grab_ends = self._grab_ends.get(key)
            if grab_ends is None:
                grab_ends = self._grab_ends[key] = {}
            squares = within(here, moves["grab"])
            for q in squares:
                if q not in grab_ends:
                    grab_ends[q] = self._grab_parts(me, q)
            found.append((squares, grab_ends))
        plain = self._plain
        for squares, ends in found:
            for q in squares:
                parts = ends[q]
                if not parts:
                    continue
                if plain:
                    # (gain - 0.0) + end, the best of the square's kept first
                    v = parts[0][1]
                    if v > best:
                        best = v
                    continue
                c = self.mode.move_cost(here, q)
                for gain, end in parts:
                    # a grab's gain may be None (`_grabs`); a shot's gross never is
                    v = (-c if gain is None else gain - c) + end
                    if v > best:
                        best = v
        if "run" in moves:
            v = self._best_run(me)
            if v is not None and v > best:
                best = v
        return best

    def _shot_ends_for(self, me: Me, squares: tuple[str, ...]) -> dict[str, tuple[tuple[float, float], ...]]:
        """`_last_action`'s shots from `squares`: (gross, what the end of the turn is worth) for
        each weapon that can fire there; in the standard game the best (gross + end) first."""
        key = (me.held, me.loaded, me.cubes, me.powerups, me.drawn, me.targets)
        ends = self._shot_ends.get(key)
        if ends is None:
            ends = self._shot_ends[key] = {}
        # most calls find every square kept already: the list is built only when one is not
        for q in squares:
            if q not in ends:
                break
        else:
            return ends
        missing = [q for q in squares if q not in ends]
        if missing:
            found: dict[str, list[tuple[float, float]]] = {q: [] for q in missing}
            end = self._end
            for w, reload_cost in self.fireable(me):  # weapons first, as `shoot_options`
                loaded = None
                for q in missing:
                    shooting = self.best_shot(me, w, q, reload_cost)
                    if shooting is not None:
                        # terminal(after_shot(...)) by its parts: the state after the shot is not
                        # built (`terminal` is `_end` of the same parts when valuing by parts)
                        if loaded is None:
                            loaded = me.loaded - {w}
                        after = end(shooting.outcome[2], me.held, loaded, shooting.cubes, shooting.powerups, me.drawn)
                        found[q].append((shooting.gross, after))
            for q, parts in found.items():
                if self._plain and parts:
                    # max(gross + end for gross, end in parts), a loop: the first of the best
                    top = None
                    for gross, after in parts:
                        v = gross + after
                        if top is None or v > top:
                            top = v
                    parts = [(0.0, top)]
                ends[q] = tuple(parts)
        return ends

    def _grab_parts(self, me: Me, q: str) -> tuple[tuple[float | None, float], ...]:
        """`_last_action`'s grabs on `q`: (what the mode gives for it, what the end of the turn
        is worth) for each; in the standard game only the best, as (0.0, end)."""
        end = self._end
        if self._plain and q not in self.arena.spawn_colour_at:
            # an ammo tile: `_grabs`' one grab, valued as it is worked out (the standard game gives
            # nothing for a grab: `ModeValues.grab_value`), without the list of one
            tile = self.t.tiles.get(q)
            if tile is None or q in me.taken:
                return ()
            cubes, drawn = self._tile_taken(me, tile)
            return ((0.0, end(q, me.held, me.loaded, cubes, me.powerups, drawn)),)
        if self._plain and self._own_pay:
            return self._rack_parts(me, q)
        grabs = self._grabs(me, q)
        if self._plain and grabs:
            # (-0.0 or 0.0 - 0.0) + end is end; the best taken as `max` would (the first of equals),
            # each grab's parts read by place rather than sliced into a tuple
            best = None
            for grab in grabs:
                v = end(q, grab[3], grab[4], grab[5], grab[6], grab[7])
                if best is None or v > best:
                    best = v
            return ((0.0, best),)
        return tuple((grab[0], end(q, *grab[3:])) for grab in grabs)

    def _rack_parts(self, me: Me, q: str) -> tuple[tuple[float | None, float], ...]:
        """`_grab_parts` of a spawnpoint in the standard game: `_grabs`' weapons valued as each is
        worked out (the same pickups in the same order, the best of them kept as `max` would),
        without a `Grab` built for each."""
        colour = self.arena.spawn_colour_at[q]
        rack = self._racks.get(colour)
        if rack is None:
            rack = self._racks[colour] = tuple(
                (w, pickup_counts(self.cards.weapons[w])) for w in self.t.racks.get(colour, []) if w is not None
            )
        end = self._end
        cubes, cards, taken = me.cubes, me.powerups, me.taken
        kept: tuple[str, ...] | None = None
        kept_loaded: set[str] = set()
        best = None
        for w, price in rack:
            if w in taken:
                continue
            if price[0] <= cubes[0] and price[1] <= cubes[1] and price[2] <= cubes[2]:
                paid = (cubes[0] - price[0], cubes[1] - price[1], cubes[2] - price[2]), cards
            else:
                paid = self.pay(cubes, cards, price)
                if paid is None:
                    continue
            if kept is None:
                held, kept_loaded = list(me.held), set(me.loaded)
                if len(held) >= MAX_WEAPONS:
                    drop = self.worst_weapon(held, kept_loaded)
                    held.remove(drop)
                    kept_loaded.discard(drop)
                kept = tuple(held)
            v = end(q, (*kept, w), frozenset(kept_loaded | {w}), paid[0], paid[1], me.drawn)
            if best is None or v > best:
                best = v
        return () if best is None else ((0.0, best),)

    def _best_run(self, me: Me) -> float | None:
        """The best value of running on with the last action (None: nowhere to run)."""
        here = me.square
        squares = self.arena.within(here, self.moves["run"])
        cost = self.mode.move_cost
        if self.last_turn:
            return max((-cost(here, q) + 0.0 for q in squares if q != here), default=None)
        # `_kept_cards`, read where `_last_action`'s `terminal` left it
        known = self._term.get((me.held, me.loaded, me.cubes, me.powerups, me.drawn))
        kept, armed = known if known is not None else self._kept_cards(me)
        if self._plain:
            # -0.0 + ((kept + spot) + 0.0) is kept + spot, and the larger the spot the larger the
            # sum (rounding keeps the order): the best spot within reach, kept per square
            spot_key = (here, armed)
            if spot_key in self._best_spot:
                spot = self._best_spot[spot_key]
            else:
                # max of posval over the squares but mine, read from posval's own keeping
                # first (a call a square was most of this)
                spots = self._posval[armed]
                spot = None
                for q in squares:
                    if q != here:
                        v = spots.get(q)
                        if v is None:
                            v = self.posval(q, armed)
                        if spot is None or v > spot:
                            spot = v
                self._best_spot[spot_key] = spot
            return None if spot is None else kept + spot
        posval = self.posval
        end_square = self.mode.end_square
        runs = (-cost(here, q) + (kept + posval(q, armed) + end_square(q)) for q in squares if q != here)
        return max(runs, default=None)

    def options(self, me: Me) -> list[Option]:
        return self.shoot_options(me) + self.grab_options(me) + self.run_options(me)

    def best_step(self, me: Me, options: list[Option], rng: random.Random) -> Step:
        best = Step("end", value=self.terminal(me))
        for imm, nxt, step in options:
            v = imm + self.value(nxt) + rng.random() * 1e-6
            if v > best.value:
                step.value = v
                best = step
        return best


def _distinct(outs: tuple[Outcome, ...]) -> tuple[Distinct, ...]:
    """The outcomes but those with the same hits at the same cost as the one before them (ending
    elsewhere): worth the same, and the outcomes are sorted, so the first of them is the one a
    tie would keep. Each with its (hits, cost), the key its value is kept by (`_results_for`),
    and the cost's three counts, built once here rather than at every plan that fires it
    (`best_shot` reads them straight from the loop's tuple)."""
    kept = []
    last: Outcome | None = None
    for out in outs:
        if last is None or out[1] != last[1] or out[0] != last[0]:
            spent = out[1]
            kept.append((out, (out[0], spent), spent[0], spent[1], spent[2]))
        last = out
    return tuple(kept)


# ------------------------------------------------------------------------------ the player
