"""A table on a host: its set-up, who sits where, and (once started) the `Session` it plays.

No networking here: the host (`host/server.py`) feeds it checked messages and sends what it
returns. Seats are held by connected clients; a seat whose client dropped stays the player's
and is taken back by joining the same table code and seat.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from adrenaline_tui.titles import registry
from adrenaline_tui.titles.registry import TitleHost
from adrenaline_tui.tui.session import HUMAN, Autosaver, Session, UndoSpares
from adrenaline_tui.wire.protocol import CODE_ALPHABET, CODE_LENGTH


class Seated(Protocol):
    """What a table needs to know of a connected client."""

    name: str
    connected: bool
    identity: str


@runtime_checkable
class RealTimeSession(Protocol):
    """The session of a real-time title's table (`registry.Title.timing` "real-time"): it keeps
    its own clock on the host's event loop rather than waiting on one decision at a time.

    The host calls `go` when the table may play (started, or a player sat down at a resumed
    table) and whenever who is at it changes; `act` with each action as it arrives, in the order
    the host reads them (that order decides who was first); `stop` when the table is suspended
    or the host stops. `changed` is the host's: it sends every seat its frame at once."""

    def go(self, changed: Callable[[], None], absent: Iterable[str]) -> None:
        """Run the clock (idempotent); `absent`: people's seats nobody holds now."""
        ...

    def act(self, seat: str, key: str) -> None:
        """`seat`'s action now (ValueError with a one-line reason: refused, nothing changed)."""
        ...

    def stop(self) -> None: ...


# Whether a session's class is a real-time one, by class: `isinstance` against a runtime-checkable
# protocol looks up each of its methods every time, and a host asks at every decision (3% of a
# worker's Python at 200 tables).
_REAL_TIME: dict[type, bool] = {}


def real_time(session: object) -> RealTimeSession | None:
    """The session as a real-time one, or None for a game of turns."""
    kind = type(session)
    real = _REAL_TIME.get(kind)
    if real is None:
        real = _REAL_TIME[kind] = isinstance(session, RealTimeSession)
    return session if real else None  # type: ignore[return-value]


# Each title's hosting hook, once found: `Title.host` imports its module by name each time
# (`importlib.import_module`, in Python), and a host asks for every state it sends (2.4% of a
# worker's Python at 200 tables).
_HOSTS: dict[str, TitleHost] = {}


def title_host(name: str) -> TitleHost:
    """The hosting hook of a table's title."""
    hosting = _HOSTS.get(name)
    if hosting is None:
        hosting = registry.title(name).host()
        if hosting is None:
            raise ValueError(f"{registry.title(name).name} cannot be played on a host")
        _HOSTS[name] = hosting
    return hosting


