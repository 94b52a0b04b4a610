"""Where the lesson files are and what a lesson is called: all a game needs to know about
lessons to offer one (`offers`), without the validation that building a lesson takes
(`lesson`, which needs pydantic: about 130 ms of CPU to import, right after a table's first
frame)."""

from __future__ import annotations

import re
from pathlib import Path


def lessons_dir() -> Path:
    return Path(__file__).resolve().parent / "lessons"


def id_of_lesson(path: Path, given: str | None) -> str:
    """A lesson's id: the one its file gives, else its file name without the order number."""
    return given or re.sub(r"^\d+-", "", path.stem)
