"""Bloodrush's lessons: a scenario and narrated steps, as data (`lessons/*.yaml`).

The same format as Adrenaline's lessons (`walkthrough/lesson.py`, docs/lessons.md): each step
says something, may give a `task` with the `keys` that do it and a `goal` that must then hold,
may play `auto` keys first (the other seats' turns), may start from a new `scenario`. Two
things are Bloodrush's own: a goal names Bloodrush's facts (a vampire's square, blood, humans,
bursts; the Mozzie; the time; the humans on the board), and `expect` names the decision the
step waits on (its kind and who decides), so a lesson states what the learner will be asked.

A lesson is checked when it is read: the file's shape (pydantic), its scenarios (built), and
every seat, square and human a step names. Goals are read from the learner's `view` and the
events the learner may see, like everything shown on the table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, model_validator

from adrenaline_tui import lesson_script
from adrenaline_tui.lesson_play import ANY_KEY
from adrenaline_tui.lesson_script import (
    DecisionGoal,
    EventGoal,
    check_unique_ids,
    decision_problems,
    event_matches,
    event_problems,
    invalid,
    order_of,
    step_fields,
)
from adrenaline_tui.lesson_script import Strict as _Strict
from adrenaline_tui.titles.bloodrush.decision import Event
from adrenaline_tui.titles.bloodrush.errors import DataError
from adrenaline_tui.titles.bloodrush.game import Game
from adrenaline_tui.titles.bloodrush.scenario import read_scenario
from adrenaline_tui.titles.files import read_yaml

LESSONS = Path(__file__).with_name("lessons")
MAX_LESSON_BYTES = 64 * 1024
ID_PREFIX = "bloodrush-"

__all__ = ["ANY_KEY", "DecisionGoal", "EventGoal", "Goal", "Lesson", "Step", "event_matches", "goal_problems"]


class VampireGoal(_Strict):
    square: str | None = None
    blood: int | None = Field(None, ge=0, le=10)
    humans: list[str] | None = None
    alive: bool | None = None
    bursts: int | None = Field(None, ge=0)
    hand_count: int | None = Field(None, ge=0)


class MozzieGoal(_Strict):
    square: str | None = None
    heading: str | None = None


class Goal(_Strict):
    """What a step asks for. Every part given must hold after the step's keys."""

    vampires: dict[str, VampireGoal] = {}
    mozzie: MozzieGoal | None = None
    time: str | None = None  # a label of the time track
    humans: dict[str, str | None] = {}  # square -> the human there (null: nobody)
    eaten: list[str] | None = None
    events: list[EventGoal] = []
    decision: DecisionGoal | None = None
    over: bool | None = None

    @model_validator(mode="after")
    def _something(self) -> Goal:
        if not (
            self.vampires
            or self.mozzie
            or self.time
            or self.humans
            or self.eaten is not None
            or self.events
            or self.decision
            or self.over is not None
        ):
            raise ValueError("a goal needs vampires, mozzie, time, humans, eaten, events, decision or over")
        return self


class Highlight(_Strict):
    squares: list[str] = []
    figures: list[str] = []  # seats, or "mozzie"


class StepModel(_Strict):
    say: str = Field(min_length=1)
    task: str = ""
    expect: DecisionGoal | None = None
    highlight: Highlight | None = None
    auto: list[str] = []
    keys: list[str | list[str]] = []
    goal: Goal | None = None
    hint: str = ""
    off_goal: dict[str, str] = {}
    done: str = ""
    scenario: dict[str, Any] | str | None = None
    seed: int | None = None

    @model_validator(mode="after")
    def _shape(self) -> StepModel:
        if self.goal is not None and not self.keys:
            raise ValueError("a step with a goal lists the keys that reach it (keys), for the hint and the tests")
        if (self.keys or self.goal) and not self.task:
            raise ValueError("a step the learner plays needs a task (one line: what to do)")
        if self.keys and self.expect is None:
            raise ValueError("a step the learner plays says which decision it waits on (expect)")
        return self


class LessonModel(_Strict):
    id: str | None = None
    title: str = Field(min_length=1)
    summary: str = ""
    scenario: dict[str, Any] | str
    seed: int = 0
    learner: str | None = None
    steps: list[StepModel] = Field(min_length=1)


# ----------------------------------------------------------------------- loaded form
@dataclass(frozen=True, slots=True)
class Step(lesson_script.Step):
    """A step, and the decision it waits on when the learner plays it."""

    expect: DecisionGoal | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    summary: str
    source: str
    order: int
    scenario: dict[str, Any]
    seed: int
    learner: str
    steps: tuple[Step, ...]
    title_id: str = "bloodrush"

    @property
    def kind(self) -> str:
        return "basics"

    def game(self) -> Game:
        return Game.from_scenario(self.scenario, seed=self.seed)


# --------------------------------------------------------------------------- loading
def _fail(path: Path, lesson: str, field: str, problem: str) -> DataError:
    return DataError(f"{path}: lesson '{lesson}'", field, problem)


def _scenario(path: Path, lesson: str, field: str, spec: dict[str, Any] | str) -> dict[str, Any]:
    try:
        mapping = read_scenario((path.parent / spec).resolve() if isinstance(spec, str) else spec)
        Game.from_scenario(mapping)
    except DataError as exc:
        raise _fail(path, lesson, f"{field}.{exc.field}" if exc.field else field, exc.problem) from None
    return mapping


