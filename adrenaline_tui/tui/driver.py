"""The terminal driver: Textual's own, except that a terminal that went away ends the game
cleanly (saving first) instead of crashing or blocking it."""

from __future__ import annotations

import contextlib
from typing import Any

from textual.drivers.linux_driver import LinuxDriver


class _Terminal:
    """The file Textual draws to, except that writing to a terminal that went away (EIO) is
    dropped: Textual's writer thread would die of it, its queue fill up, and the exit block."""

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


class HangUpDriver(LinuxDriver):
    """When the terminal is hung up (the SSH connection drops, the window is closed), reading it
    fails with EIO. Textual treats any failure of its input thread as a crash; here it asks the
    app to save and leave (`AdrenalineApp.terminal_gone`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._file = _Terminal(self._file)

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except OSError:
            # call_later is how Textual's input thread reaches the app (it is thread-safe).
            self._app.call_later(self._app.terminal_gone)  # type: ignore[attr-defined]
