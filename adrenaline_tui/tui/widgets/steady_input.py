"""A text field whose cursor does not blink, for the screens only a hosted client shows.

A blinking cursor redraws its line twice a second while nobody types: on a hosted client each
blink is a frame drawn by that player's process and sent through the door, for every idle player
in a lobby. (It also kept an idle lobby from ever being quiet, which tests waiting for a quiet
screen paid for with their whole timeout.)
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input


class SteadyInput(Input):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False
