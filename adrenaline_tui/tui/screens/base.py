"""What every screen of the game shares: the minimum size and its message, and breakpoints.

Below 80x24 a screen hides its contents and says how big the window must be. The breakpoint
classes let each screen's TCSS choose a compact or a comfortable layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen

from adrenaline_tui.tui.attached import while_attached
from adrenaline_tui.tui.widgets._plain_lines import plain_lines
from adrenaline_tui.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall

# From here up, screens use their comfortable layout (`-large`).
LARGE_WIDTH, LARGE_HEIGHT = 110, 34


def too_small(size: Size) -> bool:
    """Below the minimum every screen shows only the notice, and nothing may take input."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def blocked_while_too_small(event: events.Event) -> bool:
    """Input that would act on the screen hidden behind the size notice: every key, mouse
    event and paste. The app drops them all in one place (`AdrenalineApp.on_event`), so no
    binding, option key, click or palette of any screen can act unseen."""
    return isinstance(event, events.Key | events.MouseEvent | events.Paste)


class BaseScreen(Screen):
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (80, "-w80"),
        (110, "-w110"),
        (150, "-w150"),
    ]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-short"),
        (24, "-h24"),
        (34, "-h34"),
        (46, "-h46"),
    ]
    # The terminal size this screen was last laid out at.
    _laid_out_at: Size | None = None
    _resumed_before = False
    DEFAULT_CSS = """
    BaseScreen.-too-small > * { display: none; }
    BaseScreen.-too-small > TooSmall { display: block; }
    """

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        plain_lines(self)  # its background, where no widget covers it

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        """Every screen's deferred callbacks read its widgets: none runs once the screen is
        gone (popped in the same tick, as going to "New game" from the standings does)."""
        return super().call_after_refresh(while_attached(self, callback), *args, **kwargs)

    def _size_classes(self) -> dict[str, bool]:
        """The breakpoint classes, `-too-small`, and `-large` (the comfortable layout, which
        needs width and height both), for the terminal's size now."""
        width, height = self.app.size
        classes = {
            "-too-small": too_small(Size(width, height)),
            "-large": width >= LARGE_WIDTH and height >= LARGE_HEIGHT,
        }
        for dimension, points in (
            (width, self.HORIZONTAL_BREAKPOINTS or []),
            (height, self.VERTICAL_BREAKPOINTS or []),
        ):
            reached = [point for point in points if dimension >= point[0]]
            classes.update({name: False for _, name in points})
            if reached:
                classes[max(reached)[1]] = True
        return classes

    def compose(self) -> ComposeResult:
        # Classed before anything mounts: Textual sets the breakpoints on the first resize,
        # after the first layout, and a class change on a screen restyles every widget on it.
        # Restyled now, it is the screen alone, whose own styles may depend on its classes.
        self.update_classes(self._size_classes())
        yield from self.compose_body()
        yield TooSmall()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.ScreenResume) and not self._resumed_before:
            # Textual restyles a whole screen whenever it is resumed, for what may have changed
            # while it was covered. The first time, nothing has: every widget was styled as it
            # mounted, just before, so the restyle only computed the same styles again (a third
            # of the styling before a resumed game's first frame).
            self._resumed_before = True
            event.refresh_styles = False
        await super().on_event(event)

    # Textual calls these on every class of the MRO, so screens' own handlers add to them.
    def on_screen_resume(self) -> None:
        # Textual lays a screen out when it is resumed, at the terminal's size; and a screen
        # pushed at an unchanged size gets no resize event of its own.
        self.update_classes(self._size_classes())
        self._laid_out_at = self.app.size

    def on_resize(self, event: events.Resize) -> None:
        self.update_classes(self._size_classes())
        self.size_classes_changed()
        if event.size == self._laid_out_at:
            # Textual sends the size it started at once more when the terminal confirms it;
            # laying out and drawing a screen again for it was a whole extra frame at start-up.
            event.prevent_default()
        self._laid_out_at = event.size

    def compose_body(self) -> ComposeResult:
        return
        yield

    def size_classes_changed(self) -> None:
        """After a resize has set the size classes: for widgets that take them from the screen."""
