"""Playing a lesson, for every title: a pure state machine a screen drives with key presses.

A title's lesson is a scenario and narrated steps (Adrenaline's `walkthrough/lesson.py`,
Bloodrush's `titles/bloodrush/lesson.py`). What a lesson does with them is the same in every
title, so it is here once, below the titles (it imports no engine, no UI):

- a key on the step's path is played; when the step's goal is reached the next step starts;
- a legal key that does not serve the step is *not* played: the result says why ("Running is
  legal, but this step is about grabbing") and the position is unchanged;
- a key the engine would refuse gets the title's own reason;
- `retry` puts the position back where the step started, `skip` gives the lesson up, and the
  progress (`mark_done` / `mark_skipped`) remembers either.

A title's runner subclasses `LessonRunner` and says only what is its own: how a scenario becomes
a game, which events the learner may see, what a goal lacks, why a key is refused, what an
option targets and what the map points at. `play_through` plays a lesson with its intended keys
and lists what went wrong; `check_lessons` is the command line around it
(`python -m adrenaline_tui.walkthrough.check`, `python -m adrenaline_tui.titles.bloodrush.lesson_runner`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar

Outcome = Literal["progress", "reached", "finished", "off_goal", "illegal", "read_first"]

ANY_KEY = "*"  # a position of a step's keys that any legal key serves


class Marks(Protocol):
    """Where a lesson's end is remembered (`walkthrough.Progress`)."""

    def mark_done(self, lesson_id: str) -> None: ...

    def mark_skipped(self, lesson_id: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of the pending decision, as the lesson sees it."""

    key: str
    label: str
    square: str | None
    target: str | None  # Adrenaline's options name a target; Bloodrush's never do
    on_goal: bool  # pressing it serves the step
    intended: bool  # the key the hint points at
    note: str  # for an off-goal option: why the lesson will not play it


@dataclass(frozen=True, slots=True)
class MapHighlight:
    """Squares, figures and rooms the map should point at for the current step."""

    squares: frozenset[str] = frozenset()
    figures: frozenset[str] = frozenset()
    rooms: frozenset[str] = frozenset()  # a board without rooms leaves this empty

    def __bool__(self) -> bool:
        return bool(self.squares or self.figures or self.rooms)


@dataclass(frozen=True, slots=True)
class Result:
    """What one press (or `proceed`) did."""

    outcome: Outcome
    key: str
    events: tuple[Any, ...]  # what the key caused (and the next step's automatic keys)
    message: str  # the step's "done" text, or the explanation of a refused key
    step: int  # the index of the step now shown (len(steps) once finished)

    @property
    def accepted(self) -> bool:
        return self.outcome in ("progress", "reached", "finished")


class StepLike(Protocol):
    """What the runner reads of a step; each title's `Step` has more."""

    say: str
    task: str
    hint: str
    done: str
    auto: tuple[str, ...]
    keys: tuple[tuple[str, ...], ...]  # each position: the accepted keys, or ("*",)
    off_goal: dict[str, str]
    goal: Any
    scenario: dict[str, Any] | None
    seed: int | None

    @property
    def plays(self) -> bool: ...


StepT = TypeVar("StepT", bound=StepLike)
GameT = TypeVar("GameT")
LessonT = TypeVar("LessonT")


class LessonRunner(Generic[LessonT, StepT, GameT]):
    """Drives one lesson. `on_finish` is called once when the last step is reached."""

    refused: tuple[type[Exception], ...] = ()  # the engine's refusal of a key (its IllegalChoice)

    def __init__(
        self,
        lesson: LessonT,
        progress: Marks | None = None,
        on_finish: Callable[[LessonT], None] | None = None,
    ) -> None:
        self.lesson = lesson
        self.progress = progress
        self.on_finish = on_finish
        self.game: GameT = lesson.game()  # type: ignore[attr-defined]
        self.index = 0
        self.finished = False
        self.skipped = False
        self._step_start = 0  # len(game.history) when the current step started
        self._event_start = 0  # len(game.events) when the learner's part of the current step started
        self._intro: tuple[Any, ...] = ()
        self._start_step()

    # ------------------------------------------------------------ the title's own
    def _new_game(self, scenario: dict[str, Any], seed: int) -> GameT:
        """The game a step's own scenario starts."""
        raise NotImplementedError

    def _seen(self, events: Sequence[Any]) -> Sequence[Any]:
        """The events the learner may see (all of them unless the title hides some)."""
        return events

    def _goal_problems(self, goal: Any) -> list[str]:
        """What the goal still lacks in the game now, after the step's events (empty: reached)."""
        raise NotImplementedError

    def _refusal(self, decision: Any, key: str) -> str:
        """Why the engine would refuse a key that is not an option of the decision."""
        raise NotImplementedError

    def _target(self, option: Any) -> str | None:
        """The figure an option aims at, if the title's options name one."""
        return None

    def highlight(self) -> MapHighlight:
        """The step's map highlight, resolved against where everyone stands now."""
        return MapHighlight()

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> StepT | None:
        return None if self.finished else self.lesson.steps[self.index]  # type: ignore[attr-defined]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)  # type: ignore[attr-defined]

    @property
    def position(self) -> str:
        """`Step 2 of 5` (or `Done` once finished)."""
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
        """True when the step waits on a key press (not only on the learner reading it)."""
        step = self.step
        return step is not None and step.plays and self.game.pending is not None  # type: ignore[attr-defined]

    @property
    def decision(self) -> Any:
        return self.game.pending  # type: ignore[attr-defined]

    @property
    def intro_events(self) -> tuple[Any, ...]:
        """Events of the keys the lesson played by itself when this step started."""
        return self._intro

    @property
    def step_events(self) -> Sequence[Any]:
        return self._seen(self.game.events[self._event_start :])  # type: ignore[attr-defined]

    def _pattern(self) -> tuple[str, ...] | None:
        step = self.step
        if step is None:
            return None
        at = len(self.game.history) - self._step_start  # type: ignore[attr-defined]
        return step.keys[at] if at < len(step.keys) else None

    def intended_key(self) -> str | None:
        """The key the hint points at now, if the step names one."""
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
        """Every legal option of the pending decision, each marked on or off the step's goal."""
        d = self.decision
        if d is None or self.step is None:
            return []
        intended = self.intended_key()
        out = []
        for o in d.options:
            ok, note = self._serves(o.key)
            out.append(Choice(o.key, o.label, o.square, self._target(o), ok, o.key == intended, note))
        return out

    def missing(self) -> list[str]:
        """What the step's goal still lacks (for a hint, or to debug a lesson)."""
        step = self.step
        if step is None or step.goal is None:
            return []
        return self._goal_problems(step.goal)

    def start_problems(self) -> list[str]:
        """What is wrong with the decision the current step starts on (a title whose steps name
        the decision they expect checks it; `play_through` reports it)."""
        return []

    # ------------------------------------------------------------------ playing
    def press(self, key: str) -> Result:
        """Play a key of the pending decision for the current step."""
        step = self.step
        if step is None:
            return self._result("finished", key, (), "The lesson is over.")
        d = self.decision
        if not step.plays or d is None:
            return self._result("read_first", key, (), "This step has nothing to press: read it, then go on.")
        if d.option(key) is None:
            return self._result("illegal", key, (), self._refusal(d, key))
        ok, note = self._serves(key)
        if not ok:
            return self._result("off_goal", key, (), note)
        try:
            events = tuple(self._seen(self.game.choose(key)))  # type: ignore[attr-defined]
        except self.refused as exc:  # the decision said otherwise; never leave the learner stuck
            return self._result("illegal", key, (), str(exc))
        if not self._reached():
            return self._result("progress", key, events, "")
        message = step.done
        outcome = self._advance()
        return self._result(outcome, key, events + self._intro, message)

    def proceed(self) -> Result:
        """Go on from a step that only has something to read."""
        step = self.step
        if step is None:
            return self._result("finished", "", (), "The lesson is over.")
        if step.plays:
            return self._result("read_first", "", (), self.hint or step.task)
        outcome = self._advance()
        return self._result(outcome, "", self._intro, step.done)

    def retry(self) -> None:
        """Put the position back where the current step started."""
        if self.step is None:
            return
        self.game = self.game.replay(self.game.history[: self._step_start])  # type: ignore[attr-defined]
        self._event_start = len(self.game.events)  # type: ignore[attr-defined]

    def skip(self) -> None:
        """Give up on the lesson: remembered as skipped (a finished lesson stays finished)."""
        if self.finished:
            return
        self.finished = True
        self.skipped = True
        if self.progress is not None:
            self.progress.mark_skipped(self.lesson.id)  # type: ignore[attr-defined]

    # ----------------------------------------------------------------- internals
    def _reached(self) -> bool:
        step = self.step
        assert step is not None
        if step.goal is not None:
            return not self._goal_problems(step.goal)
        return len(self.game.history) - self._step_start >= len(step.keys)  # type: ignore[attr-defined]

    def _advance(self) -> Outcome:
        self.index += 1
        if self.index >= self.total:
            self.finished = True
            self._intro = ()
            if self.progress is not None:
                self.progress.mark_done(self.lesson.id)  # type: ignore[attr-defined]
            if self.on_finish is not None:
                self.on_finish(self.lesson)
            return "finished"
        self._start_step()
        return "reached"

    def _start_step(self) -> None:
        step = self.lesson.steps[self.index]  # type: ignore[attr-defined]
        if step.scenario is not None:
            seed = step.seed if step.seed is not None else self.lesson.seed  # type: ignore[attr-defined]
            self.game = self._new_game(step.scenario, seed)
        game: Any = self.game
        before = len(game.events)
        for key in step.auto:
            game.choose(key)
        self._intro = tuple(self._seen(game.events[before:]))
        # the goal looks at what the learner's own keys cause, not at the scripted ones
        self._event_start = len(game.events)
        self._step_start = len(game.history)

    def _result(self, outcome: Outcome, key: str, events: tuple[Any, ...], message: str) -> Result:
        return Result(outcome, key, events, message, self.index)


# ------------------------------------------------------------------ checking a script
def play_through(runner: LessonRunner, log: Callable[[str], None] | None = None, ran_out: str = "") -> list[str]:
    """Play every step of the runner's lesson with its intended keys (the first alternative at
    each position); the problems found (empty: the lesson works). `ran_out` is the title's words
    for a goal the keys did not reach when nothing in particular is missing."""
    say = log or (lambda _text: None)
    problems: list[str] = []
    while not runner.finished:
        step = runner.step
        assert step is not None
        say(f"--- {runner.position}: {step.say.splitlines()[0] if step.say else ''}")
        for e in runner.intro_events:
            say(f"    (auto) {e.text}")
        if not step.plays:
            runner.proceed()
            continue
        before = runner.index
        problems += [f"step {before + 1}: {p}" for p in runner.start_problems()]
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
                problems.append(f"step {before + 1}: goal not reached: {'; '.join(runner.missing()) or ran_out}")
            break
    return problems


def check_lessons(
    argv: list[str] | None,
    load_lesson: Callable[[Path], Any],
    load_lessons: Callable[[], Sequence[Any]],
    errors: type[Exception],
    play: Callable[..., list[str]],
) -> int:
    """The command line that checks a title's lessons: `[FILE...] [-v]`; 1 if any is broken."""
    args = sys.argv[1:] if argv is None else argv
    verbose = "-v" in args
    files = [a for a in args if a != "-v"]
    try:
        lessons = [load_lesson(Path(f)) for f in files] if files else load_lessons()
    except errors as exc:
        print(exc, file=sys.stderr)
        return 1
    bad = 0
    for lesson in lessons:
        problems = play(lesson, print if verbose else None)
        print(f"{'ok' if not problems else 'BROKEN':6} {lesson.id}: {lesson.title} ({len(lesson.steps)} steps)")
        for p in problems:
            print(f"       {p}")
        bad += bool(problems)
    return 1 if bad else 0
