"""When its terminal goes away the game saves and exits: no game is left running on nothing.

A game runs on a real pseudo-terminal; the test makes a decision and then hangs up in each way a
terminal goes away: SIGHUP with the terminal still there, the terminal closed (the kernel sends
SIGHUP to its foreground process group), and the terminal closed under a game that has it as no
controlling terminal (no signal at all, only a read that fails). Every time the game must exit by
itself (status 129, not killed by the signal) with the decision in its save. The waits are
generous bounds, not speed tests.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from adrenaline_tui.rules import Game, GameConfig

from .terminal import Pty, adrenaline_command


def prepare_game(home: Path, monkeypatch: pytest.MonkeyPatch, kinds: dict[str, str]) -> Path:
    """A saved game where yellow, a person, is choosing an action."""
    monkeypatch.setenv("ADRENALINE_HOME", str(home))
    from adrenaline_tui.tui.session import Session

    session = Session.start(GameConfig(players=tuple(kinds), arena="arena_12"), 21, kinds)  # type: ignore[arg-type]
    game = session.game
    while game.pending is not None and not (game.pending.player == "yellow" and game.pending.kind == "action"):
        d = game.pending
        session.choose(session.computer_choice() if d.player != "yellow" else d.keys[0])
    session.flush()
    assert session.path is not None
    return session.path


@pytest.mark.parametrize("how", ["sighup", "terminal closed", "terminal closed, no signal"])
def test_the_game_saves_and_exits_when_its_terminal_goes_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    home = tmp_path / "home"
    save = prepare_game(home, monkeypatch, {"yellow": "human", "blue": "random", "grey": "random"})
    before = len(Game.load(save).history)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", ADRENALINE_HOME=str(home), ADRENALINE_BOT_DELAY="0")
    argv = [*adrenaline_command().split(), "--continue"]
    term = Pty(argv, env, controlling=how != "terminal closed, no signal")
    try:
        term.read_until(b"Killshots")
        term.settle()
        os.write(term.master, b"1")  # pick the first action: a decision, autosaved
        term.settle()
        if how == "sighup":
            term.proc.send_signal(signal.SIGHUP)
            term.settle()
        os.close(term.master)
        status = term.proc.wait(timeout=120)
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()
    assert status == 129, f"exit status {status}"
    assert len(Game.load(save).history) == before + 1


@pytest.mark.parametrize("drawing", [0.2, 0.5, 1.0])
def test_the_game_exits_when_its_terminal_goes_away_while_a_game_opens(tmp_path: Path, drawing: float) -> None:
    """A new game opened from the title, and the terminal closed while the table is being built
    and drawn. Textual's writer thread used to die of the failed write, its queue fill up and the
    exit block for good; a table screen taken down while mounting failed the exit."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    home = tmp_path / "home"
    env.update(TERM="xterm", NO_COLOR="1", ADRENALINE_HOME=str(home), ADRENALINE_BOT_DELAY="0", ADRENALINE_SEED="7")
    term = Pty(adrenaline_command().split(), env, controlling=True)
    try:
        term.read_until(b"New game")
        term.settle(0.5)
        os.write(term.master, b"\r")  # New game
        term.settle(0.3)
        os.write(term.master, b"\r")  # Start the game
        end = time.monotonic() + drawing
        while time.monotonic() < end:
            term.read(0.05)
        os.close(term.master)
        status = term.proc.wait(timeout=120)
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()
    assert status == 129, f"exit status {status}"
    for save in (home / "saves").glob("*.json"):
        if not save.name.endswith(".table.json"):
            Game.load(save)  # whole
