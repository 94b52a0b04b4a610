"""The client side of a host: a connection, and the game as one seat may see it.

`RemoteGame` offers what the table's drawing reads from a `Game` (seats, names, the public card
and arena data, the event log, the view) built only from what the host sent: the last `state`
message. It has no hidden state to give away, because it never had any.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adrenaline_tui.rules import Event, GameConfig
from adrenaline_tui.rules.arena import Arena, load_arena
from adrenaline_tui.rules.cards import CardSet, load_cards
from adrenaline_tui.wire import protocol

SOCKET_NAME = "host.sock"


def default_socket() -> Path:
    from adrenaline_tui.paths import data_home

    return Path(os.environ.get("ADRENALINE_HOST_SOCKET") or data_home() / "host" / SOCKET_NAME)


def peer_address() -> str:
    """Where this player connects from, for the host's limits per address: the first field of
    `SSH_CONNECTION`, which sshd sets for `adrenaline join` and the host's SSH door sets for
    its clients ("" elsewhere: the host's own account)."""
    return protocol.printable(os.environ.get("SSH_CONNECTION", "").partition(" ")[0], 64)


def public_config(view: dict[str, Any]) -> GameConfig:
    """A game's settings as any seat's view shows them (every setting is public), for the screens
    that read `game.config` (the mode's board, the bot, the tie-break)."""
    bot = view.get("bot")
    return GameConfig(
        players=tuple(p["colour"] for p in view["players"]),
        names={p["colour"]: p["name"] for p in view["players"]},
        arena=view["arena"],
        skulls=view["skulls"],
        ending=view["ending"],
        mode=view.get("mode", "standard"),
        bot=bot["colour"] if bot else None,
    )


class RemoteGame:
    """A game seen from one seat through the host's messages (duck-types the parts of `Game`
    that drawing a table uses)."""

    def __init__(self, state: dict[str, Any], cards: CardSet | None = None) -> None:
        self.cards = cards or load_cards()
        self.events: list[Event] = []
        self.arena: Arena = load_arena(state["view"]["arena"])
        self.seats: list[str] = [p["colour"] for p in state["view"]["players"]]
        self.config = public_config(state["view"])
        self.apply(state)

    def apply(self, state: dict[str, Any]) -> list[Event]:
        """Take in a `state` message; returns the events new to this client."""
        self.state = state
        self._view: dict[str, Any] = state["view"]
        self.kinds: dict[str, str] = dict(state["kinds"])
        start = max(0, min(int(state["events_from"]), len(self.events)))
        new = [Event(str(k), str(t), d if isinstance(d, dict) else {}) for k, t, d in state["events"]]
        del self.events[start:]
        self.events.extend(new)
        return new

    @property
    def seat(self) -> str | None:
        return self.state["seat"]

    @property
    def decisions(self) -> int:
        """How many decisions the game has had, as the host counts them: sent only to the one
        deciding (it answers with it); -1 for everyone else."""
        count = self.state.get("decisions")
        return int(count) if count is not None else -1

    @property
    def over(self) -> bool:
        return bool(self._view["over"])

    @property
    def history(self) -> range:
        return range(self.decisions)

    # The client's screen belongs to one person, who is sent the game at public points and at
    # their own questions: whatever it shows them, it may take as seen.
    at_public_point = True

    @property
    def pending_player(self) -> str | None:
        pending = self._view.get("pending")
        return pending["player"] if pending else None

    def name(self, colour: str) -> str:
        return next((p["name"] for p in self._view["players"] if p["colour"] == colour), colour)

    def view(self, viewer: str | None = None, *, reveal_scores: bool = False) -> dict[str, Any]:
        # Whatever is asked, the answer is this seat's view: the only one the client has.
        return self._view

    @property
    def hints(self) -> dict[str, Any]:
        return self.state.get("hints") or {"details": [], "greyed": []}


class Connection:
    """A client's line to the host, in the app's event loop. Messages from the host go to
    `on_message`; a lost connection to `on_lost` with a one-line reason."""

    def __init__(self, on_message: Callable[[dict[str, Any]], None], on_lost: Callable[[str], None]) -> None:
        self.on_message = on_message
        self.on_lost = on_lost
        self.writer: asyncio.StreamWriter | None = None
        # The address told to the host; None: the process's (`peer_address`). A room's clients
        # share a process, so each is told its own (client_room.py).
        self.address: str | None = None
        # The greeting sent (None: not yet), said again with a new name by `rename`.
        self.hello: dict[str, Any] | None = None

    async def run(self, path: Path, name: str, identity: str = "") -> None:
        try:
            reader, self.writer = await asyncio.open_unix_connection(str(path), limit=protocol.MAX_HOST_LINE)
        except OSError as exc:
            self.on_lost(f"cannot reach the host at {path}: {exc.strerror or exc}")
            return
        address = peer_address() if self.address is None else self.address
        self.hello = {"type": "hello", "v": protocol.VERSION, "name": name, "identity": identity, "address": address}
        self.send(self.hello)
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and isinstance(msg.get("type"), str):
                    self.on_message(msg)
        except (OSError, ValueError) as exc:
            self.on_lost(f"the connection to the host broke: {exc}")
            return
        self.on_lost("the host closed the connection")

    def send(self, message: dict[str, Any]) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(protocol.encode(message))

    def rename(self, name: str) -> None:
        """Greet the host again under `name` (a guest naming themselves in the lobby)."""
        if self.hello is not None:
            self.hello = self.hello | {"name": name}
            self.send(self.hello)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
