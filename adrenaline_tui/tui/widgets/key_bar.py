"""`KeyBar`: the line of keys at the foot of a screen, drawn as one widget.

Textual's `Footer` builds a widget per key and rebuilds them all whenever the bindings change;
on the table that was a seventh of the start-up time. This draws the same information (the
screen's shown bindings, one per action, dimmed when disabled) as one line of text, and a click
on a key presses it.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.screen import Screen

from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn


class Key(NamedTuple):
    key: str  # what `simulate_key` presses
    display: str  # how the key is written ("^p", "?")
    description: str
    enabled: bool


class KeyBar(Drawn):
    """State: the keys to show, in binding order."""

    DEFAULT_CSS = tcss_beside(__file__)
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state = ()
        # Where each key was drawn: (first cell, cell after the last, key), for clicks.
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.show(self.keys())

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen:
            self.show(self.keys())

    def keys(self) -> tuple[Key, ...]:
        """The screen's bindings that are shown, the first of each action, palette last."""
        seen: set[str] = set()
        keys: list[Key] = []
        palette: Key | None = None
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if key == self.app.COMMAND_PALETTE_BINDING and self.app.ENABLE_COMMAND_PALETTE:
                palette = Key(key, self.app.get_key_display(binding), binding.description, active.enabled)
                continue
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append(Key(key, self.app.get_key_display(binding), binding.description, active.enabled))
        if palette is not None:
            keys.append(palette)
        return tuple(keys)

    def render(self) -> Text:
        self.current_look()
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        text_style = self.get_component_rich_style("key-bar--description", partial=True)
        # Roomy when the line fits, tight when it would not: at 80 columns the roomy line
        # cut off the last keys (Footer scrolled instead).
        roomy = sum(len(k.display) + len(k.description) + 3 for k in self.state) <= self.size.width
        out = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        for item in self.state:
            start = out.cell_len
            if roomy:
                out.append(f" {item.display} ", key_style)
                out.append(f"{item.description} ", text_style)
            else:
                out.append(item.display, key_style)
                out.append(f" {item.description}", text_style)
            if not item.enabled:
                out.stylize("dim", start)
            self._spans.append((start, out.cell_len, item.key))
            if not roomy:
                out.append(" ")
        return out

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
