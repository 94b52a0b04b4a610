"""The front door of a host over worker processes: the clients' socket and the lobby, no game.

`adrenaline host` (with `--workers N`, by default one per core) runs this in its own process,
beside the doors (SSH, web, `adrenaline join`), and N worker processes (host/worker.py), each
running today's `Host` over the tables whose codes route to it (host/routing.py). A client
connects here as it would to a host alone and speaks the same protocol (docs/protocol.md):

- `hello`, `ping`, the rate of messages and the length of lines are handled here;
- every other line is relayed, as it came, over a connection of this client's own to the worker
  of its table: a `create` to the worker with fewest clients, a `look` or `join` to the worker
  its code routes to, the rest to the worker the client is at (none: "not at a table");
- what a worker sends back is relayed as it came: the worker builds every message from
  `view(seat)` as a host alone does; nothing here reads a game (privacy stays where it was);
- limits that count across tables are kept here over every worker: wrong table codes
  (`WrongCodes`, per connection and address: the worker says whether a code was wrong) and the
  started games per address (each worker reports its own; a `start` or `join` carries the count
  of the others). A `look`, `join` or `start` from one address waits for the one before it, so
  the counts are exact however many connections the address has.

A worker that ends (killed, crashed) is started again; each client that was at one of its
tables is sat down again at its seat (`join` by code and seat) as soon as the worker is back:
the table wakes from its save, where every person's decision was written before its result was
sent (`Host.on_choose`), and the client is sent the game again from its first event.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import time
from pathlib import Path
from typing import Any

from adrenaline_tui.host.guesses import WrongCodes
from adrenaline_tui.host.programs import own_program
from adrenaline_tui.host.routing import worker_of
from adrenaline_tui.host.server import GUARDED, RATE, Client, client_lines, resumable_codes, welcome, write_queue
from adrenaline_tui.wire import limits, protocol
from adrenaline_tui.wire.limits import address_key
from adrenaline_tui.wire.protocol import ProtocolError

log = logging.getLogger("adrenaline.front_door")

# A worker answers a guarded message at once; one that does not within this is taken as lost.
DONE_SECONDS = 30.0
# Seconds a worker that ended is given before it is started again (doubling up to the last,
# so a worker that cannot start does not spin the machine).
RESTART_SECONDS = (0.05, 0.5, 2.0, 5.0)
# How long a client waits to be sat at its table again after its worker ended.
RESTORE_SECONDS = 60.0


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


# A command the workers are started under, for measuring them (benchmarks/host.py `--prefix`:
# `valgrind --tool=callgrind ...`): whoever sets the host's environment runs what they like
# already, and nothing a guest sends reaches it.
PREFIX_VARIABLE = "ADRENALINE_WORKER_PREFIX"


def worker_prefix() -> list[str]:
    return shlex.split(os.environ.get(PREFIX_VARIABLE, ""))


def _kind(line: bytes) -> str | None:
    """The type of a host line without reading the rest of it (a state may be megabytes): every
    message is encoded by `protocol.encode` with its type first."""
    if not line.startswith(b'{"type":"'):
        return None
    end = line.find(b'"', 9)
    return line[9:end].decode("ascii", "replace") if end > 0 else None


class Worker:
    """One worker process, started again whenever it ends, and what it reported."""

    def __init__(self, door: FrontDoor, index: int) -> None:
        self.door = door
        self.index = index
        self.sock = door.sockets / f"worker-{index}.sock"
        self.ready = asyncio.Event()
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        # Started games going on at this worker, per address key, as of its report `seq`.
        self.live: dict[str, int] = {}
        self.seq = 0
        self.links: set[Link] = set()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        failures = 0
        while not self.door.stopping:
            self.starts += 1
            begun = time.monotonic()
            try:
                await self._once()
            except OSError as exc:  # could not even be started: tried again like one that ended
                log.error("worker %s could not be started: %s", self.index, exc)
            self.ready.clear()
            self.live, self.seq = {}, 0
            if self.door.stopping:
                return
            code = self.process.returncode if self.process is not None else None
            failures = 1 if time.monotonic() - begun > 30 else failures + 1
            pause = RESTART_SECONDS[min(failures - 1, len(RESTART_SECONDS) - 1)]
            log.warning("worker %s ended (exit %s): started again in %.2f s", self.index, code, pause)
            await asyncio.sleep(pause)

    async def _once(self) -> None:
        d = self.door
        args = [str(d.folder), str(self.sock), str(self.index), str(d.count)]
        args += [str(d.bot_delay), d.computer or "", str(d.abandon_after)]
        self.process = await asyncio.create_subprocess_exec(
            *worker_prefix(),
            *own_program("adrenaline_tui.host.worker", *args),
            stdin=asyncio.subprocess.PIPE,  # closed by this process's end: the worker stops too
            stdout=asyncio.subprocess.PIPE,
            limit=protocol.MAX_HOST_LINE,
        )
        assert self.process.stdout is not None
        try:
            while line := await self.process.stdout.readline():
                self._reported(line)
        finally:
            await self.process.wait()

    def _reported(self, line: bytes) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        if "ready" in message:
            self.ready.set()
        elif isinstance(message.get("live"), dict) and type(message.get("seq")) is int and message["seq"] > self.seq:
            self.seq = message["seq"]
            self.live = {k: v for k, v in message["live"].items() if type(v) is int}

    def noted(self, key: str, live: Any, seq: Any) -> None:
        """A worker's `_done`: the address's live games there, unless a later report is in."""
        if type(live) is int and type(seq) is int and seq > self.seq:
            self.seq = seq
            self.live[key] = live

    def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()

    async def stopped(self) -> None:
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._task, 30)


class Link:
    """One client's connection to one worker: its lines relayed back as they come."""

    def __init__(self, relay: Relay, worker: Worker) -> None:
        self.relay = relay
        self.worker = worker
        self.transport: asyncio.Transport | None = None
        self.closing = False
        # The `_done` awaited for the guarded message sent last.
        self.done: asyncio.Future[dict[str, Any]] | None = None
        # While sitting a client down again after a restart: its `joined` is not news to it.
        self.rejoining = False
        self.refused: str | None = None
        self._welcomes = 1  # the worker's answer to the hello this link opens with
        self._partial = b""  # the start of a worker's line not received to its end yet
        self._ended = False
        # Counted at once (before it connects): clients arriving together spread over the workers.
        worker.links.add(self)

    async def open(self) -> None:
        # A protocol of its own rather than a stream reader and a task reading it line by line:
        # the lines a worker sends are relayed as they arrive, with no future set and no task
        # woken a line (most of the front door's Python was that per-line machinery).
        loop = asyncio.get_running_loop()
        transport, _ = await loop.create_unix_connection(lambda: _LinkProtocol(self), str(self.worker.sock))
        self.transport = transport
        transport.write(self.relay.hello)

    def send(self, line: bytes) -> None:
        assert self.transport is not None
        self.transport.write(line + b"\n")

    def hello_again(self, line: bytes) -> None:
        """A client's later hello (a new name): the worker's welcome to it was sent from here."""
        self._welcomes += 1
        self.send(line)

    async def guarded(self, line: bytes) -> dict[str, Any]:
        """Send a guarded message and wait for the worker's `_done` (after its answer)."""
        self.done = asyncio.get_running_loop().create_future()
        self.send(line)
        return await asyncio.wait_for(asyncio.shield(self.done), DONE_SECONDS)

    def received(self, data: bytes) -> None:
        """What the worker sent: each whole line relayed as it came (or kept here, for the few the
        front door reads); the start of a line waits for its end. A line longer than a host's
        longest breaks the link, as a stream reader's limit did."""
        if self._ended:
            return
        if self._partial:
            data = self._partial + data
        end = data.rfind(b"\n")
        if end < 0:
            self._partial = data
        else:
            self._partial = data[end + 1 :]
            self._lines(data[: end + 1])
        if len(self._partial) > protocol.MAX_HOST_LINE:
            log.info("worker %s: link of client %s broke: a line too long", self.worker.index, self.relay.client.id)
            self._partial = b""
            if self.transport is not None:
                self.transport.abort()  # its connection_lost ends the link

    def _lines(self, block: bytes) -> None:
        """Whole lines, each relayed on its own as before (a slow client's queue counts lines)."""
        send = self.relay.client.send_line
        if block.count(b"\n") == 1:
            lines = [block]  # the usual case: one line a read, a state or a chat
        else:
            lines = [line + b"\n" for line in block[:-1].split(b"\n")]
        for line in lines:
            kind = _kind(line)
            if kind in KEPT_KINDS:
                self._read_here(kind, line)
            else:
                send(line)  # states, lobbies, chat, any title's own messages: unread

    def _read_here(self, kind: str | None, line: bytes) -> None:
        client = self.relay.client
        if kind == "_done":
            if self.done is not None and not self.done.done():
                self.done.set_result(json.loads(line))
            return
        if kind == "welcome" and self._welcomes > 0:
            self._welcomes -= 1
            return
        if self.rejoining and kind in ("joined", "error"):
            self.refused = json.loads(line).get("reason") if kind == "error" else None
            return
        if kind in ("created", "joined", "left"):
            self.relay.noticed(json.loads(line))
        # Everything else (states, lobbies, chat, any title's own messages) unread.
        client.send_line(line)

    def ended(self, exc: Exception | None) -> None:
        """The worker's connection ended (a line it did not finish is not passed on)."""
        if self._ended:
            return
        self._ended = True
        if exc is not None:
            log.info("worker %s: link of client %s broke: %s", self.worker.index, self.relay.client.id, exc)
        self.worker.links.discard(self)
        if self.done is not None and not self.done.done():
            self.done.set_exception(ConnectionError("the worker ended"))
        if not self.closing:
            self.relay.lost(self)

    def close(self) -> None:
        self.closing = True
        self.worker.links.discard(self)
        if self.transport is not None:
            self.transport.close()


