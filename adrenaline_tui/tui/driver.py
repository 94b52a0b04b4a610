"""The terminal driver: Textual's own, made safe against the terminal a client gives it.

- A terminal that went away ends the game cleanly (saving first) instead of crashing or
  blocking it.
- Input that is not UTF-8 (a Latin-1 terminal typing "café", line noise, random bytes) is
  dropped, and the game goes on: Textual decodes input as strict UTF-8 and would end the app.
- The screen drawn is at most MAX_WIDTH x MAX_HEIGHT: a client chooses its terminal's size (over
  SSH anything up to 65535x65535, by the window size or by an in-band resize report typed as
  input; in a browser any number) and Textual would build every cell of it, taking the
  machine's memory. A bigger terminal shows the game in its top-left corner.
- Window changes reach the app at most `limits.RESIZES_PER_SECOND` times a second, the latest
  size winning: under the system's sshd (`adrenaline join`) this driver is the only door.

The browser's driver (`tui/web_driver.py`, run under the web door) is bounded the same way; the
values are the doors' (`wire/limits.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.message import Message

from adrenaline_tui.wire.limits import MAX_HEIGHT, MAX_WIDTH, Coalescer, bounded_size

__all__ = ["MAX_HEIGHT", "MAX_WIDTH", "Resizes", "TerminalDriver", "bounded"]


class _Terminal:
    """The file Textual draws to, except that writing to a terminal that went away (EIO) is
    dropped: Textual's writer thread would die of it, its queue fill up and the exit block."""

    def __init__(self, file: Any) -> None:
        self._file = file

    def write(self, text: str) -> None:
        with contextlib.suppress(OSError):
            self._file.write(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError):
            self._file.flush()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return self._file.isatty()


def bounded(size: Size) -> Size:
    return Size(*bounded_size(size.width, size.height))


class Resizes:
    """A driver's window changes, from any thread, passed to the app coalesced on its loop."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self._coalescer: Coalescer[Size] = Coalescer(self._post)
        self.loop: asyncio.AbstractEventLoop | None = None

    def offer(self, size: Size) -> None:
        if self.loop is None:  # before the app runs (never in practice): straight through
            self._post(size)
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: the app is gone
            self.loop.call_soon_threadsafe(self._coalescer.offer, bounded(size))

    def _post(self, size: Size) -> None:
        self._app.post_message(events.Resize(size, size))


class TerminalDriver(LinuxDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._file = _Terminal(self._file)
        self._resizes = Resizes(self._app)

    def _get_terminal_size(self) -> tuple[int, int]:
        width, height = super()._get_terminal_size()
        return bounded_size(width, height)

    def start_application_mode(self) -> None:
        self._resizes.loop = asyncio.get_running_loop()
        super().start_application_mode()
        # Textual's own SIGWINCH handler posts every window change; this one coalesces them.
        signal.signal(signal.SIGWINCH, self._window_changed)

    def _window_changed(self, signum: int, frame: Any) -> None:
        if not self._in_band_window_resize:
            self._resizes.offer(Size(*self._get_terminal_size()))

    def process_message(self, message: Message) -> None:
        if isinstance(message, events.Resize):  # an in-band resize report (from the input thread)
            self._resizes.offer(message.size)
            return
        super().process_message(message)

    def run_input_thread(self) -> None:
        # Textual treats any failure of its input thread as a crash (a traceback on the
        # player's screen, the game over).
        while True:
            try:
                super().run_input_thread()
                return
            except UnicodeDecodeError:
                # Bytes that are not UTF-8: Textual's strict decoder has read them (with whatever
                # came in the same read, at most 4 KiB, usually one key) and given up. That read
                # is lost; reading starts over with a fresh decoder and parser, as at start-up.
                continue
            except OSError:
                # Reading a hung-up terminal (the SSH connection dropped, the window closed)
                # fails with EIO: the app saves and leaves (`AdrenalineApp.terminal_gone`).
                # call_later is how Textual's input thread reaches the app (it is thread-safe).
                self._app.call_later(self._app.terminal_gone)  # type: ignore[attr-defined]
                return
