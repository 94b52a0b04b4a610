"""The browser's driver: Textual's (the one textual-serve starts), made safe like the terminal's.

The size is bounded and window changes coalesced (`tui/driver.py`): the web door checks them
too, this holds whatever started the client.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.drivers.web_driver import WebDriver as TextualWebDriver
from textual.geometry import Size

from adrenaline_tui.tui.driver import Resizes
from adrenaline_tui.wire.limits import bounded_size


class WebDriver(TextualWebDriver):
    """Textual's browser driver with the size bounded and window changes coalesced."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._size is not None:
            self._size = bounded_size(*self._size)
        self._resizes = Resizes(self._app)

    def start_application_mode(self) -> None:
        self._resizes.loop = asyncio.get_running_loop()
        super().start_application_mode()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            self._size = bounded_size(payload.get("width"), payload.get("height"))
            self._resizes.offer(Size(*self._size))
            return
        super().on_meta(packet_type, payload)
