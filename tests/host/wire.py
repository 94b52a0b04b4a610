"""In-process clients of a host on a Unix socket, for tests: real bytes over a real socket."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from adrenaline_tui.host.server import Host
from adrenaline_tui.wire import protocol

WAIT = 20.0  # generous, finite: a wait that runs out fails the test rather than hanging CI


class Wire:
    """One client: sends messages, keeps every byte and message it receives."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.raw = bytearray()
        # The decision count of this client's last answer (`choose`): its next question has another.
        self.answered: int | None = None
        self.inbox: list[dict[str, Any]] = []
        self.seen = 0
        self.state: dict[str, Any] | None = None

    @classmethod
    async def connect(cls, path: Path, name: str = "p") -> Wire:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=protocol.MAX_HOST_LINE)
        wire = cls(reader, writer)
        await wire.send({"type": "hello", "v": protocol.VERSION, "name": name})
        await wire.expect("welcome")
        return wire

    async def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "choose":
            self.answered = message.get("decision")
        elif message.get("type") == "undo":
            self.answered = None
        await self.send_raw(json.dumps(message).encode() + b"\n")

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    def seen_all(self) -> bool:
        """Nothing more has arrived yet beyond what was read."""
        return not self.reader._buffer  # type: ignore[attr-defined]

    async def read_one(self) -> dict[str, Any]:
        """The next message, however long it takes (the caller bounds the wait: a wait_for here,
        cancelled from outside, could hang on Python 3.11)."""
        return self._take(await self.reader.readline())

    async def _one(self) -> dict[str, Any]:
        return self._take(await asyncio.wait_for(self.reader.readline(), WAIT))

    def _take(self, line: bytes) -> dict[str, Any]:
        if not line:
            raise ConnectionError("host closed the connection")
        self.raw += line
        msg = json.loads(line)
        self.inbox.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    async def expect(self, kind: str, **match: Any) -> dict[str, Any]:
        """The next unread message of `kind` (and fields), reading as needed."""
        while True:
            while self.seen < len(self.inbox):
                msg = self.inbox[self.seen]
                self.seen += 1
                if msg["type"] == kind and all(msg.get(k) == v for k, v in match.items()):
                    return msg
            await self._one()

    async def drain_ready(self) -> None:
        """Read what has already arrived, without waiting for more."""
        while True:
            try:
                await asyncio.wait_for(self.read_one(), 0.05)
            except TimeoutError:
                return

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, BrokenPipeError):
            await self.writer.wait_closed()


async def start_host(folder: Path | None, sock: Path, **kwargs: Any) -> tuple[Host, asyncio.AbstractServer]:
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("computer", "random")
    kwargs.setdefault("seed", 7)
    # Scripted clients answer faster than people can; the rate limit has its own test.
    kwargs.setdefault("rate", 10_000.0)
    host = Host(folder, **kwargs)
    host.resume()
    server = await asyncio.start_unix_server(host.serve, str(sock), limit=protocol.MAX_CLIENT_LINE + 1)
    return host, server


async def stop_host(host: Host, server: asyncio.AbstractServer) -> None:
    server.close()
    for client in list(host.clients):
        client.close()
    host.close()
    await asyncio.sleep(0)


SEATS = [
    {"colour": "yellow", "kind": "human"},
    {"colour": "blue", "kind": "human"},
    {"colour": "grey", "kind": "human"},
]


def create_message(seats: list[dict[str, str]] | None = None, **more: Any) -> dict[str, Any]:
    """A `create` of an Adrenaline table of 5 skulls, sudden death, on arena 10 (`more`: other
    fields, or these changed)."""
    create = {
        "type": "create",
        "title": "adrenaline",
        "arena": "arena_10",
        "skulls": 5,
        "ending": "sudden_death",
        "seats": seats or SEATS,
    }
    return create | more


async def seated_table(
    sock: Path, seats: list[dict[str, str]] | None = None, **more: Any
) -> tuple[str, dict[str, Wire]]:
    """A started table with a client in every human seat; returns its code and the clients.
    `more`: further fields of the create message (a mode, a bot)."""
    seats = seats or SEATS
    creator = await Wire.connect(sock, "creator")
    await creator.send(create_message(seats, **more))
    code = (await creator.expect("created"))["code"]
    humans = [s["colour"] for s in seats if s["kind"] == "human"]
    wires = {humans[0]: creator}
    await creator.send({"type": "join", "code": code, "seat": humans[0]})
    await creator.expect("joined")
    for colour in humans[1:]:
        w = await Wire.connect(sock, colour)
        await w.send({"type": "join", "code": code, "seat": colour})
        await w.expect("joined")
        wires[colour] = w
    await creator.send({"type": "start"})
    for w in wires.values():
        await w.expect("state")
    return code, wires


async def decider(wires: dict[str, Wire], decisions: int = 0) -> tuple[str, dict[str, Any]] | None:
    """The seat whose decision is pending, as its own client sees it (None: game over): a client
    whose latest state offers it options other than those it has just answered is the one
    deciding, since nobody else can move the game on until it answers. `decisions` is no longer
    read (each seat's count is its own)."""

    async def watch(colour: str, w: Wire) -> tuple[str, dict[str, Any]] | None:
        while True:
            s = w.state
            # Only the one deciding is sent the decision count (docs/protocol.md).
            if s is not None and s["view"]["over"]:
                return None
            # A seat's count numbers its own questions (docs/protocol.md): a new one, not the
            # one this client has just answered.
            counted = s is not None and s["decisions"] is not None and s["decisions"] != w.answered
            if counted and s["view"]["pending"] and s["view"]["pending"].get("options") and w.seen_all():
                return colour, s
            await w.read_one()

    tasks = [asyncio.create_task(watch(c, w)) for c, w in wires.items()]
    try:
        done, _ = await asyncio.wait(tasks, timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if not done:
        raise AssertionError("nobody was asked anything")
    return next(iter(done)).result()


async def until(pilot: Any, check: Any, what: str, seconds: float = 10.0) -> None:
    """Let a client app run until `check()` holds (a bounded wait: it fails the test, never hangs)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never: {what}")


# One person (yellow) and two computers at a table the person opens and starts.
ONE_PERSON_SEATS = [
    {"colour": "yellow", "kind": "human"},
    {"colour": "blue", "kind": "computer"},
    {"colour": "grey", "kind": "computer"},
]


async def open_table(sock: Path, **more: object) -> tuple[str, Wire]:
    """A started table of one person and two computers; its code and the person's wire."""
    person = await Wire.connect(sock, "yellow")
    create = {
        "type": "create",
        "title": "adrenaline",
        "arena": "arena_10",
        "skulls": 5,
        "ending": "sudden_death",
        "seats": ONE_PERSON_SEATS,
    }
    await person.send(create | more)
    code = (await person.expect("created"))["code"]
    await person.send({"type": "join", "code": code, "seat": "yellow"})
    await person.expect("joined")
    await person.send({"type": "start"})
    return code, person


def asks(state: dict) -> bool:
    """Whether a state asks its receiver a question."""
    pending = not state["view"]["over"] and state["view"]["pending"]
    return bool(pending and pending.get("options") and state["decisions"] is not None)


async def my_question(person: Wire, last: dict | None = None) -> dict | None:
    """The state that asks this person something: `last`, or the next one that does (None: the
    game is over)."""
    state = last if last is not None else await person.expect("state")
    while not asks(state):
        if state["view"]["over"]:
            return None
        state = await person.expect("state")
    return state
