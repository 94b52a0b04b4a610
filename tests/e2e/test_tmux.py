"""End to end in a real terminal: tmux runs `adrenaline`, we type like a person and read the screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .terminal import Tmux, adrenaline_command, have_tmux

pytestmark = pytest.mark.skipif(not have_tmux(), reason="tmux is not installed")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def env(home: Path, term: str = "xterm-256color") -> dict[str, str]:
    return {"ADRENALINE_HOME": str(home), "ADRENALINE_BOT_DELAY": "0", "ADRENALINE_SEED": "7", "TERM": term}


def test_enter_enter_enter_then_play_a_turn_and_continue(home: Path) -> None:
    term = Tmux(adrenaline_command(), 80, 24, env(home))
    try:
        term.wait_for("New game")
        term.send("Enter")
        term.wait_for("Start the game")
        term.send("Enter")
        screen = term.wait_for("view")  # the status line: whose view the table shows
        assert "Killshots" in screen and "D-struct-or" in screen
        screen = term.wait_for("D-struct-or: ")
        if "D-struct-or: discard a powerup" in screen:  # where to enter the arena, unless it is forced
            term.send("1")
        term.wait_for("D-struct-or: choose an action")
        term.send("1")  # run
        term.wait_for("Run: where to?")
        term.send("1")
        term.wait_for("D-struct-or moves")
        term.send("Escape")
        term.wait_for("Continue: D-struct-or")
        term.send("q")
        term.wait_for("EXITED 0")
        saves = [p for p in (home / "saves").glob("*.json") if not p.name.endswith(".table.json")]
        assert len(saves) == 1
        assert "run" in json.loads(saves[0].read_text())["choices"]
    finally:
        term.close()

    again = Tmux(f"{adrenaline_command()} --continue", 80, 24, env(home))
    try:
        screen = again.wait_for("view")
        assert "D-struct-or moves" in screen or "Turn" in screen
    finally:
        again.close()


@pytest.mark.parametrize("term_name", ["xterm", "linux"])
def test_sixteen_colour_and_console_terminals(home: Path, term_name: str) -> None:
    term = Tmux(adrenaline_command(), 80, 24, {**env(home, term_name), "NO_COLOR": "1"})
    try:
        term.wait_for("New game")
        term.send("Enter")
        term.wait_for("Start the game")
        term.send("Enter")
        screen = term.wait_for("Killshots")
        if term_name == "linux":
            # the console font has box lines but few symbols: skulls become X
            assert "XXXXXXXX" in screen
    finally:
        term.close()


def test_too_small_then_resized(home: Path) -> None:
    term = Tmux(adrenaline_command(), 70, 20, env(home))
    try:
        term.wait_for("Make the window at least 80x24")
        term._tmux("resize-window", "-t", term.name, "-x", "120", "-y", "40")
        term.wait_for("New game")
    finally:
        term.close()
