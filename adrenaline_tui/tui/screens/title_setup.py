"""Setting up a game of any title from what its registry line says: how many seats, each seat a
person or one of the title's computer levels, and each of its `TitleOption`s.

Nothing here knows a title: the choices come from the title's `ENGINE` (seat range, levels,
options) and the seats' names from a trial game of those options (`engine.new_game`), named by
the title's `UI.seat_label`. Options that cannot make a game (the engine's one-line reason) are
said under the form and Start waits. Enter starts (with the defaults, at once), Esc goes back;
Up/Down move between rows, Left/Right change the value under the cursor.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.registry import title
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.shell import StartTitleGame
from adrenaline_tui.tui.widgets.choice import Choice
from adrenaline_tui.tui.widgets.key_bar import KeyBar

# The level a new computer seat starts at: the title's `default_level`, or the middle one it offers.
SEAT_PREVIEW_SEED = 0


def kind_label(kind: str) -> str:
    return "Person" if kind == HUMAN else f"Computer ({kind})"


class TitleSetupScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#players"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Move", key_display="↑↓", id="title-setup.up"),
        Binding("down", "move(1)", "Move", show=False, id="title-setup.down"),
        Binding("enter", "start", "Start", priority=True, id="title-setup.start"),
        Binding("escape", "back", "Back", id="title-setup.back"),
        # Shown only when the title has lessons (`TitleUI.lessons_screen`, optional).
        Binding("t", "learn", "Learn to play", id="title-setup.learn"),
    ]

    def __init__(self, title_id: str) -> None:
        super().__init__()
        self.game_title = title(title_id)
        self.engine = self.game_title.engine()
        self.options = {o.name: o.default for o in self.engine.options}
        self.count = self.engine.default_seats(self.options)
        # Each seat's kind by its position; kept as the count changes.
        levels = self.engine.levels
        # The title's kinder first level where it names one (`default_level`), else the middle.
        computer = getattr(self.engine, "default_level", None) or (levels[len(levels) // 2] if levels else HUMAN)
        self.kinds: list[str] = [HUMAN] + [computer] * (self.engine.seat_range[1] - 1)
        self.seats: list[str] = []
        self.problem = ""

    # ------------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        t = self.game_title
        low, high = self.engine.seat_range
        yield Static(Text(f"New game: {t.name}", Style(bold=True)), id="heading", markup=False)
        yield Static(t.blurb, id="blurb", markup=False)
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Static("Players", classes="what", markup=False)
                yield Choice([(n, f"{n} players") for n in range(low, high + 1)], self.count, id="players")
            for o in self.engine.options:
                with Horizontal(classes="row"):
                    yield Static(o.name.replace("_", " ").capitalize(), classes="what", markup=False)
                    yield Choice([(c, c) for c in o.choices], o.default, id=f"option-{o.name}", classes="option")
                yield Static(o.help, classes="help", markup=False)
            yield Vertical(id="seats")
        yield Static("", id="problem", markup=False)
        yield Static("Enter: start   Esc: back   Left/Right: change   Up/Down: move", id="hint", markup=False)
        yield KeyBar()

    async def on_mount(self) -> None:
        await self._refresh_seats()

    # ------------------------------------------------------------------ seats
    async def _refresh_seats(self) -> None:
        """The seats of a game of these options, each with its kind; the reason if there is none."""
        labels: list[str] = []
        try:
            game = self.engine.new_game(self.count, self.options, SEAT_PREVIEW_SEED)
        except ValueError as exc:
            self.seats, self.problem = [], printable(str(exc))
        else:
            ui = self.game_title.ui()
            self.seats = list(self.engine.seats(game))
            labels = [printable(ui.seat_label(game, s)) for s in self.seats]
            self.problem = ""
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        labels = labels if self.seats else []
        values = [(HUMAN, kind_label(HUMAN)), *((k, kind_label(k)) for k in self.engine.levels)]
        rows = []
        for i, _seat in enumerate(self.seats):
            rows.append(
                Horizontal(
                    Static(labels[i], classes="what", markup=False),
                    Choice(values, self.kinds[i], id=f"seat-{i}", classes="seat-kind"),
                    classes="row",
                )
            )
        await box.mount_all(rows)
        self.query_one("#problem", Static).update(Text(self.problem, "bold"))

    async def on_choice_changed(self, message: Choice.Changed) -> None:
        ident = message.choice.id or ""
        if ident == "players":
            self.count = int(message.value)
        elif ident.startswith("option-"):
            self.options[ident.removeprefix("option-")] = str(message.value)
            # An option can change the table (a seat more or less): the usual count.
            self.count = self.engine.default_seats(self.options)
            self.query_one("#players", Choice).set_value(self.count)
        elif ident.startswith("seat-"):
            self.kinds[int(ident.removeprefix("seat-"))] = str(message.value)
            return
        await self._refresh_seats()

    # ---------------------------------------------------------------- actions
    def _fields(self) -> list[Choice]:
        return list(self.query(Choice))

    def action_move(self, delta: int) -> None:
        fields = self._fields()
        if not fields:
            return
        focused = self.focused
        index = fields.index(focused) if focused in fields else -1
        fields[(index + delta) % len(fields)].focus()

    def action_start(self) -> None:
        if self.problem or not self.seats:
            self.notify(self.problem or "These options make no game.", severity="warning")
            return
        kinds = {seat: self.kinds[i] for i, seat in enumerate(self.seats)}
        self.post_message(StartTitleGame(self.game_title.id, self.count, dict(self.options), kinds))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "learn":
            return callable(getattr(self.game_title.ui(), "lessons_screen", None))
        return super().check_action(action, parameters)

    def action_learn(self) -> None:
        lessons = getattr(self.game_title.ui(), "lessons_screen", None)
        if callable(lessons):
            self.app.push_screen(lessons())

    def action_back(self) -> None:
        self.dismiss(None)
