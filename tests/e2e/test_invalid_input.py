"""Input that is not UTF-8 is dropped, and the game goes on, at every door.

A Latin-1 terminal typing "café" sends `caf\\xe9`; line noise and pasted binary send anything.
Textual decodes its input as strict UTF-8: the first bad byte ended the game with a traceback on
the player's screen. Here the bytes go to the local game, to `adrenaline join` (what a system
sshd runs as the login shell) and through the host's own SSH door; then a key must still work
(a decision made and saved, a table set up) and no traceback may have been drawn.
"""

from __future__ import annotations

import asyncio
import os
import random
import select
from collections.abc import Iterator
from pathlib import Path

import pytest

from adrenaline_tui.rules import Game

from .terminal import Pty, adrenaline_command
from .test_hangup import prepare_game
from .test_host_ssh import RunningHost
from .test_ssh_door_sessions import _connect, _terminal

# What a Latin-1 terminal sends for "café ", and bytes that are never a key on their own. No
# control bytes: those are keys (ctrl+q quits, as it should).
LATIN1 = b"caf\xe9 "


def line_noise(n: int, seed: int = 1) -> bytes:
    return bytes(random.Random(seed).randrange(0x80, 0x100) for _ in range(n))


def type_into(term: Pty, data: bytes) -> None:
    """Write `data` to the terminal as fast as the app reads it, reading its screen meanwhile."""
    view = memoryview(data)
    while view:
        writable = select.select([term.master], [term.master], [], 30)
        if term.master in writable[0]:
            term.read(0)
        if term.master in writable[1]:
            view = view[os.write(term.master, view[:4096]) :]


def assert_no_traceback(seen: bytes) -> None:
    assert b"Traceback" not in seen
    assert b"UnicodeDecodeError" not in seen


def _env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(TERM="xterm-256color", **changes)
    return env


def _stop(term: Pty) -> None:
    if term.proc.poll() is None:
        term.proc.kill()
    term.proc.wait(timeout=30)
    os.close(term.master)


def test_the_local_game_drops_invalid_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    save = prepare_game(home, monkeypatch, {"yellow": "human", "blue": "random", "grey": "random"})
    before = len(Game.load(save).history)
    env = _env(ADRENALINE_HOME=str(home), ADRENALINE_BOT_DELAY="30")
    term = Pty([*adrenaline_command().split(), "--continue"], env, controlling=True)
    try:
        term.read_until(b"Killshots")
        term.settle()
        # Not "caf": on the table `c` opens the cards, a key like any other.
        type_into(term, b"\xe9 \xe9\xff")
        type_into(term, line_noise(1 << 20))
        term.settle()
        assert term.proc.poll() is None, bytes(term.seen[-3000:])
        os.write(term.master, b"1")  # pick the first action: a decision, autosaved
        term.settle()
        assert len(Game.load(save).history) == before + 1
        assert_no_traceback(bytes(term.seen))
    finally:
        _stop(term)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = RunningHost(tmp_path)
    try:
        yield running
    finally:
        running.stop()


def test_join_drops_invalid_utf8(host: RunningHost) -> None:
    socket = host.folder / "data" / "host.sock"
    env = _env(ADRENALINE_HOME=str(host.folder / "join-home"))
    term = Pty([*adrenaline_command().split(), "join", "--socket", str(socket), "--name", "ann"], env, True)
    try:
        term.read_until(b"Connected as")
        term.settle()
        type_into(term, LATIN1)
        type_into(term, line_noise(1 << 20))
        term.settle()
        os.write(term.master, b"\x0e")  # ctrl+n: Adrenaline's setup; Enter: the table, which the lobby shows
        term.read_until(b"Start the game")
        os.write(term.master, b"\r")
        term.read_until(b"(you)")
        assert_no_traceback(bytes(term.seen))
    finally:
        _stop(term)


async def test_the_ssh_door_drops_invalid_utf8(host: RunningHost) -> None:
    async with _connect(host) as conn:
        chan, screen = await _terminal(conn)
        await screen.wait_for(b"Connected as")
        chan.write(LATIN1)
        chan.write(line_noise(300))  # within the door's burst of keys, so all of it reaches the app
        await asyncio.sleep(0.5)  # so the next key is not in the same read as the bad bytes
        chan.write(b"\x0e")  # ctrl+n: Adrenaline's setup; Enter: the table, which the lobby shows
        await screen.wait_for(b"Start the game")
        chan.write(b"\r")
        await screen.wait_for(b"(you)")
        assert_no_traceback(bytes(screen.seen))
