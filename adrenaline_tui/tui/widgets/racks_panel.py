"""`RacksPanel`: the three weapon racks as lines of text, for maps too small to hold them."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.tui.look import CUBE_LETTER
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.arena_map import RackSlot
from adrenaline_tui.tui.widgets.drawn import Drawn


class RacksPanel(Drawn):
    """State: ((spawn colour, its rack slots), ...)."""

    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        look = self.current_look()
        racks = dict(self.state or ())
        lines = [rack_line(colour, racks.get(colour, ()), look, self.size.width) for colour in SPAWN_COLOURS]
        return Text("\n", end="").join(lines)


def rack_line(colour: str, slots: tuple[RackSlot, ...], look: Look, width: int) -> Text:
    pal = look.palette
    out = Text(no_wrap=True, overflow="ellipsis")
    # "R:" names the rack, set apart from the grab costs that follow each weapon's name.
    out.append(CUBE_LETTER[colour] + ":", Style(color=pal.room_fg["red" if colour == "red" else colour], bold=True))
    out.append(" ")
    if not slots:
        return out
    each = max(6, (width - out.cell_len) // max(1, len(slots)) - 1)
    for i, slot in enumerate(slots):
        if i:
            out.append(" ")
        if slot.weapon is None:
            out.append(look.glyphs.empty.ljust(each), Style(color=pal.dim))
            continue
        cost = "".join(CUBE_LETTER[c] for c in slot.pickup)
        key = f"{slot.key}" if slot.key else ""
        room = each - len(cost) - (len(key) + 1 if key else 0) - (1 if cost else 0)
        name = slot.name if len(slot.name) <= room else slot.name[: max(1, room - 1)] + look.glyphs.ellipsis
        if key:
            out.append(key, Style(bold=True, reverse=True))
            out.append(" ")
        out.append(name, Style(color=pal.cube.get(slot.colour)))
        if cost:
            out.append(" ")
            for c in slot.pickup:
                out.append(CUBE_LETTER[c], pal.cube_style(c))
        pad = each - (len(key) + 1 if key else 0) - len(name) - (len(cost) + 1 if cost else 0)
        out.append(" " * max(0, pad))
    return out
