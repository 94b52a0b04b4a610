"""What a person at the screen may ask the game to explain, and the engine's answer.

`rules.explain` answers for the player who decides, reading the whole game. What the screen
offers to explain therefore depends on whose eyes it is for:

- the person deciding may ask about anything: the options, the actions not allowed now (what is
  missing), every figure, board and square, and the killshot track;
- another person at the screen (a lone player watching the computers) may ask about figures,
  squares and boards as seen from their own seat - never about someone else's options, which
  would show that player's cards;
- the public view (the keyboard is about to change hands) explains only the boards and the
  killshot track, which everyone sees anyway.

No Textual here: the table, the lesson screen and the tests share it.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.record import record
from adrenaline_tui.rules import Game
from adrenaline_tui.rules.explain import (
    ACTIONS,
    Explanation,
    explain,
    explain_action,
    explain_board,
    explain_figure,
    explain_square,
    explain_track,
)

ACTION_TITLES = {"run": "Run around", "grab": "Grab stuff", "shoot": "Shoot people"}


@record
class Topic:
    """One thing that can be explained: `id` is what `explain` is asked about."""

    id: str
    label: str
    group: str


def deciding(view: dict[str, Any]) -> bool:
    """Is the view's owner the one the game waits on (so its options are in the view)?"""
    pending = view.get("pending") or {}
    return bool(pending.get("options"))


def unavailable_actions(game: Game, view: dict[str, Any]) -> list[str]:
    """Run, grab or shoot when the decision is an action and the rules do not allow them now."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "action" or not pending.get("options"):
        return []
    me = game.players.get(pending.get("player", ""))
    if me is None or me.square is None:
        return []
    offered = {o["key"] for o in pending["options"]}
    return [a for a in ACTIONS if a not in offered]


def why_not(game: Game, action: str) -> str:
    """The first reasons an action is not allowed, for the line under the options."""
    return " ".join(explain_action(game, action).why[:2])


# What lies over the killshot track, by mode (explained under the topic `track`).
TRACK_TITLES = {"domination": "Domination board: skulls and spawnpoint tracks", "turret": "Turret board and turrets"}


def topics(game: Game, view: dict[str, Any]) -> list[Topic]:
    """Everything the view's owner may ask about, grouped, options first."""
    viewer = view.get("viewer")
    out: list[Topic] = []
    if deciding(view):
        for o in view["pending"]["options"]:
            out.append(Topic(o["key"], o["label"], "This decision"))
        for action in unavailable_actions(game, view):
            out.append(Topic(action, f"{ACTION_TITLES[action]} (not now)", "Not allowed now"))
    figures = [*view["players"], *([view["bot"]] if view.get("bot") else [])]
    if viewer is not None or deciding(view):
        for p in figures:
            if p["square"] and p["colour"] != viewer:
                out.append(Topic(p["colour"], f"{p['name']} on {p['square']}", "Figures"))
    for p in figures:
        out.append(Topic(f"board:{p['colour']}", f"{p['name']}'s board", "Boards"))
    out.append(Topic("track", TRACK_TITLES.get(view.get("mode", ""), "Killshot track"), "Boards"))
    if viewer is not None or deciding(view):
        for square in game.arena.pos:
            room = game.arena.room_of[square]
            out.append(Topic(square, f"{square} ({room} room)", "Squares"))
    return out


def explanation(game: Game, view: dict[str, Any], thing: str) -> Explanation:
    """The engine's answer about `thing`, asked by the view's owner (see the module's rules)."""
    viewer = view.get("viewer")
    if deciding(view):
        return explain(game, thing)
    if thing == "track":
        return explain_track(game)
    if thing.startswith("board:") and thing.split(":", 1)[1] in game.players:
        return explain_board(game, thing.split(":", 1)[1])
    if viewer is not None:
        if thing in game.players:
            return explain_figure(game, thing, viewer)
        if thing in game.arena.pos:
            return explain_square(game, thing, viewer)
    return Explanation(thing, None, ("Only the player deciding can ask about that now.",))
