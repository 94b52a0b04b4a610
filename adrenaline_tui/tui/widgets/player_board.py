"""`PlayerBoard`: one player's board as the viewer may see it.

The damage track has its 12 spaces split at 3 / 6 / 11 / 12 (the adrenaline thresholds, the
killshot and the overkill), each token the attacker's letter in the attacker's colour. Skulls
cover the 8-6-4-2-1-1 values (or the board shows its frenzy side). Weapons: the viewer's own by
name, anyone else's loaded ones face down, unloaded ones face up. Powerups: the viewer's own by
name, others' as a count. Points: the viewer's own; others' only when the setting shows them.

Small boards take three lines (four for the viewer's own), large ones five.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message

from adrenaline_tui.record import record
from adrenaline_tui.rules.state import BOARD_VALUES, FRENZY_VALUES, MAX_DAMAGE
from adrenaline_tui.tui.look import CUBE_LETTER, LETTER, hero
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.widgets._tcss import tcss_beside
from adrenaline_tui.tui.widgets.drawn import Drawn

ZONE_BREAKS = (2, 5, 10, 11)
SHORT_POWERUP = {
    "targeting-scope": "Scope",
    "newton": "Newton",
    "tagback-grenade": "Tagback",
    "teleporter": "Teleport",
}  # a separator after these many spaces: before 3, 6, 11 and 12


@record
class BoardState:
    """What one player's board shows, as the viewer may see it."""

    player: tuple  # the view's player dict, frozen (see `freeze`)
    viewer: bool
    active: bool
    first: bool
    reveal_score: bool
    weapon_names: tuple[tuple[str, str], ...]
    powerup_names: tuple[tuple[str, str], ...]
    # False for the bot: it holds no ammo, weapons or powerups, so those lines are left out.
    carries: bool = True

    @property
    def p(self) -> dict[str, Any]:
        return dict(self.player)


