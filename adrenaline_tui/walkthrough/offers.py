"""Which weapon lessons to offer during a normal game: "new weapon on the rack: learn it?"."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adrenaline_tui.rules import Game
from adrenaline_tui.walkthrough.lesson import Lesson, load_lessons


def visible_weapons(state: Game | Mapping[str, Any]) -> list[str]:
    """Weapons on the racks, then weapons in hands that the state shows, in table order.

    Pass a player's `view` (or a `Game`, read as a spectator sees it): a loaded weapon in
    someone else's hand is hidden, and offering its lesson would give it away.
    """
    view = state.view(None) if isinstance(state, Game) else state
    out: list[str] = []
    for rack in view.get("racks", {}).values():
        out += [w for w in rack if w]
    for p in view.get("players", []):
        out += [w["id"] for w in p.get("weapons", []) if w.get("id")]
    return list(dict.fromkeys(out))


def weapon_lessons_to_offer(
    state: Game | Mapping[str, Any], seen: Iterable[str], lessons: Iterable[Lesson] | None = None
) -> list[Lesson]:
    """Lessons for the weapons in sight that the learner has not seen yet.

    `seen` holds lesson ids and/or weapon ids already done, skipped or offered (`Progress.seen`).
    """
    seen = set(seen)
    by_weapon = {lesson.weapon: lesson for lesson in (lessons if lessons is not None else load_lessons())}
    out = []
    for wid in visible_weapons(state):
        lesson = by_weapon.get(wid)
        if lesson is not None and lesson.id not in seen and wid not in seen:
            out.append(lesson)
    return out
