"""How the table looks: figure letters, glyph sets and the colour palettes of the themes.

Colour is never the only cue: every figure has a letter, every cube a letter, every offered
square its key. The palettes only make those easier to read.
"""

from __future__ import annotations

import os
from dataclasses import field

from rich.style import Style

from adrenaline_tui.record import record
from adrenaline_tui.rules.state import HEROES

# One letter a figure, unique: hero initials, with doZer's Z because D-struct-or has the D.
LETTER = {"yellow": "D", "blue": "B", "grey": "Z", "purple": "V", "green": "S"}
CUBE_LETTER = {"red": "R", "blue": "B", "yellow": "Y"}
ROOM_NAMES = ("red", "blue", "yellow", "white", "purple", "green")


def hero(colour: str) -> str:
    return HEROES.get(colour, colour)


@record
class Glyphs:
    """The characters the table draws with (Unicode, or ASCII on a console without it)."""

    skull: str
    empty: str
    zone: str  # between the zones of the damage track
    hidden: str  # a loaded weapon you may not see
    powerup: str
    loaded: str
    unloaded: str
    cursor: str
    back: str
    # The 8th space of a Domination spawnpoint track: a fist, as on the board (two cells wide,
    # so only lines Rich measures draw it, never the map's one-cell grid).
    fist: str
    tagged: str  # on the map: before a Domination spawnpoint's count of tokens (one cell)
    turret: str  # a commandeered turret, before its owner's letter
    # map lines: horizontal, vertical, and junctions by (up, down, left, right)
    h: str
    v: str
    junctions: dict[tuple[bool, bool, bool, bool], str] = field(default_factory=dict)
    up: str = "↑"  # more above / below a list
    down: str = "↓"
    ellipsis: str = "…"  # where text is cut
    dot: str = "·"  # between the parts of a line

    def junction(self, up: bool, down: bool, left: bool, right: bool) -> str:
        return self.junctions.get((up, down, left, right), " ")


def _box_junctions() -> dict[tuple[bool, bool, bool, bool], str]:
    chars = {
        (True, True, False, False): "│",
        (False, False, True, True): "─",
        (False, True, False, True): "┌",
        (False, True, True, False): "┐",
        (True, False, False, True): "└",
        (True, False, True, False): "┘",
        (True, True, False, True): "├",
        (True, True, True, False): "┤",
        (False, True, True, True): "┬",
        (True, False, True, True): "┴",
        (True, True, True, True): "┼",
        (True, False, False, False): "│",
        (False, True, False, False): "│",
        (False, False, True, False): "─",
        (False, False, False, True): "─",
    }
    return chars


def _ascii_junctions() -> dict[tuple[bool, bool, bool, bool], str]:
    out = {}
    for key in _box_junctions():
        up, down, left, right = key
        if (up or down) and not (left or right):
            out[key] = "|"
        elif (left or right) and not (up or down):
            out[key] = "-"
        else:
            out[key] = "+"
    return out


UNICODE = Glyphs(
    skull="☠",
    empty="·",
    zone="│",
    hidden="▣",
    powerup="♦",
    loaded="●",
    unloaded="○",
    cursor="▶",
    back="◀",
    fist="✊",
    tagged="✦",
    turret="▲",
    h="─",
    v="│",
    junctions=_box_junctions(),
)
ASCII = Glyphs(
    skull="X",
    empty=".",
    zone="|",
    hidden="#",
    powerup="P",  # the tile codes' letter (PYR); `*` marks the squares a lesson points at
    loaded="+",
    unloaded="-",
    cursor=">",
    back="<",
    fist="!",
    tagged="!",
    turret="^",
    h="-",
    v="|",
    junctions=_ascii_junctions(),
    up="^",
    down="v",
    ellipsis="~",
    dot="-",
)


def pick_glyphs(setting: str) -> Glyphs:
    """The Linux console's font lacks most symbols, so it gets plain ASCII unless told otherwise."""
    if setting == "ascii":
        return ASCII
    if setting == "unicode":
        return UNICODE
    return ASCII if os.environ.get("TERM", "") == "linux" else UNICODE


