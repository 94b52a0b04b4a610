"""Setting up a game: seats (name, figure, person or computer), arena, skulls and ending.

The defaults make a game straight away: Start has the focus, so from the title Enter (new
game), Enter (start) and Enter (take the keyboard) begin playing.

Keys, as on the table, are in the key line: Up/Down move between rows (a seat is a row; the
cursor keeps its column), Left/Right change the value under the cursor, Enter starts (a button
does what it says). Rows are read from the form itself - each `.seat` row's focusable fields,
then each field of `#options` - so a field added to a seat (a computer's level) or to the
options (a game mode) joins the navigation without more code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from adrenaline_tui.printable import NO_CONTROL, printable
from adrenaline_tui.rules import FIGURES, GameConfig
from adrenaline_tui.rules.arena import ARENA_IDS, load_arena
from adrenaline_tui.rules.state import MAX_NAME, MODE_NAMES, MODES
from adrenaline_tui.tui.look import LETTER, hero
from adrenaline_tui.tui.look_access import look_of
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.session import HUMAN, computer_kinds, listed_computers
from adrenaline_tui.tui.shell import Shell, StartGame, shell_of
from adrenaline_tui.tui.widgets.arena_map import ArenaMap, MapState
from adrenaline_tui.tui.widgets.choice import Choice
from adrenaline_tui.tui.widgets.key_bar import KeyBar

EMPTY = "empty"
SEATS = 5
DEFAULT_ARENA = "arena_11a"


# What each mode changes, in a line under the choice (36 columns at 80x24; the rules reference
# has the whole of it).
MODE_NOTES = {
    "standard": "Base game, with the killshot track.",
    "domination": "Shoot spawnpoints for track points.",
    "turret": "Take turrets: they shoot intruders.",
}
MODE_LABELS = MODE_NAMES
NO_BOT = "none"


def kind_label(kind: str) -> str:
    if kind == HUMAN:
        return "Person"
    if kind == EMPTY:
        return "Empty seat"
    return f"Computer ({kind})"


def arena_label(arena_id: str) -> str:
    return load_arena(arena_id).name


def players_text(counts: tuple[int, ...]) -> str:
    return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])


class SetupScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#start"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Move", key_display="↑↓", id="setup.up"),
        Binding("down", "move(1)", "Move", show=False, id="setup.down"),
        # A priority binding, so the key line says Enter wherever the cursor is (a focused
        # button would otherwise take the key); on the preset button Enter still presses it.
        Binding("enter", "start", "Start", priority=True, id="setup.start"),
        Binding("ctrl+g", "start", "Start", show=False, id="setup.start-anywhere"),
        Binding("f", "first_game", "First game preset", id="setup.first-game"),
        Binding("escape", "back", "Back", id="setup.back"),
    ]

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def compose_body(self) -> ComposeResult:
        computers = computer_kinds()
        yield Static(Text("New game", Style(bold=True)), id="heading", markup=False)
        yield Static(
            "Left/Right or Space change the value under the cursor; type a name.", id="setup-hint", markup=False
        )
        with Vertical(id="seats"):
            with Horizontal(classes="seat", id="seats-head"):
                yield Static("", classes="seat-no", markup=False)
                yield Static("Name", classes="name", markup=False)
                yield Static("Figure", classes="figure", markup=False)
                yield Static("Player", classes="kind", markup=False)
            for i in range(SEATS):
                kinds = [HUMAN, *listed_computers()] + ([EMPTY] if i >= 3 else [])
                default_kind = HUMAN if i == 0 else (computers[0] if i < 3 else EMPTY)
                with Horizontal(classes="seat", id=f"seat-{i}"):
                    yield Static(f"{i + 1}.", classes="seat-no", markup=False)
                    yield Input(
                        placeholder=hero(FIGURES[i]),
                        max_length=MAX_NAME,
                        restrict=NO_CONTROL,
                        id=f"name-{i}",
                        classes="name",
                    )
                    yield Choice(
                        [(c, f"{LETTER[c]} {hero(c)} ({c})") for c in FIGURES],
                        FIGURES[i],
                        allowed=lambda c, i=i: self._figure_free(c, i),
                        id=f"figure-{i}",
                        classes="figure",
                    )
                    yield Choice([(k, kind_label(k)) for k in kinds], default_kind, id=f"kind-{i}", classes="kind")
        with Horizontal(id="lower"):
            with Vertical(id="options"):
                yield Static("Arena", classes="label", markup=False)
                yield Choice([(a, arena_label(a)) for a in ARENA_IDS], DEFAULT_ARENA, id="arena")
                yield Static("", id="arena-note", markup=False)
                with Horizontal(classes="pair"):
                    yield Static("Skulls", classes="label", markup=False)
                    yield Choice([(n, f"{n} skulls") for n in (5, 6, 7, 8)], 8, id="skulls")
                with Horizontal(classes="pair"):
                    yield Static("Ending", classes="label", markup=False)
                    yield Choice([("frenzy", "Final frenzy"), ("sudden_death", "Sudden death")], "frenzy", id="ending")
                with Horizontal(classes="pair"):
                    yield Static("Mode", classes="label", markup=False)
                    yield Choice([(m, MODE_LABELS.get(m, m)) for m in MODES], "standard", id="mode")
                yield Static(MODE_NOTES["standard"], id="mode-note", markup=False)
                with Horizontal(classes="pair -tight"):
                    yield Static("Bot", classes="label", markup=False)
                    bots = [(NO_BOT, "No bot"), *((c, f"{LETTER[c]} {hero(c)}") for c in FIGURES)]
                    yield Choice(bots, NO_BOT, allowed=lambda c: c == NO_BOT or self._figure_free(c, -1), id="bot")
                yield Button("First game preset (f)", id="first-game", compact=True)
                yield Button("Start the game (Enter)", id="start", variant="primary", compact=True)
                yield Static("", id="setup-error", markup=False)
            yield ArenaMap(id="preview")
        yield KeyBar()

    def on_mount(self) -> None:
        self._refresh_seats()
        self._show_arena()

    # ---------------------------------------------------------------- seats
    def seat_kind(self, i: int) -> str:
        return self.query_one(f"#kind-{i}", Choice).value

    def seat_figure(self, i: int) -> str:
        return self.query_one(f"#figure-{i}", Choice).value

    def _figure_free(self, colour: str, seat: int) -> bool:
        return all(self.seat_figure(j) != colour for j in range(SEATS) if j != seat and self.seat_kind(j) != EMPTY)

    def _refresh_seats(self) -> None:
        for i in range(SEATS):
            empty = self.seat_kind(i) == EMPTY
            self.query_one(f"#seat-{i}").set_class(empty, "-empty")
            self.query_one(f"#name-{i}", Input).disabled = empty
            self.query_one(f"#figure-{i}", Choice).disabled = empty
            if not empty and not self._figure_free(self.seat_figure(i), i):
                free = next(c for c in FIGURES if self._figure_free(c, i))
                self.query_one(f"#figure-{i}", Choice).set_value(free)
            self.query_one(f"#name-{i}", Input).placeholder = hero(self.seat_figure(i))
        self._show_arena()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        cid = event.choice.id or ""
        if cid.startswith(("kind-", "figure-")):
            self._refresh_seats()
        elif cid == "arena":
            self._show_arena()
        elif cid == "mode":
            self.query_one("#mode-note", Static).update(MODE_NOTES.get(event.choice.value, ""))

    def _show_arena(self) -> None:
        arena_id = self.query_one("#arena", Choice).value
        arena = load_arena(arena_id)
        self.query_one("#preview", ArenaMap).show(MapState(arena=arena, preview=True))
        n = sum(1 for i in range(SEATS) if self.seat_kind(i) != EMPTY)
        rec = arena.recommended_players
        advice = f"{len(arena.squares)} squares, for {players_text(rec)} players"
        if n in rec:
            note = Text(advice + ".", Style(color=look_of(self.app).palette.dim))
        else:
            note = Text(f"{advice}; you have {n}.", Style(italic=True, bold=True))
        self.query_one("#arena-note", Static).update(note)

    # ------------------------------------------------------------ moving about
    def rows(self) -> list[list[Widget]]:
        """The form's rows, top to bottom, each its focusable fields left to right."""
        out: list[list[Widget]] = []
        for seat in self.query(".seat"):
            fields = [w for w in seat.query("*") if w.focusable]
            if fields:
                out.append(fields)
        out += [[w] for w in self.query_one("#options").query("*") if w.focusable]
        return out

    def action_move(self, delta: int) -> None:
        rows = self.rows()
        if not rows:
            return
        focused = self.focused
        here = next((r for r, row in enumerate(rows) if focused in row), None)
        # `set_focus`, not `widget.focus()`: that one moves the focus later, after the keys
        # already queued, so a burst of keys (typed fast, held down, batched by SSH) each moved
        # from the same row and a Right that followed changed the row the cursor had left.
        if focused is None or here is None:
            self.set_focus(rows[0 if delta > 0 else -1][0])
            return
        row = rows[min(max(here + delta, 0), len(rows) - 1)]
        # The field of that row nearest below or above this one: the cursor keeps its column.
        x = focused.region.x
        self.set_focus(min(row, key=lambda w: abs(w.region.x - x)))

    # ---------------------------------------------------------------- actions
    def action_first_game(self) -> None:
        self.query_one("#skulls", Choice).set_value(5)
        self.query_one("#ending", Choice).set_value("sudden_death")
        self.notify("First game: 5 skulls and a sudden-death ending.", timeout=2)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "first-game":
            self.action_first_game()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def settings(self) -> tuple[GameConfig, dict[str, str]]:
        players: list[str] = []
        names: dict[str, str] = {}
        kinds: dict[str, str] = {}
        for i in range(SEATS):
            kind = self.seat_kind(i)
            if kind == EMPTY:
                continue
            colour = self.seat_figure(i)
            players.append(colour)
            kinds[colour] = kind
            # Typed or pasted: a paste can carry escape sequences, which have no place in a name.
            name = printable(self.query_one(f"#name-{i}", Input).value).strip()
            if name:
                names[colour] = name
        humans = sum(1 for k in kinds.values() if k == HUMAN)
        config: dict[str, Any] = {
            "players": tuple(players),
            "names": names,
            "arena": self.query_one("#arena", Choice).value,
            "skulls": self.query_one("#skulls", Choice).value,
            "ending": self.query_one("#ending", Choice).value,
            "mode": self.query_one("#mode", Choice).value,
            "bot": None if self.query_one("#bot", Choice).value == NO_BOT else self.query_one("#bot", Choice).value,
            # With two or more people at one keyboard everyone hit is asked about Tagback
            # Grenades, everyone ends their own turn and chooses their own spawnpoint, so being
            # asked gives nothing away.
            "tagback_prompt": "all" if humans >= 2 else "holders",
            "end_turn_prompt": "always" if humans >= 2 else "usable",
            # A lone way on that spends cubes or powerups is asked, not taken (docs/rulings.md).
            "confirm_spending": "ask",
            "spawn_prompt": "always" if humans >= 2 else "choice",
        }
        return GameConfig.from_dict(config), kinds

    def action_start(self) -> None:
        focused = self.focused
        if isinstance(focused, Button) and focused.id != "start":
            focused.press()
            return
        try:
            config, kinds = self.settings()
        except ValueError as exc:
            self.query_one("#setup-error", Static).update(Text(str(exc).splitlines()[0], "bold red"))
            return
        self.post_message(StartGame(config, kinds))

    def action_back(self) -> None:
        self.dismiss(None)
