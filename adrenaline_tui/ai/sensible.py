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
- Game modes and the bot: the mode's value module (`modes.py`) adds what the mode scores to the
  same search (a spawnpoint hit, ending on a spawnpoint, a turret won by a grab, turret damage on
  a move); the bot is one more figure to shoot, and the bot action is taken once its own actions
  are done (where everyone stands is settled then), aimed by what the bot's shot does to the race.

It sees only `game.view(colour)`: positions, damage, marks, racks and ammo tiles are public, its
own cards are its own. Ties are broken by its seeded RNG, so a seed fixes its play.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from adrenaline_tui.ai import modes
from adrenaline_tui.ai.evaluator import Evaluator, Me, tuple_new
from adrenaline_tui.ai.shots import NOTHING, Budget, ShotBook, ops_hits
from adrenaline_tui.ai.table import Table, cost_counts
from adrenaline_tui.ai.values import CUBE, LOADED, SHOT_KINDS, UNLOADED, rating
from adrenaline_tui.rules import Decision, effects
from adrenaline_tui.rules.cards import CUBES, load_cards, powerup_colour, powerup_kind
from adrenaline_tui.rules.effects import is_object
from adrenaline_tui.rules.modes.bot import BOT_ACTION

SHARED_BOOK = ShotBook(limit=200_000)

# What a question's view holds beside the position a turn's search values: the question itself,
# the decisions counted, and the actions left (the search is given those as `Me.actions`).
QUESTION_ONLY = frozenset({"pending", "decisions", "actions_left"})


def position(view: dict[str, Any]) -> dict[str, Any]:
    """The part of a view a turn's search reads (every key but `QUESTION_ONLY`)."""
    return {k: v for k, v in view.items() if k not in QUESTION_ONLY}


@dataclass(slots=True)
class Mirror:
    """My copy of the engine's shot in progress, to plan the rest of it."""

    shot: effects.Shot  # the state after my last choice (before the engine's automatic steps)
    turn: int
    fresh: dict[str, int]  # marks given in this shot: they cannot turn into damage in it


