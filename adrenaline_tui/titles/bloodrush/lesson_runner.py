"""Playing a Bloodrush lesson: the same state machine as Adrenaline's `walkthrough.runner`.

`LessonRunner` has the same surface (step, position, narration, task, hint, waiting, decision,
intro_events, choices(), highlight(), explain(), missing(), press(), proceed(), retry(),
skip(), finished, skipped, index, lesson, game), so one lesson screen drives either title:

- a key on the step's path is played; when the step's goal holds the next step starts;
- a legal key that does not serve the step is not played: the result says why;
- a key the engine would refuse gets the explanation of why not (`explain`).

What the learner is told comes from the learner's view and the events the learner may see.
`play_through` plays a lesson with its intended keys and lists what went wrong (the tests and
`python -m adrenaline_tui.titles.bloodrush.lesson_runner`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from adrenaline_tui.titles.bloodrush.decision import Decision, Event
from adrenaline_tui.titles.bloodrush.errors import DataError, IllegalChoice
from adrenaline_tui.titles.bloodrush.explain import Explanation, explain, explain_option
from adrenaline_tui.titles.bloodrush.game import Game
from adrenaline_tui.titles.bloodrush.lesson import ANY_KEY, Lesson, Step, goal_problems, load_lesson, load_lessons
from adrenaline_tui.titles.bloodrush.views import events_for

Outcome = Literal["progress", "reached", "finished", "off_goal", "illegal", "read_first"]


@dataclass(frozen=True, slots=True)
class Choice:
    key: str
    label: str
    square: str | None
    target: str | None  # Adrenaline's options name a target; Bloodrush's never do
    on_goal: bool
    intended: bool
    note: str


@dataclass(frozen=True, slots=True)
class MapHighlight:
    squares: frozenset[str] = frozenset()
    figures: frozenset[str] = frozenset()
    rooms: frozenset[str] = frozenset()  # Bloodrush's board has no rooms

    def __bool__(self) -> bool:
        return bool(self.squares or self.figures)


@dataclass(frozen=True, slots=True)
class Result:
    outcome: Outcome
    key: str
    events: tuple[Event, ...]
    message: str
    step: int

    @property
    def accepted(self) -> bool:
        return self.outcome in ("progress", "reached", "finished")


class LessonRunner:
    def __init__(
        self, lesson: Lesson, progress: object | None = None, on_finish: Callable[[Lesson], None] | None = None
    ):
        self.lesson = lesson
        self.progress = progress  # a walkthrough.Progress (mark_done / mark_skipped), or None
        self.on_finish = on_finish
        self.game: Game = lesson.game()
        self.index = 0
        self.finished = False
        self.skipped = False
        self._step_start = 0
        self._event_start = 0
        self._intro: tuple[Event, ...] = ()
        self._start_step()

    # ------------------------------------------------------------------ reading
    @property
    def learner(self) -> str:
        return self.lesson.learner

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def position(self) -> str:
        return "Done" if self.finished else f"Step {self.index + 1} of {self.total}"

    @property
    def narration(self) -> str:
        return self.step.say if self.step else ""

    @property
    def task(self) -> str:
        return self.step.task if self.step else ""

    @property
    def hint(self) -> str:
        step = self.step
        if step is None or not step.plays:
            return ""
        key = self.intended_key()
        press = ""
        if key is not None and self.decision is not None:
            option = self.decision.option(key)
            if option is not None:
                press = f"Choose '{option.label}' ({key})."
        return " ".join(t for t in (step.hint, press) if t)

    @property
    def waiting(self) -> bool:
        step = self.step
        return step is not None and step.plays and self.game.pending is not None

    @property
    def decision(self) -> Decision | None:
        return self.game.pending

    @property
    def view(self) -> dict:
        return self.game.view(self.learner)

    @property
    def intro_events(self) -> tuple[Event, ...]:
        return self._intro

    @property
    def step_events(self) -> list[Event]:
        return events_for(self.learner, self.game.events[self._event_start :])

    def _pattern(self) -> tuple[str, ...] | None:
        step = self.step
        if step is None:
            return None
        at = len(self.game.history) - self._step_start
        return step.keys[at] if at < len(step.keys) else None

    def intended_key(self) -> str | None:
        pattern = self._pattern()
        d = self.decision
        if pattern is None or pattern[0] == ANY_KEY or d is None:
            return None
        return next((k for k in pattern if d.option(k) is not None), None)

    def _serves(self, key: str) -> tuple[bool, str]:
        step = self.step
        if step is None or not step.plays:
            return False, "Read this step first, then go on."
        if key in step.off_goal:
            return False, step.off_goal[key]
        pattern = self._pattern()
        if pattern is None or ANY_KEY in pattern or key in pattern:
            return True, ""
        default = step.off_goal.get(ANY_KEY)
        if default:
            return False, default
        option = self.decision.option(key) if self.decision else None
        label = option.label if option else key
        return False, f"'{label}' is allowed here, but it is not what this step is about. {step.task}"

    def choices(self) -> list[Choice]:
        d = self.decision
        if d is None or self.step is None:
            return []
        intended = self.intended_key()
        out = []
        for o in d.options:
            ok, note = self._serves(o.key)
            out.append(Choice(o.key, o.label, o.square, None, ok, o.key == intended, note))
        return out

    def highlight(self) -> MapHighlight:
        step = self.step
        h = step.highlight if step else None
        if h is None:
            return MapHighlight()
        return MapHighlight(frozenset(h.squares), frozenset(h.figures))

    def explain(self, thing: str) -> Explanation:
        return explain(self.view, thing)

    def missing(self) -> list[str]:
        step = self.step
        if step is None or step.goal is None:
            return []
        return goal_problems(step.goal, self.view, self.step_events)

    # ------------------------------------------------------------------ playing
    def press(self, key: str) -> Result:
        step = self.step
        if step is None:
            return self._result("finished", key, (), "The lesson is over.")
        d = self.decision
        if not step.plays or d is None:
            return self._result("read_first", key, (), "This step has nothing to press: read it, then go on.")
        if d.option(key) is None:
            return self._result("illegal", key, (), explain_option(self.game.view(d.player), key).text)
        ok, note = self._serves(key)
        if not ok:
            return self._result("off_goal", key, (), note)
        try:
            events = tuple(events_for(self.learner, self.game.choose(key)))
        except IllegalChoice as exc:
            return self._result("illegal", key, (), str(exc))
        if not self._reached():
            return self._result("progress", key, events, "")
        message = step.done
        outcome = self._advance()
        return self._result(outcome, key, events + self._intro, message)

    def proceed(self) -> Result:
        step = self.step
        if step is None:
            return self._result("finished", "", (), "The lesson is over.")
        if step.plays:
            return self._result("read_first", "", (), self.hint or step.task)
        outcome = self._advance()
        return self._result(outcome, "", self._intro, step.done)

    def retry(self) -> None:
        if self.step is None:
            return
        self.game = self.game.replay(self.game.history[: self._step_start])
        self._event_start = len(self.game.events)

    def skip(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.skipped = True
        mark = getattr(self.progress, "mark_skipped", None)
        if mark is not None:
            mark(self.lesson.id)

    # ----------------------------------------------------------------- internals
    def _reached(self) -> bool:
        step = self.step
        assert step is not None
        if step.goal is not None:
            return not goal_problems(step.goal, self.view, self.step_events)
        return len(self.game.history) - self._step_start >= len(step.keys)

    def _advance(self) -> Outcome:
        self.index += 1
        if self.index >= self.total:
            self.finished = True
            self._intro = ()
            mark = getattr(self.progress, "mark_done", None)
            if mark is not None:
                mark(self.lesson.id)
            if self.on_finish is not None:
                self.on_finish(self.lesson)
            return "finished"
        self._start_step()
        return "reached"

    def _start_step(self) -> None:
        step = self.lesson.steps[self.index]
        if step.scenario is not None:
            seed = step.seed if step.seed is not None else self.lesson.seed
            self.game = Game.from_scenario(step.scenario, seed=seed)
        before = len(self.game.events)
        for key in step.auto:
            self.game.choose(key)
        self._intro = tuple(events_for(self.learner, self.game.events[before:]))
        self._event_start = len(self.game.events)
        self._step_start = len(self.game.history)

    def _result(self, outcome: Outcome, key: str, events: tuple[Event, ...], message: str) -> Result:
        return Result(outcome, key, events, message, self.index)


def play_through(lesson: Lesson, log: Callable[[str], None] | None = None) -> list[str]:
    """Play every step with its intended keys; the problems found (empty: the lesson works).
    Each step that plays must start on the decision it `expect`s."""
    say = log or (lambda _text: None)
    runner = LessonRunner(lesson)
    problems: list[str] = []
    while not runner.finished:
        step = runner.step
        assert step is not None
        say(f"--- {runner.position}: {step.say.splitlines()[0]}")
        for e in runner.intro_events:
            say(f"    (auto) {e.text}")
        if not step.plays:
            runner.proceed()
            continue
        before = runner.index
        d = runner.decision
        if step.expect is not None and d is not None:
            for field in ("kind", "player"):
                want = getattr(step.expect, field)
                if want is not None and getattr(d, field) != want:
                    problems.append(
                        f"step {before + 1}: expects a {field} '{want}', the game asks '{getattr(d, field)}'"
                    )
        for n, pattern in enumerate(step.keys):
            d = runner.decision
            if d is None:
                problems.append(f"step {before + 1}: the game ended before key {n + 1}")
                break
            key = d.options[0].key if pattern[0] == ANY_KEY else pattern[0]
            say(f"    [{d.player} {d.kind}] {', '.join(d.keys)}  -> {key}")
            result = runner.press(key)
            for e in result.events:
                say(f"      {e.kind}: {e.text}")
            if not result.accepted:
                problems.append(f"step {before + 1}: key {n + 1} '{key}' refused ({result.outcome}): {result.message}")
                break
            if runner.index != before or runner.finished:
                if n + 1 < len(step.keys):
                    problems.append(f"step {before + 1}: goal reached after {n + 1} of {len(step.keys)} keys")
                break
        if runner.index == before and not runner.finished:
            if not problems or not problems[-1].startswith(f"step {before + 1}:"):
                problems.append(f"step {before + 1}: goal not reached: {'; '.join(runner.missing()) or 'keys ran out'}")
            break
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    verbose = "-v" in args
    files = [a for a in args if a != "-v"]
    try:
        lessons = [load_lesson(Path(f)) for f in files] if files else load_lessons()
    except DataError as exc:
        print(exc, file=sys.stderr)
        return 1
    bad = 0
    for lesson in lessons:
        problems = play_through(lesson, print if verbose else None)
        print(f"{'ok' if not problems else 'BROKEN':6} {lesson.id}: {lesson.title} ({len(lesson.steps)} steps)")
        for p in problems:
            print(f"       {p}")
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
