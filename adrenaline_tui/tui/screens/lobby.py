"""The lobby of a host: open a table by its code and sit down (or watch), or set one up.

Nothing here decides anything: each button sends a message to the host and the screen shows
what the host answers (`table` messages say who sits where). The game starts on the host when
its creator presses Start; the table screen then replaces this one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from adrenaline_tui.rules import FIGURES
from adrenaline_tui.titles import registry
from adrenaline_tui.tui.look import hero
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import LeaveTable, OpenTable, Rename, TakeSeat, ToHost
from adrenaline_tui.tui.widgets import KeyBar
from adrenaline_tui.tui.widgets.choice import Choice
from adrenaline_tui.tui.widgets.steady_input import SteadyInput
from adrenaline_tui.wire.protocol import MAX_NAME

# Seconds for a person's decision before a computer takes it (off by default).
TIMERS = [(0, "off"), (30, "30 seconds"), (60, "1 minute"), (120, "2 minutes"), (300, "5 minutes")]


def hostable() -> list[tuple[str, str]]:
    """The titles a table can be set up for here: every one the host holds through its title's
    hook (`registry.TitleHost`), each set up by its own setup screen (`TitleUI.setup_screen`)."""
    return [(t.id, t.name) for t in registry.hostable()]


def seat_name(seat: str) -> str:
    """A seat as the lobby says it: a figure's hero, or a seat by its name."""
    return hero(seat) if seat in FIGURES else seat.capitalize()


def enter_does(widget: object) -> Text:
    """What Enter on `widget` will do, said under the table's buttons."""
    button = getattr(widget, "id", None) or ""
    # A button hidden under the focus (Sit, once seated) does nothing on Enter.
    if not isinstance(widget, Button) or not widget.display:
        return Text("")
    if button.startswith("sit-"):
        what = f"Enter: sit down as {seat_name(button.removeprefix('sit-'))}"
    elif button == "watch":
        what = "Enter: only watch (you will not play)"
    elif button == "start":
        what = "Enter: start the game"
    else:
        return Text("")
    return Text(what + "  (Tab or the arrows: another button)", Style(italic=True))


class LobbyScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#code"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "create", "Create table", id="lobby.create"),
        Binding("escape", "stand", "Leave table", id="lobby.stand"),
        # Down and Up go from field to field as Tab does (Down did nothing).
        Binding("down", "app.focus_next", "Next field", show=False, id="lobby.next"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="lobby.previous"),
        # Along a row of buttons too (a Choice and the code field use Left / Right themselves).
        Binding("right", "app.focus_next", "Next button", show=False, id="lobby.right"),
        Binding("left", "app.focus_previous", "Previous button", show=False, id="lobby.left"),
    ]

    def __init__(self, status: str = "", name: str | None = None) -> None:
        """`name`: the name to offer a guest who has none of their own (a browser's), who may
        change it before sitting down; None: the door knew who they are (SSH), no field."""
        super().__init__()
        self.table: dict[str, Any] | None = None
        self.status = status
        self.offered_name = name
        if name is not None:  # the first thing a guest is asked; Enter goes on to the code
            self.AUTO_FOCUS = "#name"

    def compose_body(self) -> ComposeResult:
        yield Static(Text("Adrenaline · hosted tables", Style(bold=True)), id="heading", markup=False)
        yield Static("", id="status", markup=False)
        with Horizontal(id="join-row"):
            yield Static("Table code ", classes="label", markup=False)
            yield SteadyInput(placeholder="ABCDE", max_length=5, id="code")
            yield Button("Open", id="open")
            yield Static(" Your name ", classes="label", id="name-label", markup=False)
            yield SteadyInput(self.offered_name or "", max_length=MAX_NAME, id="name")
        with Vertical(id="create-form"):
            yield Static(Text("Or set up a new table", Style(bold=True)), classes="section", markup=False)
            with Horizontal(classes="form-row"):
                yield Static("Game", classes="label", markup=False)
                yield Choice(hostable(), hostable()[0][0], id="game")
            with Horizontal(classes="form-row", id="timer-row"):
                yield Static("Turn timer", classes="label", markup=False)
                yield Choice(TIMERS, 0, id="timer")
            yield Button(f"Set up {hostable()[0][1]}…", id="create")
        with Vertical(id="table"):
            yield Static("", id="table-text", markup=False)
            with Horizontal(id="seat-buttons"):
                for colour in FIGURES:
                    yield Button(f"Sit: {hero(colour)}", id=f"sit-{colour}", classes="sit")
                yield Button("Only watch", id="watch")
                yield Button("Start the game", id="start", variant="primary")
            # What Enter does on the button that has the focus, in words: after Tab the buttons
            # "Sit: Banshee" and "Watch" read as one, and Enter made a watcher of a player.
            yield Static("", id="enter-does", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#table").display = False
        for asked in self.query("#name-label, #name"):
            asked.display = self.offered_name is not None
        self.query_one("#status", Static).update(self.status)

    def say(self, text: str) -> None:
        """The line under the heading: connected or not, and as whom (the app says). Said
        before the screen has its widgets, it is shown when they are mounted."""
        self.status = text
        for line in self.query("#status").results(Static):
            line.update(text)

    def on_choice_changed(self, message: Choice.Changed) -> None:
        """Each title's own setup screen asks its options and seats (Create opens it)."""
        if message.choice.id == "game":
            name = dict(hostable()).get(str(message.value), "")
            self.query_one("#create", Button).label = f"Set up {name}…"
            # A turn timer times a decision: a real-time title has none to time.
            self.query_one("#timer-row").display = registry.title(str(message.value)).timing == "turns"

    def timer(self) -> int:
        if not self.query_one("#timer-row").display:
            return 0
        return int(self.query_one("#timer", Choice).value)

    def chosen_title(self) -> str:
        """The title the set-up form is for (the setup screen it opened asks the rest)."""
        return str(self.query_one("#game", Choice).value)

    # ------------------------------------------------------------- from host
    def show_table(self, table: dict[str, Any]) -> None:
        # The same table again is news (someone sat down): the person may be typing meanwhile.
        news = self.table is not None and self.table.get("code") == table.get("code")
        self.table = table
        box = self.query_one("#table")
        box.display = True
        # The set-up in the words of the table's title (`TitleUI.table_lines`).
        setup = registry.title(str(table["title"])).ui().table_lines(table)
        lines = [f"Table {table['code']}: {setup[0]}", *setup[1:]]
        if table.get("timer"):
            lines[0] += f", {table['timer']} s a decision"
        for seat in table["seats"]:
            if seat["kind"] == "computer":
                who = "computer"
            elif seat["player"] and seat["connected"]:
                who = seat["player"] + (" (you)" if seat["colour"] == table.get("you") else "")
            else:
                who = "free" if not seat["player"] else f"free ({seat['player']} left)"
            lines.append(f"  {seat_name(seat['colour']):12} {who}")
        if table["spectators"]:
            lines.append(f"  and {table['spectators']} watching")
        if table.get("creator") and not table["started"]:
            lines.append(f"Friends join with the code {table['code']}; Start once everyone sits.")
        self.query_one("#table-text", Static).update("\n".join(lines))
        seated = table.get("you") is not None
        free = {s["colour"] for s in table["seats"] if s["kind"] == "human" and not s["connected"]}
        # Another title's seats get buttons of their own, before Watch.
        buttons = self.query_one("#seat-buttons")
        for seat in table["seats"]:
            if not buttons.query(f"#sit-{seat['colour']}"):
                sit = Button(f"Sit: {seat_name(seat['colour'])}", id=f"sit-{seat['colour']}", classes="sit")
                buttons.mount(sit, before=self.query_one("#watch"))
        for button in self.query(".sit").results(Button):
            button.display = not seated and (button.id or "").removeprefix("sit-") in free
        self.query_one("#watch").display = not seated
        self.query_one("#start").display = seated and bool(table.get("creator")) and not table["started"]
        # At a table the set-up form gives way to it (all of it fits at 80x24), and the first
        # button that applies has the focus: Enter sits down, or starts the game.
        self.query_one("#create-form").display = False
        shown = [b for b in self.query("#seat-buttons Button") if b.display]
        elsewhere = news and self.focused is not None and self.focused not in self.query("#seat-buttons Button")
        if shown and not any(b.has_focus for b in shown) and not elsewhere:
            self.call_after_refresh(shown[0].focus)
        # The focus may stay where it was (a button just hidden): the hint follows the buttons.
        self.query_one("#enter-does", Static).update(enter_does(self.focused))

    def on_descendant_focus(self) -> None:
        self.query_one("#enter-does", Static).update(enter_does(self.focused))

    # --------------------------------------------------------------- buttons
    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "open":
            self.action_open()
        elif button == "create":
            self.action_create()
        elif button == "start":
            self.post_message(ToHost({"type": "start"}))
        elif button == "watch":
            self.post_message(TakeSeat(None))
        elif button.startswith("sit-"):
            self.post_message(TakeSeat(button.removeprefix("sit-")))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "name":
            self.query_one("#code", Input).focus()  # renamed as it leaves the field (below)
            return
        self.action_open()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if event.input.id == "name":
            self.post_message(Rename(event.input.value))

    def action_open(self) -> None:
        code = self.query_one("#code", Input).value.strip().upper()
        if code:
            self.post_message(OpenTable(code))

    def action_create(self) -> None:
        """The chosen title's own setup (seats, levels, its options), as for a local game; what
        it posts to start the game asks the host for the table (`RemoteApp.ask_for_table`)."""
        self.app.push_screen(registry.title(self.chosen_title()).ui().setup_screen())

    def action_stand(self) -> None:
        if self.table is not None:
            self.post_message(LeaveTable())
            self.table = None
            self.query_one("#table").display = False
            self.query_one("#create-form").display = True
            # Back where the lobby starts: the next thing is most likely another table's code
            # (the focus had been on a seat's button, now hidden).
            self.query_one("#code", Input).focus()
