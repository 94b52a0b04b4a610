"""The terminal driver: Textual's own, made safe against the terminal a client gives it.

- A terminal that went away ends the game cleanly (saving first) instead of crashing or
  blocking it.
- Input that is not UTF-8 (a Latin-1 terminal typing "café", line noise, random bytes) is
  dropped, and the game goes on: Textual decodes input as strict UTF-8 and would end the app.
- The screen drawn is at most MAX_WIDTH x MAX_HEIGHT: a client chooses its terminal's size (over
  SSH anything up to 65535x65535, by the window size or by an in-band resize report typed as
  input) and Textual would build every cell of it, taking the machine's memory. A bigger
  terminal shows the game in its top-left corner.
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.message import Message

MAX_WIDTH, MAX_HEIGHT = 400, 150


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
    return Size(min(size.width, MAX_WIDTH), min(size.height, MAX_HEIGHT))


class TerminalDriver(LinuxDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._file = _Terminal(self._file)

    def _get_terminal_size(self) -> tuple[int, int]:
        width, height = super()._get_terminal_size()
        return min(width, MAX_WIDTH), min(height, MAX_HEIGHT)

    def process_message(self, message: Message) -> None:
        if isinstance(message, events.Resize) and bounded(message.size) != message.size:
            size = bounded(message.size)
            message = events.Resize(size, size, pixel_size=message.pixel_size)
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