def new_code(taken: set[str] | dict[str, Any]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


@dataclass
class HostTable:
    code: str
    # The table's title (the registry's id), held through its `registry.TitleHost`, and the
    # options it was set up with, as words.
    title: str
    options: dict[str, str]
    # Seat -> "human" or a computer kind, in seat order.
    kinds: dict[str, str]
    creator: Seated | None = None
    holders: dict[str, Seated] = field(default_factory=dict)
    spectators: list[Seated] = field(default_factory=list)
    # People in the lobby looking at this table's seats (`look`), not at it: sent its lobby as
    # it changes, so a seat taken meanwhile is not offered to them.
    lookers: list[Seated] = field(default_factory=list)
    session: Session | None = None
    # Seconds a person has for a decision before a computer takes it for them (0: no timer).
    timer: int = 0
    # The creator's seat, once they sit: whoever holds it is the creator (also after a reconnect).
    creator_seat: str | None = None
    # Seats of people given to a computer while they are away, and the kind they had.
    handed: dict[str, str] = field(default_factory=dict)
    # Seat -> the identity (SSH key fingerprint) of the person who sat there with one.
    owners: dict[str, str] = field(default_factory=dict)
    # When the last person seated here left (the host's clock), while nobody is: the host
    # suspends a table left alone too long (`Host.sweep`).
    alone_since: float | None = None
    # The address (`wire.limits.address_key`) that set this game going, by starting it or by
    # sitting down at it once resumed: started games are counted per address. None: a resumed
    # game nobody sat down at yet, whose computers stay still.
    keeper: str | None = None
    # Said in the chat to the first person to sit down (a damaged save's journal), then None.
    notice: str | None = None

    @property
    def started(self) -> bool:
        return self.session is not None

    def free_seats(self) -> list[str]:
        return [c for c, k in self.kinds.items() if k == HUMAN and not self._held(c)]

    def _held(self, colour: str) -> bool:
        holder = self.holders.get(colour)
        return holder is not None and holder.connected

    def sit(self, client: Seated, seat: str | None) -> str | None:
        """Seat `client` (or make them a spectator, seat None); returns a reason if not."""
        if seat is None:
            self.spectators.append(client)
            return None
        if seat not in self.kinds:
            return f"this table has no {seat} seat"
        # A seat given to a computer while its person was away is still a person's seat.
        if self.kinds[seat] != HUMAN and seat not in self.handed:
            return f"the {seat} seat is played by a computer"
        if self._held(seat):
            return f"the {seat} seat is taken"
        owner = self.owners.get(seat)
        if owner and owner != client.identity:
            return f"the {seat} seat is kept for the player who sat there (with another SSH key)"
        self.holders[seat] = client
        if seat in self.handed:  # "a computer plays for them until they are back": back
            self.kinds[seat] = self.handed.pop(seat)
            self._sync_kinds()
        if client.identity:
            self.owners[seat] = client.identity
        if client is self.creator and self.creator_seat is None:
            self.creator_seat = seat
        return None

    def is_creator(self, client: Seated) -> bool:
        if self.creator_seat is not None:
            return self.seat_of(client) == self.creator_seat
        return client is self.creator

    def vanished(self) -> list[str]:
        """People's seats whose player is not connected."""
        return [c for c, k in self.kinds.items() if k == HUMAN and not self._held(c)]

    def hand_over(self, computer: str) -> list[str]:
        """Give every vanished person's seat to a computer; returns the seats given."""
        given = self.vanished()
        for colour in given:
            self.handed[colour] = self.kinds[colour]
            self.kinds[colour] = computer
        self._sync_kinds()
        return given

    def hand_back(self) -> list[str]:
        """Give the seats handed to computers back to people; returns them."""
        back = list(self.handed)
        for colour in back:
            self.kinds[colour] = self.handed.pop(colour)
        self._sync_kinds()
        return back

    def _sync_kinds(self) -> None:
        if self.session is not None:
            self.session.kinds.update(self.kinds)
            self.session.write_table()

    def stand(self, client: Seated) -> None:
        self.holders = {c: h for c, h in self.holders.items() if h is not client}
        self.spectators = [s for s in self.spectators if s is not client]

    def seat_of(self, client: Seated) -> str | None:
        return next((c for c, h in self.holders.items() if h is client), None)

    def everyone(self) -> list[Seated]:
        return [*self.holders.values(), *self.spectators]

    def may_start(self, client: Seated) -> str | None:
        if self.started:
            return "the game has started"
        if self.seat_of(client) is None:
            return "only a seated player may start the game"
        creator_here = any(self.is_creator(c) for c in self.everyone() if c.connected)
        if creator_here and not self.is_creator(client):
            return "the table's creator starts the game"
        if self.free_seats():
            return f"waiting for {', '.join(self.free_seats())} to sit down"
        return None

    def start(
        self, seed: int, folder: Path | None, saver: Autosaver | None = None, spares: UndoSpares | None = None
    ) -> None:
        path = folder / f"{self.code}.json" if folder is not None else None
        hosting = title_host(self.title)
        self.session = hosting.start(len(self.kinds), self.options, self.kinds, seed, path, saver, spares)

    def lobby(self) -> dict[str, Any]:
        """The table as the lobby shows it: public set-up and who sits where."""
        return title_host(self.title).lobby_fields(self.options) | {
            "title": self.title,
            "options": self.options,
            "code": self.code,
            "started": self.started,
            "seats": [
                {
                    "colour": c,
                    "kind": "human" if k == HUMAN or c in self.handed else "computer",
                    "player": self.holders[c].name if c in self.holders else None,
                    "connected": self._held(c),
                }
                for c, k in self.kinds.items()
            ],
            "spectators": len(self.spectators),
            "timer": self.timer,
            "handed": list(self.handed),
        }
