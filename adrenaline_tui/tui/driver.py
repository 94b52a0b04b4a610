"""The terminal driver: Textual's own, except that a terminal that went away ends the game
cleanly (saving first) instead of crashing it."""

from __future__ import annotations

from textual.drivers.linux_driver import LinuxDriver


class HangUpDriver(LinuxDriver):
    """When the terminal is hung up (the SSH connection drops, the window is closed), reading it
    fails with EIO. Textual treats any failure of its input thread as a crash; here it asks the
    app to save and leave (`AdrenalineApp.terminal_gone`)."""

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except OSError:
            # call_later is how Textual's input thread reaches the app (it is thread-safe).
            self._app.call_later(self._app.terminal_gone)  # type: ignore[attr-defined]
