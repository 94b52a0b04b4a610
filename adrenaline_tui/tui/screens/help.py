"""Help: the keys of the screen you came from, what the symbols mean, and the turn in brief."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from adrenaline_tui.tui.look import LETTER, hero
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen

TURN = """\
Your turn: two actions (the same one twice is fine), then reload if you like.
  Run around: move up to 3 squares.  Grab stuff: move up to 1, then take the
  ammo tile or buy a weapon at a spawnpoint.  Shoot people: fire a loaded weapon.
With 3+ damage, grab moves up to 2 first; with 6+ damage, you may move 1 before shooting.
The 11th damage is a killshot, the 12th overkill. Boards are scored at the end of the turn:
most damage 8-6-4-2-1-1 (less for each skull), first blood +1, ties to whoever hit first.
Points are face down; most points at the end wins, ties to the killshot track."""

SYMBOLS = """\
Map: walls are lines, gaps in them are doors; squares of one room run together.
  r0c2 names a square (row 0, column 2). SPAWN marks a spawnpoint; its rack lists its
  weapons (with the cubes it costs to grab). RBY letters are ammo cubes (red, blue,
  yellow); {p} on a tile means it also gives a powerup.
  Highlighted squares are what the decision offers, with the option's key in [brackets].
Boards: damage track split at 3 | 6 | 11 | 12 (adrenaline, killshot, overkill), each
  token the attacker's letter. {s} covers a value already taken. {h} is a loaded weapon
  you cannot see; {u} marks an unloaded one, {l} a loaded one of yours."""


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
        out = Text()
        out.append("Help (Esc to go back)\n\n", Style(bold=True))
        out.append("Keys here\n", Style(bold=True, underline=True))
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
        if self.under is not None and self.under.__class__.__name__ in ("TableScreen", "LessonScreen"):
            rows.insert(0, ("1-9, a-k", "pick that option"))
            rows.insert(1, ("up, down, enter", "move through the options and pick one"))
            rows.insert(2, ("click", "a board or a square: explain it"))
        if self.under is not None and self.under.__class__.__name__ == "LessonScreen":
            rows.insert(3, ("pageup, pagedown", "scroll the lesson's text"))
        for keys, what in rows:
            out.append(f"  {keys:<24}", Style(bold=True))
            out.append(f"{what}\n")
        out.append("  ctrl+p                  commands: rules lookup, learn to play, save, theme, settings\n")
        out.append("\nFigures\n", Style(bold=True, underline=True))
        for colour, letter in LETTER.items():
            out.append("  ")
            out.append(f" {letter} ", look.palette.figure_style(colour))
            out.append(f" {hero(colour)} ({colour})\n")
        out.append("\nSymbols\n", Style(bold=True, underline=True))
        out.append(SYMBOLS.format(p=g.powerup, s=g.skull, h=g.hidden, u=g.unloaded, l=g.loaded) + "\n")
        out.append("\nA turn in brief\n", Style(bold=True, underline=True))
        out.append(TURN + "\n")
        self.query_one("#help", Static).update(out)

    def action_close(self) -> None:
        self.dismiss(None)
