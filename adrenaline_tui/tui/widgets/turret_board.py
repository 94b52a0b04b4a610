"""`TurretBoard`: Turret mode's board over the killshot track - the skulls still to take, the five
face-up ammo tiles a grab chooses from, and how many turrets each player holds.

The tiles are refilled at the end of every turn; the turrets decide the final scoring (8-6-4-2-1,
ties to the player whose final turn came earlier). Killshots are not tracked in this mode.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.record import record
from adrenaline_tui.rules.modes.turret import TURRET_VALUES
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.domination_board import skulls_text
from adrenaline_tui.tui.widgets.drawn import Drawn


@record
class TurretState:
    skulls_left: int
    frenzy: bool
    ending: str
    offer: tuple[str | None, ...]  # the 5 slots of the turret board: tile code or empty
    held: tuple[tuple[str, int], ...]  # (owner colour, turrets held), most first
    offered: tuple[tuple[str, str], ...] = ()  # tile code -> the hotkey choosing it now


class TurretBoard(Drawn):
    """State: a `TurretState`."""

    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        if self.state is None:
            return Text("")
        look = self.current_look()
        s = self.state
        large = self.has_class("-large")
        lines = [skulls_text(s.skulls_left, s.frenzy, s.ending, look)]
        tiles = tiles_text(s, look)
        held = held_text(s, look)
        if large:
            lines += [tiles, held]
            values = "-".join(map(str, TURRET_VALUES))
            lines.append(Text(f"  tiles refill every turn; turrets pay {values} at the end", "dim"))
        else:
            lines.append(compact_line(s, look, self.size.width))
        return Text("\n").join(lines)


def compact_line(s: TurretState, look: Look, width: int) -> Text:
    """Tiles and turrets on one line: the words "Turrets", then "Tiles", give way before a turret
    does (at 80 columns "Turrets ▲Z2 ▲D1 ▲…" lost a holder behind the ellipsis)."""
    choices = [
        (tiles_text(s, look), held_text(s, look)),
        (tiles_text(s, look), held_text(s, look, label=False)),
        (tiles_text(s, look, label=False), held_text(s, look, label=False)),
    ]
    for tiles, held in choices:
        line = Text(" ", no_wrap=True, overflow="ellipsis").join([tiles, held])
        if width <= 0 or line.cell_len <= width:
            return line
    return line


def tiles_text(s: TurretState, look: Look, *, label: bool = True) -> Text:
    pal, g = look.palette, look.glyphs
    keys = dict(s.offered)
    out = Text(no_wrap=True, overflow="ellipsis")
    if label:
        out.append("Tiles ", Style(bold=True))
    for i, code in enumerate(s.offer):
        if i:
            out.append(" ")
        if code is None:
            out.append(g.empty, Style(color=pal.dim))
            continue
        if code in keys:
            out.append(keys[code], Style(bold=True, reverse=True))
        for ch, style in pal.tile_cells(code):
            out.append(ch, style)
    return out


def held_text(s: TurretState, look: Look, *, label: bool = True) -> Text:
    pal, g = look.palette, look.glyphs
    out = Text(no_wrap=True, overflow="ellipsis")
    if label:
        out.append("Turrets ", Style(bold=True))
    if not s.held:
        out.append("none", Style(color=pal.dim))
    for i, (colour, n) in enumerate(s.held):
        if i:
            out.append(" ")
        out.append(g.turret, Style(bold=True))
        out.append(LETTER.get(colour, "?"), pal.token_style(colour))
        out.append(f"{n}")
    return out
