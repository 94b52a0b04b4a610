"""Which weapon lessons to offer during a normal game: "new weapon on the rack: learn it?"."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules import DataError, Game
from adrenaline_tui.rules.compiled import cached
from adrenaline_tui.rules.yamlfile import read_yaml_mapping
from adrenaline_tui.walkthrough.lesson_files import id_of_lesson, lessons_dir

if TYPE_CHECKING:
    from adrenaline_tui.walkthrough.lesson import Lesson


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
    from adrenaline_tui.walkthrough.lesson import load_lessons

    seen = set(seen)
    by_weapon = {lesson.weapon: lesson for lesson in (lessons if lessons is not None else load_lessons())}
    out = []
    for wid in visible_weapons(state):
        lesson = by_weapon.get(wid)
        if lesson is not None and lesson.id not in seen and wid not in seen:
            out.append(lesson)
    return out


@dataclass(frozen=True, slots=True)
class WeaponLessonFile:
    weapon: str
    lesson_id: str
    path: Path


@functools.cache
def weapon_lesson_files(folder: Path | None = None) -> dict[str, WeaponLessonFile]:
    """Each weapon's lesson file, by weapon id, read from the files' `weapon` and `id` fields
    alone. Deciding what to offer needs no more: building every lesson (a game a scenario)
    cost about 170 ms of CPU and 10 MiB right after the table's first frame. A file that
    cannot be read is left out here; opening its lesson says why.

    The answer is kept in the data cache (`compiled.cached`), keyed on the files and this
    module: parsing the 21 files, and importing the YAML parser to do it, took about 70 ms of
    CPU in a thread sharing the interpreter with the table's first frames; a cached answer is
    read in about a millisecond."""
    folder = (folder if folder is not None else lessons_dir()) / "weapons"
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    names = [path.name for path in paths]

    def decode(raw: Any) -> dict[str, WeaponLessonFile]:
        # The cache may be writable by others: every field is checked, and a file is only ever
        # one of the names in the folder now. The key covers the files' contents, not their
        # names, and a name can give the lesson its id: a renamed file is not among `names`,
        # so the index is read again.
        if not isinstance(raw, list):
            raise ValueError("not a list")
        out: dict[str, WeaponLessonFile] = {}
        for row in raw:
            if not (isinstance(row, list) and len(row) == 3 and all(isinstance(x, str) for x in row)):
                raise ValueError("not a row of three strings")
            weapon, lesson_id, name = row
            if name not in names or weapon in out:
                raise ValueError("not a file of the folder")
            out[weapon] = WeaponLessonFile(weapon, lesson_id, folder / name)
        return out

    return cached(
        "lesson-index",
        "weapons",
        (Path(__file__), *paths),
        lambda: _read_weapon_lesson_files(paths),
        lambda files: [[f.weapon, f.lesson_id, f.path.name] for f in files.values()],
        decode,
    )


def _read_weapon_lesson_files(paths: list[Path]) -> dict[str, WeaponLessonFile]:
    """`weapon_lesson_files`, read from the files themselves."""
    out: dict[str, WeaponLessonFile] = {}
    for path in paths:
        try:
            raw = read_yaml_mapping(path, "a lesson is a mapping")
        except DataError:
            continue
        weapon, given = raw.get("weapon"), raw.get("id")
        if isinstance(weapon, str):
            out.setdefault(
                weapon, WeaponLessonFile(weapon, id_of_lesson(path, given if isinstance(given, str) else None), path)
            )
    return out


def weapons_to_offer(
    state: Game | Mapping[str, Any], seen: Iterable[str], files: Mapping[str, WeaponLessonFile]
) -> list[str]:
    """The weapons in sight with a lesson the learner has not seen yet (as
    `weapon_lessons_to_offer`, without loading any lesson)."""
    seen = set(seen)
    return [
        wid for wid in visible_weapons(state) if wid in files and files[wid].lesson_id not in seen and wid not in seen
    ]
