"""Bloodrush end to end in a real terminal: `adrenaline --game bloodrush` opens its setup, the
table plays through the keys, and `--continue` opens the same game at its table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .terminal import Tmux, adrenaline_command, have_tmux

pytestmark = pytest.mark.skipif(not have_tmux(), reason="tmux is not installed")


def env(home: Path) -> dict[str, str]:
    return {"ADRENALINE_HOME": str(home), "ADRENALINE_BOT_DELAY": "0", "ADRENALINE_SEED": "7", "TERM": "xterm-256color"}


def test_game_bloodrush_opens_its_setup_plays_and_continues(tmp_path: Path) -> None:
    home = tmp_path / "home"
    term = Tmux(f"{adrenaline_command()} --game bloodrush", 80, 24, env(home))
    try:
        term.wait_for("New game: Bloodrush")
        term.send("Enter")
        screen = term.wait_for("you decide")
        assert "Grave" in screen and "Time" in screen
        term.send("1")
        term.wait_for("Scarlet places")
        term.send("Escape")
        term.wait_for("Continue: Bloodrush:")
        term.send("q")
        term.wait_for("EXITED 0")
        saves = [p for p in (home / "saves").glob("*.json") if not p.name.endswith(".table.json")]
        assert len(saves) == 1
        save = json.loads(saves[0].read_text())
        assert save["format"] == "bloodrush-save" and save["choices"]
    finally:
        term.close()

    again = Tmux(f"{adrenaline_command()} --continue", 80, 24, env(home))
    try:
        screen = again.wait_for("you decide")
        assert "Grave" in screen  # Bloodrush's table, at the game's own decision
    finally:
        again.close()

    watch = Tmux(f"{adrenaline_command()} review {saves[0]}", 80, 24, env(home))
    try:
        screen = watch.wait_for("Replay: decision 0 of")
        assert "seen by a spectator" in screen and "Grave" in screen
    finally:
        watch.close()


def test_an_unknown_game_is_refused_in_one_line(tmp_path: Path) -> None:
    term = Tmux(f"{adrenaline_command()} --game chess", 80, 24, env(tmp_path / "home"))
    try:
        screen = term.wait_for("EXITED 2")
        assert "no game called 'chess'" in screen
    finally:
        term.close()
