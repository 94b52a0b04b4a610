"""Playing a Bloodrush lesson: the mechanics every title shares (`adrenaline_tui/lesson_play.py`,
which Adrenaline's `walkthrough.runner` uses too), with what is Bloodrush's own:

- what the learner is told comes from the learner's view and the events the learner may see;
- a key the engine would refuse gets the explanation of why not (`explain_option`);
- each step that plays names the decision it waits on (`expect`), and `play_through` checks it.

`play_through` plays a lesson with its intended keys and lists what went wrong (the tests and
`python -m adrenaline_tui.titles.bloodrush.lesson_runner`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adrenaline_tui import lesson_play
from adrenaline_tui.lesson_play import Choice, MapHighlight, Outcome, Result
from adrenaline_tui.titles.bloodrush.decision import Decision, Event
from adrenaline_tui.titles.bloodrush.errors import DataError, IllegalChoice
from adrenaline_tui.titles.bloodrush.explain import Explanation, explain, explain_option
from adrenaline_tui.titles.bloodrush.game import Game
from adrenaline_tui.titles.bloodrush.lesson import Lesson, Step, goal_problems, load_lesson, load_lessons
from adrenaline_tui.titles.bloodrush.views import events_for

__all__ = ["Choice", "LessonRunner", "MapHighlight", "Outcome", "Result", "main", "play_through"]


class LessonRunner(lesson_play.LessonRunner[Lesson, Step, Game]):
    refused = (IllegalChoice,)

    @property
    def learner(self) -> str:
        return self.lesson.learner

    @property
    def decision(self) -> Decision | None:
        return self.game.pending

    @property
    def view(self) -> dict:
        return self.game.view(self.learner)

    def _new_game(self, scenario: dict[str, Any], seed: int) -> Game:
        return Game.from_scenario(scenario, seed=seed)

    def _seen(self, events: Sequence[Event]) -> Sequence[Event]:
        return events_for(self.learner, events)

    def _goal_problems(self, goal: Any) -> list[str]:
        return goal_problems(goal, self.view, self.step_events)

    def _refusal(self, decision: Decision, key: str) -> str:
        return explain_option(self.game.view(decision.player), key).text

    def highlight(self) -> MapHighlight:
        step = self.step
        h = step.highlight if step else None
        if h is None:
            return MapHighlight()
        return MapHighlight(frozenset(h.squares), frozenset(h.figures))

    def explain(self, thing: str) -> Explanation:
        return explain(self.view, thing)

    def start_problems(self) -> list[str]:
        """Where the step's `expect` and the decision the game asks differ."""
        step, d = self.step, self.decision
        if step is None or step.expect is None or d is None:
            return []
        out = []
        for field in ("kind", "player"):
            want = getattr(step.expect, field)
            if want is not None and getattr(d, field) != want:
                out.append(f"expects a {field} '{want}', the game asks '{getattr(d, field)}'")
        return out


def play_through(lesson: Lesson, log: Callable[[str], None] | None = None) -> list[str]:
    """Play every step with its intended keys; the problems found (empty: the lesson works).
    Each step that plays must start on the decision it `expect`s."""
    return lesson_play.play_through(LessonRunner(lesson), log, ran_out="keys ran out")


def main(argv: list[str] | None = None) -> int:
    return lesson_play.check_lessons(argv, load_lesson, load_lessons, DataError, play_through)


if __name__ == "__main__":
    raise SystemExit(main())
