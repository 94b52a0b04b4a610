"""`KillshotTrack`: the skulls still on the track and the killshot (and overkill) tokens.

A killshot replaces the leftmost skull, so tokens read left to right in the order of the kills;
kills after the last skull (final frenzy) are added beyond it. The order matters at the end:
ties on the track go to the earlier killshot.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from adrenaline_tui.record import record
from adrenaline_tui.rules.state import TRACK_VALUES
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn, first_fitting


@record
class TrackState:
    """What the killshot track shows: skulls left, each kill's tokens, frenzy, how the game ends."""

    skulls: int
    entries: tuple[tuple[str, ...], ...]
    frenzy: bool
    ending: str


class KillshotTrack(Drawn):
    """State: a `TrackState`."""

    DEFAULT_CSS = tcss_beside(__file__)

    def draw(self) -> Text:
        look = self.current_look()
        if self.state is None:
            return Text("")
        large = self.has_class("-large")
        text = track_text(self.state, look, large, width=self.size.width)
        if large:
            pays = "-".join(map(str, TRACK_VALUES))
            # Said shorter to fit: a word wrapped off the second line left "ties to the
            # earlier" at 49 columns.
            note = first_fitting(
                (
                    f"  track pays {pays}, ties to the earlier kill",
                    f"  pays {pays}, ties: earlier kill",
                    f"  pays {pays}",
                ),
                self.size.width,
            )
            return Text("\n", end="").join([text, Text(note, "dim", no_wrap=True, overflow="ellipsis")])
        return text


def track_text(state: TrackState, look: Look, large: bool = False, width: int | None = None) -> Text:
    """The track on one line; the words after it shorten to fit `width` rather than being cut
    mid-phrase ("5 left, then frenzy", "5 left, frenzy", "5 left")."""
    pal, g = look.palette, look.glyphs
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Killshots ", Style(bold=True))
    gap = " " if large else ""
    for i, entry in enumerate(state.entries):
        if i:
            out.append(" ")
        for colour in entry:
            out.append(LETTER.get(colour, "?"), pal.token_style(colour))
    left = max(0, state.skulls - len(state.entries))
    if state.entries and left:
        out.append(" ")
    for i in range(left):
        if i:
            out.append(gap)
        out.append(g.skull, Style(color=pal.room_fg["red"], bold=True))
    if state.frenzy:
        out.append("  FINAL FRENZY", Style(bold=True, reverse=True))
    else:
        ending = "frenzy" if state.ending == "frenzy" else "sudden death"
        for words in (f"  {left} left, then {ending}", f"  {left} left, {ending}", f"  {left} left", ""):
            if width is None or out.cell_len + len(words) <= width:
                break
        out.append(words, Style(color=pal.dim))
    return out
