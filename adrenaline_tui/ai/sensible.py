"""The sensible computer player: plays like someone who knows the rules and wants points.

How it decides, in short:

- Everything is measured in rough points. Damage tokens are worth about a point each (less on a
  board that has already died, where they pay less), first blood a point, a killshot and an
  overkill a bonus on top (the track token and the tempo), marks a little less than damage.
  Holding a loaded weapon is worth part of a future shot; cubes and powerups a little.
- On its turn it searches the rest of the turn: every way to spend the actions left (run to each
  square, grab each affordable thing in reach, shoot with each weapon from each square in reach),
  one action after another, then values where that leaves it (weapons reloaded at the end, cubes
  and powerups kept, a square with targets in sight). Each decision of an action (where to run,
  which square to grab on, where to step before shooting) is answered with the same search, so
  the pieces of a turn agree with each other without remembering a plan.
- A shot is judged by all of its outcomes (`shots.ShotBook`): the engine's own `Shot` is walked
  to list who can be hit for how much, at what cost. Inside a shot it keeps a copy of the engine's
  shot state and at each question picks the choice whose best finish is worth most.
- Powerups: Teleporter and Newton when they make this turn clearly better; Targeting Scope when the
  extra damage is worth the card and a cube; Tagback Grenade whenever it is offered.
- It pays with cubes before powerup cards, and with the card it values least when it must.

It sees only `game.view(colour)`: positions, damage, marks, racks and ammo tiles are public, its
own cards are its own. Ties are broken by its seeded RNG, so a seed fixes its play.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from adrenaline_tui.ai.shots import NOTHING, Budget, Hits, Outcome, ShotBook, fits, ops_hits
from adrenaline_tui.ai.table import Table, cost_counts
from adrenaline_tui.rules import Decision, effects
from adrenaline_tui.rules.cards import CUBES, CardSet, load_cards, powerup_colour, powerup_kind
from adrenaline_tui.rules.state import KILLSHOT as KILL_AT
from adrenaline_tui.rules.state import MAX_CUBES, MAX_DAMAGE, MAX_MARKS, MAX_POWERUPS, MAX_WEAPONS

# How good each weapon is, in points per shot in a typical position: damage it deals, how easily
# it finds a target, what its options add. This is the player's opinion, not a rule.
WEAPON_RATING: dict[str, float] = {
    "lock-rifle": 2.7,
    "machine-gun": 3.0,
    "thor": 3.0,
    "plasma-gun": 3.2,
    "whisper": 3.2,
    "electroscythe": 1.6,
    "tractor-beam": 2.5,
    "vortex-cannon": 2.8,
    "furnace": 2.3,
    "heatseeker": 2.5,
    "hellion": 2.5,
    "flamethrower": 2.0,
    "grenade-launcher": 2.3,
    "rocket-launcher": 3.3,
    "railgun": 3.0,
    "cyberblade": 2.7,
    "zx-2": 2.4,
    "shotgun": 2.7,
    "power-glove": 2.4,
    "shockwave": 2.0,
    "sledgehammer": 2.1,
}
DEFAULT_RATING = 2.5

# What a powerup in hand is worth beyond the cube it could pay for.
POWERUP_KEEP: dict[str, float] = {
    "targeting-scope": 0.7,
    "newton": 0.8,
    "tagback-grenade": 0.5,
    "teleporter": 0.9,
}
UNKNOWN_POWERUP = 0.7  # a card an ammo tile would draw

TOKEN = 1.0  # a damage token on a fresh board
FIRST_BLOOD = 1.0
KILLSHOT_BONUS = 2.5
OVERKILL_BONUS = 1.0
MARK = 0.4
CUBE = 0.25
LOADED = 0.6  # share of a weapon's rating a loaded weapon in hand is worth
UNLOADED = 0.25
TARGET_LEADER = 0.08  # extra weight per killshot-track token of the target
# A board pays less after each death (8-6-4-2-1-1); tokens on it are worth that much less.
BOARD_FACTOR = (1.0, 0.8, 0.6, 0.45, 0.4, 0.35, 0.3, 0.3, 0.3)
FRENZY_BOARD_FACTOR = 0.4
SCOPE = "targeting-scope"
SHOT_KINDS = frozenset({"effect", "target", "square", "room", "direction", "move"})


def rating(weapon_id: str) -> float:
    return WEAPON_RATING.get(weapon_id, DEFAULT_RATING)


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


def budget_of(cubes: Budget, powerups: tuple[str, ...]) -> Budget:
    r, b, y = cubes
    for card in powerups:
        c = powerup_colour(card)
        if c == "red":
            r += 1
        elif c == "blue":
            b += 1
        else:
            y += 1
    return (r, b, y)


@dataclass(slots=True)
class Step:
    """The first step of a plan: what to do now, and what it leads to."""

    kind: str  # "shoot", "grab", "run", "end"
    square: str | None = None
    weapon: str | None = None
    value: float = float("-inf")


@dataclass(slots=True)
class Mirror:
    """My copy of the engine's shot in progress, to plan the rest of it."""

    shot: effects.Shot  # the state after my last choice (before the engine's automatic steps)
    turn: int
    fresh: dict[str, int]  # marks given in this shot: they cannot turn into damage in it


