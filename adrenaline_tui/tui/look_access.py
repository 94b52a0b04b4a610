"""The current look (palette and glyphs) for widgets, from the app when it has one."""

from __future__ import annotations

from textual.app import App

from adrenaline_tui.record import record
from adrenaline_tui.tui.look import STANDARD, UNICODE, Glyphs, Palette


@record
class Look:
    """How the table draws: its colours and its characters."""

    palette: Palette = STANDARD
    glyphs: Glyphs = UNICODE


DEFAULT_LOOK = Look()


def look_of(app: App) -> Look:
    return getattr(app, "look", DEFAULT_LOOK)
