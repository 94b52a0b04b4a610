"""`StatsSummary`: the figures of a game as tables: awards, players, who damaged whom, weapons,
kills. Every player is named by their letter as well as their colour, so nothing needs colour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.widgets._tcss import tcss_beside

BOLD = Style(bold=True)
COLUMNS = (
    ("pts", "score"),
    ("kill", "kills"),
    ("died", "deaths"),
    ("ovk", "overkills"),
    ("1st", "first_bloods"),
    ("dealt", "damage_dealt"),
    ("taken", "damage_taken"),
    ("waste", "damage_wasted"),
    ("marks", "marks_dealt"),
)


class StatsSummary(Static):
    DEFAULT_CSS = tcss_beside(__file__)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self.set_reactive(Static.auto_links, False)

    def show(
        self, stats: dict[str, Any], weapon_names: Mapping[str, str] | None = None, hidden: frozenset[str] = frozenset()
    ) -> None:
        """`hidden`: players whose points are face down for whoever looks (shown as `?`)."""
        self.update(summary(stats, look_of(self.app).palette, weapon_names or {}, hidden))


def _weapon_line(source: str, figures: Mapping[str, int], weapon_names: Mapping[str, str]) -> str:
    if source == "targeting-scope":
        return f"{'Targeting Scope':<18}{'':>7}{figures['damage']:>7}"
    name = "other" if source == "other" else weapon_names.get(source, source)
    return f"{name[:17]:<18}{figures['shots']:>7}{figures['damage']:>7}"


def summary(
    stats: dict[str, Any],
    palette: Any,
    weapon_names: Mapping[str, str] | None = None,
    hidden: frozenset[str] = frozenset(),
) -> Text:
    weapon_names = weapon_names or {}
    # Every figure with a board: the seats, then the bot (its points are kept like anyone's).
    seats: list[str] = stats["seats"] + list(stats.get("bots", []))
    players = stats["players"]
    out = Text()

    def who(colour: str) -> None:
        out.append(LETTER[colour], palette.figure_style(colour))
        out.append(f" {players[colour]['name'][:12]:<12}")

    out.append("Awards\n", BOLD)
    awards = stats["awards"]
    if hidden:
        # The best turn is told by its points too: face down, it is told without them.
        awards = [a for a in awards if a["award"] != "best_turn"]
    for award in awards or [{"text": "None yet: nobody has scored a kill or dealt damage."}]:
        out.append(f"  {award['text']}\n")
    out.append("\n" + " " * 15 + "".join(f"{h:>6}" for h, _ in COLUMNS) + "\n", BOLD)
    for c in seats:
        who(c)
        figures = ["?" if k == "score" and c in hidden else players[c][k] for _, k in COLUMNS]
        out.append("  " + "".join(f"{f:>6}" for f in figures) + "\n")
    out.append("\nDamage taken (rows) from (columns)\n", BOLD)
    out.append(" " * 15)
    for c in seats:
        out.append("   ")
        out.append(LETTER[c], palette.figure_style(c))
    out.append("\n")
    for target in seats:
        who(target)
        row = stats["damage"][target]
        out.append("  " + "".join(f"{row[a] if a != target else '-':>4}" for a in seats))
        nemesis = players[target]["nemesis"]
        if nemesis is not None:
            out.append(f"   most from {LETTER[nemesis]} ({players[target]['nemesis_damage']})")
        out.append("\n")
    out.append("\nWeapons" + " " * 29 + "fired damage\n", BOLD)
    for c in seats:
        used = players[c]["weapons"]
        # Most damage first: the weapon that did the work leads.
        ordered = sorted(used.items(), key=lambda item: (-item[1]["damage"], item[0]))
        for i, (w, v) in enumerate(ordered or [("", {})]):
            if i == 0:
                who(c)
                out.append("  ")
            else:
                out.append(" " * 16)
            out.append((_weapon_line(w, v, weapon_names) if w else "-") + "\n")
    out.append("\nKills\n", BOLD)
    if not stats["kills"]:
        out.append("  none\n")
    for k in stats["kills"]:
        out.append(f"  turn {k['turn']:>3}  ")
        out.append(LETTER[k["killer"]], palette.figure_style(k["killer"]))
        out.append(f" {players[k['killer']]['name']} kills ")
        out.append(LETTER[k["victim"]], palette.figure_style(k["victim"]))
        out.append(f" {players[k['victim']]['name']}")
        extra = [w for w, on in (("overkill", k["overkill"]), ("revenge", k["revenge"])) if on]
        out.append(f" ({', '.join(extra)})\n" if extra else "\n")
    return out
