"""End to end in a real terminal: `adrenaline learn`, the first lesson played from what the
screen says (the hint names the key to press), and the progress kept for the next run."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from .terminal import Tmux, adrenaline_command, have_tmux

pytestmark = pytest.mark.skipif(not have_tmux(), reason="tmux is not installed")

PRESS = re.compile(r"Press (\w): ")


def env(home: Path) -> dict[str, str]:
    return {"ADRENALINE_HOME": str(home), "TERM": "xterm-256color"}


def steady(term: Tmux, timeout: float = 10.0) -> str:
    """The screen once it has stopped changing (a capture can catch a frame half drawn)."""
    deadline = time.monotonic() + timeout
    screen = term.screen()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        again = term.screen()
        if again == screen:
            return screen
        screen = again
    return screen


def changed(term: Tmux, before: str, timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if term.screen() != before:
            return steady(term)
        time.sleep(0.05)
    raise AssertionError(f"the screen did not change; it was:\n{before}")


def test_learn_plays_the_first_lesson_from_the_hints(tmp_path: Path) -> None:
    home = tmp_path / "home"
    term = Tmux(f"{adrenaline_command()} learn", 80, 24, env(home))
    try:
        term.wait_for("Basics done: 0 of 9. Next: Moving and what you can see")
        term.send("Enter")
        term.wait_for("Step 1 of 5")
        screen = steady(term)
        for _ in range(30):
            if "Lesson complete" in screen:
                break
            hint = PRESS.search(screen)
            if hint:
                key = hint[1]
            else:
                assert "Continue" in screen or "Read on" in screen, screen
                key = "1"
            term.send(key)
            screen = changed(term, screen)
        else:
            raise AssertionError(f"the lesson never ended:\n{screen}")
        assert "Next lesson: Grabbing" in screen and "Back to the lessons" in screen
        progress = json.loads((home / "learn.json").read_text())
        assert progress["done"] == ["moving"]
        term.send("Escape")
        term.wait_for("Basics done: 1 of 9. Next: Grabbing")
        screen = steady(term)
        assert re.search(r"1\. Moving and what you can see +done", screen), screen
        term.send("Escape")
        term.wait_for("Tutorial: learn to play")
        term.send("q")
        term.wait_for("EXITED 0")
    finally:
        term.close()