@record
class Palette:
    """The colours the table draws with, taken from a theme."""

    figure: dict[str, str]  # background of a figure's letter
    figure_text: dict[str, str]
    room_bg: dict[str, str | None]
    room_fg: dict[str, str]
    cube: dict[str, str]
    wall: str
    offer_bg: str
    offer_fg: str
    cursor_bg: str
    cursor_fg: str
    dim: str

    def figure_style(self, colour: str, *, bold: bool = True) -> Style:
        return Style(color=self.figure_text.get(colour, "black"), bgcolor=self.figure.get(colour), bold=bold)

    def token_style(self, colour: str) -> Style:
        """A damage token or mark: the attacker's letter in the attacker's colour."""
        return Style(color=self.figure.get(colour), bold=True)

    def cube_style(self, colour: str) -> Style:
        return Style(color=self.cube.get(colour), bold=True)

    def tile_cells(self, code: str) -> list[tuple[str, Style]]:
        """An ammo tile as everything writes it - the options, the log, explain, the coach, the
        map and the turret board: its code (`PYB`: a powerup, a yellow and a blue cube), each
        cube letter in its colour. One notation: the turret board drew the powerup as a glyph
        while the coach said `PRR` (issue 23, finding 10)."""
        cube = {letter: colour for colour, letter in CUBE_LETTER.items()}
        return [(ch, self.cube_style(cube[ch]) if ch in cube else Style(bold=True)) for ch in code]


STANDARD = Palette(
    figure={"yellow": "#f2d03b", "blue": "#4a8cf0", "grey": "#a8a8a8", "purple": "#b066e0", "green": "#4cc46a"},
    figure_text={"yellow": "#000000", "blue": "#000000", "grey": "#000000", "purple": "#000000", "green": "#000000"},
    room_bg={
        "red": "#3a1616",
        "blue": "#152440",
        "yellow": "#37320f",
        "white": "#2c2c2c",
        "purple": "#2e1838",
        "green": "#12331b",
    },
    room_fg={
        "red": "#ff7b7b",
        "blue": "#7fb0ff",
        "yellow": "#f5dc6a",
        "white": "#e0e0e0",
        "purple": "#d49bff",
        "green": "#7be39a",
    },
    cube={"red": "#ff5555", "blue": "#5c9dff", "yellow": "#ffd84a"},
    wall="#c8c8c8",
    offer_bg="#e0503a",
    offer_fg="#ffffff",
    cursor_bg="#8a7400",
    cursor_fg="#ffffff",
    dim="#8a8a8a",
)

# Okabe-Ito colours: told apart with the common colour-vision deficiencies. Rooms differ in
# lightness as well as hue.
COLOURBLIND = Palette(
    figure={"yellow": "#f0e442", "blue": "#0072b2", "grey": "#bbbbbb", "purple": "#cc79a7", "green": "#009e73"},
    figure_text={"yellow": "#000000", "blue": "#ffffff", "grey": "#000000", "purple": "#000000", "green": "#ffffff"},
    room_bg={
        "red": "#4a2000",
        "blue": "#0a2a44",
        "yellow": "#3d3a10",
        "white": "#333333",
        "purple": "#3c1f33",
        "green": "#003325",
    },
    room_fg={
        "red": "#e69f00",
        "blue": "#56b4e9",
        "yellow": "#f0e442",
        "white": "#eeeeee",
        "purple": "#cc79a7",
        "green": "#009e73",
    },
    cube={"red": "#d55e00", "blue": "#56b4e9", "yellow": "#f0e442"},
    wall="#dddddd",
    offer_bg="#e69f00",
    offer_fg="#000000",
    cursor_bg="#0072b2",
    cursor_fg="#ffffff",
    dim="#999999",
)

# The 16 ANSI colours by name, so the terminal's own palette draws them exactly.
ANSI16 = Palette(
    figure={"yellow": "yellow", "blue": "blue", "grey": "white", "purple": "magenta", "green": "green"},
    figure_text={"yellow": "black", "blue": "white", "grey": "black", "purple": "black", "green": "black"},
    room_bg=dict.fromkeys(ROOM_NAMES),
    room_fg={
        "red": "bright_red",
        "blue": "bright_blue",
        "yellow": "bright_yellow",
        "white": "bright_white",
        "purple": "bright_magenta",
        "green": "bright_green",
    },
    cube={"red": "bright_red", "blue": "bright_blue", "yellow": "bright_yellow"},
    wall="white",
    offer_bg="red",
    offer_fg="bright_white",
    cursor_bg="blue",
    cursor_fg="bright_white",
    dim="bright_black",
)

PALETTES = {"adrenaline": STANDARD, "adrenaline-colourblind": COLOURBLIND, "adrenaline-16": ANSI16}


def palette_for(theme: str) -> Palette:
    return PALETTES.get(theme, STANDARD)
