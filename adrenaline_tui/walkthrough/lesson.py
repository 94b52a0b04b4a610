"""A lesson file: a position (scenario) and the ordered steps played on it.

Lessons are YAML files under `walkthrough/lessons/` (format in `docs/lessons.md`). They are
validated with pydantic and then checked against the engine (the scenario must load, every
colour and square a step names must exist), so a broken file is reported as
`<file>: lesson '<id>': <field>: <problem>` before anyone plays it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from adrenaline_tui.lesson_play import ANY_KEY
from adrenaline_tui.lesson_script import DecisionGoal, EventGoal, Step, check_unique_ids, invalid, order_of, step_fields
from adrenaline_tui.lesson_script import Strict as _Strict
from adrenaline_tui.rules import DataError, Game
from adrenaline_tui.rules.scenario import read_scenario
from adrenaline_tui.rules.yamlfile import read_yaml_mapping
from adrenaline_tui.walkthrough.lesson_files import id_of_lesson, lessons_dir

__all__ = ["ANY_KEY", "DecisionGoal", "EventGoal", "Goal", "Lesson", "Step", "load_lesson", "load_lessons"]


class PlayerGoal(_Strict):
    """Facts about one player's board that must hold."""

    square: str | None = None
    damage: int | None = Field(None, ge=0, le=12)  # tokens on the track
    damage_from: dict[str, int] = {}  # tokens from each attacker
    marks: dict[str, int] = {}  # marks from each attacker (0 = none)
    score: int | None = None
    ammo: dict[str, int] = {}  # cubes of the colours named
    weapons: list[str] = []  # held (loaded or not)
    loaded: list[str] = []
    unloaded: list[str] = []
    powerups: int | None = Field(None, ge=0, le=4)  # cards in hand
    skulls: int | None = None
    frenzy_board: bool | None = None


class Goal(_Strict):
    """What a step asks for. Every part given must hold (after any key of the step)."""

    events: list[EventGoal] = []
    players: dict[str, PlayerGoal] = {}
    decision: DecisionGoal | None = None
    over: bool | None = None
    frenzy: bool | None = None

    @model_validator(mode="after")
    def _something(self) -> Goal:
        if not (self.events or self.players or self.decision or self.over is not None or self.frenzy is not None):
            raise ValueError("a goal needs events, players, decision, over or frenzy")
        return self


class Highlight(_Strict):
    """What the map should point at while the step is shown. Colours stand for where that
    figure stands when the step is displayed."""

    squares: list[str] = []
    figures: list[str] = []
    sight: str | None = None  # squares this figure (or square) sees
    reach: dict[str, int] = {}  # {colour or square: moves} - squares within that many moves
    rooms: list[str] = []
    line: dict[str, str] = {}  # {from: colour or square, direction: north|east|south|west, walls: block|ignore}


KeyPattern = str | list[str]


class StepModel(_Strict):
    say: str = Field(min_length=1)
    task: str = ""
    highlight: Highlight | None = None
    auto: list[str] = []  # keys the lesson plays itself when the step starts
    keys: list[KeyPattern] = []
    goal: Goal | None = None
    hint: str = ""
    off_goal: dict[str, str] = {}
    done: str = ""
    scenario: dict[str, Any] | str | None = None  # start this step from a new position
    seed: int | None = None

    @field_validator("keys")
    @classmethod
    def _patterns(cls, keys: list[KeyPattern]) -> list[KeyPattern]:
        for i, k in enumerate(keys):
            if isinstance(k, list) and not k:
                raise ValueError(f"keys.{i}: an empty list of alternatives matches nothing")
        return keys

    @model_validator(mode="after")
    def _shape(self) -> StepModel:
        if self.goal is not None and not self.keys:
            raise ValueError("a step with a goal lists the keys that reach it (keys), for the hint and the tests")
        if (self.keys or self.goal) and not self.task:
            raise ValueError("a step the learner plays needs a task (one line: what to do)")
        return self


class LessonModel(_Strict):
    id: str | None = None
    title: str = Field(min_length=1)
    summary: str = ""
    weapon: str | None = None
    powerup: str | None = None
    scenario: dict[str, Any] | str
    seed: int = 0
    learner: str | None = None
    steps: list[StepModel] = Field(min_length=1)


# ---------------------------------------------------------------------- loaded form
@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    summary: str
    source: str
    order: int
    weapon: str | None
    powerup: str | None
    scenario: dict[str, Any]
    seed: int
    learner: str
    steps: tuple[Step, ...]

    @property
    def kind(self) -> str:
        """`weapon` (one card), `variants` (a game mode or the bot, played after the basics) or
        `basics`."""
        if self.weapon:
            return "weapon"
        if self.scenario.get("mode", "standard") != "standard" or self.scenario.get("bot"):
            return "variants"
        return "basics"

    def game(self) -> Game:
        return Game.from_scenario(self.scenario, seed=self.seed)


# ---------------------------------------------------------------------------- loading
def _fail(path: Path, lesson: str, field: str, problem: str) -> DataError:
    return DataError(str(path), f"lesson '{lesson}'" if lesson else "", field, problem)


