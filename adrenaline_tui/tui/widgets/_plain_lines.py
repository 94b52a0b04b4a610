"""`PlainLinesCache`: Textual's per-widget line cache, without its per-line styling work for
widgets that have no styling around their content.

Textual draws each changed line of a widget through `StylesCache.render_line`, which looks up
the border, outline, padding, hatch, tint and opacity and builds a new strip, about as long as
drawing the line itself: a decision repaints some 25 lines of the table (the option list, the
map's changed rows, the prompt, the preview, the status bar). For a widget with none of those
styles the line that comes out is the content line brought to the widget's width, so that is
what this cache returns, through the same cache of lines, dirty regions, filters and crop as
Textual's. Anything else (a border on focus, padding, a tint) is drawn by Textual as before.
Screens and the table's containers, which show only their background where their widgets
do not cover them, are drawn so too. `tests/tui/test_frames.py` checks both give the same strips.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.style import Style
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.css.styles import StylesBase
from textual.filter import LineFilter
from textual.geometry import Region, Size, Spacing
from textual.strip import Strip
from textual.widget import Widget

_NO_PADDING = Spacing(0, 0, 0, 0)


def is_plain(styles: StylesBase, padding: Spacing | None, opacity: float) -> bool:
    """Whether `StylesCache.render_line` would add nothing to a content line of these styles."""
    return (
        (padding is None or padding == _NO_PADDING)
        and styles.padding == _NO_PADDING
        and not any(edge for edge, _ in styles.border)
        and not any(edge for edge, _ in styles.outline)
        and opacity == 1.0
        and styles.text_opacity == 1.0
        and not styles.tint.a
        and not (styles.has_rule("hatch") and styles.hatch != "none")
    )


class PlainLinesCache(StylesCache):
    def render(  # type: ignore[override]
        self,
        styles: StylesBase,
        size: Size,
        base_background: Color,
        background: Color,
        render_content_line: Callable[[int], Strip],
        filters: Sequence[LineFilter],
        border_title: object,
        border_subtitle: object,
        content_size: Size | None = None,
        padding: Spacing | None = None,
        crop: Region | None = None,
        opacity: float = 1.0,
        **options: object,  # the ANSI theme, for the styling skipped here
    ) -> list[Strip]:
        if content_size is None or content_size != size or not is_plain(styles, padding, opacity):
            return super().render(
                styles,
                size,
                base_background,
                background,
                render_content_line,
                filters,
                border_title,
                border_subtitle,
                content_size=content_size,
                padding=padding,
                crop=crop,
                opacity=opacity,
                **options,
            )
        if crop is None:
            crop = size.region
        width, height = size
        if width != self._width:
            self.clear()
            self._width = width
        inner: Style = self.get_inner_outer(base_background, background)[0].rich_style
        cache, is_dirty = self._cache, self._dirty_lines.__contains__
        strips: list[Strip] = []
        for y in crop.line_range:
            strip = cache.get(y)
            if strip is None or is_dirty(y):
                if y < height:
                    strip = render_content_line(y).adjust_cell_length(width, inner)
                else:
                    strip = Strip.blank(width, inner)
                cache[y] = strip
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            strips.append(strip)
        self._dirty_lines.difference_update(crop.line_range)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips


W = TypeVar("W", bound=Widget)


def plain_lines(widget: W) -> W:
    """Draw `widget`'s lines through a `PlainLinesCache` (call in its `__init__`, or on a
    container as it is composed); returns it."""
    widget._styles_cache = PlainLinesCache()
    return widget
