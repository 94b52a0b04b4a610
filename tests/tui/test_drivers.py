"""The client's own drivers hold the doors' limits: under the system's sshd (`adrenaline join`)
the terminal driver is the only door, and the browser's driver holds them whatever started it.

Each driver is given a thousand window changes, the last one huge: the app gets a few, the
last of them the latest size, bounded."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import pytest
from textual import events
from textual.geometry import Size

from adrenaline_tui.tui.driver import TerminalDriver
from adrenaline_tui.tui.web_driver import WebDriver
from adrenaline_tui.wire import limits

BOUNDED = Size(limits.MAX_WIDTH, limits.MAX_HEIGHT)


class App:
    """What a driver needs of an app: somewhere to post its messages."""

    def __init__(self) -> None:
        self.sizes: list[Size] = []

    def post_message(self, message: Any) -> bool:
        if isinstance(message, events.Resize):
            self.sizes.append(message.size)
        return True


async def _settled(app: App) -> list[Size]:
    for _ in range(100):
        if app.sizes and app.sizes[-1] == BOUNDED:
            break
        await asyncio.sleep(0.05)
    return app.sizes


async def test_the_terminal_driver_coalesces_window_changes() -> None:
    app = App()
    driver = TerminalDriver(app)  # type: ignore[arg-type]
    driver._resizes.loop = asyncio.get_running_loop()  # as start_application_mode does
    sizes = iter([(width, 30) for width in range(1, 1001)] + [(65535, 65535)])
    driver._get_terminal_size = lambda: limits.bounded_size(*next(sizes))  # type: ignore[method-assign]
    for _ in range(1001):
        driver._window_changed(signal.SIGWINCH, None)
    seen = await _settled(app)
    assert seen[-1] == BOUNDED and len(seen) <= 10, seen


async def test_an_in_band_resize_report_is_bounded_and_coalesced() -> None:
    app = App()
    driver = TerminalDriver(app)  # type: ignore[arg-type]
    driver._resizes.loop = asyncio.get_running_loop()
    for width in range(1, 1001):
        driver.process_message(events.Resize(Size(width, 30), Size(width, 30)))
    driver.process_message(events.Resize(Size(65535, 65535), Size(65535, 65535)))
    seen = await _settled(app)
    assert seen[-1] == BOUNDED and len(seen) <= 10, seen


async def test_the_web_driver_bounds_its_size_and_coalesces_resizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "65535")
    monkeypatch.setenv("ROWS", "65535")
    # Its input reader would watch this process's stdin (under pytest not a thing it can watch).
    monkeypatch.setattr("textual.drivers.web_driver.InputReader", lambda: None)
    app = App()
    driver = WebDriver(app)  # type: ignore[arg-type]
    assert driver._size == (limits.MAX_WIDTH, limits.MAX_HEIGHT)
    driver._resizes.loop = asyncio.get_running_loop()
    for width in range(1, 1001):
        driver.on_meta("resize", {"type": "resize", "width": width, "height": 30})
    driver.on_meta("resize", {"type": "resize", "width": 10**6, "height": "x" * 10**5})
    driver.on_meta("resize", {"type": "resize", "width": 10**6, "height": 10**6})
    seen = await _settled(app)
    assert seen[-1] == BOUNDED and len(seen) <= 10, seen
