"""`PointsChart`: every player's points turn by turn, drawn with the players' letters.

Drawn by hand rather than with plotext (docs/stats.md says why): each player's line is their
letter (readable without colour, in the figure's colour where there is colour), a cell two or
more players share is `=` (the legend says "= tied"; their letters taking turns column by
column read as a word, "DBZVDBZV"), and the row under the turn axis marks the frenzy's start
(`F`) and each kill (`x`).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from adrenaline_tui.rules.stats import FINAL
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside

AXIS = 5  # the y axis labels and the axis line
TIED = "="  # a cell two or more players' lines share


def _label(turn: Any) -> str:
    return "end" if turn == FINAL else f"t{turn}"


class PointsChart(Widget):
    DEFAULT_CSS = tcss_beside(__file__)
    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Widget.auto_links, False)  # no links: see Drawn
        self.stats: dict[str, Any] | None = None
        self.hidden: frozenset[str] = frozenset()

    def show(self, stats: dict[str, Any], hidden: frozenset[str] = frozenset()) -> None:
        """`hidden`: players whose points are face down for whoever looks (no line, `?`)."""
        self.stats = stats
        self.hidden = hidden
        self.refresh()

    def render(self) -> Any:
        stats = self.stats
        width, height = self.size
        if stats is None or width < AXIS + 4 or height < 5:
            return ""
        return chart(stats, width, height, look_of(self.app).palette, self.hidden)


def chart(stats: dict[str, Any], width: int, height: int, palette: Any, hidden: frozenset[str] = frozenset()) -> Text:
    """The chart as text, `width` x `height` cells: plot rows, the axis, the markers, the legend.

    Players in `hidden` have their points face down: no line, `?` in the legend."""
    all_seats: list[str] = stats["seats"] + list(stats.get("bots", []))  # the bot's points too
    seats = [c for c in all_seats if c not in hidden]
    timeline = stats["timeline"]
    plot_w = width - AXIS
    plot_h = max(2, height - 3)
    top = max([8] + [p["scores"][c] for p in timeline for c in seats])  # 8: a first kill's points
    n = len(timeline)
    # Each column shows the point of the timeline it falls on (a step line); with more points
    # than columns, the columns sample them, the last column always showing the last point.
    if n > plot_w:
        cols = [(x * (n - 1)) // (plot_w - 1) for x in range(plot_w)]
    else:
        cols = [min(n - 1, (x * n) // plot_w) for x in range(plot_w)]
    cells: list[list[list[str]]] = [[[] for _ in range(plot_w)] for _ in range(plot_h)]
    for colour in seats:
        for x, i in enumerate(cols):
            y = plot_h - 1 - round(timeline[i]["scores"][colour] * (plot_h - 1) / top)
            cells[y][x].append(colour)
    out = Text(no_wrap=True, overflow="crop")
    dim = Style(color=palette.dim)
    tied = False
    for row in range(plot_h):
        value = round((plot_h - 1 - row) * top / (plot_h - 1))
        label = f"{value:>3} " if row in (0, plot_h - 1) or row == (plot_h - 1) // 2 else "    "
        out.append(label + "│", dim)
        for cell in cells[row]:
            if not cell:
                out.append(" ")
            elif len(cell) > 1:
                tied = True
                out.append(TIED, Style(bold=True))
            else:
                out.append(LETTER[cell[0]], palette.figure_style(cell[0]))
        out.append("\n")
    out.append("    └" + "─" * plot_w + "\n", dim)
    # Markers: the first column showing the end of the turn that had a kill or started the frenzy.
    index = {p["turn"]: i for i, p in enumerate(timeline)}

    def column(turn: Any) -> int | None:
        i = index.get(turn)
        return None if i is None else next((x for x, c in enumerate(cols) if c >= i), None)

    marks = [" "] * plot_w
    for k in stats["kills"]:
        x = column(k["turn"])
        if x is not None:
            marks[x] = "x"
    x = column(stats["frenzy_turn"])
    if x is not None:
        # The last skull's kill starts the frenzy in the same turn: F goes beside its x.
        if marks[x] != " " and x + 1 < plot_w:
            x += 1
        marks[x] = "F"
    out.append("     " + "".join(marks) + "\n", Style(bold=True))
    legend = Text(no_wrap=True, overflow="crop")
    legend.append(f"{_label(timeline[0]['turn'])}-{_label(timeline[-1]['turn'])} ", dim)
    for colour in all_seats:
        legend.append(LETTER[colour], palette.figure_style(colour))
        legend.append(" ? " if colour in hidden else f" {timeline[-1]['scores'][colour]} ")
    legend.append(f"{TIED} tied  x kill F frenzy" if tied else "x kill F frenzy", dim)
    legend.truncate(width, overflow="crop")
    out.append_text(legend)
    return out
