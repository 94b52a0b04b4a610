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
    app_wide: bool = False  # the app's own (quit, the palette): the first to go on a short line


# The help screen lists every key: when the line cannot hold them all it keeps this one.
HELP_KEYS = frozenset({"f1"})
ALL_KEYS = "(all keys)"


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
                palette = Key(
                    key, self.app.get_key_display(binding), binding.description, active.enabled, app_wide=True
                )
                continue
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append(
                Key(
                    key,
                    self.app.get_key_display(binding),
                    binding.description,
                    active.enabled,
                    app_wide=active.node is self.app,
                )
            )
        if palette is not None:
            keys.append(palette)
        return tuple(keys)

    def fitting(self, width: int) -> tuple[tuple[Key, ...], bool]:
        """The keys that fit `width` and whether the line is roomy. Roomy when every key fits
        that way, else tight (at 80 columns the roomy line cut off the last keys); when even the
        tight line is too long (the table at 80 columns with `w Learn it`), keys are left out from
        the right, never the help key, which then says it lists them all."""
        keys = self.state

        def length(items: tuple[Key, ...], gap: int) -> int:  # with the space after the last
            return sum(len(k.display) + len(k.description) + gap for k in items)

        if length(keys, 3) <= width:
            return keys, True
        if length(keys, 2) <= width:
            return keys, False
        kept = list(keys)
        helps = [k for k in kept if k.key in HELP_KEYS]
        if not helps:
            return keys, False  # nowhere to say where the rest is: cut with an ellipsis
        help_key = helps[0]
        kept[kept.index(help_key)] = help_key._replace(description=f"{help_key.description} {ALL_KEYS}")
        while length(tuple(kept), 2) > width and len(kept) > 1:
            # The app's keys first (the help lists them), then the screen's from the right.
            order = sorted(range(len(kept)), key=lambda i: (not kept[i].app_wide, -i))
            drop = next(i for i in order if kept[i].key not in HELP_KEYS)
            del kept[drop]
        return tuple(kept), False

    def draw(self) -> Text:
        self.current_look()
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        text_style = self.get_component_rich_style("key-bar--description", partial=True)
        keys, roomy = self.fitting(self.size.width)
        out = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        for item in keys:
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
