"""Checking a step's goal against the game: the events of the step and the state after it."""

from __future__ import annotations

from collections.abc import Sequence

from adrenaline_tui.lesson_script import decision_problems, event_matches, event_problems
from adrenaline_tui.rules import Event, Game
from adrenaline_tui.walkthrough.lesson import Goal, PlayerGoal

__all__ = ["event_matches", "goal_met", "goal_problems"]


def _player_problems(game: Game, colour: str, want: PlayerGoal) -> list[str]:
    p = game.players[colour]
    out = []
    if want.square is not None and p.square != want.square:
        out.append(f"{p.name} is on {p.square}, not {want.square}")
    if want.damage is not None and len(p.damage) != want.damage:
        out.append(f"{p.name} has {len(p.damage)} damage, not {want.damage}")
    for attacker, n in want.damage_from.items():
        if p.damage.count(attacker) != n:
            out.append(f"{p.name} has {p.damage.count(attacker)} damage from {attacker}, not {n}")
    for attacker, n in want.marks.items():
        if p.marks.get(attacker, 0) != n:
            out.append(f"{p.name} has {p.marks.get(attacker, 0)} marks from {attacker}, not {n}")
    if want.score is not None and p.score != want.score:
        out.append(f"{p.name} has {p.score} points, not {want.score}")
    for cube, n in want.ammo.items():
        if p.ammo.get(cube) != n:
            out.append(f"{p.name} has {p.ammo.get(cube)} {cube}, not {n}")
    held = {w.id: w.loaded for w in p.weapons}
    for w in want.weapons:
        if w not in held:
            out.append(f"{p.name} does not hold the {w}")
    for w in want.loaded:
        if not held.get(w, False):
            out.append(f"{p.name}'s {w} is not loaded")
    for w in want.unloaded:
        if held.get(w, True):
            out.append(f"{p.name}'s {w} is not unloaded")
    if want.powerups is not None and len(p.powerups) != want.powerups:
        out.append(f"{p.name} holds {len(p.powerups)} powerups, not {want.powerups}")
    if want.skulls is not None and p.skulls != want.skulls:
        out.append(f"{p.name} has {p.skulls} skulls, not {want.skulls}")
    if want.frenzy_board is not None and p.frenzy_board != want.frenzy_board:
        out.append(f"{p.name}'s board is {'not ' if want.frenzy_board else ''}on the frenzy side")
    return out


def goal_problems(goal: Goal, game: Game, events: Sequence[Event]) -> list[str]:
    """What is still missing for the goal (empty: the goal is reached)."""
    out = event_problems(goal.events, events)
    for colour, want in goal.players.items():
        out += _player_problems(game, colour, want)
    d = game.pending
    out += decision_problems(goal.decision, None if d is None else (d.kind, d.player))
    if goal.over is not None and game.over != goal.over:
        out.append("the game is not over" if goal.over else "the game is over")
    if goal.frenzy is not None and game.frenzy != goal.frenzy:
        out.append("final frenzy has not started" if goal.frenzy else "final frenzy is on")
    return out


def goal_met(goal: Goal, game: Game, events: Sequence[Event]) -> bool:
    return not goal_problems(goal, game, events)
