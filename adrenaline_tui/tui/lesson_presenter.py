"""From a `LessonRunner` to what the lesson screen's widgets show.

The lesson screen draws the same widgets as the table (map, decision, boards, track), so this
builds on `presenter`: the map gets the step's highlight, the decision lists every option the
engine offers with the ones the step does not want dimmed (and why, under the list), and a step
that only has something to read offers a single "Continue".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.widgets.action_panel import PanelState, hotkey
from adrenaline_tui.tui.widgets.arena_map import MapState
from adrenaline_tui.walkthrough import LessonRunner

CONTINUE = "Continue"
HINT_LABEL = 32  # longer option labels are left out of the hint
MORE = "Read on (more below)"


@dataclass(frozen=True, slots=True)
class EndChoice:
    """An option offered when the lesson is over: `what` is next, skipped, game, list or lesson id."""

    what: str
    label: str


def viewer(runner: LessonRunner) -> str:
    """Whose eyes the lesson is for: whoever the step has the learner play (a lesson may hand
    the learner another figure for a step), else the learner."""
    d = runner.decision
    if runner.waiting and d is not None:
        return d.player
    return runner.lesson.learner


def lesson_view(runner: LessonRunner, reading: bool = False) -> dict[str, Any]:
    """The view the lesson draws; `reading` while the learner still has text to read first."""
    # One person at the screen, and lessons talk about points: they are face up.
    view = runner.game.view(viewer(runner), reveal_scores=True)
    if not runner.waiting or reading:
        # Only "Continue" (or "Read on") is offered: the map must not show keys for options.
        view = {**view, "pending": None}
    return view


def figures_in_step(runner: LessonRunner, view: dict[str, Any]) -> set[str]:
    """The players whose boards the step is about: the learner, whoever decides, the players
    its goal or its keys name, the targets on offer, and the figures it points at whose boards show
    something (damage or marks). A small window shows only their boards. ("Dozer is out of
    sight" points at Dozer for the map; it needs no board.)"""
    game = runner.game
    out = {runner.lesson.learner, viewer(runner)}
    step = runner.step
    pointed = runner.highlight().figures
    for p in view["players"]:
        if p["colour"] in pointed and (p["damage"] or any(p["marks"].values())):
            out.add(p["colour"])
    if step is not None:
        out.update(k for pattern in step.keys for k in pattern if k in game.players)
    if step is not None and step.goal is not None:
        out.update(step.goal.players)
        for ev in step.goal.events:
            out.update(getattr(ev, f, None) for f in ("player", "attacker", "target", "killer"))
    if runner.waiting:
        out.update(c.target for c in runner.choices() if c.target)
    return {c for c in out if c in game.players}


def hint(runner: LessonRunner) -> str:
    """The step's hint, with the key on screen (not the engine's name) for the next choice."""
    step = runner.step
    if step is None or not runner.waiting:
        return ""
    press = ""
    for i, c in enumerate(runner.choices()):
        if c.intended and hotkey(i):
            # The label is beside the key in the list; a long one only crowds the task.
            label = c.label.rstrip(".")
            press = f"Press {hotkey(i)}: {label}." if len(label) <= HINT_LABEL else f"Press {hotkey(i)}."
    return " ".join(t for t in (step.hint, press) if t)


def racks_matter(runner: LessonRunner) -> bool:
    """Is the step about the weapons on the racks (grabbing one, or naming a spawnpoint's
    square)? A small window lists the racks only then. (A spawnpoint that is merely in sight
    or in reach is not the point of the step.)"""
    d = runner.decision
    if runner.waiting and d is not None and d.kind in ("grab", "weapon", "drop"):
        return True
    step = runner.step
    named = set(step.highlight.squares) if step is not None and step.highlight is not None else set()
    return bool(named & set(runner.game.arena.spawn_colour_at))


def panel_state(
    runner: LessonRunner, view: dict[str, Any], end: list[EndChoice], more_to_read: bool = False
) -> PanelState:
    if runner.finished:
        title = "Lesson skipped" if runner.skipped else "Lesson complete"
        return PanelState(title, labels=tuple(e.label for e in end), details=("",) * len(end))
    if more_to_read:
        more = "The lesson text continues: 1 or Enter scrolls it, PgUp goes back."
        then = "then the options" if runner.waiting else "then go on"
        return PanelState(f"Read the lesson, {then}", labels=(MORE,), details=(more,))
    if not runner.waiting:
        return PanelState(
            "Read the lesson, then go on",
            labels=(CONTINUE,),
            details=("Press 1 or Enter when you have read it.",),
        )
    choices = runner.choices()
    game = runner.game
    weapon = presenter.last_weapon_fired(game)
    opts = presenter.options(view)
    details = []
    for c, o in zip(choices, opts, strict=True):
        details.append(presenter.option_preview(game, o, weapon) if c.on_goal else not_now(runner, c.label, c.note))
    d = runner.decision
    return PanelState(
        prompt=d.prompt if d is not None else "",
        labels=tuple(c.label for c in choices),
        details=tuple(details),
        dimmed=frozenset(i for i, c in enumerate(choices) if not c.on_goal),
        greyed=presenter.greyed_actions(game, view),
        start=next((i for i, c in enumerate(choices) if c.intended), 0),
    )


def not_now(runner: LessonRunner, label: str, note: str) -> str:
    """Why the lesson will not play an option, short enough for the line under the list: the
    lesson's own words when it has some, else that the step asks for something else."""
    if note.startswith(f"'{label}' is allowed here"):
        return f"Allowed, but not this step's task: {runner.task}"
    return note


def map_state(runner: LessonRunner, view: dict[str, Any], cursor: int | None) -> MapState:
    state = presenter.map_state(runner.game, view, cursor)
    light = runner.highlight()
    return replace(state, marked=light.squares, pointed=light.figures)
