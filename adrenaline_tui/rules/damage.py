"""Damage and marks: tokens on a board, mark conversion, killshot, overkill and the revenge mark."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adrenaline_tui.rules.decision import Event, new
from adrenaline_tui.rules.state import KILLSHOT, MAX_DAMAGE, MAX_MARKS, Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


@dataclass(slots=True)
class ActionLedger:
    """What happened during one action, for the rules that look back at it.

    Marks handed out in this action may not convert until a later action; Tagback Grenade and
    Targeting Scope need to know who was damaged, by whom, and whether they could see it.
    """

    fresh_marks: dict[tuple[str, str], int] = field(default_factory=dict)  # (attacker, target) -> n
    tagback: list[tuple[str, str]] = field(default_factory=list)  # (victim, attacker), in order

    def clear(self) -> None:
        """Start afresh for the next action: the ledger emptied in place, cheaper than a new one
        at every action of every turn (nothing keeps a ledger beyond `Game.ledger`)."""
        self.fresh_marks.clear()
        self.tagback.clear()


def add_marks(g: Game, attacker: str, target: Player, amount: int) -> int:
    """Give `amount` marks (capped at 3 per attacker); returns how many were placed."""
    have = target.marks.get(attacker, 0)
    placed = max(0, min(amount, MAX_MARKS - have))
    if placed:
        target.marks[attacker] = have + placed
        key = (attacker, target.colour)
        g.ledger.fresh_marks[key] = g.ledger.fresh_marks.get(key, 0) + placed
    # `g.emit`, spelled out (a call with a keyword dict less): every mark.
    text = f"{g.name(attacker)} marks {target.name}" + (
        f" ({placed})" if placed == amount else f" ({placed} of {amount}, the rest wasted)"
    )
    data = {"attacker": attacker, "target": target.colour, "amount": amount, "placed": placed}
    g.events.append(new(Event, ("marked", text, data)))
    return placed


def deal_damage(g: Game, attacker: str, target: Player, amount: int, *, by_action: bool = True) -> None:
    """Put damage tokens on a board, then the attacker's old marks; check killshot and overkill.

    `by_action` is False for damage that is not a player's action (a turret, a spawnpoint
    striking back): it neither converts marks nor can be answered with a Tagback Grenade.
    """
    before = len(target.damage)
    placed = min(amount, MAX_DAMAGE - before)
    target.damage.extend([attacker] * placed)
    converted = returned = 0
    if by_action:
        fresh = g.ledger.fresh_marks.get((attacker, target.colour), 0)
        old = target.marks.get(attacker, 0) - fresh
        if old > 0:
            room = MAX_DAMAGE - len(target.damage)
            converted = min(old, room)
            returned = old - converted
            target.damage.extend([attacker] * converted)
            left = target.marks[attacker] - old
            if left:
                target.marks[attacker] = left
            else:
                del target.marks[attacker]
    parts = [f"{placed} damage"]
    if converted:
        parts.append(f"{converted} from marks")
    if amount - placed or returned:
        parts.append(f"{amount - placed + returned} wasted")
    # Tokens in your own colour come from a spawnpoint striking back (Domination).
    who = f"{target.name} takes" if attacker == target.colour else f"{g.name(attacker)} hits {target.name}:"
    # `g.emit`, spelled out (a call and a keyword dict less): every hit.
    text = f"{who} {', '.join(parts)}" + (" in their own colour" if attacker == target.colour else "")
    data = {
        "attacker": attacker,
        "target": target.colour,
        "amount": amount,
        "placed": placed,
        "converted": converted,
        "wasted": amount - placed + returned,
        "damage": list(target.damage),
    }
    g.events.append(new(Event, ("damaged", text, data)))
    shooter = g.players.get(attacker)
    if (
        by_action
        and shooter is not None
        and shooter is not target
        and shooter.square is not None
        and target.square is not None
        and g.arena.sees(target.square, shooter.square)
    ):
        g.ledger.tagback.append((target.colour, attacker))
    after = len(target.damage)
    if before < KILLSHOT <= after:
        target.killed = True
        killer = target.damage[KILLSHOT - 1]
        text = f"{g.name(killer)} delivers the killshot to {target.name}!"
        g.events.append(new(Event, ("killshot", text, {"killer": killer, "target": target.colour})))
    if before < MAX_DAMAGE <= after:
        overkiller = target.damage[MAX_DAMAGE - 1]
        text = f"{g.name(overkiller)} overkills {target.name}, who swears revenge"
        g.events.append(new(Event, ("overkill", text, {"killer": overkiller, "target": target.colour})))
        avenger = g.players.get(overkiller)
        if avenger is not None:
            add_marks(g, target.colour, avenger, 1)
