"""What reaches the terminal, byte for byte: no colour with NO_COLOR, only ASCII on TERM=linux.

Runs `adrenaline --continue` on a saved game in a pseudo-terminal and reads everything it writes
until the table is drawn (and one key press later)."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

from .terminal import Pty, adrenaline_command

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

# SGR parameters that set a colour: 30-37, 38;..., 39 is the default; 40-47, 48;...; 90-97, 100-107.
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
COLOUR = {*range(30, 39), *range(40, 49), *range(90, 98), *range(100, 108)}


def colour_codes(output: bytes) -> list[bytes]:
    found = []
    for match in SGR.finditer(output):
        params = [p for p in re.split(rb"[;:]", match.group(1)) if p]
        if any(int(p) in COLOUR for p in params):
            found.append(match.group(0))
    return found


def saved_game(home: Path) -> None:
    from adrenaline_tui.rules import GameConfig
    from adrenaline_tui.tui.session import Session

    kinds = {"yellow": "human", "blue": "random", "grey": "random"}
    session = Session.start(GameConfig(players=tuple(kinds), arena="arena_12"), 5, kinds)  # type: ignore[arg-type]
    game = session.game
    while game.pending is not None and not (game.pending.player == "yellow" and game.pending.kind == "action"):
        session.choose(session.computer_choice() if game.pending.player != "yellow" else game.pending.keys[0])
    session.flush()


def run(env_changes: dict[str, str], home: Path) -> bytes:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", ADRENALINE_HOME=str(home), ADRENALINE_BOT_DELAY="30")
    env.update(env_changes)
    term = Pty([*adrenaline_command().split(), "--continue"], env, controlling=True)
    try:
        term.read_until(b"Killshots", 30)
        os.write(term.master, b"\x1b[B")  # the cursor moves: a partial repaint
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            term.read(0.2)
    finally:
        term.proc.terminate()
        term.proc.wait(timeout=30)
        os.close(term.master)
    return bytes(term.seen)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(folder))
    saved_game(folder)
    return folder


def test_no_color_sends_no_colour_escape(home: Path) -> None:
    assert colour_codes(run({}, home)), "the check itself must see colours when they are sent"
    output = run({"NO_COLOR": "1"}, home)
    assert colour_codes(output) == []


def test_term_linux_writes_only_ascii(home: Path) -> None:
    output = run({"TERM": "linux"}, home)
    text = output.decode("utf-8", errors="replace")
    assert "Killshots" in text
    assert [ch for ch in set(text) if not ch.isascii()] == []
