"""What the game shows: `full_state` (everything, for tests and tools) and `seat_view` (what one
seat may know: its own red cards, the others' hand sizes, the deck's size but not its order).

Both are plain JSON values. The keys are documented in docs/bloodrush.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adrenaline_tui.titles.bloodrush.decision import Event

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game


def _public(g: Game) -> dict[str, Any]:
    space = g.components.time[g.time]
    pending = g.pending
    return {
        "title": "bloodrush",
        "phase": g.phase,
        "turn": g.turn,
        "order": list(g.order),
        "active": g.active if g.order else None,
        "mozzie_player": g.config.mozzie_player,
        "burst": g.config.burst,
        "time": {"index": g.time, "label": space.label, "symbol": space.symbol, "blood": space.blood},
        "mozzie": {"square": g.mozzie.square, "heading": g.mozzie.heading, "start": g.mozzie.start},
        "straight_only_by": g.straight_only_by,
        "humans": dict(g.humans),
        "stack_top": g.stack[-1] if g.stack else None,
        "stack_count": len(g.stack),
        "eaten": list(g.eaten),
        "deck_count": len(g.deck),
        "discard": list(g.discard),
        "shields": sorted(f"{seat}:{card}" for seat, card in g.shields),
        "over": g.over,
        "end_reason": g.end_reason,
        "ranking": g.ranking,
        "waiting_on": None if pending is None else {"player": pending.player, "kind": pending.kind},
    }


def _vampire(v: Any, *, hand: bool) -> dict[str, Any]:
    out = {
        "square": v.square,
        "blood": v.blood,
        "alive": v.alive,
        "humans": list(v.humans),
        "hand_count": len(v.hand),
        "bursts": v.bursts,
        "eliminated_at": v.eliminated_at,
    }
    if hand:
        out["hand"] = list(v.hand)
    return out


def full_state(g: Game) -> dict[str, Any]:
    out = _public(g)
    out["vampires"] = {s: _vampire(v, hand=True) for s, v in g.vampires.items()}
    out["deck"] = list(g.deck)
    out["stack"] = list(g.stack)
    out["forced_dice"] = list(g.forced_dice)
    p = g.pending
    out["pending"] = None if p is None else {"player": p.player, "kind": p.kind, "keys": p.keys}
    return out


def seat_view(g: Game, seat: str | None) -> dict[str, Any]:
    out = _public(g)
    out["seat"] = seat
    out["vampires"] = {s: _vampire(v, hand=s == seat) for s, v in g.vampires.items()}
    p = g.pending
    # The options of another seat's decision may name its red cards: only the decider sees them.
    if p is not None and p.player == seat:
        out["pending"] = {
            "player": p.player,
            "kind": p.kind,
            "prompt": p.prompt,
            "options": [{"key": o.key, "label": o.label, "square": o.square} for o in p.options],
        }
    return out


def events_for(seat: str | None, events: list[Event]) -> list[Event]:
    """The events `seat` may see: an event marked `secret` (a red card drawn) only by its holder."""
    return [e for e in events if e.data.get("secret") in (None, seat)]