Option = tuple[float, Me, Step]  # immediate value, where it leads, what it is
Targets = tuple[tuple[str, int, int], ...]  # (figure, damage, my marks)


@dataclass(frozen=True, slots=True)
class Shooting:
    """The shot chosen from one square with one weapon, and what it leaves."""

    gross: float  # what the hits are worth
    net: float  # less what is paid for it
    outcome: Outcome
    targets: Targets
    cubes: Budget
    powerups: tuple[str, ...]


class Evaluator:
    """Valuations for one decision: built from the table, discarded afterwards."""

    def __init__(self, table: Table, book: ShotBook, cards: CardSet) -> None:
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
        self.cube = 0.0 if self.last_turn else CUBE
        self._posval: dict[tuple[str, bool], float] = {}
        self.weight = {c: 1.0 + TARGET_LEADER * table.track_tokens(c) for c in table.figures}
        self.factor = {}
        for c, f in table.figures.items():
            if f.frenzy_board:
                self.factor[c] = FRENZY_BOARD_FACTOR
            else:
                self.factor[c] = BOARD_FACTOR[min(f.skulls, len(BOARD_FACTOR) - 1)]
        self.game_ends_on_kill = table.ending == "sudden_death" and table.skulls_left <= 1

    # ------------------------------------------------------------------ the start
    def targets(self) -> tuple[tuple[str, int, int], ...]:
        return tuple((c, len(f.damage), f.marks.get(self.me, 0)) for c, f in self.t.figures.items() if c != self.me)

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
        factor = self.factor[fig]
        value = 0.0
        placed = 0
        if dmg > 0:
            placed = min(MAX_DAMAGE - d, dmg + old)
            total -= old
        if placed:
            value += placed * TOKEN * factor
            if d == 0 and not self.t.figures[fig].frenzy_board:
                value += FIRST_BLOOD
            if d < KILL_AT <= d + placed:
                value += KILLSHOT_BONUS
                if self.game_ends_on_kill:
                    value += 2 * KILLSHOT_BONUS
            if d < MAX_DAMAGE <= d + placed:
                value += OVERKILL_BONUS - MARK  # the victim marks me back
        new_marks = max(0, min(marks, MAX_MARKS - total))
        if new_marks and not self.last_turn:
            value += new_marks * MARK * factor
        return value * self.weight[fig], d + placed, total + new_marks

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
        left = list(cubes)
        cards = list(powerups)
        for i, colour in enumerate(CUBES):
            need = cost[i]
            use = min(need, left[i])
            left[i] -= use
            need -= use
            if need:
                mine = sorted((c for c in cards if powerup_colour(c) == colour), key=lambda c: (self.keep(c), c))
                if len(mine) < need:
                    return None
                for c in mine[:need]:
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
        return self.cube * (sum(cubes) - sum(paid[0])) + sum(self.keep(c) for c in lost)

    # ---------------------------------------------------------------- end of turn
    def reload_choice(self, me: Me) -> tuple[frozenset[str], Budget, tuple[str, ...]]:
        """Reload best weapons first, each only if it is worth what it costs."""
        loaded, cubes, cards = set(me.loaded), me.cubes, me.powerups
        for w in sorted((w for w in me.held if w not in me.loaded), key=lambda w: (-rating(w), w)):
            cost = cost_counts(self.cards.weapons[w].reload_cost)
            paid = self.pay(cubes, cards, cost)
            if paid is None:
                continue
            if (LOADED - UNLOADED) * rating(w) > self.pay_penalty(cubes, cards, cost):
                loaded.add(w)
                cubes, cards = paid
        return frozenset(loaded), cubes, cards

    def terminal(self, me: Me) -> float:
        """What the end of the turn leaves me: weapons (reloaded as I would), cubes, cards, a spot."""
        if self.last_turn:
            return 0.0
        key = (me.held, me.loaded, me.cubes, me.powerups, me.drawn)
        known = self._term.get(key)
        if known is None:
            loaded, cubes, cards = self.reload_choice(me)
            value = sum(rating(w) * (LOADED if w in loaded else UNLOADED) for w in me.held)
            value += CUBE * sum(cubes) + sum(self.keep(c) for c in cards) + UNKNOWN_POWERUP * me.drawn
            known = self._term[key] = (value, bool(loaded))
        return known[0] + self.posval(me.square, known[1])

    def posval(self, square: str, armed: bool) -> float:
        """A little for ending the turn where next turn's actions are: targets in sight, weapons."""
        key = (square, armed)
        known = self._posval.get(key)
        if known is not None:
            return known
        arena = self.arena
        value = 0.0
        if armed:
            seen = sum(1 for c, q in self.t.seats if c != self.me and arena.sees(square, q))
            near = sum(1 for c, q in self.t.seats if c != self.me and arena.distance[square][q] <= 1)
            value += 0.12 * min(seen, 2) + 0.05 * min(near, 2)
        if len(self.t.my_weapons) < MAX_WEAPONS:
            budget = self.t.budget()
            best = 0.0
            for colour, spawn in arena.spawn_square.items():
                if arena.distance[square][spawn] <= 1:
                    for w in self.t.racks.get(colour, []):
                        if w is not None and fits(cost_counts(self.cards.weapons[w].pickup_cost), budget):
                            best = max(best, rating(w))
            value += 0.1 * best
        self._posval[key] = value
        return value

    # -------------------------------------------------------------------- shots
    def seats(self, square: str) -> tuple[tuple[str, str], ...]:
        """Every figure on the board in seat order, with me on `square` (even before I spawn)."""
        t = self.t
        return tuple((c, square if c == self.me else t.pos[c]) for c in t.figures if c == self.me or c in t.pos)

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
        gross, targets = self.hits_value(hits, targets, fresh)
        paid = self.pay(cubes, cards, spent)
        if paid is None:
            return gross, float("-inf"), targets, cubes, cards
        net = gross - self.pay_penalty(cubes, cards, spent)
        cubes, cards = paid
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
        if key in self._shots:
            return self._shots[key]
        paid = self.pay(me.cubes, me.powerups, reload_cost)
        best: Shooting | None = None
        if paid is not None:
            cubes, cards = paid
            budget = budget_of(cubes, cards)
            outs = self.book.from_square(self.cards.weapons[weapon], self.arena, self.me, square, self.seats(square))
            for out in outs:
                hits, spent, _ = out
                if not fits(spent, budget):
                    continue
                gross, net, targets, c2, p2 = self.shot_result(me.targets, cubes, cards, hits, spent)
                # outcomes come from a set: order them so a position always picks the same one
                if best is None or net > best.net or (net == best.net and out < best.outcome):
                    best = Shooting(gross, net, out, targets, c2, p2)
        self._shots[key] = best
        return best

    def after_shot(self, me: Me, weapon: str, shooting: Shooting) -> tuple[float, Me]:
        nxt = Me(
            shooting.outcome[2],
            me.actions - 1,
            me.held,
            me.loaded - {weapon},
            shooting.cubes,
            shooting.powerups,
            me.drawn,
            shooting.targets,
            me.taken,
        )
        return shooting.gross, nxt

    def shoot_options(self, me: Me, squares: tuple[str, ...] | None = None) -> list[Option]:
        out: list[Option] = []
        if "shoot" not in self.moves:
            return out
        if squares is None:
            squares = self.arena.within(me.square, self.moves["shoot"])
        budget = budget_of(me.cubes, me.powerups)
        for w in me.held:
            reload_cost = NOTHING
            if w not in me.loaded:
                if not self.t.frenzy:
                    continue
                reload_cost = cost_counts(self.cards.weapons[w].reload_cost)  # frenzy shots reload first
                if not fits(reload_cost, budget):
                    continue
            for q in squares:
                best = self.best_shot(me, w, q, reload_cost)
                if best is None:
                    continue
                imm, nxt = self.after_shot(me, w, best)
                out.append((imm, nxt, Step("shoot", q, w)))
        return out

    # -------------------------------------------------------------------- grabs
    def grab_at(self, me: Me, q: str) -> list[Option]:
        out: list[Option] = []
        colour = self.arena.spawn_colour_at.get(q)
        if colour is None:
            tile = self.t.tiles.get(q)
            if tile is None or q in me.taken:
                return out
            info = self.cards.ammo_tiles[tile]
            cubes = list(me.cubes)
            for c in info.cubes:
                i = CUBES.index(c)
                cubes[i] = min(MAX_CUBES, cubes[i] + 1)
            drawn = me.drawn + (1 if info.powerup and len(me.powerups) + me.drawn < MAX_POWERUPS else 0)
            nxt = Me(
                q,
                me.actions - 1,
                me.held,
                me.loaded,
                (cubes[0], cubes[1], cubes[2]),
                me.powerups,
                drawn,
                me.targets,
                me.taken | {q},
            )
            out.append((0.0, nxt, Step("grab", q)))
            return out
        for w in self.t.racks.get(colour, []):
            if w is None or w in me.taken:
                continue
            paid = self.pay(me.cubes, me.powerups, cost_counts(self.cards.weapons[w].pickup_cost))
            if paid is None:
                continue
            held, loaded = list(me.held), set(me.loaded)
            if len(held) >= MAX_WEAPONS:
                drop = self.worst_weapon(held, loaded)
                held.remove(drop)
                loaded.discard(drop)
            held.append(w)
            loaded.add(w)
            nxt = Me(
                q,
                me.actions - 1,
                tuple(held),
                frozenset(loaded),
                paid[0],
                paid[1],
                me.drawn,
                me.targets,
                me.taken | {w},
            )
            out.append((0.0, nxt, Step("grab", q, w)))
        return out

    def worst_weapon(self, held: list[str], loaded: set[str] | frozenset[str]) -> str:
        return min(held, key=lambda w: (rating(w) * (LOADED if w in loaded else UNLOADED), w))

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
        return [(0.0, me._replace(square=q, actions=me.actions - 1), Step("run", q)) for q in squares if q != me.square]

    # --------------------------------------------------------------------- plan
    def value(self, me: Me) -> float:
        """The best this turn can still be worth from `me`, ending it included."""
        known = self._v.get(me)
        if known is not None:
            return known
        best = self.terminal(me)
        if me.actions > 0:
            for imm, nxt, _ in self.options(me):
                v = imm + self.value(nxt)
                if v > best:
                    best = v
        self._v[me] = best
        return best

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


