"""`Choice`: a one-line value you step through with left/right (or space, or a click).

Setup has a dozen of these; one line each keeps the whole form on an 80x24 screen, where
Textual's Select would take three lines and a dropdown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = tcss_beside(__file__)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False, id="choice.previous"),
        Binding("right,space", "step(1)", "Next", show=False, id="choice.next"),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice, value: Any) -> None:
            self.choice = choice
            self.value = value
            super().__init__()

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        values: Sequence[tuple[Any, str]],
        value: Any = None,
        *,
        allowed: Callable[[Any], bool] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.values = list(values)
        keys = [v for v, _ in self.values]
        self.index = keys.index(value) if value in keys else 0
        self.allowed = allowed

    @property
    def value(self) -> Any:
        return self.values[self.index][0]

    @property
    def label(self) -> str:
        return self.values[self.index][1]

    def set_value(self, value: Any) -> None:
        keys = [v for v, _ in self.values]
        if value in keys and keys.index(value) != self.index:
            self.index = keys.index(value)
            self.refresh()
            self.post_message(self.Changed(self, value))

    def action_step(self, delta: int) -> None:
        n = len(self.values)
        for i in range(1, n + 1):
            index = (self.index + delta * i) % n
            if self.allowed is None or self.allowed(self.values[index][0]):
                if index != self.index:
                    self.index = index
                    self.refresh()
                    self.post_message(self.Changed(self, self.value))
                return

    def on_click(self, event: Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)

    def render(self) -> Text:
        width = max(3, self.size.width - 4)
        label = self.label if len(self.label) <= width else self.label[: width - 1] + "…"
        glyphs = look_of(self.app).glyphs
        out = Text(no_wrap=True)
        arrow = Style(bold=True) if self.has_focus else Style(dim=True)
        out.append(glyphs.back + " ", arrow)
        out.append(label.ljust(width))
        out.append(" " + glyphs.cursor, arrow)
        return out
