"""`DominationBoard`: Domination's board over the killshot track - the skulls still to take and
the three spawnpoint tracks.

Each track shows the tokens of the players who tagged that spawnpoint, in order, on spaces up to
the fist on the 8th: two tracks reaching their fist start the final frenzy (as does the last
skull). Killshots are not tracked in this mode, so only the skulls left are drawn.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.record import record
from adrenaline_tui.rules.modes.domination import FIST, TRACK_VALUES
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn, first_fitting


@record
class DominationState:
    skulls_left: int
    frenzy: bool
    ending: str
    # (spawn colour, its square, token colours in order), red, blue, yellow
    tracks: tuple[tuple[str, str, tuple[str, ...]], ...]


class DominationBoard(Drawn):
    """State: a `DominationState`."""

    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        if self.state is None:
            return Text("")
        look = self.current_look()
        large = self.has_class("-large")
        lines = [skulls_text(self.state.skulls_left, self.state.frenzy, self.state.ending, look)]
        if large:
            lines += [track_line(c, square, tokens, look, large=True) for c, square, tokens in self.state.tracks]
            values = "-".join(map(str, TRACK_VALUES))
            note = first_fitting(
                (
                    f"  tracks pay {values} at the end, ties all paid; 2 tracks at the fist: frenzy",
                    f"  tracks pay {values}, ties all paid; 2 at the fist: frenzy",
                    f"  pay {values}, ties all paid; 2 at fist: frenzy",
                    f"  tracks pay {values}",
                ),
                self.size.width,
            )
            lines.append(Text(note, "dim", no_wrap=True, overflow="ellipsis"))
        else:
            line = Text(no_wrap=True, overflow="ellipsis")
            for i, (colour, square, tokens) in enumerate(self.state.tracks):
                if i:
                    line.append(" ")
                line.append_text(track_line(colour, square, tokens, look, large=False))
            lines.append(line)
        return Text("\n").join(lines)


def skulls_text(left: int, frenzy: bool, ending: str, look: Look) -> Text:
    """The skull box: how many skulls are left (kills take them; killshots are not tracked)."""
    pal, g = look.palette, look.glyphs
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Skulls ", Style(bold=True))
    out.append(g.skull * left, Style(color=pal.room_fg["red"], bold=True))
    if frenzy:
        out.append("  FINAL FRENZY", Style(bold=True, reverse=True))
    else:
        then = "frenzy" if ending == "frenzy" else "sudden death"
        out.append(f"  {left} left, then {then}", Style(color=pal.dim))
    return out


def track_line(colour: str, square: str, tokens: tuple[str, ...], look: Look, *, large: bool) -> Text:
    """One spawnpoint track: its colour, the tokens on spaces 1-8, the fist, and any beyond."""
    pal, g = look.palette, look.glyphs
    out = Text(no_wrap=True, overflow="ellipsis")
    head = f"{colour.capitalize()} spawn {square} " if large else colour[0].upper() + ":"
    out.append(head, Style(color=pal.room_fg.get(colour), bold=True))
    for i in range(FIST):
        if i < len(tokens):
            out.append(LETTER.get(tokens[i], "?"), pal.token_style(tokens[i]))
        elif i == FIST - 1:
            # The fist: the space that counts towards starting the frenzy.
            out.append(g.fist, Style(color=pal.room_fg["red"], bold=True))
        else:
            out.append(g.empty, Style(color=pal.dim))
    extra = tokens[FIST:]
    if extra and large:
        out.append(" ")
        for c in extra:
            out.append(LETTER.get(c, "?"), pal.token_style(c))
    elif extra:
        out.append(f"+{len(extra)}", Style(bold=True))
    if large:
        out.append(f"  {len(tokens)}", Style(color=pal.dim))
    return out