# ------------------------------------------------------------------------------ the player
class SensiblePlayer:
    """Grabs weapons it can pay for, shoots the best target it sees, reloads, uses powerups."""

    name = "sensible"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.cards = load_cards()
        self.book = ShotBook()
        self._mirror: Mirror | None = None
        self._last: Table | None = None  # the table at my previous decision
        self._moved_to: str | None = None  # where my last answer put me (shoot_move)
        self._powerup_plan: list[str] = []  # answers planned for a Newton or Teleporter
        self._armed_at_shoot: set[str] | None = None  # loaded weapons when I last chose to shoot
        self.misses = 0  # answers the reasoning got wrong and the safety net replaced

    # ------------------------------------------------------------------- entry
    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        keys = decision.keys
        if len(keys) == 1:
            key = keys[0]
        elif view is None:
            key = self._fallback(decision)
        else:
            table = Table(view, self.cards)
            try:
                key = self._decide(decision, table)
            finally:
                self._last = table
        if key not in keys:  # a bug here must never become an illegal move; tests count these
            self.misses += 1
            key = self._fallback(decision)
        return key

    def _decide(self, d: Decision, t: Table) -> str:
        kind = d.kind
        if kind in SHOT_KINDS:
            return self._shot_choice(d, t)
        self._mirror = None if kind not in ("scope", "scope_card", "pay") else self._mirror
        if kind not in ("shoot_move", "reload", "pay"):
            self._armed_at_shoot = None
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return self._fallback(d)
        return handler(d, t)

    def _fallback(self, d: Decision) -> str:
        keys = d.keys
        for preferred in ("done", "continue", "pass"):
            if preferred in keys:
                return preferred
        if d.kind == "action":
            rest = [k for k in keys if k != "end"]
            if rest:
                return self.rng.choice(rest)
        return self.rng.choice(keys)

    def _eval(self, t: Table) -> Evaluator:
        return Evaluator(t, self.book, self.cards)

    # ---------------------------------------------------------------- the turn
    def _on_action(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()
        offered = set(d.keys)
        options = [o for o in ev.options(me) if o[2].kind in offered]
        step = ev.best_step(me, options, self.rng)
        best_key = step.kind if step.kind in offered else "end"
        self._powerup_plan = []
        self._moved_to = None
        if t.actions_left > 0:
            best_gain = 0.0
            for card in d.keys:
                if card in ("run", "grab", "shoot", "end"):
                    continue
                plan = self._powerup_gain(card, ev, me)
                if plan is not None and plan[0] > best_gain:
                    best_gain, best_key, self._powerup_plan = plan[0], card, plan[1]
        if best_key not in offered:
            best_key = self._fallback(d)
        if best_key == "shoot":
            self._armed_at_shoot = {w for w, loaded in t.my_weapons if loaded}
        return best_key

    def _powerup_gain(self, card: str, ev: Evaluator, me: Me) -> tuple[float, list[str]] | None:
        """How much better this turn gets by playing `card` now, and the answers it will need.

        Compared one action deep on both sides: that is where a Teleporter or a Newton pays off
        (a weapon or a target within reach right away), and it keeps the question quick.
        """
        kind = powerup_kind(card)
        if kind not in ("teleporter", "newton"):
            return None
        cards = list(me.powerups)
        cards.remove(card)
        base = me._replace(powerups=tuple(cards), actions=1)
        # only when clearly better: a wasted card is worse than a missed trick
        threshold = ev.value(me._replace(actions=1)) + 0.3
        best: tuple[float, list[str]] | None = None
        if kind == "teleporter":
            for q in ev.arena.squares:
                if q != me.square:
                    v = ev.value(base._replace(square=q)) - threshold
                    if v > 0 and (best is None or v > best[0]):
                        best = (v, [q])
            return best
        return self._newton_gain(card, ev, me, base)

    def _newton_gain(self, card: str, ev: Evaluator, me: Me, base: Me) -> tuple[float, list[str]] | None:
        """A push that opens a shot from where I stand, when there is little to shoot now.

        Each push moves a figure, so every shot has to be searched again: trying all pushes
        with all the moves of a full plan would take a second. A Newton is mostly worth it to
        bring someone into sight (or onto my square), so that is what is tried, a few at most.
        """
        if not me.loaded or "shoot" not in ev.moves:
            return None
        here = (me.square,)
        now = max((imm + ev.value(nxt) for imm, nxt, _ in ev.shoot_options(base, here)), default=ev.terminal(base))
        threshold = now + ev.keep(card) + 0.3
        t = ev.t
        arena = ev.arena
        pushes = []
        for victim, square in t.seats:
            if victim == t.me:
                continue
            hidden = not arena.sees(me.square, square)
            for direction in ("north", "east", "south", "west"):
                for dest in arena.walk[(square, direction)][:2]:
                    if arena.sees(me.square, dest):
                        # bringing someone into sight first, then closer (for short-range weapons)
                        pushes.append((not hidden, arena.distance[me.square][dest], victim, dest))
        best: tuple[float, list[str]] | None = None
        for _, _, victim, dest in sorted(pushes)[:6]:
            seats = tuple((c, dest if c == victim else q) for c, q in t.seats)
            pushed = Evaluator(_moved_table(t, seats), ev.book, ev.cards)
            after = base._replace(targets=pushed.targets())
            v = max((imm + pushed.value(nxt) for imm, nxt, _ in pushed.shoot_options(after, here)), default=0.0)
            if v - threshold > 0 and (best is None or v - threshold > best[0]):
                best = (v - threshold, [victim, dest])
        return best

    def _on_run(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()
        return self._best_key(d, lambda q: ev.value(me._replace(square=q)))

    def _on_grab(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()._replace(actions=t.actions_left + 1)  # grab_at spends the action again

        def value(q: str) -> float:
            return max((imm + ev.value(nxt) for imm, nxt, _ in ev.grab_at(me, q)), default=float("-inf"))

        return self._best_key(d, value)

    def _on_shoot_move(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()._replace(actions=t.actions_left + 1)

        def value(q: str) -> float:
            opts = ev.shoot_options(me, (q,))
            return max((imm + ev.value(nxt) for imm, nxt, _ in opts), default=float("-inf"))

        key = self._best_key(d, value)
        self._moved_to = key
        return key

    def _on_weapon(self, d: Decision, t: Table) -> str:
        held = {w for w, _ in t.my_weapons}
        ev = self._eval(t)
        if set(d.keys) <= held:  # firing: the options are my loaded weapons
            me = ev.start()._replace(actions=t.actions_left + 1)
            values: dict[str, float] = {}
            for imm, nxt, step in ev.shoot_options(me, (me.square,)):
                if step.weapon is not None:
                    values[step.weapon] = max(values.get(step.weapon, float("-inf")), imm + ev.value(nxt))
            return self._best_key(d, lambda w: values.get(w, float("-inf")))
        # grabbing: I stand on the spawnpoint and have paid nothing yet
        me = ev.start()._replace(actions=t.actions_left + 1)
        values = {}
        for imm, nxt, step in ev.grab_at(me, me.square):
            if step.weapon is not None:
                values[step.weapon] = imm + ev.value(nxt)
        return self._best_key(d, lambda w: values.get(w, float("-inf")))

    def _on_drop(self, d: Decision, t: Table) -> str:
        loaded = {w for w, is_loaded in t.my_weapons if is_loaded}
        return min(d.keys, key=lambda w: (rating(w) * (LOADED if w in loaded else UNLOADED), w))

    def _on_reload(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()
        # The frenzy shoot actions offer a reload before the shot; it asks the same question as
        # the end of the turn. It is that one if I chose to shoot and have fired nothing since.
        armed = self._armed_at_shoot
        before_shot = armed is not None and armed <= {w for w, loaded in t.my_weapons if loaded}
        if before_shot or "done" not in d.keys:
            values: dict[str, float] = {}
            for imm, nxt, step in ev.shoot_options(me._replace(actions=t.actions_left + 1), (me.square,)):
                w = step.weapon
                k = "done" if w in me.loaded else w
                if k is not None:
                    values[k] = max(values.get(k, float("-inf")), imm + ev.value(nxt))
            return self._best_key(d, lambda k: values.get(k, float("-inf")))
        loaded, _, _ = ev.reload_choice(me)
        wanted = [w for w in d.keys if w in loaded and w not in me.loaded]
        if not wanted:
            return "done"
        return max(wanted, key=lambda w: (rating(w), w))

    def _on_pay(self, d: Decision, t: Table) -> str:
        cubes = [k for k in d.keys if k.split(":", 1)[1] in CUBES]
        if cubes:
            need = self._reload_need(t)
            return max(cubes, key=lambda k: (t.cubes[CUBES.index(k[4:])] - need[CUBES.index(k[4:])], k))
        ev = self._eval(t)
        return min(d.keys, key=lambda k: (ev.keep(k.split(":", 1)[1]), k))

    def _reload_need(self, t: Table) -> Budget:
        need = [0, 0, 0]
        for w, loaded in t.my_weapons:
            if not loaded:
                for i, n in enumerate(cost_counts(self.cards.weapons[w].reload_cost)):
                    need[i] += n
        return (need[0], need[1], need[2])

    # --------------------------------------------------------------- powerups
    def _on_scope(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        fresh = self._mirror.fresh if self._mirror is not None else {}
        scopes = [c for c in t.powerups if powerup_kind(c) == "targeting-scope"]
        # the card itself plus the cheapest cube of any colour
        cost = min((ev.keep(c) for c in scopes), default=0.7) + (CUBE if sum(t.cubes) else 0.5)
        best, best_v = "pass", cost
        for k in d.keys:
            f = t.figures.get(k)
            if f is None:
                continue
            m = f.marks.get(t.me, 0)
            v, _, _ = ev.hit(k, len(f.damage), max(0, m - fresh.get(k, 0)), m, 1, 0)
            if v > best_v:
                best, best_v = k, v
        return best if best in d.keys else "pass"

    def _on_scope_card(self, d: Decision, t: Table) -> str:
        need = self._reload_need(t)
        # the scope's own colour matters only as ammo later: give up the least needed one
        return max(
            d.keys, key=lambda c: (t.cubes[CUBES.index(powerup_colour(c))] - need[CUBES.index(powerup_colour(c))], c)
        )

    def _on_tagback(self, d: Decision, t: Table) -> str:
        cards = [k for k in d.keys if k != "pass"]
        return cards[0] if cards else "pass"

    def _on_newton_target(self, d: Decision, t: Table) -> str:
        if self._powerup_plan and self._powerup_plan[0] in d.keys:
            return self._powerup_plan[0]
        return self.rng.choice(d.keys)

    def _on_newton_square(self, d: Decision, t: Table) -> str:
        if len(self._powerup_plan) > 1 and self._powerup_plan[1] in d.keys:
            return self._powerup_plan[1]
        return self.rng.choice(d.keys)

    def _on_teleport(self, d: Decision, t: Table) -> str:
        if self._powerup_plan and self._powerup_plan[0] in d.keys:
            return self._powerup_plan[0]
        ev = self._eval(t)
        me = ev.start()
        return self._best_key(d, lambda q: ev.value(me._replace(square=q)))

    def _on_spawn(self, d: Decision, t: Table) -> str:
        return self._spawn(d, t, actions=2)

    def _on_respawn(self, d: Decision, t: Table) -> str:
        return self._spawn(d, t, actions=1)

    def _spawn(self, d: Decision, t: Table, actions: int) -> str:
        ev = self._eval(t)

        def value(card: str) -> float:
            cards = list(t.powerups)
            if card in cards:
                cards.remove(card)
            square = ev.arena.spawn_square[powerup_colour(card)]
            me = ev.start(actions=actions, square=square)._replace(powerups=tuple(cards))
            return ev.value(me)

        return self._best_key(d, value)

    # ------------------------------------------------------------------ a shot
    def _shot_choice(self, d: Decision, t: Table) -> str:
        mirror = self._settle(d, t)
        if mirror is None:
            self._mirror = None
            return self._shot_fallback(d, t)
        ev = self._eval(t)
        me = ev.start()
        shot = mirror.shot
        order = {f: i for i, f in enumerate(shot.pos)}
        continuation: dict[tuple, float] = {}

        def value(key: str) -> float:
            best = float("-inf")
            for hits, spent, final in self.book.child_outcomes(shot, key, order=order):
                _, net, after, cubes, cards = ev.shot_result(
                    me.targets, me.cubes, me.powerups, hits, spent, mirror.fresh
                )
                # Damage matters to the rest of the turn only if there is a rest of the turn.
                ck = (final, cubes, cards, after if me.actions else None)
                cont = continuation.get(ck)
                if cont is None:
                    nxt = me._replace(square=final, cubes=cubes, powerups=cards, targets=after)
                    cont = continuation[ck] = ev.value(nxt)
                best = max(best, net + cont)
            return best

        key = self._best_key(d, value)
        after, ops = effects.apply(shot, key)
        for f, _, m in ops_hits(ops):
            if m:
                mirror.fresh[f] = mirror.fresh.get(f, 0) + m
        mirror.shot = after
        return key

    def _settle(self, d: Decision, t: Table) -> Mirror | None:
        """Bring my copy of the shot up to the engine's question, or build it if I have none."""
        budget = t.budget()
        m = self._mirror
        if m is not None and m.turn == t.turn:
            found = _catch_up(m.shot, [m.shot.budget, budget], d, t, m.fresh)
            if found is not None:
                m.shot = found
                return m
        weapon = self._firing(d, t)
        last = self._last
        if weapon is None or last is None or last.turn != t.turn:
            return None
        candidates = [q for q in (self._moved_to, last.square, t.square) if q is not None]
        candidates += [q for q in last.arena.within(last.square, 2)] if last.square else []
        for q in dict.fromkeys(candidates):
            pos = {c: (q if c == t.me else sq) for c, sq in last.seats}
            shot = effects.begin(self.cards.weapons[weapon], t.arena, t.me, pos, budget)
            fresh: dict[str, int] = {}
            found = _catch_up(shot, [last.budget(), budget], d, t, fresh)
            if found is not None:
                self._mirror = Mirror(found, t.turn, fresh)
                return self._mirror
        return None

    def _firing(self, d: Decision, t: Table) -> str | None:
        """The weapon being fired, from the question's wording (which names it first)."""
        best = None
        for w, loaded in t.my_weapons:
            if loaded:
                continue
            name = self.cards.weapons[w].name
            named = d.prompt.startswith(name + ":") or d.prompt.startswith(name + ",")
            if named and (best is None or len(name) > len(self.cards.weapons[best].name)):
                best = w
        return best

    def _shot_fallback(self, d: Decision, t: Table) -> str:
        keys = d.keys
        if d.kind == "target":

            def score(o: Any) -> tuple:
                f = t.figures.get(o.target or "")
                return (f is not None, len(f.damage) if f else -1, o.key)

            return max(d.options, key=score).key
        for preferred in ("done", "continue"):
            if preferred in keys:
                return preferred
        return keys[0]

    # -------------------------------------------------------------------- util
    def _best_key(self, d: Decision, value) -> str:
        best_key, best_v = None, float("-inf")
        for k in d.keys:
            v = value(k) + self.rng.random() * 1e-6
            if v > best_v:
                best_key, best_v = k, v
        return best_key if best_key is not None else self._fallback(d)


def _moved_table(t: Table, seats: tuple[tuple[str, str], ...]) -> Table:
    """The same table with figures standing elsewhere (to weigh a Newton push)."""
    clone = copy.copy(t)
    clone.seats = seats
    clone.pos = dict(seats)
    clone.figures = {c: replace(f, square=clone.pos.get(c, f.square)) for c, f in t.figures.items()}
    return clone


def _catch_up(
    shot: effects.Shot, starts: list[Budget], d: Decision, t: Table, fresh: dict[str, int]
) -> effects.Shot | None:
    """Run the engine's automatic answers from `shot` and check that they lead to question `d`.

    The engine answers a question with one legal option by itself and pays as it goes, so my
    copy takes the lone options too. Which options are legal depends on the budget the shot
    started this stretch with, which I may not have seen: `starts` are the candidates (what I
    last saw, then what I see now plus whatever the automatic steps cost). A candidate is right
    when the copy arrives at exactly this question with everyone where they stand now.
    """
    now = t.budget()
    tried: set[Budget] = set()
    queue = list(starts)
    while queue and len(tried) < 4:
        guess = queue.pop(0)
        if guess in tried:
            continue
        tried.add(guess)
        state = shot.with_budget(guess)
        spent: Budget = NOTHING
        gained: dict[str, int] = {}
        legal: list[str] = []
        while not state.finished and not state.dead:
            legal = [o.key for o in effects.legal_options(state)]
            if len(legal) != 1:
                break
            before = state.budget
            state, ops = effects.apply(state, legal[0])
            after = state.budget
            spent = (spent[0] + before[0] - after[0], spent[1] + before[1] - after[1], spent[2] + before[2] - after[2])
            for f, _, mk in ops_hits(ops):
                if mk:
                    gained[f] = gained.get(f, 0) + mk
        if (
            not state.finished
            and not state.dead
            and set(legal) == set(d.keys)
            and all(t.pos.get(f) == q for f, q in state.pos.items())
        ):
            for f, mk in gained.items():
                fresh[f] = fresh.get(f, 0) + mk
            # from here on the engine re-reads the budget after every step, and so do I
            return state.with_budget(now)
        queue.append((now[0] + spent[0], now[1] + spent[1], now[2] + spent[2]))
    return None


__all__ = ["SensiblePlayer"]
