"""Last-moment changes to every line the app writes, for terminals that ask for less.

- `NoColour`: with `NO_COLOR` set no colour escape reaches the terminal. Textual's own answer
  to NO_COLOR turns colours to greys, which are still 256-colour or true-colour codes. Colour
  only ever repeats what a letter or an attribute says (docs/ui.md, "Never colour alone"),
  except where a background sets a line apart (the highlighted option, an offered square):
  that becomes reverse video.
- `AsciiOnly`: the Linux console's font lacks most of Unicode; with the ASCII glyph set every
  character outside ASCII is replaced, including those of Textual's own widgets (borders,
  scrollbars, the ellipsis of a cut line), so nothing is drawn as a box of question marks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, Monochrome, NoColor

if TYPE_CHECKING:
    from textual.app import App

# A background this much lighter or darker than the screen's marks something (a cursor, an
# offered square) and is kept as reverse video.
STANDS_OUT = 0.25


def _luminance(colour: object) -> float | None:
    triplet = getattr(colour, "get_truecolor", None)
    if triplet is None:
        return None
    r, g, b = triplet()
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@lru_cache(2048)
def _without_colour(style: Style, background: float) -> Style:
    plain = style.without_color
    shade = _luminance(style.bgcolor) if style.bgcolor is not None else None
    if shade is not None and abs(shade - background) >= STANDS_OUT:
        plain = plain + Style(reverse=not style.reverse)
    return plain


class NoColour(LineFilter):
    """Drop every colour, keeping bold, dim, italic, underline and reverse."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        shade = round(background.brightness, 2)
        return [
            Segment(text, None if style is None else _without_colour(style, shade), control)
            for text, style, control in segments
        ]


# One character each, so nothing moves: lines, corners and blocks become - | + #, symbols a
# letter or sign that says the same, anything else `?`.
ASCII_FOR = {
    **dict.fromkeys("─━═╌╍┄┅┈┉╴╶╸╺▔▁", "-"),
    **dict.fromkeys("│┃║╎╏┆┇┊┋╵╷╹╻▏▕", "|"),
    **dict.fromkeys("┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬", "+"),
    **dict.fromkeys("▂▃▄▅▆▇█▉▊▋▌▍▎▐░▒▓■▣", "#"),
    "…": "~",
    "·": ".",
    "•": "*",
    "●": "+",
    "○": "-",
    "♦": "P",
    "☠": "X",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "↑": "^",
    "↓": "v",
    "←": "<",
    "→": ">",
    "✓": "+",
    "✗": "x",
    "»": ">",
    "«": "<",
    "\u00a0": " ",
}


@lru_cache(4096)
def to_ascii(text: str) -> str:
    if text.isascii():
        return text
    # A wide character (two cells) becomes two question marks, so the columns stay put.
    return "".join(ch if ch.isascii() else ASCII_FOR.get(ch) or "?" * max(1, cell_len(ch)) for ch in text)


class AsciiOnly(LineFilter):
    """Every character outside ASCII replaced by one inside it."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment if control or text.isascii() else Segment(to_ascii(text), style, control)
            for segment in segments
            for text, style, control in (segment,)
        ]


def install(app: App[Any], *, ascii_only: bool) -> AsciiOnly:
    """Put both filters on an app of the game (the shell's and a title's own, such as Panic
    Fire's direct-run app): with NO_COLOR, `NoColour` in place of Textual's own (which sends
    greys); always an `AsciiOnly`, on when the glyph set is ASCII. It is returned so an app whose
    glyph setting changes can turn it on or off."""
    if app.no_color:
        app._filters = [f for f in app._filters if not isinstance(f, Monochrome | NoColor)]
        app._filters.append(NoColour())
    ascii_filter = AsciiOnly(enabled=ascii_only)
    app._filters.append(ascii_filter)
    return ascii_filter
