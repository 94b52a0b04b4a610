"""A client chooses its terminal's size: over SSH anything up to 65535x65535, by its window or by
an in-band resize report typed as input. The game draws at most 400x150 of it (in the top-left
corner), so a huge terminal costs no more than a big one; before, Textual built every cell and
took the machine's memory. The waits are generous bounds, not speed tests."""

from __future__ import annotations

import fcntl
import os
import struct
import termios
from pathlib import Path

from .terminal import adrenaline_command
from .test_hangup import Pty

HUGE = 65535  # the largest size a terminal can report


def start(tmp_path: Path, rows: int, cols: int) -> Pty:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", ADRENALINE_HOME=str(tmp_path / "home"), ADRENALINE_BOT_DELAY="0")
    term = Pty(adrenaline_command().split(), env, controlling=True)
    fcntl.ioctl(term.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return term


def quit_and_wait(term: Pty) -> int:
    try:
        os.write(term.master, b"\x11")  # ctrl+q
        term.settle()
        return term.proc.wait(timeout=120)
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()
        os.close(term.master)


def test_a_huge_window_shows_the_game_in_its_corner(tmp_path: Path) -> None:
    term = start(tmp_path, HUGE, HUGE)
    term.read_until(b"New game", timeout=120)
    assert quit_and_wait(term) == 0


def test_a_huge_in_band_resize_report_is_bounded(tmp_path: Path) -> None:
    term = start(tmp_path, 24, 80)
    term.read_until(b"New game", timeout=120)
    term.settle()
    before = len(term.seen)
    os.write(term.master, f"\x1b[48;{HUGE};{HUGE};0;0t".encode())  # rows, columns, pixels
    term.settle()
    assert len(term.seen) - before < 2_000_000  # one frame of at most 400x150, not 65535x65535
    assert quit_and_wait(term) == 0
