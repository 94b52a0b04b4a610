"""Check lessons by playing them: `python -m adrenaline_tui.walkthrough.check [FILE...] [-v]`.

Each lesson is loaded (which validates the file) and played through with the runner, pressing
the first alternative of each step's keys. Any step whose goal is not reached that way is a
broken lesson. With `-v` every step's narration, options and outcome are printed, which is the
quickest way to see what a new lesson looks like while writing it.
"""

from __future__ import annotations

from collections.abc import Callable

from adrenaline_tui import lesson_play
from adrenaline_tui.rules import DataError
from adrenaline_tui.walkthrough.lesson import Lesson, load_lesson, load_lessons
from adrenaline_tui.walkthrough.runner import LessonRunner


def play_through(lesson: Lesson, log: Callable[[str], None] | None = None) -> list[str]:
    """Play every step with its intended keys; returns the problems found (empty: fine)."""
    return lesson_play.play_through(LessonRunner(lesson), log, ran_out="the keys ran out")


def main(argv: list[str] | None = None) -> int:
    return lesson_play.check_lessons(argv, load_lesson, load_lessons, DataError, play_through)


if __name__ == "__main__":
    raise SystemExit(main())