def _check_step(path: Path, lesson: str, where: str, sm: StepModel, game: Game) -> None:
    """Names a step uses must exist in the position it is played on."""
    seats = set(game.config.seats)
    squares = set(game.board.tiles)
    humans = set(game.components.human)
    h = sm.highlight
    if h is not None:
        for q in h.squares:
            if q not in squares:
                raise _fail(path, lesson, f"{where}.highlight.squares", f"'{q}' is not a square of the board")
        for f in h.figures:
            if f != "mozzie" and f not in seats:
                raise _fail(path, lesson, f"{where}.highlight.figures", f"'{f}' is neither a seat nor the mozzie")
    if sm.expect is not None and sm.expect.player is not None and sm.expect.player not in seats:
        raise _fail(path, lesson, f"{where}.expect.player", f"'{sm.expect.player}' is not playing")
    goal = sm.goal
    if goal is None:
        return
    for seat, vg in goal.vampires.items():
        if seat not in game.config.vampires:
            raise _fail(path, lesson, f"{where}.goal.vampires", f"'{seat}' is not a vampire of the game")
        if vg.square is not None and vg.square not in squares:
            raise _fail(path, lesson, f"{where}.goal.vampires.{seat}.square", f"'{vg.square}' is not a square")
        for t in vg.humans or []:
            if t not in humans:
                raise _fail(path, lesson, f"{where}.goal.vampires.{seat}.humans", f"'{t}' is not a human tile")
    for sq, t in goal.humans.items():
        if sq not in squares or (t is not None and t not in humans):
            raise _fail(path, lesson, f"{where}.goal.humans", f"'{sq}: {t}' is not a square and a human tile")
    if goal.time is not None and goal.time not in [s.label for s in game.components.time]:
        raise _fail(path, lesson, f"{where}.goal.time", f"'{goal.time}' is not a label of the time track")
    if goal.mozzie is not None and goal.mozzie.square is not None and goal.mozzie.square not in squares:
        raise _fail(path, lesson, f"{where}.goal.mozzie.square", f"'{goal.mozzie.square}' is not a square")


def load_lesson(path: str | Path) -> Lesson:
    """Read, validate and check one lesson file."""
    path = Path(path)
    raw = read_yaml(path, MAX_LESSON_BYTES, DataError)
    if not isinstance(raw, dict):
        raise DataError(str(path), "", "a lesson is a mapping with title, scenario and steps (see docs/lessons.md)")
    # One progress file serves every title's lessons: a Bloodrush lesson's id names its title,
    # so finishing Bloodrush's "moving" never marks Adrenaline's "moving" done.
    given = raw.get("id") if isinstance(raw.get("id"), str) else re.sub(r"^\d+-", "", path.stem)
    lesson_id = given if given.startswith(ID_PREFIX) else ID_PREFIX + given
    try:
        model = LessonModel.model_validate(raw)
    except ValidationError as exc:
        raise _fail(path, lesson_id, *invalid(exc)) from None
    scenario = _scenario(path, lesson_id, "scenario", model.scenario)
    game = Game.from_scenario(scenario, seed=model.seed)
    learner = model.learner or game.active
    if learner not in game.config.seats:
        raise _fail(path, lesson_id, "learner", f"'{learner}' is not playing")
    steps = []
    for i, sm in enumerate(model.steps):
        where = f"steps.{i}"
        step_scenario = None
        if sm.scenario is not None:
            step_scenario = _scenario(path, lesson_id, f"{where}.scenario", sm.scenario)
            game = Game.from_scenario(step_scenario, seed=sm.seed if sm.seed is not None else model.seed)
        _check_step(path, lesson_id, where, sm, game)
        steps.append(Step(**step_fields(i, sm, step_scenario), expect=sm.expect))
    return Lesson(
        id=lesson_id,
        title=model.title,
        summary=model.summary.strip(),
        source=str(path),
        order=order_of(path),
        scenario=scenario,
        seed=model.seed,
        learner=learner,
        steps=tuple(steps),
    )


def load_lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every lesson in file-name order."""
    folder = Path(folder) if folder is not None else LESSONS
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.yaml"), key=lambda p: (order_of(p), p.name))]
    check_unique_ids(lessons, _fail)
    return lessons


# ------------------------------------------------------------------------------ goals
def goal_problems(goal: Goal, view: dict[str, Any], events: Sequence[Event]) -> list[str]:
    """What is still missing for the goal, read from the learner's view and visible events."""
    out = event_problems(goal.events, events)
    for seat, want in goal.vampires.items():
        v = view["vampires"][seat]
        for field in ("square", "blood", "humans", "alive", "bursts", "hand_count"):
            expected = getattr(want, field)
            if expected is not None and v[field] != expected:
                out.append(f"{seat}'s {field} is {v[field]}, not {expected}")
    if goal.mozzie is not None:
        for field in ("square", "heading"):
            expected = getattr(goal.mozzie, field)
            if expected is not None and view["mozzie"][field] != expected:
                out.append(f"the Mozzie's {field} is {view['mozzie'][field]}, not {expected}")
    if goal.time is not None and view["time"]["label"] != goal.time:
        out.append(f"the time is {view['time']['label']}, not {goal.time}")
    for sq, tile in goal.humans.items():
        if view["humans"].get(sq) != tile:
            out.append(f"{sq} holds {view['humans'].get(sq)}, not {tile}")
    if goal.eaten is not None and view["eaten"] != goal.eaten:
        out.append(f"the Mozzie ate {view['eaten']}, not {goal.eaten}")
    if goal.decision is not None:
        waiting = view.get("waiting_on")
        out += decision_problems(goal.decision, None if waiting is None else (waiting["kind"], waiting["player"]))
    if goal.over is not None and view["over"] != goal.over:
        out.append("the game is not over" if goal.over else "the game is over")
    return out
