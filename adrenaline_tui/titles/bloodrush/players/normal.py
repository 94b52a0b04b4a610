"""The normal computer player: greedy and sensible, reading only its seat's view.

It feeds when a human is a step away, draws while a Coyote Snack cannot burst it, walks toward
the nearest human while it has blood to spare, shelters from a dawn that would cost it more than
the step, steers the Mozzie by averaging every face of the die over the flight it would make
(away from itself, into its rivals and the humans they are closest to), and plays a red card
when it saves blood or brings a human within a step.
"""

from __future__ import annotations

import random
from typing import Any

from adrenaline_tui.titles.bloodrush.board import DIRECTIONS, LEFT, MOZZIE_DAMAGE_SAFE, RIGHT, SHELTERS, Board
from adrenaline_tui.titles.bloodrush.components import load_components
from adrenaline_tui.titles.bloodrush.decision import Decision
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD

TURNS = {"straight": None, "left": LEFT, "right": RIGHT}


class NormalPlayer:
    name = "normal"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.components = load_components()
        self.board = Board.of(self.components)
        self.human = self.components.human

    # ------------------------------------------------------------------ entry
    def choose(self, decision: Decision, view: dict[str, Any] | None = None) -> str:
        if view is None:
            return decision.keys[0]
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        keys = decision.keys
        key = handler(decision, view) if handler is not None else None
        return key if key in keys else self.rng.choice(keys)

    # ------------------------------------------------------------------ helpers
    def _me(self, view: dict[str, Any]) -> dict[str, Any] | None:
        return view["vampires"].get(view["seat"])

    def _nearest_human(self, square: str, view: dict[str, Any]) -> tuple[int, str | None]:
        best: tuple[int, str | None] = (99, None)
        for sq in view["humans"]:
            d = self.board.distance(square, sq)
            if d < best[0]:
                best = (d, sq)
        return best

    def _square_score(self, square: str, view: dict[str, Any], blood: int) -> float:
        """How good standing on `square` is, having stepped onto it."""
        tile = self.board.tile(square)
        score = 0.0
        if tile.kind == "damage":
            if tile.amount >= blood:
                return -1000.0
            score -= 1.5 * tile.amount
        if square in view["humans"]:
            h = self.human[view["humans"][square]]
            return score + 40 + h.value
        dist, _ = self._nearest_human(square, view)
        return score - 3 * dist

    def _sun_now(self, view: dict[str, Any]) -> int:
        t = view["time"]
        return t["blood"] if t["symbol"] == "sun" else 0

    # ------------------------------------------------------------------ setup
    def _place_human(self, decision: Decision, view: dict[str, Any]) -> str:
        order = view["order"]
        early = order.index(view["seat"]) < max(1, len(order) // 2)
        grave = self.board.graveyard
        keyed = [(self.board.distance(o.key, grave), o.key) for o in decision.options]
        # Early seats feed first: they want humans near the start; late seats want them far.
        keyed.sort(key=lambda x: (x[0] if early else -x[0], self.rng.random()))
        return keyed[0][1]

    def _place_mozzie(self, decision: Decision, view: dict[str, Any]) -> str:
        grave = self.board.graveyard
        return max(decision.keys, key=lambda k: (self.board.distance(k, grave), self.rng.random()))

    def _mozzie_heading(self, decision: Decision, view: dict[str, Any]) -> str:
        return self.rng.choice(decision.keys)

    # ------------------------------------------------------------------ the turn
    def _action(self, decision: Decision, view: dict[str, Any]) -> str:
        me = self._me(view)
        keys = set(decision.keys)
        if me is None:
            return decision.keys[0]
        blood, here = me["blood"], me["square"]
        moves = {k: self.board.step(here, k[5:]) for k in decision.keys if k.startswith("move:")}
        # 1. Feed when a human is a step away and the tile under it does not kill.
        feeds = [(self._square_score(sq, view, blood - 1), k) for k, sq in moves.items() if sq in view["humans"]]
        feeds = [f for f in feeds if f[0] > 0]
        if feeds:
            return max(feeds)[1]
        # 2. A Carriage Ride that brings a human next to us.
        if "play:carriage_ride" in keys and self._carriage_plan(view) is not None:
            return "play:carriage_ride"
        # 3. Shelter from a dawn that costs more than the step.
        sun = self._sun_now(view)
        if sun >= 2 and self.board.kind(here) not in SHELTERS:
            for k, sq in moves.items():
                if self.board.kind(sq) in SHELTERS:
                    return k
        dist, _ = self._nearest_human(here, view)
        # 4. Draw while a Coyote Snack cannot burst us (the largest face fits under the maximum).
        if "draw" in keys and blood + max(self.components.die) <= MAX_BLOOD:
            return "draw"
        # 5. Walk toward the nearest human while blood is to spare.
        if moves and blood >= min(dist, 3) + 3:
            best = max(moves, key=lambda k: (self._square_score(moves[k], view, blood - 1), self.rng.random()))
            if self._square_score(moves[best], view, blood - 1) > self._square_score(here, view, blood) - 1:
                return best
        if "collect" in keys:
            return "collect"
        if moves:
            return max(moves, key=lambda k: self._square_score(moves[k], view, blood - 1))
        return "draw"

    def _step(self, decision: Decision, view: dict[str, Any]) -> str:
        me = self._me(view)
        if me is None:
            return decision.keys[0]
        blood, here = me["blood"], me["square"]
        scored = []
        for o in decision.options:
            if o.key == "stop":
                scored.append((self._square_score(here, view, blood) + 0.5, o.key))
            else:
                scored.append((self._square_score(self.board.step(here, o.key), view, blood), o.key))
        return max(scored)[1]

    def _red_card(self, decision: Decision, view: dict[str, Any]) -> str:
        key = next((k for k in decision.keys if k.startswith("play:")), None)
        if key == "play:carriage_ride" and self._carriage_plan(view) is not None:
            return key
        return "keep"

    def _damage(self, decision: Decision, view: dict[str, Any]) -> str:
        return "play:mask_of_immunity" if "play:mask_of_immunity" in decision.keys else "take"

    def _dawn(self, decision: Decision, view: dict[str, Any]) -> str:
        return "play:giant_umbrella" if "play:giant_umbrella" in decision.keys else "take"

    def _end(self, decision: Decision, view: dict[str, Any]) -> str:
        if "play:bug_commander" in decision.keys and self._fear_the_turns(view):
            return "play:bug_commander"
        return "end"

    # ------------------------------------------------------------------ Carriage Ride
    def _carriage_plan(self, view: dict[str, Any]) -> tuple[str, str] | None:
        """(human's square, direction) putting a human one free step from us, if none is."""
        from adrenaline_tui.titles.bloodrush.board import ALL_DIRECTIONS

        me = self._me(view)
        if me is None or me["square"] is None or me["blood"] < 2:
            return None
        here = me["square"]
        near = {self.board.step(here, d) for d in DIRECTIONS}
        if any(sq in view["humans"] for sq in near):
            return None
        taken = set(view["humans"]) | {v["square"] for v in view["vampires"].values() if v["alive"]}
        taken |= {view["mozzie"]["square"], self.board.graveyard}
        for src in view["humans"]:
            for d in ALL_DIRECTIONS:
                dst = self.board.step(src, d)
                if dst in near and dst not in taken and self.board.kind(dst) != "damage":
                    return src, d
        return None

    def _carriage_human(self, decision: Decision, view: dict[str, Any]) -> str:
        plan = self._carriage_plan(view)
        return plan[0] if plan else decision.keys[0]

    def _carriage_direction(self, decision: Decision, view: dict[str, Any]) -> str:
        plan = self._carriage_plan(view)
        if plan and plan[1] in decision.keys:
            return plan[1]
        me = self._me(view)
        if me is None or me["square"] is None:
            return decision.keys[0]
        return min(decision.keys, key=lambda k: self.board.distance(decision.option(k).square, me["square"]))  # type: ignore[union-attr]

    # ------------------------------------------------------------------ the Mozzie
    def _mozzie(self, decision: Decision, view: dict[str, Any]) -> str:
        turns = [k for k in decision.keys if k in TURNS]
        if "play:carriage_ride" in decision.keys and self._carriage_plan(view) is not None:
            return "play:carriage_ride"
        # The Mozzie player (4+1) has no vampire: it steers for chaos.
        me = view["seat"] if view["seat"] in view["vampires"] else None
        return max(turns, key=lambda k: (self._flight_value(view, k, me), self.rng.random()))

    def _fear_the_turns(self, view: dict[str, Any]) -> bool:
        """Whether the next steersman could hurt us more by turning than by flying straight."""
        me = view["seat"]
        straight = self._flight_value(view, "straight", me)
        worst = min(self._flight_value(view, k, me) for k in ("left", "right"))
        return worst < straight - 1.0

    def _flight_value(self, view: dict[str, Any], turn: str, me: str | None) -> float:
        """The flight's worth to `me` (None: the Mozzie player, who wants chaos), averaged over the die."""
        m = view["mozzie"]
        table = TURNS[turn]
        heading = m["heading"] if table is None else table[m["heading"]]
        faces = self.components.die
        return sum(self._one_flight(view, heading, face, me) for face in faces) / len(faces)

    def _one_flight(self, view: dict[str, Any], heading: str, steps: int, me: str | None) -> float:
        board = self.board
        square = view["mozzie"]["square"]
        living = {s: v for s, v in view["vampires"].items() if v["alive"]}
        at = {v["square"]: s for s, v in living.items() if v["square"] != board.graveyard}
        used: set[str] = set()
        value = 0.0
        while steps > 0:
            square = board.step(square, heading)
            if square == board.graveyard:
                square = board.step(square, heading)
            steps -= 1
            tile = board.tile(square)
            if tile.kind == "damage":
                for s, v in living.items():
                    if board.kind(v["square"]) in MOZZIE_DAMAGE_SAFE:
                        continue
                    hurt = min(tile.amount, v["blood"])
                    value += -2.0 * hurt if s == me else 0.6 * hurt
            elif tile.kind == "steps" and square not in used:
                used.add(square)
                steps += tile.amount
            if square in view["humans"]:
                if me is None:
                    return value + 3
                h = self.human[view["humans"][square]]
                mine = board.distance(living[me]["square"], square) if me in living else 99
                theirs = min((board.distance(v["square"], square) for s, v in living.items() if s != me), default=99)
                return value + (-(4 + h.value) if mine <= theirs else 1.5)
            if square in at:
                s = at[square]
                lost = living[s]["blood"] - 1
                return value + (-2.0 * lost - 2 if s == me else 0.8 * lost)
        return value
