"""The scoring breakdown: which boards were scored, who got which points, and why.

Scoring happens in the open at the table (everyone sees the tokens handed out), so the
breakdown is public; running totals are face down and only shown when the setting says so, or
once the game is over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, NewLine
from rich.padding import Padding
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from adrenaline_tui.rules import Event, Game
from adrenaline_tui.rules.scoring import board_values, rank_by_tokens
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.screens.base import BaseScreen


@dataclass(frozen=True, slots=True)
class AwardLine:
    player: str
    points: int
    reason: str
    why: str


@dataclass(frozen=True, slots=True)
class Breakdown:
    title: str
    tokens: tuple[str, ...]  # the damage track or the killshot track, in order
    values: str
    lines: tuple[AwardLine, ...]
    notes: tuple[str, ...] = ()


def _plural(n: int, word: str) -> str:
    if word == "damage":
        return f"{n} damage"
    return f"{n} {word}{'' if n == 1 else 's'}"


def rank_notes(tokens: list[str], name: dict[str, str], what: str) -> dict[str, str]:
    """Why each player ranked where they did, ties and their tie-break included."""
    count = Counter(tokens)
    order = rank_by_tokens(tokens)
    first = {c: tokens.index(c) for c in order}
    out = {}
    for c in order:
        why = _plural(count[c], what)
        tied = [o for o in order if o != c and count[o] == count[c]]
        if tied:
            beaten = [o for o in tied if first[o] > first[c]]
            losing = [o for o in tied if first[o] < first[c]]
            bits = []
            if beaten:
                bits.append(f"ahead of {', '.join(name[o] for o in beaten)} (earlier first {what})")
            if losing:
                bits.append(f"behind {', '.join(name[o] for o in losing)} (their first {what} came earlier)")
            why += ", tied: " + "; ".join(bits)
        out[c] = why
    return out


def count_notes(counts: Counter[str], what: str, tie: str) -> dict[str, str]:
    """Why each player ranked where they did when only the count matters (a spawnpoint track's
    tokens, turrets held); `tie` says how a tie is settled."""
    out = {}
    for c, n in counts.items():
        tied = [o for o, m in counts.items() if o != c and m == n]
        out[c] = _plural(n, what) + (f", tied: {tie}" if tied else "")
    return out


def figure_names(game: Game) -> dict[str, str]:
    """Names of everyone who can score or be scored: the players and the bot."""
    bot = game.config.bot
    return {c: game.name(c) for c in (*game.seats, *([bot] if bot else []))}


def _killshots_before(log: list[Event], events: list[Event]) -> dict[int, dict[str, list[str]]]:
    """For each scoring event among `events` (by identity), the killshot and overkill lines of
    its own turn, by target. A killshot comes earlier in the turn than the scoring at its end,
    and the batch being shown may already hold the next turn's start (an automatic respawn, a
    run of computer moves), so each scoring looks back to the start of the turn it ended."""
    wanted = {id(e) for e in events if e.kind == "scored"}
    out: dict[int, dict[str, list[str]]] = {}
    this_turn: dict[str, list[str]] = {}
    for e in log:
        if e.kind == "turn":
            this_turn = {}
        elif e.kind in ("killshot", "overkill"):
            this_turn.setdefault(e.data.get("target", ""), []).append(e.text)
        elif id(e) in wanted:
            out[id(e)] = this_turn
    return out


def _names(names: dict[str, str], colours: list[str]) -> str:
    if len(colours) <= 1:
        return "".join(names[c] for c in colours)
    return ", ".join(names[c] for c in colours[:-1]) + " and " + names[colours[-1]]


# What each box of the flipped action tile allows (`rules.turn.action_moves` in frenzy).
FRENZY_ACTIONS = {
    2: "move up to 4; move up to 2 and grab; move up to 1, reload, then shoot",
    1: "move up to 3 and grab; or move up to 2, reload, then shoot",
}


# What is scored last, after the boards, by game mode.
FINAL_AWARDS = {
    "standard": "the killshot track (8-6-4-2-1-1 by tokens)",
    "domination": "each spawnpoint track (8-6-4-2-1 by tokens, ties all paid)",
    "turret": "the turrets (8-6-4-2-1 by turrets held)",
}


def frenzy_announcement(game: Game, event: Event) -> Breakdown:
    """Final frenzy, said where everyone looks: what flipped, who gets which actions and why,
    and how the game ends (rulebook "Final Frenzy"; the engine's `frenzy` event)."""
    names = {c: game.name(c) for c in game.seats}
    trigger = event.data.get("trigger", "")
    seats = game.seats
    start = seats.index(trigger) + 1 if trigger in seats else 0
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    actions = event.data.get("actions", {})
    flipped = [c for c in order if c in event.data.get("flipped", [])]
    two = [c for c in order if actions.get(c) == 2]
    one = [c for c in order if actions.get(c) == 1]
    # In Domination two spawnpoint tracks reaching their fist start it with skulls still left.
    how = "took the last skull" if game.view(None)["skulls_left"] == 0 else "brought a second spawnpoint track to 8"
    notes = [
        f"{names.get(trigger, trigger)} {how}: everyone plays one more turn, in order {_names(names, order)}.",
    ]
    if flipped:
        notes.append(
            f"Flipped to the frenzy side (no damage now): {_names(names, flipped)}. A frenzy board pays "
            "2-1-1-1, no first blood, skulls set aside; a board with damage flips when it is next scored."
        )
    if two:
        notes.append(
            f"Two actions for {_names(names, two)} (their turns come before the first player's), "
            f"each one of: {FRENZY_ACTIONS[2]}."
        )
    if one:
        notes.append(
            f"One action for {_names(names, one)} (the first player and everyone after, up to the one "
            f"who took the last skull): {FRENZY_ACTIONS[1]}."
        )
    notes.append(
        f"The game ends after {names.get(trigger, trigger)}'s turn: every board still with damage is "
        f"scored, then {FINAL_AWARDS.get(game.config.mode, FINAL_AWARDS['standard'])}."
    )
    return Breakdown("FINAL FRENZY", (), "", (), tuple(notes))


def breakdowns(game: Game, events: list[Event]) -> list[Breakdown]:
    names = figure_names(game)
    view = game.view(None)
    out: list[Breakdown] = []
    kills = _killshots_before(game.events, events)
    track: list[str] = [c for entry in view["killshot_track"] for c in entry]
    for e in events:
        if e.kind == "frenzy":
            out.append(frenzy_announcement(game, e))
            continue
        if e.kind != "scored":
            continue
        board = e.data.get("board")
        awards = e.data.get("awards", [])
        if board == "track":
            notes = rank_notes(track, names, "token")
            lines = tuple(AwardLine(a["player"], a["points"], a["reason"], notes.get(a["player"], "")) for a in awards)
            out.append(
                Breakdown(
                    "The killshot track is scored",
                    tuple(track),
                    "8-6-4-2-1-1",
                    lines,
                    () if lines else ("Nobody made a killshot.",),
                )
            )
        elif board is not None and board.startswith("spawn:"):
            # Domination: a spawnpoint track, scored at the end by the number of tokens.
            colour = board.split(":", 1)[1]
            tokens = list((view.get("domination") or {}).get("tracks", {}).get(colour, []))
            notes = count_notes(Counter(tokens), "token", "all tied players get this rank's points")
            lines = tuple(AwardLine(a["player"], a["points"], a["reason"], notes.get(a["player"], "")) for a in awards)
            values = "8-6-4-2-1 (ties all paid, the next rank skipped)"
            empty = () if lines else ("Nobody tagged this spawnpoint.",)
            out.append(Breakdown(f"The {colour} spawnpoint track", tuple(tokens), values, lines, empty))
        elif board == "turrets":
            held = Counter((view.get("turret") or {}).get("turrets", {}).values())
            notes = count_notes(held, "turret", "the earlier final turn wins")
            lines = tuple(AwardLine(a["player"], a["points"], a["reason"], notes.get(a["player"], "")) for a in awards)
            empty = () if lines else ("Nobody holds a turret.",)
            out.append(Breakdown("The turrets", (), "8-6-4-2-1 (ties to the earlier final turn)", lines, empty))
        elif board is None:
            lines = tuple(
                AwardLine(a["player"], a["points"], a["reason"], "two or more kills in one turn") for a in awards
            )
            out.append(Breakdown("Double kill", (), "", lines))
        else:
            damage = list(e.data.get("damage", []))
            frenzy = bool(e.data.get("frenzy_side"))
            values = board_values(int(e.data.get("skulls", 0)), frenzy)
            notes = rank_notes(damage, names, "damage")
            lines = []
            for a in awards:
                why = "dealt the first damage" if a["reason"] == "first blood" else notes.get(a["player"], "")
                lines.append(AwardLine(a["player"], a["points"], a["reason"], why))
            title = f"{names.get(board, board)}'s board" + (" (end of game)" if e.data.get("final") else "")
            side = "frenzy side, no first blood" if frenzy else f"{_plural(int(e.data.get('skulls', 0)), 'skull')}"
            extra = tuple(kills.get(id(e), {}).get(board, ()))
            out.append(Breakdown(title, tuple(damage), "-".join(map(str, values)) + f"  ({side})", tuple(lines), extra))
    return out


def breakdown_text(b: Breakdown, look: Look, names: dict[str, str]) -> Group:
    """One breakdown; its notes wrap under their own first word (a hanging indent), not at
    the left edge, so a long note still reads as one item at 80 columns."""
    pal = look.palette
    out = Text()
    out.append(b.title, Style(bold=True, underline=True))
    out.append("\n")
    if b.tokens:
        out.append("  tokens ", Style(color=pal.dim))
        for c in b.tokens:
            out.append(LETTER.get(c, "?"), pal.token_style(c))
        out.append("\n")
    if b.values:
        out.append("  pays   ", Style(color=pal.dim))
        out.append(b.values + "\n")
    out.rstrip()
    parts: list[Text | Padding] = [out]
    for note in b.notes:
        parts.append(Padding(Text(note, Style(italic=True)), (0, 0, 0, 2)))
    out = Text()
    for line in b.lines:
        out.append("  ")
        out.append(LETTER.get(line.player, "?"), pal.figure_style(line.player))
        out.append(f" {names.get(line.player, line.player):<14}", Style(bold=True))
        out.append(f"+{line.points:<2} ", Style(bold=True))
        out.append(line.reason)
        if line.why:
            out.append(f": {line.why}", Style(color=pal.dim))
        out.append("\n")
    out.rstrip()
    if out:
        parts.append(out)
    return Group(*parts)


class ScoringScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#sheet"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Continue", id="scoring.close"),
    ]

    def __init__(self, game: Game, events: list[Event], *, reveal: bool) -> None:
        super().__init__()
        self.game = game
        self.items = breakdowns(game, events)
        self.reveal = reveal
        self.final = any(e.kind == "game_over" for e in events)
        self.frenzy = any(e.kind == "frenzy" for e in events)

    def compose_body(self) -> ComposeResult:
        title = "Final scoring" if self.final else "Scoring, then FINAL FRENZY" if self.frenzy else "Scoring"
        yield Static(Text(title, Style(bold=True)), id="heading", markup=False)
        with VerticalScroll(id="sheet"):
            yield Static(id="body", markup=False)
        yield Static(Text("Press Enter to continue.", "italic"), id="hint", markup=False)

    def on_mount(self) -> None:
        look = look_of(self.app)
        names = figure_names(self.game)
        parts: list[Group | NewLine | Text] = []
        for b in self.items:
            parts += [breakdown_text(b, look, names), NewLine()]
        parts.append(self.totals_text(names))
        self.query_one("#body", Static).update(Group(*parts))
        self.watch(self.query_one("#sheet", VerticalScroll), "scroll_y", self._say_if_more, init=False)
        self.call_after_refresh(self._say_if_more)

    def _say_if_more(self, _scroll_y: float | None = None) -> None:
        """A sheet taller than the screen says so, and how to see the rest, for as long as there
        is more below (at the bottom "More below" was still shown)."""
        sheet = self.query_one("#sheet", VerticalScroll)
        hint = "Press Enter to continue."
        if sheet.scroll_y < sheet.max_scroll_y:
            hint = "More below: Down / PageDown scroll. " + hint
        elif sheet.max_scroll_y > 0:
            hint = "End of the sheet (Up / PageUp goes back). " + hint
        self.query_one("#hint", Static).update(Text(hint, "italic"))

    def totals_text(self, names: dict[str, str]) -> Text:
        if not self.reveal:
            return Text("Points are kept face down (press p at the table to show them).", "italic")
        view: dict[str, Any] = self.game.view(None, reveal_scores=True)
        out = Text("Points so far: ", Style(bold=True))
        # The bot's points are kept like anyone's (docs/rulings.md): shown beside the players'.
        boards = view["players"] + ([view["bot"]] if view.get("bot") else [])
        out.append("  ".join(f"{names[p['colour']]} {p['score']}" for p in boards))
        return out

    def action_close(self) -> None:
        self.dismiss(None)