# The worker's lines the front door reads (or keeps back); every other kind is relayed unread.
KEPT_KINDS = frozenset(("_done", "welcome", "joined", "error", "created", "left"))


class _LinkProtocol(asyncio.Protocol):
    def __init__(self, link: Link) -> None:
        self.link = link

    def data_received(self, data: bytes) -> None:
        self.link.received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.link.ended(exc)


class Relay:
    """One client of the front door: its hello, where it is, and its link to a worker."""

    def __init__(self, door: FrontDoor, client: Client) -> None:
        self.door = door
        self.client = client
        self.hello = b""
        self.link: Link | None = None
        # The table this client is at (code, seat), from the worker's `joined` and `left`.
        self.at: tuple[str, str | None] | None = None
        # The code of the table it set up last: looking it up is not a guess.
        self.created: str | None = None
        self.restoring: asyncio.Task[None] | None = None

    @property
    def key(self) -> str:
        return address_key(self.client.address)

    def refuse(self, reason: str, about: str | None) -> None:
        self.client.send({"type": "error", "about": about, "reason": reason})

    def noticed(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "created":
            self.created = message.get("code")
        elif kind == "joined":
            self.at = (message.get("code"), message.get("seat"))
        elif kind == "left" and self.at is not None and self.at[0] == message.get("code"):
            self.at = None

    # ------------------------------------------------------------- messages
    async def receive(self, line: bytes) -> None:
        if not self.client.allow():
            self.refuse("too many messages: slow down", None)
            return
        try:
            msg = protocol.parse_client_line(line)
        except ProtocolError as exc:
            self.refuse(str(exc), exc.about)
            return
        kind = msg["type"]
        if not self.client.greeted and kind != "hello":
            self.refuse("say hello first", kind)
            return
        try:
            await self._act(kind, msg, line)
        except ProtocolError as exc:
            self.refuse(str(exc), kind)
        except (OSError, TimeoutError) as exc:
            log.warning("client %s: %s not relayed: %s", self.client.id, kind, exc)
            self.refuse("the host could not do that now: try again", kind)

    async def _act(self, kind: str, msg: dict[str, Any], line: bytes) -> None:
        client = self.client
        if kind == "hello":
            client.greeted = True
            client.name, client.identity, client.address = msg["name"], msg["identity"], msg["address"]
            self.hello = line + b"\n"
            log.info("client %s is %s", client.id, client.name)
            client.send(welcome())
            if self.link is not None:
                self.link.hello_again(line)  # the worker's copy of the name too
            return
        if kind == "ping":
            client.send({"type": "pong"})
            return
        if self.restoring is not None:
            # Held, not refused: the client is sat at its table again first (or told it cannot
            # be), then its message goes where it would have gone.
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(self.restoring)
        target = self._target(kind, msg)
        if target is None:
            raise ProtocolError("not at a table")
        if kind == "look" and self.at is not None and self.link is not None and self.link.worker is not target:
            await self._look_aside(target, msg, line)
            return
        if self.link is None or self.link.worker is not target:
            await self._move_to(target)
        assert self.link is not None
        if kind in GUARDED:
            await self._guarded(self.link, kind, msg, line)
        else:
            self.link.send(line)

    def _target(self, kind: str, msg: dict[str, Any]) -> Worker | None:
        current = self.link.worker if self.link is not None else None
        if self.at is not None:
            # At a table, a create or another table's join is refused by the table's worker
            # ("leave this table first"), exactly as a host alone refuses it.
            return self.door.owner(msg["code"]) if kind == "look" else current
        if kind == "create":
            return self.door.least_busy()
        if kind in ("look", "join"):
            return self.door.owner(msg["code"])
        return current

    async def _move_to(self, worker: Worker) -> None:
        """Leave the current worker (its tables forget what this client set up and never sat at,
        as when a client goes) and link to `worker`."""
        if self.link is not None:
            self.link.close()
            self.link = None
        link = Link(self, worker)
        try:
            await asyncio.wait_for(worker.ready.wait(), DONE_SECONDS)
            await link.open()
        except BaseException:
            link.close()
            raise
        self.link = link

    def _keys(self) -> tuple[str, str]:
        return (f"connection {self.client.id}", f"address {self.key}")

    async def _guarded(
        self, link: Link, kind: str, msg: dict[str, Any], line: bytes, *, guess: bool = True
    ) -> dict[str, Any]:
        """A look, join or start: one at a time per address, with the counts of every worker.
        `guess` False: the front door's own join after a restart, never counted as a guess."""
        async with self.door.lock_of(self.key):
            code = msg.get("code")
            # A host alone looks a code up (and so may refuse it unread) unless it is the table
            # the client set up or is watching (`Host.find`, `Host.on_join`).
            looked_up = code is not None and code != self.created and not (self.at and self.at[0] == code)
            if looked_up:
                reason = self.door.guesses.refusal(self._keys())
                if reason:
                    raise ProtocolError(reason)
            data = json.loads(line)
            data["elsewhere"] = self.door.live_elsewhere(self.key, link.worker)
            done = await link.guarded(json.dumps(data, separators=(",", ":")).encode())
            link.worker.noted(self.key, done.get("live"), done.get("seq"))
            if done.get("wrong") is True and guess:
                self.door.guesses.wrong(self._keys())
            return done

    async def _look_aside(self, worker: Worker, msg: dict[str, Any], line: bytes) -> None:
        """A look at another worker's table from one's own table: a link of its own, for one answer."""
        link = Link(self, worker)
        try:
            await asyncio.wait_for(worker.ready.wait(), DONE_SECONDS)
            await link.open()
            await self._guarded(link, "look", msg, line)
        finally:
            link.close()

    # ------------------------------------------------------- a worker ended
    def lost(self, link: Link) -> None:
        """The worker of this client's link ended: sit it down again where it was."""
        if link is not self.link:
            return
        self.link = None
        if self.at is None or self.door.stopping or not self.client.connected:
            return  # in the lobby: its next message links it to a worker again
        self.restoring = asyncio.get_running_loop().create_task(self._sit_again(link.worker, *self.at))

    async def _sit_again(self, worker: Worker, code: str, seat: str | None) -> None:
        reason: str | None = "the host could not set it up again"
        deadline = time.monotonic() + RESTORE_SECONDS
        try:
            while time.monotonic() < deadline and self.client.connected and not self.door.stopping:
                link = Link(self, worker)
                link.rejoining = True
                try:
                    await asyncio.wait_for(worker.ready.wait(), max(0.1, deadline - time.monotonic()))
                    await link.open()
                except (OSError, TimeoutError):
                    link.close()
                    await asyncio.sleep(0.1)  # the old socket, before the new worker took it over
                    continue
                line = json.dumps({"type": "join", "code": code, "seat": seat}).encode()
                try:
                    await self._guarded(link, "join", {"type": "join", "code": code, "seat": seat}, line, guess=False)
                except (ConnectionError, TimeoutError, ProtocolError) as exc:
                    link.close()
                    if isinstance(exc, ProtocolError):
                        reason = str(exc)
                        break
                    continue
                link.rejoining = False
                if link.refused is None:
                    self.link = link
                    log.info("client %s sat at %s again after worker %s restarted", self.client.id, code, worker.index)
                    # Their screen was sent the game again from its start: say why, once.
                    notice = f"Table {code} was taken up again after the host restarted its process: nothing was lost"
                    self.client.send({"type": "chat", "from": None, "text": notice})
                    return
                reason = link.refused
                link.close()
                break
        finally:
            self.restoring = None
        if self.client.connected and self.at is not None and self.at[0] == code:
            self.at = None
            notice = f"Table {code} could not be set up again after a restart: {reason}"
            self.client.send({"type": "chat", "from": None, "text": notice})
            self.client.send({"type": "left", "code": code})

    def close(self) -> None:
        if self.restoring is not None:
            self.restoring.cancel()
        if self.link is not None:
            self.link.close()
            self.link = None


class FrontDoor:
    """The clients' socket of a host over `count` worker processes (see the module's text)."""

    def __init__(
        self,
        folder: Path,
        count: int,
        *,
        bot_delay: float = 0.6,
        computer: str | None = None,
        abandon_after: float = limits.ABANDON_SECONDS,
        rate: float = RATE,
        sockets: Path | None = None,
    ) -> None:
        if count < 1:
            raise ValueError("a front door needs at least one worker")
        self.folder = folder
        self.count = count
        self.bot_delay = bot_delay
        self.computer = computer
        self.abandon_after = abandon_after
        self.rate = rate
        # The workers' sockets, beside the host's own (in its folder, the host's alone).
        self.sockets = sockets or folder.parent
        self.guesses = WrongCodes(time.monotonic)
        self.stopping = False
        self.relays: set[Relay] = set()
        self.workers = [Worker(self, i) for i in range(count)]
        self._locks: dict[str, asyncio.Lock] = {}

    async def start(self) -> None:
        """Start every worker and wait until each listens."""
        for w in self.workers:
            w.start()
        await asyncio.gather(*(asyncio.wait_for(w.ready.wait(), 60) for w in self.workers))

    def resume(self) -> list[str]:
        return [
            f"{code}: resumed when one of its players sits down (worker {worker_of(code, self.count)})"
            for code in resumable_codes(self.folder)
        ]

    # --------------------------------------------------------------- routing
    def owner(self, code: str) -> Worker:
        return self.workers[worker_of(code, self.count)]

    def least_busy(self) -> Worker:
        """Where a new table goes: the worker with the fewest clients linked (tables go with them)."""
        return min(self.workers, key=lambda w: (not w.ready.is_set(), len(w.links), w.index))

    def live_elsewhere(self, key: str, worker: Worker) -> int:
        return sum(w.live.get(key, 0) for w in self.workers if w is not worker)

    def lock_of(self, key: str) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            if len(self._locks) > 10_000:  # bounded whatever the addresses: drop the idle ones
                self._locks = {k: v for k, v in self._locks.items() if v.locked()}
            lock = self._locks[key] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------ connections
    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer, self.rate)
        relay = Relay(self, client)
        self.relays.add(relay)
        sender = asyncio.create_task(write_queue(client))
        try:
            async for line in client_lines(client, reader):
                await relay.receive(line)
        except (ConnectionError, asyncio.CancelledError):
            pass  # the client went away, or the host is stopping
        finally:
            self.relays.discard(relay)
            relay.close()
            client.close()
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            with contextlib.suppress(Exception):
                writer.close()

    async def close(self) -> None:
        """Stop every worker (each saves its tables as it stops)."""
        self.stopping = True
        for relay in list(self.relays):
            relay.close()
            relay.client.close()
        for w in self.workers:
            w.kill()
        await asyncio.gather(*(w.stopped() for w in self.workers))
