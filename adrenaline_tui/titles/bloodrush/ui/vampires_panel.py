"""`VampiresPanel`: every vampire on one line: letter and colour, name, blood (of 10), the
humans eaten (colour and value), how many red cards it holds (never which), who plays it.
Player 1 is marked 1, the vampire whose turn it is with an arrow; the eliminated are struck."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.titles.bloodrush.ui.presenter import HUMAN_COLOURS, VampiresState, seat_colour, seat_letter
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn


class VampiresPanel(Drawn):
    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        state: VampiresState | None = self.state
        if state is None:
            return Text("")
        ascii_only = look_of(self.app).glyphs is ASCII
        full, empty, turn = ("#", "-", ">") if ascii_only else ("▮", "·", "▶")
        roomy = self.size.width >= 60
        out = Text(no_wrap=True)
        for n, r in enumerate(state.rows):
            if n:
                out.append("\n")
            out.append(turn if r.active else " ", Style(bold=True))
            out.append(f" {seat_letter(r.seat)} ", Style(color="#111111", bgcolor=seat_colour(r.seat), bold=True))
            name_style = Style(color=seat_colour(r.seat), bold=True, strike=not r.alive)
            out.append(f" {r.name[:9]:9}", name_style)
            out.append("1" if r.first else " ", Style(dim=True))
            if not r.alive:
                out.append("  eliminated", Style(dim=True))
            else:
                if roomy:
                    out.append(" " + full * r.blood + empty * (state.max_blood - r.blood), Style(color="#c03030"))
                out.append(f" {r.blood:>2} blood", Style(bold=True))
            eaten = Text(" ")
            for colour, value in r.humans:
                eaten.append(
                    f"{colour[0].upper()}{value}", Style(color=HUMAN_COLOURS.get(colour, "#aaaaaa"), bold=True)
                )
                eaten.append(" ")
            out.append_text(eaten)
            if r.cards:
                out.append(f"{r.cards} card{'s' * (r.cards != 1)} ", Style(color="#e06060"))
            # Who plays each seat is said in setup; at 80 columns only "you" keeps its place.
            if r.kind and (roomy or r.kind == "you"):
                out.append(f"({r.kind})", Style(dim=True))
        if state.mozzie_player:
            out.append(f"\n  {state.mozzie_player.capitalize()} steers the Mozzie", Style(dim=True))
        return out
