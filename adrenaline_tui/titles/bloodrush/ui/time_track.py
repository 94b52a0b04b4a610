"""`TimeTrack`: the night's hours, the moons (blood gained) and suns (blood lost), and where
time is now. One line at 80x24, the labels under it on a big screen."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.titles.bloodrush.ui.presenter import TrackState
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn

SYMBOLS = {"moon": "☾", "sun": "☀", "none": "·"}
ASCII_SYMBOLS = {"moon": "(", "sun": "*", "none": "."}
COLOURS = {"moon": "#8fb0ff", "sun": "#ffb347", "none": "#9a9a9a"}


class TimeTrack(Drawn):
    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        state: TrackState | None = self.state
        if state is None:
            return Text("")
        symbols = ASCII_SYMBOLS if look_of(self.app).glyphs is ASCII else SYMBOLS
        out = Text("Time ", Style(bold=True), no_wrap=True)
        signs = self.size.width >= 60  # the blood of each moon and sun, where there is room
        for i, (label, symbol, blood) in enumerate(state.spaces):
            hour = label.split()[0]
            hour = hour if hour.isdigit() else "12"
            sign = {"moon": f"+{blood}", "sun": f"-{blood}"}.get(symbol, "") if signs else ""
            piece = f"{hour}{symbols.get(symbol, '.')}{sign}"
            style = Style(color=COLOURS.get(symbol, "#9a9a9a"))
            if i == state.now:
                style = Style(color="#111111", bgcolor="#f2d03b", bold=True)
            out.append(piece, style)
            out.append(" ")
        label, symbol, blood = state.spaces[state.now]
        if self.size.height > 1:
            what = {"moon": f"midnight bonus: +{blood} blood", "sun": f"dawn: -{blood} blood out of shelter"}
            out.append(f"\n  now {label}" + (f", {what[symbol]}" if symbol in what else ""), Style(dim=True))
        return out