class SensiblePlayer:
    """Grabs weapons it can pay for, shoots the best target it sees, reloads, uses powerups."""

    name = "normal"
    # Whether the next question of the same position asks the search it already made (`_eval`).
    # A player that counts each search as work of its own (hard.py's `CountedSensible`) does not.
    keeps_search = True

    def __init__(self, seed: int | None = None, book: ShotBook | None = None, *, quick: bool = False) -> None:
        self.rng = random.Random(seed)
        self.cards = load_cards()
        # Outcomes depend on public facts only (weapon, arena, shooter, where everyone stands),
        # so every player shares one book: a shot one seat worked out is known to the next.
        self.book = book if book is not None else SHARED_BOOK
        self._mirror: Mirror | None = None
        # The last turn's search and the position it valued (`_eval`).
        self._kept: tuple[dict[str, Any], Evaluator] | None = None
        self._last: Table | None = None  # the table at my previous decision
        self._moved_to: str | None = None  # where my last answer put me (shoot_move)
        self._powerup_plan: list[str] = []  # answers planned for a Newton or Teleporter
        self._tile: str | None = None  # the turret-board tile I chose, for the commandeer question
        self.misses = 0  # answers the reasoning got wrong and the safety net replaced
        self.lost_shots = 0  # questions in a shot answered without my copy of it (lost track)
        # Quick: never weighs a Newton or Teleporter play (a third of its thinking). The hard
        # player's imagined games are played by quick players: many games beat finer ones.
        self.quick = quick
        # An outcome the next shot should aim for (who takes how much), set by a player that
        # chose the shot by looking further ahead (`hard.py`); None: the best outcome by value.
        self.aim: tuple | None = None

    # ------------------------------------------------------------------- entry
    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        keys = decision.keys
        if len(keys) == 1:
            key = keys[0]
        elif view is None:
            key = self._fallback(decision)
        else:
            table = self._table(view)
            try:
                key = self._decide(decision, table)
            finally:
                self._last = table
        if key not in keys:  # a bug here must never become an illegal move; tests count these
            self.misses += 1
            key = self._fallback(decision)
        return key

    def _table(self, view: dict[str, Any]) -> Table:
        """The table of this question's view: my previous question's, asked again, when the two
        views differ only in the question (`QUESTION_ONLY`; the questions after a choice of
        action are asked in the same position), else parsed afresh."""
        facts = position(view)
        last = self._last
        if last is not None and last.facts is not None and last.facts == facts:
            table = last.asked_again(view)
            facts = last.facts  # the same dict: the next comparisons meet it again
        else:
            table = Table(view, self.cards)
        table.facts = facts
        return table

    def _decide(self, d: Decision, t: Table) -> str:
        kind = d.kind
        if kind in SHOT_KINDS:
            return self._shot_choice(d, t)
        self._mirror = None if kind not in ("scope", "scope_card", "pay") else self._mirror
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
        """The turn's search for this question. The questions that follow a choice of action
        (where to grab, which weapon, where to run or step before shooting) are asked in the
        same position, and their answers read the values the action's search worked out: that
        search is asked again rather than made afresh (the same values, hence the same answers:
        tests/ai/test_kept_search.py, `benchmarks/normal_choices.py`). Not a search that reached
        its cap: it valued fewer shots than a fresh one would."""
        if not self.keeps_search:
            # a search counted as work of its own keeps every state it values (`by_parts`)
            return Evaluator(t, self.book, self.cards, parts=False)
        facts = t.facts if t.facts is not None else position(t.view)
        kept = self._kept
        if kept is not None and not kept[1].capped and (kept[0] is facts or kept[0] == facts):
            ev = kept[1]
            ev.again(t)
            return ev
        ev = Evaluator(t, self.book, self.cards)
        self._kept = (facts, ev)
        return ev

    # ---------------------------------------------------------------- the turn
    def _on_action(self, d: Decision, t: Table) -> str:
        ev = self._eval(t)
        me = ev.start()
        offered = set(d.keys)
        options = [o for o in ev.options(me) if o[2].kind in offered]
        step = ev.best_step(me, options, self.rng)
        best_key = step.kind if step.kind in offered else "end"
        if best_key == "end" and BOT_ACTION in offered:
            # the bot action is owed before the turn can end: after my own actions, when where
            # everyone stands is settled (and my own killshots are taken)
            best_key = BOT_ACTION
        self._powerup_plan = []
        self._moved_to = None
        if t.actions_left > 0 and not self.quick:
            best_gain = 0.0
            weighed: set[str] = set()
            for card in d.keys:
                if card in ("run", "grab", "shoot", "end"):
                    continue
                # two cards of one kind play the same (colour only matters when paying): weigh
                # each kind once, and keep the card that is worth least as ammo
                if powerup_kind(card) in weighed:
                    continue
                weighed.add(powerup_kind(card))
                plan = self._powerup_gain(card, ev, me)
                if plan is not None and plan[0] > best_gain:
                    best_gain, best_key, self._powerup_plan = plan[0], card, plan[1]
        if best_key not in offered:
            best_key = self._fallback(d)
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
            _, *rest = base  # the state on each square built directly (`_replace` is slower)
            for q in ev.arena.squares:
                if q != me.square:
                    v = ev.value(tuple_new(Me, (q, *rest))) - threshold
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
        # Only pushes that bring someone into sight: the rest rarely beat moving myself, and
        # each one tried means searching every shot again.
        for _, _, victim, dest in sorted(p for p in pushes if not p[0])[:4]:
            seats = tuple((c, dest if c == victim else q) for c, q in t.seats)
            pushed = Evaluator(_moved_table(t, seats), ev.book, ev.cards, parts=ev.by_parts)
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

    def _on_shoot_reload(self, d: Decision, t: Table) -> str:
        """Inside a frenzy shoot action: reload whatever makes the best shot from here."""
        ev = self._eval(t)
        me = ev.start()
        values: dict[str, float] = {}
        for imm, nxt, step in ev.shoot_options(me._replace(actions=t.actions_left + 1), (me.square,)):
            w = step.weapon
            k = "done" if w in me.loaded else w
            if k is not None:
                values[k] = max(values.get(k, float("-inf")), imm + ev.value(nxt))
        return self._best_key(d, lambda k: values.get(k, float("-inf")))

    def _on_reload(self, d: Decision, t: Table) -> str:
        """At the end of the turn: reload the best weapons worth their cost."""
        ev = self._eval(t)
        me = ev.start()
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

    # ------------------------------------------------------- modes and the bot
    # Valued in modes.py, in the same points as the rest of the turn.
    def _on_bot_move(self, d: Decision, t: Table) -> str:
        return self._best_key(d, lambda q: modes.bot_square_value(t, q))

    def _on_bot_target(self, d: Decision, t: Table) -> str:
        return self._best_key(d, lambda k: modes.bot_shot_value(t, k))

    def _on_bot_place(self, d: Decision, t: Table) -> str:
        return self._best_key(d, lambda k: modes.bot_spawn_value(t, k.split(":", 1)[1]))

    _on_bot_respawn = _on_bot_place

    def _on_overkill_track(self, d: Decision, t: Table) -> str:
        overkiller = _overkiller(d, t)
        return self._best_key(d, lambda k: modes.overkill_value(t, overkiller, k.split(":", 1)[1]))

    def _on_turret_tile(self, d: Decision, t: Table) -> str:
        # remembered for the commandeer question that follows (the tile is still on the board)
        self._tile = self._best_key(d, lambda code: modes.tile_value(t, code))
        return self._tile

    def _on_route(self, d: Decision, t: Table) -> str:
        # Turret mode, the way a move goes: through my own turrets when I move someone else, and
        # through as few others' turrets as possible (the engine lists the fewest first).
        turrets = (t.view.get("turret") or {}).get("turrets", {})

        def value(key: str) -> float:
            option = d.option(key)
            moved = option.target if option is not None else None
            owners = [turrets.get(q) for q in key.removeprefix("way:").split("-")]
            fired = [o for o in owners if o is not None and o != moved]
            return sum(1.0 if o == t.me else -0.25 for o in fired) if moved != t.me else -len(fired)

        return self._best_key(d, value)

    def _on_commandeer(self, d: Decision, t: Table) -> str:
        square = next((o.square for o in d.options if o.square), t.square)
        offer = [c for c in (t.view.get("turret") or {}).get("offer", []) if c]
        code, self._tile = self._tile, None
        if code not in offer:
            # the tile question had one answer and was never asked of me: the one I would pick
            code = max(offer, key=lambda c: (modes.tile_value(t, c), c), default=None)
        if code is None or square is None:
            return "keep" if "keep" in d.keys else self._fallback(d)
        return modes.best_commandeer(t, code, list(d.keys), square)

    # ------------------------------------------------------------------ a shot
    def _shot_choice(self, d: Decision, t: Table) -> str:
        mirror = self._settle(d, t)
        if mirror is None:
            self._mirror = None
            self.lost_shots += 1
            return self._shot_fallback(d, t)
        ev = self._eval(t)
        me = ev.start()
        shot = mirror.shot
        order = {f: i for i, f in enumerate(shot.pos)}
        continuation: dict[tuple, float] = {}

        aim = self.aim

        def value(key: str) -> float:
            best = float("-inf")
            # Sorted: the book keeps a position's outcomes in a set's order, which follows the
            # string hashing, and valuing them may reach the turn search's cap (a quick player's
            # in the hard player's imagined games), after which the order decides what is valued.
            for hits, spent, final in sorted(self.book.child_outcomes(shot, key, order=order)):
                if aim is not None and hits != aim:
                    continue
                _, net, after, cubes, cards = ev.shot_result(
                    me.targets, me.cubes, me.powerups, hits, spent, mirror.fresh
                )
                # Damage matters to the rest of the turn only if there is a rest of the turn.
                ck = (final, cubes, cards, after if me.actions else None)
                cont = continuation.get(ck)
                if cont is None:
                    # me with the shot's square, cubes, cards and targets (built directly)
                    parts = (final, me.actions, me.held, me.loaded, cubes, cards, me.drawn, after, me.taken)
                    nxt = tuple_new(Me, parts)
                    cont = continuation[ck] = ev.value(nxt)
                best = max(best, net + cont)
            return best

        if aim is not None and all(value(k) == float("-inf") for k in d.keys):
            aim = self.aim = None  # the aimed outcome is out of reach after all: best by value
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
            pos.update(last.objects)
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


