"""Help: the keys of the screen you came from, what the symbols mean, and the turn in brief."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, NewLine
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from adrenaline_tui.tui.look import LETTER, hero
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen

# Paragraphs, not lines: each wraps to the screen (at 80 columns, text broken for a wider
# screen left single words on their own lines). An item starting with "- " is indented.
TURN = (
    "Your turn: two actions (the same one twice is fine), then reload if you like.",
    "- Run around: move up to 3 squares.",
    "- Grab stuff: move up to 1, then take the ammo tile or buy a weapon at a spawnpoint.",
    "- Shoot people: fire a loaded weapon.",
    "With 3+ damage, grab moves up to 2 first; with 6+ damage, you may move 1 before shooting. "
    "The 11th damage is a killshot, the 12th overkill. Boards are scored at the end of the turn: "
    "most damage 8-6-4-2-1-1 (less for each skull), first blood +1, ties to whoever hit first.",
    "Points are face down; most points at the end wins, ties to the killshot track.",
)

SYMBOLS = (
    "Map: walls are lines, gaps in them are doors; squares of one room run together.",
    "- r0c2 names a square (row 0, column 2). SPAWN marks a spawnpoint.",
    "- Ammo tiles: R, B, Y are cubes (red, blue, yellow) and P a powerup card: PYB gives a powerup, "
    "a yellow and a blue cube, written so on the map, in the options and in explanations.",
    "- Racks: R: B: Y: name the red, blue and yellow spawnpoints' racks; the cube letters after a "
    "weapon's name are what it costs to grab (none: free). A big map lists each rack in its square.",
    "- Highlighted squares are what the decision offers, with the option's key in [brackets].",
    "Boards: the damage track {track} holds 12 tokens, each the attacker's letter, split at "
    "3 | 6 | 11 | 12 (grab moves 2, shoot moves 1, killshot, overkill). {s} covers a value already taken.",
    "- Weapons: {h} is a loaded weapon you cannot see; {u} after a name marks an unloaded one, {l} a "
    "loaded one of yours. A name cut short ends in {e}. {p}2 counts face-down powerups.",
)


def paragraphs(items: tuple[str, ...], **names: str) -> list[Padding]:
    out = []
    for item in items:
        indent = 4 if item.startswith("- ") else 2
        out.append(Padding(Text(item.removeprefix("- ").format(**names)), (0, 0, 0, indent)))
    return out


class HelpScreen(BaseScreen):
    AUTO_FOCUS = "#help-box"
    DEFAULT_CSS = """
    HelpScreen #help-box { height: 1fr; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Back", id="help.close"),
    ]

    def __init__(self, under: Screen | None = None) -> None:
        super().__init__()
        self.under = under

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(id="help", markup=False)

    def on_mount(self) -> None:
        look = look_of(self.app)
        g = look.glyphs
        bold, heading = Style(bold=True), Style(bold=True, underline=True)
        rows = []
        seen = set()
        sources = []
        if self.under is not None:
            sources.append(self.under.BINDINGS)
        sources.append(self.app.BINDINGS)
        for source in sources:
            for b in source:
                if not isinstance(b, Binding) or not b.description or b.description.startswith("option "):
                    continue
                keys = ", ".join(self.app.get_key_display(Binding(k, "")) for k in b.key.split(","))
                if b.description in seen:
                    continue
                seen.add(b.description)
                rows.append((keys, b.description))
        # The keys a screen has beyond its bindings (an option panel's, a click) are its own to
        # say (`help_keys`: (keys, what) rows): a real-time table has no options to pick.
        own = getattr(self.under, "help_keys", None)
        if callable(own):
            rows[0:0] = list(own())
        rows.append(("ctrl+p", "commands: rules lookup, learn to play, save, theme, settings"))
        # Two columns; a long description wraps within its own column.
        keys = Table.grid(padding=(0, 2), pad_edge=False)
        keys.add_column(style=bold, no_wrap=True)
        keys.add_column(ratio=1)
        for key, what in rows:
            keys.add_row(key, what)
        header = (
            Text("Help (Esc to go back)", bold),
            NewLine(),
            Text("Keys here", heading),
            Padding(keys, (0, 0, 0, 2)),
        )
        # A title's table says what its own figures and symbols are (`help_sections`: a list of
        # (heading, paragraphs)); the help of the first title's table is the one below.
        sections = getattr(self.under, "help_sections", None)
        if callable(sections):
            parts: list = list(header)
            for title, items in sections():
                parts += [NewLine(), Text(title, heading), *paragraphs(tuple(items))]
            self.query_one("#help", Static).update(Group(*parts))
            return
        figures = Text()
        for colour, letter in LETTER.items():
            figures.append(f" {letter} ", look.palette.figure_style(colour))
            figures.append(f" {hero(colour)} ({colour})\n")
        figures.rstrip()
        track = g.zone.join(g.empty * n for n in (2, 3, 5, 1, 1))
        names = {"p": g.powerup, "s": g.skull, "h": g.hidden, "u": g.unloaded, "l": g.loaded, "e": g.ellipsis}
        body = Group(
            *header,
            NewLine(),
            Text("Figures", heading),
            Padding(figures, (0, 0, 0, 2)),
            NewLine(),
            Text("Symbols", heading),
            *paragraphs(SYMBOLS, track=track, **names),
            NewLine(),
            Text("A turn in brief", heading),
            *paragraphs(TURN),
        )
        self.query_one("#help", Static).update(body)

    def action_close(self) -> None:
        self.dismiss(None)