def _scenario(path: Path, lesson: str, field: str, spec: dict[str, Any] | str) -> dict[str, Any]:
    """The scenario mapping, from the lesson itself or a file next to it; checked by building it."""
    if isinstance(spec, str):
        target = (path.parent / spec).resolve()
        try:
            mapping = read_scenario(target)
        except DataError as exc:
            raise _fail(path, lesson, field, f"{target.name}: {exc.problem}") from None
        mapping.pop("_source", None)
    else:
        mapping = dict(spec)
    try:
        Game.from_scenario({**mapping, "_source": f"{path.name}"})
    except DataError as exc:
        inner = ".".join(p for p in (exc.entry.replace(" ", "."), exc.field) if p)
        raise _fail(path, lesson, f"{field}.{inner}" if inner else field, exc.problem) from None
    return mapping


def load_lesson(path: str | Path) -> Lesson:
    """Read, validate and check one lesson file."""
    path = Path(path)
    raw = read_yaml_mapping(path, "a lesson is a mapping with title, scenario and steps (see docs/lessons.md)")
    lesson_id = id_of_lesson(path, raw.get("id") if isinstance(raw.get("id"), str) else None)
    try:
        model = LessonModel.model_validate(raw)
    except ValidationError as exc:
        raise _fail(path, lesson_id, *invalid(exc)) from None
    scenario = _scenario(path, lesson_id, "scenario", model.scenario)
    game = Game.from_scenario(scenario, seed=model.seed)
    learner = model.learner or game.active.colour
    if learner not in game.players:
        raise _fail(path, lesson_id, "learner", f"'{learner}' is not playing")
    cards = game.cards
    if model.weapon is not None and model.weapon not in cards.weapons:
        raise _fail(path, lesson_id, "weapon", f"unknown weapon '{model.weapon}'")
    if model.powerup is not None and model.powerup not in cards.powerup_kinds:
        raise _fail(path, lesson_id, "powerup", f"unknown powerup '{model.powerup}'")
    steps = []
    for i, sm in enumerate(model.steps):
        where = f"steps.{i}"
        step_scenario = None
        if sm.scenario is not None:
            step_scenario = _scenario(path, lesson_id, f"{where}.scenario", sm.scenario)
            game = Game.from_scenario(step_scenario, seed=sm.seed if sm.seed is not None else model.seed)
        _check_step(path, lesson_id, where, sm, game)
        steps.append(Step(**step_fields(i, sm, step_scenario)))
    return Lesson(
        id=lesson_id,
        title=model.title,
        summary=model.summary.strip(),
        source=str(path),
        order=order_of(path),
        weapon=model.weapon,
        powerup=model.powerup,
        scenario=scenario,
        seed=model.seed,
        learner=learner,
        steps=tuple(steps),
    )


def _check_step(path: Path, lesson: str, where: str, sm: StepModel, game: Game) -> None:
    """Names a step uses must exist in the position it is played on."""
    colours = set(game.players)
    squares = set(game.arena.pos)

    def place(value: str, field: str) -> None:
        if value not in colours and value not in squares:
            raise _fail(path, lesson, f"{where}.{field}", f"'{value}' is neither a player in the game nor a square")

    h = sm.highlight
    if h is not None:
        for q in h.squares:
            if q not in squares:
                raise _fail(path, lesson, f"{where}.highlight.squares", f"'{q}' is not a square of {game.arena.id}")
        for c in h.figures:
            if c not in colours:
                raise _fail(path, lesson, f"{where}.highlight.figures", f"'{c}' is not playing")
        for r in h.rooms:
            if r not in game.arena.rooms:
                raise _fail(path, lesson, f"{where}.highlight.rooms", f"no {r} room in {game.arena.id}")
        if h.sight is not None:
            place(h.sight, "highlight.sight")
        for origin in h.reach:
            place(origin, "highlight.reach")
        if h.line:
            unknown = set(h.line) - {"from", "direction", "walls"}
            if unknown or "from" not in h.line or h.line.get("direction") not in ("north", "east", "south", "west"):
                raise _fail(
                    path, lesson, f"{where}.highlight.line", "write {from: <colour or square>, direction: <compass>}"
                )
            place(h.line["from"], "highlight.line.from")
    goal = sm.goal
    if goal is not None:
        for colour in goal.players:
            if colour not in colours:
                raise _fail(path, lesson, f"{where}.goal.players", f"'{colour}' is not playing")
            pg = goal.players[colour]
            if pg.square is not None and pg.square not in squares:
                raise _fail(path, lesson, f"{where}.goal.players.{colour}.square", f"'{pg.square}' is not a square")
            for w in (*pg.weapons, *pg.loaded, *pg.unloaded):
                if w not in game.cards.weapons:
                    raise _fail(path, lesson, f"{where}.goal.players.{colour}", f"unknown weapon '{w}'")
        for i, ev in enumerate(goal.events):
            for field in ("player", "attacker", "target", "killer"):
                value = getattr(ev, field, None)
                if value is not None and value not in colours:
                    raise _fail(path, lesson, f"{where}.goal.events.{i}.{field}", f"'{value}' is not playing")


def load_lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every lesson: the basics in file-name order, then one per weapon in card order."""
    folder = Path(folder) if folder is not None else lessons_dir()
    basics = sorted(folder.glob("*.yaml"), key=lambda p: (order_of(p), p.name))
    lessons = [load_lesson(p) for p in basics]
    weapon_files = sorted((folder / "weapons").glob("*.yaml")) if (folder / "weapons").is_dir() else []
    weapons = [load_lesson(p) for p in weapon_files]
    if weapons:
        order = list(weapons[0].game().cards.weapons)
        weapons.sort(key=lambda lesson: order.index(lesson.weapon) if lesson.weapon in order else len(order))
    check_unique_ids([*lessons, *weapons], _fail)
    return [*lessons, *weapons]