def _overkiller(d: Decision, t: Table) -> str:
    """Whose overkill token is placed: mine, unless the question is about the bot's (which the
    player whose turn it is places); the prompt names whose it is."""
    bot = t.view.get("bot")
    if bot is not None and d.prompt.startswith(f"{bot['name']}'s "):
        return bot["colour"]
    return t.me


def _moved_table(t: Table, seats: tuple[tuple[str, str], ...]) -> Table:
    """The same table with figures standing elsewhere (to weigh a Newton push)."""
    clone = copy.copy(t)
    clone.seats = seats
    clone.pos = dict(seats)
    clone.figures = {c: f._replace(square=clone.pos.get(c, f.square)) for c, f in t.figures.items()}
    clone.facts = None  # not the view's any more
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
            legal = effects.legal_keys(state)  # `legal_options`' keys, without their labels
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
            # a spawnpoint target stays in the shot after it is tagged (the view drops it then)
            and all(t.pos.get(f) == q or is_object(f) for f, q in state.pos.items())
        ):
            for f, mk in gained.items():
                fresh[f] = fresh.get(f, 0) + mk
            # from here on the engine re-reads the budget after every step, and so do I
            return state.with_budget(now)
        queue.append((now[0] + spent[0], now[1] + spent[1], now[2] + spent[2]))
    return None


__all__ = ["SensiblePlayer"]
