"""Learn it: lessons that teach Adrenaline by playing it on the real engine.

A lesson is data (a YAML file under `lessons/`: a scenario and narrated steps, see
`docs/lessons.md`); `LessonRunner` plays it key by key for a screen or a test; `Progress`
remembers what was done; `weapon_lessons_to_offer` says which weapon lessons a game's table
calls for. The rules reference (sections and card pages) is in `reference`.

Nothing here imports the UI.
"""

from adrenaline_tui.walkthrough.lesson import Lesson, Step, lessons_dir, load_lesson, load_lessons
from adrenaline_tui.walkthrough.offers import visible_weapons, weapon_lessons_to_offer
from adrenaline_tui.walkthrough.progress import Progress, progress_path
from adrenaline_tui.walkthrough.runner import Choice, LessonRunner, MapHighlight, Result

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