def freeze(value: Any) -> Any:
    """A hashable copy of view data, so two states can be compared cheaply."""
    if isinstance(value, dict):
        return tuple((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw_player(frozen: tuple) -> dict[str, Any]:
    out = dict(frozen)
    out["marks"] = dict(out["marks"])
    out["ammo"] = dict(out["ammo"])
    out["weapons"] = [dict(w) for w in out["weapons"]]
    return out


class PlayerBoard(Drawn):
    """A player's board: damage, marks, skulls, ammo, weapons, powerups and (maybe) points."""

    DEFAULT_CSS = tcss_beside(__file__)

    class Clicked(Message):
        def __init__(self, colour: str) -> None:
            self.colour = colour
            super().__init__()

    def __init__(self, colour: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.colour = colour

    def show(self, state: BoardState) -> None:
        before = self.state
        if not self.needs_drawing(state):
            return
        grew = before is None or state.viewer != before.viewer
        self.set_class(state.viewer, "-viewer")
        self.set_class(state.active, "-active")
        self.refresh(layout=grew)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.has_class("-large"):
            return 5
        return 4 if self.state is not None and self.state.viewer else 3

    def draw(self) -> Text:
        look = self.current_look()
        if self.state is None:
            return Text("")
        large = self.has_class("-large")
        return render_board(self.state, look, self.size.width, large)

    def on_click(self, event: Click) -> None:
        self.post_message(self.Clicked(self.colour))


def render_board(state: BoardState, look: Look, width: int, large: bool) -> Text:
    p = thaw_player(state.player)
    names = dict(state.weapon_names)
    pnames = dict(state.powerup_names)
    if large:
        lines = _large_lines(state, p, look, names, pnames, width)
    else:
        lines = _compact_lines(state, p, look, names, pnames, width)
    # Each line is cut with an ellipsis where it must be; the joined text keeps that.
    return Text("\n", no_wrap=True, overflow="ellipsis", end="").join(lines)


def _head(state: BoardState, p: dict[str, Any], look: Look, large: bool) -> Text:
    pal, g = look.palette, look.glyphs
    colour = p["colour"]
    head = Text(no_wrap=True, overflow="ellipsis")
    head.append(g.cursor if state.active else " ", Style(bold=True))
    head.append(LETTER.get(colour, "?"), pal.figure_style(colour))
    head.append(" ")
    # The bot is named after its hero already ("Sprog (bot)").
    named = p["name"] == hero(colour) or p["name"].startswith(hero(colour) + " ")
    title = p["name"] if named or not large else f"{p['name']} ({hero(colour)})"
    head.append(title if large else title[:13], Style(bold=True))
    return head


def _tags(state: BoardState, p: dict[str, Any], large: bool) -> str:
    tags = []
    if p.get("killed"):
        tags.append("KILLED")
    if p.get("dead"):
        # Scored and picked up: the figure is off the map until the respawn places it.
        tags.append("DEAD, off the board until the respawn" if large else "DEAD, respawning")
    elif p["square"] is None and large:
        tags.append("not in play yet")
    if state.first:
        tags.append("1st")
    return " ".join(tags)


def _score(p: dict[str, Any], look: Look, *, words: bool = False) -> Text:
    """A small board's "6p"; with `words` (a large board) "6 points", "1 point" or "? points
    (face down)" ("6p points" said the unit twice)."""
    score = p.get("score")
    if score is None:
        return Text("? points (face down)" if words else "?", Style(color=look.palette.dim))
    if words:
        return Text(f"{score} point{'' if score == 1 else 's'}", Style(bold=True))
    return Text(f"{score}p", Style(bold=True))


def _compact_lines(
    state: BoardState, p: dict[str, Any], look: Look, names: dict[str, str], pnames: dict[str, str], width: int
) -> list[Text]:
    """Three lines (four for your own board) of about 42 columns."""
    dim = Style(color=look.palette.dim)
    head = _head(state, p, look, large=False)
    head.append(" ")
    tags = _tags(state, p, large=False)
    if tags:
        head.append(tags + " ", dim)
    right = values_text(p, look)
    right.append("  ")
    right.append_text(_score(p, look))
    lines = [_pad_right(head, right, width)]

    lines.append(_line(" ", damage_text(p, look), (" marks ", dim), marks_text(p, look)))
    if not state.carries:
        return lines
    ammo = (" ", ammo_text(p, look), "  ")
    if state.viewer:
        lines.append(_line(*ammo, powerups_text(p, look, pnames, large=False)))
        lines.append(_line(" ", weapons_text(p, look, names, own=True, large=False, room=width - 1)))
    else:
        count = (f"  {look.glyphs.powerup}{p.get('powerup_count', 0)}", dim)
        room = width - Text.assemble(*ammo, count).cell_len
        weapons = weapons_text(p, look, names, own=False, large=False, room=room)
        lines.append(_line(*ammo, weapons, count))
    return lines


def _large_lines(
    state: BoardState, p: dict[str, Any], look: Look, names: dict[str, str], pnames: dict[str, str], width: int
) -> list[Text]:
    dim = Style(color=look.palette.dim)
    head = _head(state, p, look, large=True)
    tags = _tags(state, p, large=True)
    if tags:
        head.append("  " + tags, dim)
    lines = [_pad_right(head, _score(p, look, words=True), width)]

    lines.append(_line(("   damage  ", dim), damage_text(p, look), ("   marks ", dim), marks_text(p, look)))
    if not state.carries:
        lines.append(_line(("   skulls  ", dim), values_text(p, look)))
        return lines
    lines.append(_line(("   skulls  ", dim), values_text(p, look), ("    ammo ", dim), ammo_text(p, look)))
    weapons = weapons_text(p, look, names, own=state.viewer, large=True, room=width - 11)
    lines.append(_line(("   weapons ", dim), weapons))
    if state.viewer:
        powerups = powerups_text(p, look, pnames, large=True)
    else:
        count = p.get("powerup_count", 0)
        powerups = Text(f"{count} card{'s' if count != 1 else ''}, face down" if count else "none")
    lines.append(_line(("   powerups ", dim), powerups))
    return lines


def _line(*parts: str | tuple[str, Style] | Text) -> Text:
    """One board line from plain strings, (string, style) pairs and texts, cut with an ellipsis."""
    return Text.assemble(*parts, no_wrap=True, overflow="ellipsis")


def _pad_right(left: Text, right: Text, width: int) -> Text:
    room = width - left.cell_len - right.cell_len
    if room >= 1:
        return Text.assemble(left, " " * room, right, no_wrap=True)
    left.truncate(max(0, width - right.cell_len - 1), overflow="ellipsis")
    return Text.assemble(left, " ", right, no_wrap=True)


def damage_text(p: dict[str, Any], look: Look) -> Text:
    g, pal = look.glyphs, look.palette
    out = Text(no_wrap=True)
    damage = p["damage"]
    for i in range(MAX_DAMAGE):
        if i < len(damage):
            out.append(LETTER.get(damage[i], "?"), pal.token_style(damage[i]))
        else:
            out.append(g.empty, Style(color=pal.dim))
        if i + 1 in ZONE_BREAKS:
            out.append(g.zone, Style(color=pal.wall))
    return out


def marks_text(p: dict[str, Any], look: Look) -> Text:
    out = Text(no_wrap=True)
    marks = p["marks"]
    if not any(marks.values()):
        out.append("-", Style(color=look.palette.dim))
        return out
    for attacker, n in marks.items():
        if n:
            out.append(LETTER.get(attacker, "?") * n, look.palette.token_style(attacker))
            out.append(" ")
    out.rstrip()
    return out


def values_text(p: dict[str, Any], look: Look) -> Text:
    """The points the board pays, with skulls over the values already taken."""
    g, pal = look.glyphs, look.palette
    out = Text(no_wrap=True)
    if p["frenzy_board"]:
        out.append("frenzy ", Style(bold=True))
        out.append(" ".join(str(v) for v in FRENZY_VALUES))
        return out
    for i, v in enumerate(BOARD_VALUES):
        if i:
            out.append(" ")
        if i < p["skulls"]:
            out.append(g.skull, Style(color=pal.room_fg["red"], bold=True))
        else:
            out.append(str(v))
    return out


def ammo_text(p: dict[str, Any], look: Look) -> Text:
    out = Text(no_wrap=True)
    first = True
    for cube in ("red", "blue", "yellow"):
        n = p["ammo"].get(cube, 0)
        if not first:
            out.append(" ")
        first = False
        if n:
            out.append(CUBE_LETTER[cube] * n, look.palette.cube_style(cube))
        else:
            out.append("-", Style(color=look.palette.dim))
    return out


def fit_names(names: list[str], room: int, ellipsis: str = "…", shortest: int = 4) -> list[str]:
    """Shorten the longest names first, each cut one ending in `ellipsis`, until their total
    length fits `room`, so every weapon and its loaded mark stay on the line."""
    out = list(names)
    while sum(len(n) for n in out) > room:
        longest = max(range(len(out)), key=lambda i: len(out[i]))
        if len(out[longest]) <= shortest:
            break
        cut = out[longest].removesuffix(ellipsis)
        out[longest] = cut[: len(out[longest]) - 1 - len(ellipsis)].rstrip() + ellipsis
    return out


def weapons_text(
    p: dict[str, Any], look: Look, names: dict[str, str], *, own: bool, large: bool, room: int | None = None
) -> Text:
    """Every weapon, its name then its mark (loaded or not); names are shortened to fit `room`
    columns rather than the line being cut, which would hide the last weapon's mark."""
    g, pal = look.glyphs, look.palette
    out = Text(no_wrap=True)
    weapons = p["weapons"]
    if not weapons:
        out.append("no weapons", Style(color=pal.dim))
        return out
    gap = "  " if large else " "
    shown = [names.get(w["id"], w["id"]) if w["id"] is not None else g.hidden for w in weapons]
    if room is not None:
        marks = sum(len(g.unloaded) for w in weapons if w["id"] is not None)
        fixed = marks + len(gap) * (len(weapons) - 1)
        fitted = fit_names([n for n, w in zip(shown, weapons, strict=True) if w["id"]], room - fixed, g.ellipsis)
        it = iter(fitted)
        shown = [next(it) if w["id"] else n for n, w in zip(shown, weapons, strict=True)]
    for i, w in enumerate(weapons):
        if i:
            out.append(gap)
        if w["id"] is None:
            out.append(g.hidden, Style(bold=True))
            continue
        name = shown[i]
        if w["loaded"]:
            out.append(name, Style(bold=True))
            out.append(g.loaded if own else "")
        else:
            out.append(name, Style(color=pal.dim))
            out.append(g.unloaded)
    return out


def powerups_text(p: dict[str, Any], look: Look, names: dict[str, str], *, large: bool) -> Text:
    out = Text(no_wrap=True)
    cards = p.get("powerups") or []
    if not cards:
        out.append("no powerups", Style(color=look.palette.dim))
        return out
    for i, card in enumerate(cards):
        kind, _, colour = card.rpartition("-")
        if i:
            out.append("  " if large else " ")
        name = names.get(card, kind)
        out.append(name if large else SHORT_POWERUP.get(kind, name), Style(bold=True))
        out.append(" ")
        out.append(CUBE_LETTER.get(colour, "?"), look.palette.cube_style(colour))
    return out


def board_state(
    player: dict[str, Any],
    *,
    viewer: str | None,
    active: str | None,
    first: str | None,
    reveal_score: bool,
    weapon_name: Callable[[str], str],
    powerup_name: Callable[[str], str],
    carries: bool = True,
) -> BoardState:
    ids = [w["id"] for w in player["weapons"] if w["id"]]
    cards = player.get("powerups") or []
    score = player.get("score") if (reveal_score or player["colour"] == viewer) else None
    shown = {**player, "score": score}
    return BoardState(
        player=freeze({k: shown[k] for k in _BOARD_KEYS}),
        viewer=player["colour"] == viewer,
        active=player["colour"] == active,
        first=player["colour"] == first,
        reveal_score=reveal_score,
        weapon_names=tuple((i, weapon_name(i)) for i in ids),
        powerup_names=tuple((c, powerup_name(c)) for c in cards),
        carries=carries,
    )


_BOARD_KEYS = (
    "colour",
    "name",
    "square",
    "damage",
    "marks",
    "skulls",
    "frenzy_board",
    "ammo",
    "weapons",
    "powerups",
    "powerup_count",
    "score",
    "killed",
    "dead",
)
