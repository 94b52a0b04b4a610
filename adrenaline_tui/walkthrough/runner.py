"""Playing a lesson: a pure state machine a screen drives with key presses.

The runner holds a real `Game` built from the lesson's scenario. At every step it tells the
screen what to say (`narration`, `task`, `hint`), what to point at (`highlight`) and which
options serve the step (`choices`: every legal option, each marked on or off the goal, with the
reason for the ones that are off). `press(key)` plays a key through the engine:

- a key on the step's path is played; when the step's goal is reached the next step starts;
- a legal key that does not serve the step is *not* played: the result carries the explanation
  ("Running is legal, but this step is about grabbing") and the position is unchanged, so the
  learner simply tries again;
- a key the engine would refuse gets the engine's own reason (`rules.explain`).

Nothing here draws anything; a Textual screen or a test presses keys the same way. The
mechanics are every title's (`adrenaline_tui/lesson_play.py`); what is Adrenaline's is below.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.lesson_play import Choice, MapHighlight, Outcome, Result
from adrenaline_tui.lesson_play import LessonRunner as _Runner
from adrenaline_tui.rules import Decision, Game, IllegalChoice
from adrenaline_tui.rules.arena import DIRECTIONS
from adrenaline_tui.rules.explain import Explanation, explain
from adrenaline_tui.walkthrough.goals import goal_problems
from adrenaline_tui.walkthrough.lesson import Lesson, Step

__all__ = ["Choice", "LessonRunner", "MapHighlight", "Outcome", "Result"]


class LessonRunner(_Runner[Lesson, Step, Game]):
    """Drives one Adrenaline lesson (`lesson_play.LessonRunner` holds the mechanics): the whole
    game is the learner's to see, goals read the game itself, and a step's highlight can name
    what a figure sees or reaches."""

    refused = (IllegalChoice,)

    @property
    def decision(self) -> Decision | None:
        return self.game.pending

    def _new_game(self, scenario: dict[str, Any], seed: int) -> Game:
        return Game.from_scenario(scenario, seed=seed)

    def _goal_problems(self, goal: Any) -> list[str]:
        return goal_problems(goal, self.game, self.step_events)

    def _refusal(self, decision: Decision, key: str) -> str:
        return explain(self.game, key).text

    def _target(self, option: Any) -> str | None:
        return option.target

    def highlight(self) -> MapHighlight:
        """The step's map highlight, resolved against where everyone stands now."""
        step = self.step
        h = step.highlight if step else None
        if h is None:
            return MapHighlight()
        arena = self.game.arena
        squares = set(h.squares)
        rooms = set(h.rooms)
        for room in h.rooms:
            squares.update(arena.rooms[room])

        def where(value: str) -> str | None:
            if value in self.game.players:
                return self.game.players[value].square
            return value

        if h.sight is not None and (origin := where(h.sight)):
            squares.update(arena.visible[origin])
            rooms.update(arena.visible_rooms[origin])
        for value, moves in h.reach.items():
            if origin := where(value):
                squares.update(arena.within(origin, moves))
        if h.line and (origin := where(h.line["from"])):
            direction = h.line["direction"]
            table = arena.beam if h.line.get("walls") == "ignore" else arena.walk
            if direction in DIRECTIONS:
                squares.update(table[(origin, direction)])
        figures = frozenset(h.figures)
        return MapHighlight(frozenset(squares), figures, frozenset(rooms))

    def explain(self, thing: str) -> Explanation:
        """The engine's explanation of an option, square, figure or board in the lesson's game."""
        return explain(self.game, thing)
