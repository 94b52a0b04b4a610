"""Why an option is legal or not, and what it will do - for any decision, square, figure or board.

Everything here is read off the engine itself: sight and distance from the arena tables, target
rules from the filters of the card's effect language, costs from the card data, scoring from the
scoring functions. Nothing is written per card, so a new card or arena is explained the moment
the engine can play it. A legal/illegal verdict always agrees with the engine because it *is* the
engine's verdict (the pending decision's options, or the legality search); the reasons only say
which rule made it so.

One entry point for a UI - `explain(game, thing)` where `thing` is an option key, a square, a
figure colour, a weapon id, an action name, `board:<colour>` or `track` - plus one function per
kind of thing. Explanations are written for the player who decides (`game.pending.player`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.explain.actions import explain_action
from adrenaline_tui.rules.explain.decisions import _HANDLERS, _end_turn, _powerup_card, explain_weapon
from adrenaline_tui.rules.explain.modes import explain_bot_action
from adrenaline_tui.rules.explain.places import explain_board, explain_figure, explain_square, explain_track
from adrenaline_tui.rules.explain.reach import weapon_reach
from adrenaline_tui.rules.explain.shots import _shot_option
from adrenaline_tui.rules.explain.words import (
    ACTIONS,
    SHOT_KINDS,
    Explanation,
    _viewer,
    distance_text,
    sight,
    whereabouts,
)
from adrenaline_tui.rules.modes.bot import BOT_ACTION

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

__all__ = [
    "Explanation",
    "distance_text",
    "explain",
    "explain_action",
    "explain_board",
    "explain_figure",
    "explain_option",
    "explain_square",
    "explain_track",
    "explain_weapon",
    "sight",
    "weapon_reach",
    "whereabouts",
]


def explain(game: Game, thing: str, viewer: str | None = None) -> Explanation:
    """Explain an option key of the pending decision, or a square, figure, weapon, action,
    powerup card, `board:<colour>` or `track`."""
    d = game.pending
    if d is not None and d.option(thing) is not None:
        return explain_option(game, thing)
    if thing.startswith("board:"):
        return explain_board(game, thing.split(":", 1)[1])
    if thing == "track":
        return explain_track(game)
    if thing in ACTIONS:
        return explain_action(game, thing, viewer)
    if thing in game.arena.pos:
        return explain_square(game, thing, viewer)
    if thing in game.players:
        return explain_figure(game, thing, viewer)
    if thing in game.cards.weapons:
        return explain_weapon(game, thing, viewer)
    if d is not None and d.kind in SHOT_KINDS and game.current_shot is not None:
        return explain_option(game, thing)
    if "-" in thing and powerup_kind(thing) in game.cards.powerup_kinds:
        return _powerup_card(game, thing, _viewer(game, viewer))
    return Explanation(thing, None, ("Nothing here goes by that name.",))


def explain_option(game: Game, key: str) -> Explanation:
    """Why an option of the pending decision is offered (or, for a key it does not offer, why
    not), and what choosing it will do."""
    d = game.pending
    if d is None:
        return Explanation(key, None, ("The game is over: there is nothing to choose.",))
    p = game.players[d.player]
    legal = d.option(key) is not None
    kind = d.kind
    if kind in SHOT_KINDS and game.current_shot is not None:
        return _shot_option(game, game.current_shot, key, legal)
    if kind == "action":
        if key in ACTIONS:
            return explain_action(game, key, p.colour)
        if key == "end":
            return _end_turn(game, p)
        if key == BOT_ACTION:
            return explain_bot_action(game, p)
        return _powerup_card(game, key, p)
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return handler(game, p, key, legal)
    label = d.option(key).label if legal else key
    return Explanation(label, legal, (d.prompt,))
