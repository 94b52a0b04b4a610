"""The words beside a decision's options: what choosing each will do, and why an action is greyed.

Read off the engine's state for the person deciding, in the words hot-seat play shows them at
that moment. The table's panel shows them, and a host works them out for its players' screens
(`host/hints.py`): below both, so neither imports the other.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.effect_text import effect_description, timing_text
from adrenaline_tui.rules.explain import explain, questions

ACTION_HELP = {
    "run": "Move up to the squares shown; walls block, doors let you through.",
    "grab": "Move (optionally), then take the ammo tile there or buy a weapon from the spawnpoint's rack.",
    "shoot": "Fire a loaded weapon at targets you can see; it is unloaded afterwards.",
    "end": "Finish your actions; you may still reload weapons at the end of the turn.",
    "bot": "Move the bot up to 1 square (or not), then it shoots a figure it sees other than you: 1 damage, "
    "and a mark as well once it has 6 damage. Every turn needs it once, before or after your actions.",
    "keep": "Take the whole tile; the turret stays with its owner.",
    "done": "Finish this step.",
    "pass": "Do nothing.",
}


def options(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The pending options, if the view's owner is the one deciding (else none)."""
    pending = view.get("pending") or {}
    return list(pending.get("options") or [])


def option_detail(game: Game, option: dict[str, Any], shooting_with: str | None) -> str:
    key: str = option["key"]
    card = key.removeprefix("pay:")
    if key in ACTION_HELP:
        return ACTION_HELP[key]
    if card in game.cards.weapons:
        return weapon_summary(game, card)
    kind = powerup_kind(card) if "-" in card else ""
    if kind in game.cards.powerup_kinds:
        k = game.cards.powerup_kinds[kind]
        return f"{k.name}: {k.text}"
    if shooting_with and shooting_with in game.cards.weapons:
        weapon = game.cards.weapons[shooting_with]
        for eff in weapon.effects:
            if eff.id == key:
                cost = f" (costs {', '.join(eff.cost)})" if eff.cost else ""
                sentence = f"{effect_description(weapon, eff)} {timing_text(weapon, eff)}".strip()
                return f"{weapon.name}, {eff.name.lower()}{cost}: {sentence}"
    return ""


def option_preview(game: Game, option: dict[str, Any], shooting_with: str | None) -> str:
    """What choosing the option will do (damage, marks, moves, cost), before it is chosen;
    the card's text or a word on the action when the engine has nothing more to say."""
    does = explain(game, option["key"]).does
    return sentences(does) or option_detail(game, option, shooting_with)


def sentences(parts: tuple[str, ...] | list[str]) -> str:
    """Clauses joined as sentences, each ending in a full stop."""
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in (p.strip() for p in parts) if p)


def weapon_summary(game: Game, weapon_id: str) -> str:
    w = game.cards.weapons[weapon_id]
    pickup = ", ".join(w.pickup_cost) or "free"
    effects = "; ".join(e.name + (f" (+{', '.join(e.cost)})" if e.cost else "") for e in w.effects)
    return f"{w.name} ({w.colour}; grab {pickup}, reload {', '.join(w.cost)}): {w.description} Effects: {effects}."


def last_weapon_fired(game: Game) -> str | None:
    for event in reversed(game.events):
        if event.kind == "shoot":
            return event.data.get("weapon")
        if event.kind == "turn":
            return None
    return None


def greyed_actions(game: Game, view: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Actions the deciding player may not take now, each with what is missing."""
    return tuple(
        (questions.ACTION_TITLES[a], questions.why_not(game, a)) for a in questions.unavailable_actions(game, view)
    )
