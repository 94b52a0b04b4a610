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

Nothing here draws anything; a Textual screen or a test presses keys the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from adrenaline_tui.rules import Decision, Event, Game, IllegalChoice
from adrenaline_tui.rules.arena import DIRECTIONS
from adrenaline_tui.rules.explain import Explanation, explain
from adrenaline_tui.walkthrough.goals import goal_met, goal_problems
from adrenaline_tui.walkthrough.lesson import ANY_KEY, Lesson, Step
from adrenaline_tui.walkthrough.progress import Progress

Outcome = Literal["progress", "reached", "finished", "off_goal", "illegal", "read_first"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of the pending decision, as the lesson sees it."""

    key: str
    label: str
    square: str | None
    target: str | None
    on_goal: bool  # pressing it serves the step
    intended: bool  # the key the hint points at
    note: str  # for an off-goal option: why the lesson will not play it


@dataclass(frozen=True, slots=True)
class MapHighlight:
    """Squares, figures and rooms the map should point at for the current step."""

    squares: frozenset[str] = frozenset()
    figures: frozenset[str] = frozenset()
    rooms: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.squares or self.figures or self.rooms)


@dataclass(frozen=True, slots=True)
class Result:
    """What one press (or `proceed`) did."""

    outcome: Outcome
    key: str
    events: tuple[Event, ...]  # what the key caused (and the next step's automatic keys)
    message: str  # the step's "done" text, or the explanation of a refused key
    step: int  # the index of the step now shown (len(steps) once finished)

    @property
    def accepted(self) -> bool:
        return self.outcome in ("progress", "reached", "finished")


class LessonRunner:
    """Drives one lesson. `on_finish` is called once when the last step is reached."""

    def __init__(
        self,
        lesson: Lesson,
        progress: Progress | None = None,
        on_finish: Callable[[Lesson], None] | None = None,
    ) -> None:
        self.lesson = lesson
        self.progress = progress
        self.on_finish = on_finish
        self.game: Game = lesson.game()
        self.index = 0
        self.finished = False
        self.skipped = False
        self._step_start = 0  # len(game.history) when the current step started
        self._event_start = 0  # len(game.events) when the learner's part of the current step started
        self._intro: tuple[Event, ...] = ()
        self._start_step()

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

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
        return step is not None and step.plays and self.game.pending is not None

    @property
    def decision(self) -> Decision | None:
        return self.game.pending

    @property
    def intro_events(self) -> tuple[Event, ...]:
        """Events of the keys the lesson played by itself when this step started."""
        return self._intro

    @property
    def step_events(self) -> list[Event]:
        return self.game.events[self._event_start :]

    def _pattern(self) -> tuple[str, ...] | None:
        step = self.step
        if step is None:
            return None
        at = len(self.game.history) - self._step_start
        return step.keys[at] if at < len(step.keys) else None

    def intended_key(self) -> str | None:
        """The key the hint points at now, if the step names one."""
        pattern = self._pattern()
        if pattern is None or pattern[0] == ANY_KEY:
            return None
        d = self.decision
        if d is None:
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
            out.append(Choice(o.key, o.label, o.square, o.target, ok, o.key == intended, note))
        return out

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

    def missing(self) -> list[str]:
        """What the step's goal still lacks (for a hint, or to debug a lesson)."""
        step = self.step
        if step is None or step.goal is None:
            return []
        return goal_problems(step.goal, self.game, self.step_events)

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
            why = explain(self.game, key)
            return self._result("illegal", key, (), why.text)
        ok, note = self._serves(key)
        if not ok:
            return self._result("off_goal", key, (), note)
        try:
            events = tuple(self.game.choose(key))
        except IllegalChoice as exc:  # the decision said otherwise; never leave the learner stuck
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
        self.game = self.game.replay(self.game.history[: self._step_start])
        self._event_start = len(self.game.events)

    def skip(self) -> None:
        """Give up on the lesson: remembered as skipped (a finished lesson stays finished)."""
        if self.finished:
            return
        self.finished = True
        self.skipped = True
        if self.progress is not None:
            self.progress.mark_skipped(self.lesson.id)

    # ----------------------------------------------------------------- internals
    def _reached(self) -> bool:
        step = self.step
        assert step is not None
        if step.goal is not None:
            return goal_met(step.goal, self.game, self.step_events)
        return len(self.game.history) - self._step_start >= len(step.keys)

    def _advance(self) -> Outcome:
        self.index += 1
        if self.index >= self.total:
            self.finished = True
            self._intro = ()
            if self.progress is not None:
                self.progress.mark_done(self.lesson.id)
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
        self._intro = tuple(self.game.events[before:])
        # the goal looks at what the learner's own keys cause, not at the scripted ones
        self._event_start = len(self.game.events)
        self._step_start = len(self.game.history)

    def _result(self, outcome: Outcome, key: str, events: tuple[Event, ...], message: str) -> Result:
        return Result(outcome, key, events, message, self.index)
