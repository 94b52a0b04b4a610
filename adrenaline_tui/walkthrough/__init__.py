"""Learn it: lessons that teach Adrenaline by playing it on the real engine.

A lesson is data (a YAML file under `lessons/`: a scenario and narrated steps, see
`docs/lessons.md`); `LessonRunner` plays it key by key for a screen or a test; `Progress`
remembers what was done; `weapon_lessons_to_offer` says which weapon lessons a game's table
calls for. The rules reference (sections and card pages) is in `reference`.

Nothing here imports the UI. The names below are imported from their modules when first used:
a game reads the learner's progress and offers weapon lessons right after its first frame, and
building lessons needs pydantic (about 130 ms of CPU to import), which those two do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.lazy_names import lazy_names

if TYPE_CHECKING:
    from adrenaline_tui.walkthrough.lesson import Lesson, Step, load_lesson, load_lessons
    from adrenaline_tui.walkthrough.lesson_files import lessons_dir
    from adrenaline_tui.walkthrough.offers import visible_weapons, weapon_lessons_to_offer
    from adrenaline_tui.walkthrough.progress import Progress, progress_path
    from adrenaline_tui.walkthrough.runner import Choice, LessonRunner, MapHighlight, Result

# Each name this package offers, and the module that holds it.
_MODULES = {
    "Choice": "runner",
    "Lesson": "lesson",
    "LessonRunner": "runner",
    "MapHighlight": "runner",
    "Progress": "progress",
    "Result": "runner",
    "Step": "lesson",
    "lessons_dir": "lesson_files",
    "load_lesson": "lesson",
    "load_lessons": "lesson",
    "progress_path": "progress",
    "visible_weapons": "offers",
    "weapon_lessons_to_offer": "offers",
}

__all__ = [
    "Choice",
    "Lesson",
    "LessonRunner",
    "MapHighlight",
    "Progress",
    "Result",
    "Step",
    "lessons_dir",
    "load_lesson",
    "load_lessons",
    "progress_path",
    "visible_weapons",
    "weapon_lessons_to_offer",
]


__getattr__ = lazy_names(__name__, _MODULES, globals())
