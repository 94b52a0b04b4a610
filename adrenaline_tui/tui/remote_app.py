"""The game app as a client of a host: the lobby, then the table of one seat.

Started by the host once per SSH session (on a pseudo-terminal of its own: Textual owns its
process's terminal) or by `adrenaline join`. It reads and writes nothing in the data folder:
the settings are the defaults, the host keeps the games.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual import events
from textual.app import SystemCommand
from textual.screen import Screen

from adrenaline_tui.titles.registry import title
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from adrenaline_tui.tui.screens.lobby import LobbyScreen, seat_name
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.tui.shell import LeaveTable, OpenTable, Rename, StartGame, StartTitleGame, TakeSeat, ToHost
from adrenaline_tui.wire import protocol
from adrenaline_tui.wire.client import Connection
from adrenaline_tui.wire.limits import LOBBY_IDLE


class RemoteApp(AdrenalineApp):
    def __init__(
        self,
        socket: Path,
        name: str = "player",
        *,
        idle: float = LOBBY_IDLE,
        identity: str = "",
        ask_name: bool = False,
    ) -> None:
        """`ask_name`: the door does not know who this is (a browser's guest), so the lobby
        offers `name` for them to change."""
        # Points face down and no pauses: this screen is one person's, the game runs on the host.
        settings = replace(Settings(), offer_lessons=False, pause_on_scoring=False, show_points=False)
        super().__init__(settings=settings, save_settings=False)
        self.socket = socket
        # The host keeps a name to what the wire allows; this screen says the same name, and never
        # writes a control character from the command line to its own terminal.
        self.player_name = protocol.printable(name, protocol.MAX_NAME) or "player"
        self.identity = identity
        self.connection = Connection(self.on_host_message, self.on_host_lost)
        self.status = f"Connecting to the host as {self.player_name}…"
        self.lobby: LobbyScreen | None = None
        self.ask_name = ask_name
        # The game as this seat sees it: a `RemoteGame`, or another title's (its table's `game`).
        self.game: Any = None
        self._wanted_seat: str | None = None
        # The table this client last asked to look at or sit at (None: it stood up). The host's
        # news of another table is stale: it crossed a leave or another look on the wire.
        self._table_code: str | None = None
        # Seconds without a key in the lobby before this client leaves (a seat at a table stays).
        self.idle = idle
        self.last_input = time.monotonic()

    def on_ready(self, event: events.Ready) -> None:
        # Textual would run AdrenalineApp.on_ready too (handlers run up the classes): not here,
        # there is no title screen or local game at a host.
        event.prevent_default()
        self.call_after_refresh(self._started)
        self.lobby = LobbyScreen(self.status, self.player_name if self.ask_name else None)
        self.push_screen(self.lobby)
        self.run_worker(self.connection.run(self.socket, self.player_name, self.identity), exclusive=True, group="host")
        self.set_interval(min(10.0, max(0.5, self.idle / 4)), self._check_idle)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key | events.MouseDown):
            self.last_input = time.monotonic()
        await super().on_event(event)

    def _check_idle(self) -> None:
        if self.game is None and time.monotonic() - self.last_input > self.idle:
            self.connection.close()
            self.exit(0, message="Idle in the lobby for too long: bye. Connect again to play.")

    @property
    def progress(self) -> Any:
        """Lesson progress (a title's setup offers its lessons) kept in memory only: a guest
        writes nothing on the host's machine."""
        if self._progress is None:
            from adrenaline_tui.walkthrough import Progress

            class Unsaved(Progress):
                def save(self) -> None:
                    """Not on the host's machine."""

            self._progress = Unsaved(Path(os.devnull))
        return self._progress

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(message)

    def action_save(self) -> None:
        # The game lives on the host, which saves every table after every decision.
        self.notify("The host saves this game after every decision.", timeout=5)

    # -------------------------------------------------------------- lobby
    def open_table(self, code: str) -> None:
        """Look at a table's seats, to sit down at one or to watch."""
        self._table_code = code
        self.send({"type": "look", "code": code})

    def sit(self, colour: str | None) -> None:
        """Sit at `colour` of the table the lobby shows, or watch it (None)."""
        if self.lobby is not None and self.lobby.table is not None:
            self.join(self.lobby.table["code"], colour)

    def join(self, code: str, colour: str | None) -> None:
        self._table_code = code
        self.send({"type": "join", "code": code, "seat": colour})

    # ------------------------------------------ what the screens ask (tui/shell.py)
    def on_to_host(self, message: ToHost) -> None:
        self.send(message.message)

    def on_rename(self, message: Rename) -> None:
        name = protocol.printable(message.name, protocol.MAX_NAME).strip()
        if name and name != self.player_name:
            self.player_name = name
            self.connection.rename(name)  # the host's welcome says the new name in the lobby

    def on_open_table(self, message: OpenTable) -> None:
        self.open_table(message.code)

    def on_take_seat(self, message: TakeSeat) -> None:
        self.sit(message.colour)

    def on_start_title_game(self, message: StartTitleGame) -> None:
        message.prevent_default()  # not AdrenalineApp's too: no local game here
        self.ask_for_table(message, message.kinds)

    def on_start_game(self, message: StartGame) -> None:
        message.prevent_default()
        self.ask_for_table(message, message.kinds)

    def ask_for_table(self, setup: Any, kinds: dict[str, str]) -> None:
        """A title's own setup (the lobby opened it) asks for a table: at the host, in place of
        a local game. Its title's hook says the create's fields (`TitleHost.create_fields`); the
        creator sits at the first person's seat."""
        if self.lobby is None:
            return
        if self.screen is not self.lobby:
            self.pop_screen()
        chosen = self.lobby.chosen_title()
        hosting = title(chosen).host()
        if hosting is None:
            return
        self._wanted_seat = next((s for s, k in kinds.items() if k == HUMAN), None)
        fields = hosting.create_fields(setup)
        self.send({"type": "create", "title": chosen, **fields, "timer": self.lobby.timer()})

    def on_leave_table(self, _: LeaveTable) -> None:
        self.leave_table()

    def leave_table(self) -> None:
        self._table_code = None
        self.send({"type": "leave"})
        self.game = None
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            self.pop_screen()

    # ---------------------------------------------------------- from the host
    def on_host_message(self, msg: dict[str, Any]) -> None:
        handler = getattr(self, f"_host_{msg['type']}", None)
        if handler is not None:
            try:
                handler(msg)
            except (KeyError, TypeError, ValueError) as exc:
                self.notify(f"A message from the host made no sense: {exc}", severity="error")

    def on_host_lost(self, reason: str) -> None:
        self.status = f"Disconnected: {reason}. Press ctrl+q to quit."
        if self.lobby is not None:
            self.lobby.say(self.status)
        self.notify(self.status, severity="error", timeout=30)

    def _host_welcome(self, msg: dict[str, Any]) -> None:
        self.status = f"Connected as {self.player_name}. Open a table by its code, or set one up."
        if self.lobby is not None:
            self.lobby.say(self.status)

    def _host_created(self, msg: dict[str, Any]) -> None:
        # The creator sits down at the table's first person's seat straight away (the title's
        # setup named it).
        self.join(msg["code"], self._wanted_seat)

    def _host_joined(self, msg: dict[str, Any]) -> None:
        where = f"sitting as {seat_name(msg['seat'])}" if msg["seat"] else "watching"
        self.notify(f"Table {msg['code']}: {where}.", timeout=3)

    def _host_table(self, msg: dict[str, Any]) -> None:
        if self.lobby is not None and msg["code"] == self._table_code:
            self.lobby.show_table(msg)

    def _host_left(self, msg: dict[str, Any]) -> None:
        """The host has stood this client up; the lobby already shows it."""

    def _host_error(self, msg: dict[str, Any]) -> None:
        table = self.hosted_table()
        if msg.get("about") == "act" and hasattr(table, "refused"):
            # A real-time table says why under the person's hand, where a local refusal is said.
            table.refused(str(msg.get("reason")))
            return
        self.notify(str(msg.get("reason")), severity="error", timeout=5)
        looked = self.lobby.table if self.lobby is not None else None
        if msg.get("about") == "join" and looked is not None and looked.get("you") is None:
            # A looker's seats are brought up to date as others sit, but a seat may still go
            # between the news and a key: refused, the table is looked at again.
            self.open_table(looked["code"])

    def _host_chat(self, msg: dict[str, Any]) -> None:
        table = self.hosted_table()
        if table is not None:
            table.chat(msg.get("from"), str(msg.get("text", "")))
        elif msg.get("from"):
            self.notify(f"{msg['from']}: {msg.get('text', '')}", timeout=6)

    def _host_state(self, msg: dict[str, Any]) -> None:
        if self.game is None or self.hosted_table() is None:
            # The table's own screen, whatever its title (`TitleUI.hosted_table`).
            screen = title(str(msg["title"])).ui().hosted_table(msg)
            self.game = screen.game
            self.push_screen(screen)
            return
        rebuilt = int(msg["events_from"]) < len(self.game.events) or int(msg["events_from"]) == 0
        new = self.game.apply(msg)
        table = self.hosted_table()
        if table is not None:
            table.host_state(new, rebuilt)

    def _host_explained(self, msg: dict[str, Any]) -> None:
        table = self.hosted_table()
        if isinstance(table, HostedTableScreen) and table is self.screen:
            table.show_explanations(msg)

    def _host_pong(self, msg: dict[str, Any]) -> None:
        """Nothing to do: the host is there."""

    def hosted_table(self) -> Any:
        """The table screen of this seat, whatever its title (None: in the lobby)."""
        return next((s for s in self.screen_stack if getattr(s, "is_hosted_table", False)), None)

    # ------------------------------------------------- nothing on the host's machine
    # The app runs on the host's machine for someone far away: what Textual would do "on this
    # computer" (save a screenshot file, open a web browser) must not be theirs to do.
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return (c for c in super().get_system_commands(screen) if c.title != "Screenshot")

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify("Screenshots are not saved at a hosted table.", timeout=3)
        return None

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        if type(self._driver).__name__ == "WebDriver":  # in a browser tab: the player's browser opens it
            super().open_url(url, new_tab=new_tab)
            return
        self.notify(url, title="Link", timeout=10)

    def go_to_title(self, then: str | None = None) -> None:
        self.leave_table()

    def crash_log(self) -> Path | None:
        # Beside the host's socket, in the host's own folder: the guest is told only that the
        # host has the details, never a path on the host's machine.
        return self.socket.parent / "client-errors.log"

    def crash_log_named(self, log: Path) -> str:
        return "the host's log"

    async def action_quit(self) -> None:
        self.connection.close()
        self.exit(0)
