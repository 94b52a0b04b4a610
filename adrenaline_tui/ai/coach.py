"""The coach: what the hard player would do in your seat, and why, in words.

Built only from the asking seat's view, like the hard player itself: the advice never depends on
cards you cannot see. Answers one decision at a time; on an action it runs the hard player's
search (with a smaller budget than a game uses, so the answer comes quickly) and explains the
option it picked: what a shot does to whom (and whether the target can strike back with a
Tagback Grenade), what a grab buys, where a move leads, and how far ahead of the next best
option it came out in the imagined games.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from adrenaline_tui.ai.hard import HardPlayer, Plan
from adrenaline_tui.ai.payout import PayoutEvaluator
from adrenaline_tui.ai.sensible import SHARED_BOOK
from adrenaline_tui.ai.table import Table
from adrenaline_tui.rules import Decision
from adrenaline_tui.rules.cards import load_cards, powerup_kind
from adrenaline_tui.rules.state import KILLSHOT, MAX_DAMAGE

COACH_POSITIONS = 800  # a quicker search than a hard player's own: advice should come at once


@dataclass(frozen=True, slots=True)
class Advice:
    key: str  # a legal answer to the decision
    label: str  # the option as the decision words it
    reason: str  # why, in a sentence or two


def advise(decision: Decision, view: dict[str, Any], *, seed: int = 0, positions: int = COACH_POSITIONS) -> Advice:
    """What the hard player would answer to `decision`, seen from `view` (the asking seat's)."""
    if decision.player != view.get("viewer"):
        raise ValueError("advice is for the seat being asked, from that seat's own view")
    return _advice(HardPlayer(seed, positions=positions, seconds=None), decision, view)


class Coach:
    """The coach of one seat: keeps the hard player whose plan it last advised, so the questions
    inside that action (where to, which weapon, which effect, whom) are answered by that plan.
    A fresh search at each of them could prefer another plan and contradict the advice just given
    (the Tractor Beam's punisher mode advised, then its basic mode at the effect question).

    The plan holds only while the seat answers as it says: `answered` is told every answer of the
    seat, asked about or not, and drops the plan at the first that differs. Asking and answering
    may happen on different threads (the table asks on a worker): a lock keeps them apart, and an
    answer arriving while advice is being worked out drops the plan that advice was built on.
    """

    def __init__(self, positions: int = COACH_POSITIONS) -> None:
        self.positions = positions
        self.player: HardPlayer | None = None
        self.advised: tuple[Decision, Advice] | None = None  # the last decision asked about
        self._lock = threading.Lock()
        self._answers = 0  # answers seen; advice worked out across one is thrown away

    def advise(self, decision: Decision, view: dict[str, Any], *, seed: int = 0) -> Advice:
        if decision.player != view.get("viewer"):
            raise ValueError("advice is for the seat being asked, from that seat's own view")
        with self._lock:
            if self.advised is not None and self.advised[0] is decision:
                return self.advised[1]  # asked twice: the same answer, not a second search
            answers = self._answers
            if decision.kind == "action" or self.player is None:
                self.player = HardPlayer(seed, positions=self.positions, seconds=None)
            player = self.player
        advice = _advice(player, decision, view)
        with self._lock:
            if self._answers != answers or self.player is not player:
                self.player = None  # the game moved on meanwhile: this plan is not current
            else:
                self.advised = (decision, advice)
        return advice

    def answered(self, decision: Decision, view: dict[str, Any], key: str) -> None:
        """The seat answered `decision` (asked about or not) with `key`."""
        with self._lock:
            self._answers += 1
            player, advised, self.advised = self.player, self.advised, None
            if player is None:
                return
            if advised is not None and advised[0] is decision:
                follows = advised[1].key == key
            elif decision.kind == "action":
                follows = False  # an action not asked about: the plan advised is for another
            else:
                follows = player.choose(decision, view) == key
            if not follows:
                self.player = None

    def forget(self) -> None:
        """After an undo: the plan was made for a game that went another way."""
        with self._lock:
            self._answers += 1
            self.player, self.advised = None, None


def _advice(hard: HardPlayer, decision: Decision, view: dict[str, Any]) -> Advice:
    key = hard.choose(decision, view)
    option = decision.option(key)
    label = option.label if option is not None else key
    plan = hard.follower.plan if hard.follower is not None else None
    if decision.kind == "action" and plan is not None:
        reason = _plan_reason(plan, view)
        rival = next_best(plan, hard.plans, view)
        if rival is not None and plan.tries:
            common = min(plan.tries, rival.tries)
            ahead = plan.mean_of(common) - rival.mean_of(common)
            margin = f"{ahead:.1f} points ahead of" if ahead >= 0.05 else "level with"
            reason += (
                f" In {common} imagined future{'s' if common != 1 else ''} it came out "
                f"{margin} the next best ({_plan_title(rival, view)})."
            )
    else:
        reason = _simple_reason(decision, key, label)
    return Advice(key, label, reason)


def next_best(plan: Plan, plans: list[Plan], view: dict[str, Any]) -> Plan | None:
    """The best imagined option that reads differently from `plan`. The same shot from another
    square, or the same grab paid another way, has the same words: "level with the next best
    (shoot Dozer with the Lock Rifle)" after advising that very shot told the player nothing."""
    title = _plan_title(plan, view)
    rivals = sorted((p for p in plans if p.tries and p is not plan), key=lambda p: -p.mean)
    return next((p for p in rivals if _plan_title(p, view) != title), None)


# ---------------------------------------------------------------------- wording
def _names(view: dict[str, Any]) -> dict[str, str]:
    return {p["colour"]: p["name"] for p in view["players"]}


def _plan_title(plan: Plan, view: dict[str, Any]) -> str:
    cards = load_cards()
    if plan.key == "shoot" and plan.weapon:
        names = _names(view)
        whom = [names.get(f, f) for f, dmg, marks in plan.aim or () if dmg or marks]
        at = f" at {' and '.join(whom)}" if whom else ""
        return f"shoot{at} with the {cards.weapons[plan.weapon].name}"
    if plan.key == "grab":
        if plan.weapon:
            return f"grab the {cards.weapons[plan.weapon].name}"
        if view.get("turret") is not None:  # Turret mode: the tiles lie on the turret board
            return f"grab a tile of the turret board at {plan.square}"
        return f"grab the ammo at {plan.square}"
    if plan.key == "run":
        return f"run to {plan.square}"
    if plan.key == "end":
        return "end the turn"
    return f"play the {cards.powerup_kinds[powerup_kind(plan.key)].name}"


def _plan_reason(plan: Plan, view: dict[str, Any]) -> str:
    cards = load_cards()
    names = _names(view)
    table = Table(view, cards)
    if plan.key == "shoot" and plan.weapon:
        hits = plan.aim
        final = plan.square or table.square
        if hits is None:
            ev = PayoutEvaluator(table, SHARED_BOOK, cards)  # the hard player's own valuation
            me = ev.start()._replace(actions=max(1, table.actions_left))
            best = ev.best_shot(me, plan.weapon, plan.square or me.square)
            if best is not None:
                hits, final = best.outcome[0], best.outcome[2]
        where = f" from {plan.square}" if plan.square and plan.square != table.square else ""
        text = f"Shoot with the {cards.weapons[plan.weapon].name}{where}"
        parts = []
        for fig, dmg, marks in hits or ():
            if fig not in table.figures:
                continue
            f = table.figures[fig]
            mine = f.marks.get(table.me, 0) if dmg else 0
            after = min(MAX_DAMAGE, len(f.damage) + dmg + mine)
            bits = []
            if dmg:
                bits.append(f"{dmg} damage{f' (+{mine} from your marks)' if mine else ''} puts {names[fig]} at {after}")
                if len(f.damage) < KILLSHOT <= after:
                    bits[-1] += " (killshot)" if after < MAX_DAMAGE else " (overkill)"
                elif after == KILLSHOT - 1:
                    bits[-1] += ", a killshot away"
                elif after == KILLSHOT - 2:
                    bits[-1] += ", killshot next turn"
            if marks:
                bits.append(f"{marks} mark{'s' if marks > 1 else ''} on {names[fig]}")
            if dmg and f.square and final and not table.arena.sees(f.square, final):
                bits.append(f"{names[fig]} cannot see you for a Tagback")
            parts.append(", ".join(bits))
        if parts:
            text += ": " + "; ".join(parts)
        return text + "."
    if plan.key == "grab":
        if plan.weapon:
            w = cards.weapons[plan.weapon]
            cost = ", ".join(w.pickup_cost) or "nothing"
            return f"Grab the {w.name} at {plan.square} (pay {cost}): a loaded weapon for the turns ahead."
        # The tile is named by its code, as the map, the turret board and the options write it.
        tile = table.tiles.get(plan.square or "")
        code = f" ({tile})" if tile else ""
        if table.tiles_on_board:
            where = f"at {plan.square}: the fullest tile of the turret board{code}"
            return f"Grab {where}, cubes to pay for shots and reloads."
        return f"Grab the ammo at {plan.square}{code}: cubes to pay for shots and reloads."
    if plan.key == "run":
        seen = [names[c] for c, q in table.seats if c != table.me and table.arena.sees(plan.square, q)]
        why = f"you will see {', '.join(seen)} from there" if seen else "it sets up your next action"
        if table.actions_left <= 1:  # the turn ends there: say what it lines up
            later = _next_shot(table, plan.square or "")
            why = f"from there {later}" if later else why
        return f"Run to {plan.square}: {why}."
    if plan.key == "end":
        later = _next_shot(table, table.square or "")
        return f"End the turn: from here {later}." if later else "End the turn: nothing left is worth what it costs."
    kind = powerup_kind(plan.key)
    name = cards.powerup_kinds[kind].name
    if kind == "newton" and len(plan.extra) == 2:
        return f"Play the {name}: push {names.get(plan.extra[0], plan.extra[0])} to {plan.extra[1]} to open a shot."
    if kind == "teleporter" and plan.extra:
        return f"Play the {name}: jump to {plan.extra[0]} for a better action."
    return f"Play the {name}."


def _next_shot(table: Table, square: str) -> str | None:
    """The shot the hard player counts on firing first next turn from `square` if no one moved
    (`PayoutEvaluator.next_shots`), in words; None when there is none."""
    ev = PayoutEvaluator(table, SHARED_BOOK, table.cards)
    _, weapon, shot = ev.next_shots(ev.start()._replace(square=square))
    if weapon is None or shot is None:
        return None
    names = _names(table.view)
    hurt = [f for f, dmg, _ in shot.outcome[0] if dmg and f in table.figures]
    if not hurt:
        return None
    whom = " and ".join(f"{names.get(f, f)} ({len(table.figures[f].damage)} damage)" for f in hurt)
    return f"your {table.cards.weapons[weapon].name} can hit {whom} next turn if nobody moves"


SIMPLE = {
    "run": "the square that leaves you best placed for the rest of the turn",
    "grab": "the best thing in reach for what it costs",
    "weapon": "the weapon that does most in this position",
    "shoot_move": "the square with the best shot",
    "reload": "reload what is worth its cubes before the others' turns",
    "shoot_reload": "reload what makes the best shot now",
    "pay": "pay with what you need least",
    "drop": "drop the weapon worth least to you",
    "spawn": "keep the card worth more, enter where the turn goes best",
    "respawn": "come back where the next turn goes best",
    "scope": "the extra damage is worth the card and the cube",
    "tagback": "a free mark on whoever shot you",
}


def _simple_reason(decision: Decision, key: str, label: str) -> str:
    why = SIMPLE.get(decision.kind)
    if decision.kind == "scope" and key == "pass":
        why = "one more damage is not worth the card and a cube here"
    if decision.kind == "tagback" and key == "pass":
        why = "keep the grenade"
    if why is None:
        why = "it finishes the planned shot best" if decision.kind in ("target", "effect", "square") else "it is best"
    return f"{label}: {why}."


__all__ = ["Advice", "advise"]
