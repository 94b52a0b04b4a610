"""A real terminal for end-to-end tests: tmux runs a command, we type and read the screen."""

from __future__ import annotations

import fcntl
import os
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def adrenaline_command() -> str:
    """The installed console script next to this Python (the venv's), else `python -m`."""
    script = Path(sys.executable).with_name("adrenaline")
    return str(script) if script.exists() else f"{sys.executable} -m adrenaline_tui"


def end_process(proc: subprocess.Popen, timeout: float = 10) -> None:
    """Ask a child to stop, and kill it if it has not within `timeout` seconds.

    OpenSSH 9.2's client loop can miss a SIGTERM that lands between its quit check and its poll
    (seen in CI: `ssh -N` still running 30 s after it); it then waits for the next packet. That
    is the client's problem, not the program under test's, so a stop always ends in a kill."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def have_tmux() -> bool:
    return shutil.which("tmux") is not None


class Tmux:
    """One detached tmux session on a private server socket, killed on close."""

    def __init__(self, command: str, width: int = 80, height: int = 24, env: dict[str, str] | None = None) -> None:
        self.socket = f"adrenaline-test-{uuid.uuid4().hex[:8]}"
        self.name = "game"
        exports = " ".join(f"{k}={v}" for k, v in (env or {}).items())
        # The shell stays after the game exits so its exit status can be read.
        # COLUMNS/LINES (pytest may set them) would override the real terminal's size.
        shell = f"env -u COLUMNS -u LINES {exports} {command}; echo EXITED $?; sleep 30"
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), "sh", "-c", shell)
        self._tmux("set-option", "-t", self.name, "status", "off")

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20, check=True)
        return out.stdout

    def send(self, *keys: str) -> None:
        for key in keys:
            self._tmux("send-keys", "-t", self.name, key)
            time.sleep(0.05)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)


# Becomes the session's controlling terminal's owner, as a login does, then runs the game.
TAKE_TERMINAL = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); os.execv(sys.argv[1], sys.argv[1:])"
)


class Pty:
    def __init__(self, argv: list[str], env: dict[str, str], controlling: bool) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        if controlling:
            argv = [sys.executable, "-c", TAKE_TERMINAL, *argv]
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True
        )
        os.close(slave)
        self.seen = bytearray()

    def read_until(self, marker: bytes, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while marker not in self.seen:
            assert time.monotonic() < deadline, f"{marker!r} never appeared"
            self.read(0.1)

    def read(self, timeout: float) -> bytes:
        if not select.select([self.master], [], [], timeout)[0]:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return b""
        self.seen += data
        return data

    def settle(self, quiet: float = 1.0, timeout: float = 30) -> None:
        """Read until the screen has been quiet for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.read(quiet):
            pass
