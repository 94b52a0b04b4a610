"""Every walkthrough test gets its own game home, so progress files never leak between tests (the
suite's conftest gives each test one; this names it for the tests that read it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adrenaline_tui.walkthrough import Lesson, load_lessons


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(folder))
    return folder


_LESSONS: list[Lesson] | None = None


def all_lessons() -> list[Lesson]:
    """Loaded once per test session: loading checks every scenario by building it."""
    global _LESSONS
    if _LESSONS is None:
        _LESSONS = load_lessons()
    return _LESSONS
