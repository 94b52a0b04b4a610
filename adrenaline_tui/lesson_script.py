"""A lesson's script, for every title: the parts of a lesson file and of its goals that do not
depend on the game (docs/lessons.md).

Each title's lesson module (Adrenaline's `walkthrough/lesson.py`, Bloodrush's
`titles/bloodrush/lesson.py`) keeps its own pydantic models, its own checks of the names a step
uses and its own goals; what a step is once loaded, the order of the files, the field a
validation error names, the uniqueness of ids and the event and decision parts of a goal are the
same, and are here once. This imports pydantic but no engine and no UI.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from adrenaline_tui.lesson_play import ANY_KEY


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EventGoal(Strict):
    """An event that must happen during the step: its kind and any of its data fields."""

    model_config = ConfigDict(extra="allow")
    kind: str


class DecisionGoal(Strict):
    kind: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    say: str
    task: str
    highlight: Any  # the title's Highlight model, or None
    auto: tuple[str, ...]
    keys: tuple[tuple[str, ...], ...]  # each position: the accepted keys, or ("*",)
    goal: Any  # the title's Goal model, or None
    hint: str
    off_goal: dict[str, str]
    done: str
    scenario: dict[str, Any] | None
    seed: int | None

    @property
    def plays(self) -> bool:
        """Does the learner press keys in this step (or only read it)?"""
        return bool(self.keys)

    def intended(self) -> list[str]:
        """One way through the step: the first alternative at each position."""
        return [k[0] for k in self.keys if k[0] != ANY_KEY]


def step_fields(index: int, model: Any, scenario: dict[str, Any] | None) -> dict[str, Any]:
    """A `Step`'s fields from a title's validated step model (its text stripped, its keys as
    tuples of alternatives) and the scenario the step starts from, if its own."""
    return {
        "index": index,
        "say": model.say.strip(),
        "task": model.task.strip(),
        "highlight": model.highlight,
        "auto": tuple(model.auto),
        "keys": tuple(tuple(k) if isinstance(k, list) else (k,) for k in model.keys),
        "goal": model.goal,
        "hint": model.hint.strip(),
        "off_goal": {k: v.strip() for k, v in model.off_goal.items()},
        "done": model.done.strip(),
        "scenario": scenario,
        "seed": model.seed,
    }


def order_of(path: Path) -> int:
    """A lesson's place among the basics: the number its file name starts with."""
    m = re.match(r"^(\d+)", path.stem)
    return int(m[1]) if m else 1000


def invalid(exc: ValidationError) -> tuple[str, str]:
    """The field and the problem of a lesson file's first validation error."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err["loc"] if not _shape_tag(p))
    return field, str(err["msg"]).removeprefix("Value error, ")


def _shape_tag(part: object) -> bool:
    """Pydantic names the union member it tried (`str`, `list[str]`, `dict[...]`) in locations."""
    return isinstance(part, str) and (part in ("str", "int") or "[" in part)


def check_unique_ids(lessons: Iterable[Any], fail: Callable[[Path, str, str, str], Exception]) -> None:
    """Progress is kept by lesson id: two lessons of one id are refused, naming both files."""
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise fail(Path(lesson.source), lesson.id, "id", f"the id is already used by {seen[lesson.id]}")
        seen[lesson.id] = lesson.source


def event_matches(pattern: EventGoal, event: Any) -> bool:
    if event.kind != pattern.kind:
        return False
    return all(event.data.get(f) == want for f, want in (pattern.model_extra or {}).items())


def event_problems(patterns: Sequence[EventGoal], events: Sequence[Any]) -> list[str]:
    """The events a goal asks for that the step's events lack."""
    out = []
    for pattern in patterns:
        if not any(event_matches(pattern, e) for e in events):
            fields = ", ".join(f"{k}={v}" for k, v in (pattern.model_extra or {}).items())
            out.append(f"no '{pattern.kind}' event" + (f" with {fields}" if fields else ""))
    return out


def decision_problems(want: DecisionGoal | None, waiting: tuple[str, str] | None) -> list[str]:
    """Where the decision the game waits on (its kind and player; None once over) is not the one
    the goal names."""
    if want is None:
        return []
    if waiting is None:
        return ["the game is over"]
    kind, player = waiting
    out = []
    if want.kind is not None and kind != want.kind:
        out.append(f"the game waits on '{kind}', not '{want.kind}'")
    if want.player is not None and player != want.player:
        out.append(f"the game waits on {player}, not {want.player}")
    return out
