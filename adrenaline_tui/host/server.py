"""The host: the one process that holds the games, and the clients connected to it.

Authoritative: the full state of every game exists only here. What leaves is built per client
from `game.view(their seat)` (a spectator: `view(None)`), the table's public events and,
for the person deciding, the wording of their own options. Anyone but the one deciding is sent
the game only at public points (`Game.at_public_point`): what they receive, and when, is the
same whatever the hidden cards (docs/protocol.md, "What a client may learn"). Every client line is checked by
`protocol.parse_client_line`; a bad one gets an error for that client and changes nothing.

Each client has a bounded queue of outgoing lines and its own writer task: a client that stops
reading fills its own queue and is disconnected (it may reconnect to its seat), never slowing
the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import json
import logging
import math
import random
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from adrenaline_tui.ai.pool import DEFAULT_PROCESSES, ComputerPool, PoolError, fixed_answer, question_for
from adrenaline_tui.atomicfile import write_atomic, write_problem
from adrenaline_tui.host.guesses import WrongCodes
from adrenaline_tui.host.tables import HostTable, new_code, real_time, title_host
from adrenaline_tui.journal import DAMAGED_NOTICE, Syncer, fold
from adrenaline_tui.rules import Event, IllegalChoice, SaveError
from adrenaline_tui.seeds import new_game_seed, player_seed
from adrenaline_tui.titles import registry
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import HUMAN, THINK_BUDGET_SECONDS, Autosaver, Session, UndoSpares
from adrenaline_tui.wire import limits, protocol
from adrenaline_tui.wire.limits import address_key
from adrenaline_tui.wire.protocol import ProtocolError

log = logging.getLogger("adrenaline.host")

QUEUE_LIMIT = 512  # outgoing messages waiting for one client before it is dropped
# A line is written to a client's socket at once while less than this waits in the socket's own
# buffer (asyncio's high-water mark: where `drain` would wait); past it, lines queue.
DIRECT_BELOW = 64 * 1024
RATE = limits.MESSAGES_PER_SECOND  # a client's messages a second on average (twice that at once)
READ_CHUNK = 65536
EXTRAS = ".host.json"
# Threads making undo's copies of games, shared by every table of the host: copies are made
# while nobody is at the keys, and undo without one replays the game, so a few are enough.
SPARE_THREADS = 2


# Messages a front door (host/front_door.py) serialises per address and a worker acknowledges
# with a `_done` line: the ones that look a code up or set a game going, so the front door
# can count wrong codes and live games across every worker exactly as one host would.
GUARDED = frozenset({"look", "join", "start"})


class Budgets:
    """The think budgets of every computer question of a host's loop, on one timer.

    Each question used to arm a timer of the loop of its own, cancelled when the answer came
    (nearly always): with computers answering at once, hundreds a second of handles made, pushed
    on the loop's heap and cancelled. Here a question's deadline goes on a heap of this object's
    own, and the loop holds one timer, for the earliest deadline not yet answered; an answered
    question's entry is dropped when the timer passes it."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        # (deadline, order asked, the future ended at the deadline unless already done, and how:
        # a waiter of `within` is woken, a question of `bound` failed with TimeoutError)
        self._heap: list[tuple[float, int, asyncio.Future[Any], bool]] = []
        self._order = itertools.count()
        self._timer: asyncio.TimerHandle | None = None
        self._at = math.inf  # when the timer fires

    async def within(self, future: asyncio.Future[str], seconds: float) -> str:
        """`future`'s result if it comes within `seconds`, else TimeoutError; `future` itself goes
        on (a late answer is dropped by its table) and is never cancelled from here."""
        if not future.done():
            waiter: asyncio.Future[None] = self._loop.create_future()

            def wake(_: object = None) -> None:
                if not waiter.done():
                    waiter.set_result(None)

            self._add(self._loop.time() + seconds, waiter, False)
            future.add_done_callback(wake)
            try:
                await waiter
            finally:
                future.remove_done_callback(wake)
            if not future.done():
                raise TimeoutError
        return future.result()

    def bound(self, future: asyncio.Future[str], seconds: float) -> None:
        """`future` failed with TimeoutError past `seconds` unless done by then: for a question the
        pool lets its table end (`ComputerPool.ask_on_loop`: the process's late answer is dropped
        and `ComputerPool.still_thinking` tells when it came). Awaited directly, with no waiter
        beside it: `within`'s waiter, its callbacks and the loop's extra turn to wake the table
        were about half of what the table's loop spent on a question's asking and waiting
        (36 of 74 thousand instructions in a loop of questions answered at once)."""
        self._add(self._loop.time() + seconds, future, True)

    def _add(self, deadline: float, waiter: asyncio.Future[Any], fail: bool) -> None:
        heapq.heappush(self._heap, (deadline, next(self._order), waiter, fail))
        if deadline < self._at:
            self._arm(deadline)

    def _arm(self, deadline: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._at = deadline
        self._timer = self._loop.call_at(deadline, self._expire)

    def _expire(self) -> None:
        self._timer, self._at = None, math.inf
        heap, now = self._heap, self._loop.time()
        while heap and (heap[0][0] <= now or heap[0][2].done()):
            _, _, waiter, fail = heapq.heappop(heap)
            if waiter.done():
                continue
            # Past its budget: its table answers for it.
            if fail:
                waiter.set_exception(TimeoutError())
            else:
                waiter.set_result(None)
        if heap:
            self._arm(heap[0][0])


def event_json(e: Event) -> list[Any]:
    return [e.kind, e.text, e.data]


def no_table(code: str) -> str:
    """The refusal of a code no table has (a wrong guess: counted against the guesser)."""
    return f"no table {code} on this host"


def welcome() -> dict[str, Any]:
    """The answer to `hello`, from a host or from a front door over workers."""
    # The games a table can be set up for here (each title's own fields in `create`).
    return {"type": "welcome", "v": protocol.VERSION, "titles": [t.id for t in registry.hostable()]}


class Client:
    """One connection: its outgoing queue, where it sits, and its message budget."""

    _ids = 0

    def __init__(self, writer: asyncio.StreamWriter | None, rate: float = RATE) -> None:
        Client._ids += 1
        self.id = Client._ids
        self.name = "player"
        # Where the connection comes from, as its door said ("" from the host's own account):
        # wrong table codes and started tables are counted per address.
        self.address = ""
        # Who this is beyond a name (an SSH key's fingerprint), or "" when nobody vouches for it.
        self.identity = ""
        self.greeted = False
        self.connected = True
        self.table: HostTable | None = None
        # The table this client set up last: one at a time, so nobody fills the host with tables.
        self.created: HostTable | None = None
        # The table whose seats this client looks at from the lobby (`Host.on_look`).
        self.looking: HostTable | None = None
        self.events_sent = 0
        # Behind a front door: the started games of this client's address on the other workers
        # (sent with each `start` and `join`), and whether its last code looked up was wrong.
        self.elsewhere = 0
        self.wrong_code = False
        self.writer = writer
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_LIMIT)
        # The writer task holds a line it took from the queue (written, waiting for the socket).
        self._writing = False
        self.rate = rate
        self._tokens = 2 * rate
        self._refilled = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(2 * self.rate, self._tokens + (now - self._refilled) * self.rate)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(protocol.encode(message))

    def send_line(self, line: bytes) -> None:
        """One encoded line (a front door relays a worker's lines as they came)."""
        if not self.connected:
            return
        writer = self.writer
        if writer is not None and self.queue.empty() and not self._writing:
            transport = writer.transport
            if transport.get_write_buffer_size() < DIRECT_BELOW and not transport.is_closing():
                # Nothing waits before it and the socket is taking what it is given: written at
                # once, rather than woken into the writer task a line (a host sends thousands
                # a second: the task's wake-ups were a tenth of its CPU). Behind a line that
                # waits, or a client reading slowly, it queues as before.
                transport.write(line)
                return
        try:
            self.queue.put_nowait(line)
        except asyncio.QueueFull:
            log.info("client %s is not reading: disconnected", self.id)
            self.close()

    def close(self) -> None:
        if self.connected:
            self.connected = False
            # Make room for the end marker: the writer task stops at it.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            # A writer blocked on a client that does not read never reaches the marker:
            # dropping the connection at once ends its reader and writer both.
            if self.writer is not None:
                self.writer.transport.abort()


async def write_queue(client: Client) -> None:
    """Send a client's queued lines until its end marker (its own task: a slow reader waits alone)."""
    assert client.writer is not None
    while True:
        line = await client.queue.get()
        if line is None:
            client.writer.close()
            return
        client._writing = True
        try:
            client.writer.write(line)
            await client.writer.drain()
        finally:
            client._writing = False


async def client_lines(client: Client, reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """A client's lines as they come; an over-long one is refused (in one line) and skipped unread."""
    buffer = b""
    skipping = False  # inside an over-long line: drop bytes up to its end
    while client.connected:
        chunk = await reader.read(READ_CHUNK)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if skipping:
                skipping = False
                continue
            yield line
        if len(buffer) > protocol.MAX_CLIENT_LINE:
            if not skipping:
                reason = f"a message longer than {protocol.MAX_CLIENT_LINE} bytes"
                client.send({"type": "error", "about": None, "reason": reason})
            skipping, buffer = True, b""


def resumable_codes(folder: Path | None) -> list[str]:
    """The codes of the unfinished games saved in a host's folder."""
    if folder is None or not folder.is_dir():
        return []
    codes = []
    for path in sorted(folder.glob("*.json")):
        code = path.name.removesuffix(".json")
        if protocol.valid_code(code) and not storage.load_table(path)[0].get("over"):
            codes.append(code)
    return codes


class Host:
    """Every table and every client of one host process (or of one worker behind a front door)."""

    def __init__(
        self,
        folder: Path | None,
        *,
        bot_delay: float = 0.6,
        computer: str | None = None,
        seed: int | None = None,
        rate: float = RATE,
        clock: Callable[[], float] = time.monotonic,
        abandon_after: float = limits.ABANDON_SECONDS,
        owns: Callable[[str], bool] | None = None,
        front_door: bool = False,
        max_tables: int | None = None,
    ) -> None:
        self.clock = clock
        # A worker behind a front door (host/worker.py) makes only codes that route to it, leaves
        # wrong-code strikes to the front door (which sees every worker's) and acknowledges
        # GUARDED messages; a host alone is its own front door.
        self.owns = owns or (lambda code: True)
        self.front_door = front_door
        # A worker's share of the host's tables (None: `limits.MAX_TABLES`, read when counted).
        self.max_tables = max_tables
        self.abandon_after = abandon_after
        self.guesses = WrongCodes(clock)
        # One saving thread and a few undo-copy threads for every table (not threads per table).
        self._saving = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        # People's decisions, written before anyone is shown what follows (`after`).
        self._saving_now = ThreadPoolExecutor(max_workers=2, thread_name_prefix="save-now")
        # Tables' saves are snapshots and journals (adrenaline_tui/journal.py): the fsyncs after
        # people's decisions, for every table, on the saving thread, a batch a hand-over.
        self._syncer = Syncer(self._saving)
        self._sparing = ThreadPoolExecutor(max_workers=SPARE_THREADS, thread_name_prefix="undo-spare")
        self._sweeper: asyncio.Task[None] | None = None
        self.rate = rate
        self.folder = folder
        self.bot_delay = bot_delay
        self.computer = computer
        self.tables: dict[str, HostTable] = {}
        self.clients: set[Client] = set()
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._bots: dict[str, asyncio.Task[None]] = {}
        # A computer still thinking about a question the table answered for it, by (table, seat).
        self._overdue: dict[tuple[str, str], Future[Any] | asyncio.Future[Any]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        # Who the running turn timer of a table is for: it keeps running through the questions
        # between two public points (restarting it would tell that there were some).
        self._timed: dict[str, str] = {}
        # Clients who asked `explain` while the table was between public points: answered at
        # the next one, so that the answer reads the game as they were last shown it.
        self._explaining: dict[str, list[Client]] = {}
        self._seq = 0

    # ------------------------------------------------------------ restarting
    def resume(self) -> list[str]:
        """The unfinished games saved in the folder; returns a line per table.

        None is loaded: a restarted host has nobody at any table, so each is suspended, and is
        loaded when someone opens it by its code (`wake`). A host's memory and threads do not
        grow with its saved tables."""
        return [f"{code}: resumed when one of its players sits down" for code in resumable_codes(self.folder)]

    def saved(self, code: str) -> Path | None:
        """The save of a table code on disk, finished or not (a new table must not take its code)."""
        if self.folder is None:
            return None
        path = self.folder / f"{code}.json"
        return path if path.is_file() else None

    def wake(self, code: str) -> HostTable | None:
        """A suspended table loaded from its save, exactly where it was (None: no such game).

        Its computers stay still until one of its players sits down (`on_join`); nobody
        sitting, it is suspended again like any abandoned table."""
        path = self.saved(code)
        if path is None or storage.load_table(path)[0].get("over"):
            return None
        if self.full():
            raise ProtocolError("this host is full: try again later")
        # The save's title from its "format", as a local load reads it (an old save of the first
        # title names none, and is the first title's).
        titled = storage.title_of_save(path)
        # The save and its journal made one file again, so the title's loader reads one file.
        try:
            problem = fold(path)
        except OSError as exc:
            raise ProtocolError(f"table {code} cannot be resumed: {write_problem(path, exc)}") from None
        if problem:
            log.warning("table %s: %s", code, problem)
        try:
            hosting = title_host(titled.id)
            session = hosting.resume(path, *self._threads())
        except (SaveError, ValueError) as exc:
            raise ProtocolError(f"table {code} cannot be resumed: {exc}") from None
        g = session.game
        if g.over:
            return None
        table = HostTable(code, titled.id, hosting.options_of(g), dict(session.kinds))
        table.session = session
        table.notice = DAMAGED_NOTICE if problem else None
        table.alone_since = self.clock()
        self.load_extras(table, path.with_name(f"{code}{EXTRAS}"))
        self.tables[code] = table
        log.info("table %s resumed at turn %s", code, g.turn)
        return table

    def full(self) -> bool:
        return len(self.tables) >= (limits.MAX_TABLES if self.max_tables is None else self.max_tables)

    def _threads(self) -> tuple[Autosaver, UndoSpares]:
        # Computers' moves are saved in a batch a second later, timed on this loop (no thread).
        saver = Autosaver(self._saving, now_pool=self._saving_now, call_later=self._call_later, syncer=self._syncer)
        return saver, UndoSpares(self._sparing)

    @staticmethod
    def _call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(delay, callback)

    def find(self, client: Client, code: str) -> HostTable:
        """The table of a code a client typed, in memory or suspended; wrong codes are counted
        against the connection and its address, and past their allowance refused unread."""
        if client.created is not None and client.created.code == code:
            return client.created  # the host gave it this code: not a guess
        keys = (f"connection {client.id}", f"address {address_key(client.address)}")
        reason = None if self.front_door else self.guesses.refusal(keys)
        if reason:
            raise ProtocolError(reason)
        table = self.tables.get(code) or self.wake(code)
        if table is None:
            if self.front_door:
                client.wrong_code = True  # counted by the front door, from this worker's `_done`
            else:
                self.guesses.wrong(keys)
            raise ProtocolError(no_table(code))
        return table

    # ------------------------------------------------------ abandoned tables
    def sweep(self) -> list[str]:
        """Suspend every started table no person has been at for `abandon_after` seconds, and
        forget finished ones nobody is at; returns the codes suspended."""
        now = self.clock()
        suspended: list[str] = []
        for table in list(self.tables.values()):
            if table.session is None:
                continue  # not started: forgotten with its creator (`tidy`)
            if any(h.connected for h in table.holders.values()):
                table.alone_since = None
            elif table.session.game.over:
                self.tables.pop(table.code, None)
            elif table.alone_since is None:
                table.alone_since = now
            elif now - table.alone_since >= self.abandon_after and self._resumable(table):
                self.suspend(table)
                suspended.append(table.code)
        return suspended

    def _resumable(self, table: HostTable) -> bool:
        """Whether a table's save can bring it back: a host without a folder (tests), or a
        save that is failing, keeps the table in memory rather than lose the game."""
        session = table.session
        if session is None or session.path is None:
            return False
        session.flush()
        if session.save_problem:
            log.error("table %s is left alone but not suspended: %s", table.code, session.save_problem)
            return False
        return True

    def suspend(self, table: HostTable) -> None:
        """Out of memory, its computers stopped, its save where it was: resumed by its code."""
        code = table.code
        task = self._bots.pop(code, None)
        if task is not None:
            task.cancel()
        timer = self._timers.pop(code, None)
        if timer is not None:
            timer.cancel()
        session = table.session
        self._stop_clock(table)
        if session is not None:
            # Its last decision on disk before the table goes, its journal folded and closed:
            # `close` flushes (`_resumable` flushed already, to see that the save works).
            session.saver.close()
            session.spares.close()
        self.save_extras(table)
        minutes = max(1, round(self.abandon_after / 60))
        notice = f"Nobody played here for {minutes} min: table {code} is suspended (saved); its players resume it"
        for c in table.everyone():
            if c.connected:
                c.send({"type": "chat", "from": None, "text": notice})
                c.send({"type": "left", "code": code})
            c.table = None
        table.holders.clear()
        table.spectators.clear()
        for c in self.clients:
            if c.created is table:
                c.created = None
        self.tables.pop(code, None)
        # The game leaves with the table: a callback still to come (its last write's, which
        # calls `after`) finds no game to show or move on, rather than starting its computers
        # again, and holds no game in memory (resumed, a table is made anew from its save).
        table.session = None
        log.info("table %s suspended: nobody at it", code)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(limits.SWEEP_SECONDS)
            try:
                self.sweep()
            except Exception:  # a bug here must not stop the host looking after its tables
                log.exception("sweeping the tables failed")

    def live_from(self, client: Client) -> int:
        """Started games going on now that the client's address set going (on this host)."""
        return self.live_of(address_key(client.address))

    def live_of(self, key: str) -> int:
        return sum(
            1 for t in self.tables.values() if t.keeper == key and t.session is not None and not t.session.game.over
        )

    def live_by_address(self) -> dict[str, int]:
        """Every address's started games going on here (what a worker reports to its front door)."""
        counts: dict[str, int] = {}
        for t in self.tables.values():
            if t.keeper is not None and t.session is not None and not t.session.game.over:
                counts[t.keeper] = counts.get(t.keeper, 0) + 1
        return counts

    def check_live(self, client: Client) -> None:
        if self.live_from(client) + client.elsewhere >= limits.LIVE_GAMES_PER_ADDRESS:
            raise ProtocolError(
                f"{limits.LIVE_GAMES_PER_ADDRESS} games from your address are going on this host: finish one, "
                "or leave it (it is suspended when nobody is at it) before starting another"
            )

    def save_extras(self, table: HostTable) -> None:
        """What a table has beyond its save: turn timer, creator's seat, seats handed to computers."""
        if self.folder is not None:
            extras = {
                "timer": table.timer,
                "creator_seat": table.creator_seat,
                "handed": table.handed,
                "owners": table.owners,
            }
            write_atomic(self.folder / f"{table.code}{EXTRAS}", json.dumps(extras))

    def load_extras(self, table: HostTable, path: Path) -> None:
        # Written by this host, but checked like any file in the data folder: a bad value is ignored.
        try:
            extras = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
            return
        if not isinstance(extras, dict):
            return
        timer = extras.get("timer")
        if type(timer) is int and (timer == 0 or protocol.MIN_TIMER <= timer <= protocol.MAX_TIMER):
            table.timer = timer
        if extras.get("creator_seat") in table.kinds:
            table.creator_seat = extras["creator_seat"]
        handed = extras.get("handed")
        if isinstance(handed, dict):
            table.handed = {c: k for c, k in handed.items() if c in table.kinds and k == HUMAN}
        owners = extras.get("owners")
        if isinstance(owners, dict):
            table.owners = {c: v for c, v in owners.items() if c in table.kinds and isinstance(v, str) and v}

    # ------------------------------------------------------------ connections
    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Run one connection until it ends (the callback of `asyncio.start_*_server`)."""
        client = Client(writer, self.rate)
        self.clients.add(client)
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        sender = asyncio.create_task(self._write(client))
        try:
            await self._read(client, reader)
        except (ConnectionError, asyncio.CancelledError):
            pass  # the client went away, or the host is stopping: either way, this connection ends
        finally:
            self.disconnect(client)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            with contextlib.suppress(Exception):
                writer.close()

    async def _write(self, client: Client) -> None:
        await write_queue(client)

    async def _read(self, client: Client, reader: asyncio.StreamReader) -> None:
        async for line in client_lines(client, reader):
            self.receive(client, line)

    def disconnect(self, client: Client) -> None:
        client.close()
        self.clients.discard(client)
        self.stop_looking(client)
        table = client.table
        if table is not None:
            if not table.started:
                table.stand(client)
            else:
                table.spectators = [s for s in table.spectators if s is not client]
                self._run_clock(table)
            self.broadcast_lobby(table)
            self.tidy(table)
        if client.created is not None:
            self.tidy(client.created)

    def tidy(self, table: HostTable) -> None:
        """Forget a table nobody is at that has nothing left to play: one never started (it was
        never saved), or a finished game (its save stays on disk)."""
        if any(c.connected for c in table.everyone()):
            return
        if table.session is None and any(c.connected for c in self.clients if c.created is table):
            return  # its creator is in the lobby and may still sit down
        if table.session is None or table.session.game.over:
            self.tables.pop(table.code, None)
        elif not any(h.connected for h in table.holders.values()) and table.alone_since is None:
            table.alone_since = self.clock()  # suspended by `sweep` if nobody comes back

    # -------------------------------------------------------------- messages
    def refuse(self, client: Client, exc: Exception, about: str | None = None) -> None:
        client.send({"type": "error", "about": about, "reason": str(exc)})

    def receive(self, client: Client, line: bytes) -> None:
        """One line from a client: checked, then acted on, or refused with a reason."""
        if not client.allow():
            self.refuse(client, ProtocolError("too many messages: slow down"))
            return
        try:
            msg = protocol.parse_client_line(line)
        except ProtocolError as exc:
            self.refuse(client, exc, exc.about)
            return
        kind = msg["type"]
        if not client.greeted and kind != "hello":
            self.refuse(client, ProtocolError("say hello first"), kind)
            return
        guarded = self.front_door and kind in GUARDED
        if guarded:
            client.elsewhere = self._elsewhere(line)
            client.wrong_code = False
        try:
            getattr(self, f"on_{kind}")(client, msg)
        except ProtocolError as exc:
            self.refuse(client, exc, kind)
        except Exception:  # a bug here must not take the other tables down with this client
            log.exception("client %s: %s failed", client.id, kind)
            self.refuse(client, ProtocolError("the host could not do that (its log says why)"), kind)
        if guarded:
            # After the answer, on the same connection: the front door holds the address's next
            # guarded message until it knows whether this code was wrong and how many games the
            # address has going here now.
            live = self.live_from(client)
            client.send({"type": "_done", "wrong": client.wrong_code, "live": live, "seq": self.next_seq()})

    def next_seq(self) -> int:
        """Orders a worker's reports of its live games (`_done` lines and host/worker.py's)."""
        self._seq += 1
        return self._seq

    @staticmethod
    def _elsewhere(line: bytes) -> int:
        """The `elsewhere` count a front door added to a guarded line (only a front door connects
        to a worker's socket, in the host's own folder)."""
        try:
            value = json.loads(line).get("elsewhere", 0)
        except ValueError:
            return 0
        return value if type(value) is int and value >= 0 else 0

    def on_hello(self, client: Client, msg: dict[str, Any]) -> None:
        client.greeted = True
        client.name = msg["name"]
        client.identity = msg["identity"]
        client.address = msg["address"]
        log.info("client %s is %s", client.id, client.name)
        client.send(welcome())
        if client.table is not None:  # greeted again under a new name: the table's lobby says it
            self.broadcast_lobby(client.table)

    def on_ping(self, client: Client, msg: dict[str, Any]) -> None:
        client.send({"type": "pong"})

    def on_create(self, client: Client, msg: dict[str, Any]) -> None:
        if client.table is not None:
            raise ProtocolError("leave this table first")
        previous = client.created
        if previous is not None and previous.session is None and not any(c.connected for c in previous.everyone()):
            self.tables.pop(previous.code, None)  # set up again before anyone sat: replaced
        if self.full():
            raise ProtocolError("this host is full: try again later")
        code = new_code(self.tables)
        # A suspended or finished game keeps its code; behind a front door a code routes to one worker.
        while self.saved(code) is not None or not self.owns(code):
            code = new_code(self.tables)
        computer = self._computer_of(msg["title"])
        # A seat is a person, the host's computer, or a level the creator chose.
        chosen = [HUMAN if k == "human" else computer if k == "computer" else k for k in msg["kinds"]]
        kinds = dict(zip(msg["seats"], chosen, strict=True))
        table = HostTable(code, msg["title"], msg["options"], kinds, creator=client)
        table.timer = msg["timer"]
        client.created = table
        self.stop_looking(client)
        self.tables[table.code] = table
        client.send({"type": "created", "code": table.code})
        self.broadcast_lobby(table, also=[client])

    def _computer_of(self, name: str) -> str:
        """The computer kind of the host (`--computer`) for a table of this title, or the title's own."""
        engine = registry.title(name).engine()
        known = engine.canonical_kind(self.computer) if self.computer else None
        return known or title_host(name).computer

    def on_join(self, client: Client, msg: dict[str, Any]) -> None:
        current = client.table
        watching_it = current is not None and current.code == msg["code"] and current.seat_of(client) is None
        if current is not None and not (watching_it and msg["seat"] is not None):
            raise ProtocolError("leave this table first")
        table = current if watching_it and current is not None else self.find(client, msg["code"])
        if table.started and msg["seat"] is not None and table.keeper is None:
            self.check_live(client)  # a player sitting down sets a resumed table going again
        if watching_it:  # someone looking at a table sits down at it
            table.stand(client)
        handed = dict(table.handed)
        reason = table.sit(client, msg["seat"])
        if reason:
            if watching_it:
                table.sit(client, None)
            raise ProtocolError(reason)
        if table.started and msg["seat"] and (client.identity or handed != table.handed):
            self.save_extras(table)  # the seat's key, or its person back, kept for a restarted host
        client.table = table
        self.stop_looking(client)
        client.events_sent = 0
        client.send({"type": "joined", "code": table.code, "seat": msg["seat"]})
        self.broadcast_lobby(table)
        if table.started:
            if msg["seat"] is not None:
                table.alone_since = None
                table.keeper = table.keeper or address_key(client.address)
            self.send_state(client, table)
            # A resumed table waits for one of its players to set its computers going again.
            if table.keeper is not None:
                self.play_computers(table)
                if table.code not in self._timers:
                    self.start_timer(table)
            seat = self.seat_words(table, [msg["seat"]]) if msg["seat"] else None
            self.chat_line(table, f"{client.name} {'sits at ' + seat if seat else 'watches'}")
            if handed != table.handed:
                self.chat_line(table, f"{seat} is a person's seat again")
            if table.notice and msg["seat"] is not None:
                self.chat_line(table, table.notice)
                table.notice = None

    def on_look(self, client: Client, msg: dict[str, Any]) -> None:
        """The lobby of a table, to choose a seat (or to watch) before joining."""
        table = self.find(client, msg["code"])
        client.send({"type": "table", **table.lobby(), "you": table.seat_of(client), "creator": False})
        if client.table is None:  # from a table, a look at another is one answer, not news
            self.stop_looking(client)
            client.looking = table
            table.lookers.append(client)

    def stop_looking(self, client: Client) -> None:
        if client.looking is not None:
            client.looking.lookers = [c for c in client.looking.lookers if c is not client]
            client.looking = None

    def on_leave(self, client: Client, msg: dict[str, Any]) -> None:
        table = client.table
        if table is None and client.looking is not None:  # stands up from a table only looked at
            code = client.looking.code
            self.stop_looking(client)
            client.send({"type": "left", "code": code})
            return
        if table is None:
            raise ProtocolError("not at a table")
        table.stand(client)
        client.table = None
        client.send({"type": "left", "code": table.code})
        self.broadcast_lobby(table)
        self.tidy(table)

    def on_start(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client)
        reason = table.may_start(client)
        if reason:
            raise ProtocolError(reason)
        self.check_live(client)
        table.start(new_game_seed(self.rng), self.folder, *self._threads())
        table.keeper = address_key(client.address)
        self.save_extras(table)
        self.broadcast_lobby(table)
        self.after(table, [])

    def on_choose(self, client: Client, msg: dict[str, Any]) -> None:
        table, session, seat = self._playing(client)
        if real_time(session) is not None:
            raise ProtocolError("this game has no turns: its actions are sent as act")
        d = session.game.pending
        if d is None:
            raise ProtocolError("the game is over")
        if d.player != seat:
            # Named from the public view: who decides a question only hidden cards raise is the
            # active player, as far as anyone else may know.
            decides = (session.game.pending_public() or {}).get("player", d.player)
            raise ProtocolError(f"it is not your decision ({session.game.name(decides)} decides)")
        if msg["decision"] != session.game.decisions_seen(seat):
            raise ProtocolError("that answers an earlier question: the table has moved on")
        try:
            events = session.choose(msg["key"])
        except (IllegalChoice, ValueError) as exc:  # any title's IllegalChoice is a ValueError
            raise ProtocolError(str(exc)) from None
        self.after(table, events)

    def on_act(self, client: Client, msg: dict[str, Any]) -> None:
        """An action of a real-time game, applied as it arrives: the order the host reads them
        is the order of the game (docs/hosting.md, "Real-time titles")."""
        table, session, seat = self._playing(client)
        clock = real_time(session)
        if clock is None:
            raise ProtocolError("this game is played in turns: answer with choose")
        try:
            clock.act(seat, msg["key"])
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None
        self.broadcast(table)

    def on_undo(self, client: Client, msg: dict[str, Any]) -> None:
        table, session, seat = self._playing(client)
        if msg["decision"] != session.game.decisions_seen(seat) or not session.can_undo(seat):
            raise ProtocolError("nothing to undo: the last decision revealed something or passed play on")
        before = session.game.events
        session.undo()
        after = session.game.events
        # The log is resent from where the replayed game's parts from the old one: an undo of
        # answers nobody else saw changes nothing anyone else is sent.
        same = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), None)
        common = min(len(before), len(after)) if same is None else same
        for c in table.everyone():
            c.events_sent = min(c.events_sent, common)
        self.after(table, [])

    def on_explain(self, client: Client, msg: dict[str, Any]) -> None:
        """What `x` shows: the topics this client's view may ask about, with their answers."""
        table = self._table(client)
        if table.session is None:
            raise ProtocolError("nothing to explain yet")
        view = table.session.game.view(table.seat_of(client))
        if title_host(table.title).explanations(table.session, view) is None:
            raise ProtocolError("at this table, x explains from your own screen")
        if not self._shown(table, client):
            waiting = self._explaining.setdefault(table.code, [])
            if client not in waiting:
                waiting.append(client)
            return
        self.explain(client, table)

    def explain(self, client: Client, table: HostTable) -> None:
        assert table.session is not None
        game = table.session.game
        view = game.view(table.seat_of(client))
        answer = title_host(table.title).explanations(table.session, view) or {}
        client.send({"type": "explained", "decisions": view["decisions"], **answer})

    @staticmethod
    def _shown(table: HostTable, client: Client) -> bool:
        """Whether `client` may be shown the game as it is now: it decides, or the game is at
        a public point (or over)."""
        session = table.session
        if session is None:
            return False
        game = session.game
        pending = game.pending
        return game.at_public_point or (pending is not None and pending.player == table.seat_of(client))

    def on_hand_over(self, client: Client, msg: dict[str, Any]) -> None:
        """The creator gives the seats of people who vanished to computers, so the game goes on."""
        table = self._started_by_creator(client)
        given = table.hand_over(self._computer_of(table.title))
        if not given:
            raise ProtocolError("every person is here: no seat to give to a computer")
        self.save_extras(table)
        self.chat_line(table, f"A computer plays for {self.seat_words(table, given)} until they are back")
        self.broadcast_lobby(table)
        self.after(table, [])

    def on_hand_back(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._started_by_creator(client)
        back = table.hand_back()
        if not back:
            raise ProtocolError("no seat is played by a computer for someone")
        self.save_extras(table)
        verb = "is" if len(back) == 1 else "are"
        self.chat_line(table, f"{self.seat_words(table, back)} {verb} a person's seat again")
        self.broadcast_lobby(table)
        self.after(table, [])

    def _started_by_creator(self, client: Client) -> HostTable:
        table = self._table(client)
        if table.session is None:
            raise ProtocolError("the game has not started")
        if not table.is_creator(client):
            raise ProtocolError("only the table's creator may give seats to computers")
        return table

    def on_chat(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client)
        seat = table.seat_of(client)
        who = f"{client.name} ({seat})" if seat else f"{client.name} (watching)"
        for c in table.everyone():
            c.send({"type": "chat", "from": who, "text": msg["text"]})

    @staticmethod
    def seat_words(table: HostTable, seats: list[str]) -> str:
        """Seats as the table's game names them (a figure's hero, a seat's name), not by the ids
        the protocol uses: the chat is read by people."""
        name = table.session.game.name if table.session is not None else str
        return ", ".join(name(s) for s in seats)

    def chat_line(self, table: HostTable, text: str) -> None:
        for c in table.everyone():
            c.send({"type": "chat", "from": None, "text": text})

    def _table(self, client: Client) -> HostTable:
        if client.table is None:
            raise ProtocolError("not at a table")
        return client.table

    def _playing(self, client: Client) -> tuple[HostTable, Session, str]:
        table = self._table(client)
        if table.session is None:
            raise ProtocolError("the game has not started")
        seat = table.seat_of(client)
        if seat is None:
            raise ProtocolError("spectators watch; they do not play")
        return table, table.session, seat

    # ---------------------------------------------------------------- output
    def after(self, table: HostTable, events: list[Event]) -> None:
        session = table.session
        writing = session.saver.writing if session is not None else None
        if writing is not None and not writing.done():
            # A person's decision is on the file before anyone is shown what follows (so a host
            # killed after it was shown loses nothing); the loop serves other tables meanwhile.
            loop = asyncio.get_running_loop()
            writing.add_done_callback(lambda _w: self._call_soon(loop, self.after, table, events))
            return
        self.broadcast(table)
        if table.session is not None and table.session.saver.error:
            # The host's operator must know: the table plays on, but a restart would lose it.
            log.error("table %s: %s", table.code, table.session.saver.error)
        self.play_computers(table)
        self.start_timer(table)

    @staticmethod
    def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the host stopped meanwhile: nobody to tell
            loop.call_soon_threadsafe(callback, *args)

    def broadcast(self, table: HostTable) -> None:
        for c in table.everyone():
            self.send_state(c, table)
        if table.session is not None and table.session.game.at_public_point:
            for c in self._explaining.pop(table.code, []):
                if c.connected and c.table is table:
                    self.explain(c, table)

    def broadcast_lobby(self, table: HostTable, also: list[Client] | None = None) -> None:
        lobby = {"type": "table", **table.lobby()}
        for c in {*table.everyone(), *(also or []), *table.lookers}:
            if c.connected and (c.table is None or c.table is table):
                lobby["you"] = table.seat_of(c)
                lobby["creator"] = table.is_creator(c)
                c.send(dict(lobby))

    def send_state(self, client: Client, table: HostTable) -> None:
        """What `client` may see of the game now: its seat's view and the events it lacks."""
        session = table.session
        if session is None or not client.connected or not self._shown(table, client):
            # Between public points only the one deciding is sent anything: the others get the
            # game, its events included, at the next public point, as if nothing was asked.
            return
        game = session.game
        seat = table.seat_of(client)
        view = game.view(seat)
        start = min(client.events_sent, len(game.events))
        new = game.events[start:]
        client.events_sent = len(game.events)
        hosting = title_host(table.title)
        # Only the one deciding needs it (to answer); for the others it would count the
        # questions hidden cards raised.
        deciding = game.pending is not None and game.pending.player == seat
        message: dict[str, Any] = {
            "type": "state",
            "title": table.title,
            "code": table.code,
            "seat": seat,
            "decisions": game.decisions_seen(seat) if deciding else None,
            # A title may name its computers' levels (public: chosen in the lobby).
            "kinds": {
                c: ("human" if k == HUMAN else k if hosting.names_levels else "computer")
                for c, k in session.kinds.items()
            },
            "view": view,
            "events_from": start,
            # An event this seat may not see (a card drawn into another hand) is null: every
            # seat's log keeps the same positions.
            "events": [None if hosting.hidden_from(seat, e) else event_json(e) for e in new],
            "can_undo": session.can_undo(seat),
            "creator": table.is_creator(client),
            "vanished": table.vanished(),
            "handed": list(table.handed),
            "timer": table.timer,
        }
        figures = hosting.figures(game) if game.over else None
        if figures is not None:
            message["figures"] = figures
        hints = hosting.hints(session, view) if deciding and (view.get("pending") or {}).get("options") else None
        if hints is not None:
            message["hints"] = hints
        client.send(message)

    # -------------------------------------------------------------- computers
    # Computers think in a pool of processes of their own (ai/pool.py), shared by every table of
    # this host and started when a table first needs it: the tables' loop only sends each
    # question (the seat's view) and applies the answer.
    computer_pool: ComputerPool | None = None
    _budgets: Budgets | None = None  # their think budgets, on one timer of the loop
    computer_processes = DEFAULT_PROCESSES  # 0: on threads of this process, as before the pool

    def play_computers(self, table: HostTable) -> None:
        """Computer seats move on a task of their own, one decision at a time, so people can follow."""
        session = table.session
        if self._run_clock(table) or session is None or not session.computer_to_move:
            return
        running = self._bots.get(table.code)
        if running is not None and not running.done():
            return
        self._bots[table.code] = asyncio.get_running_loop().create_task(self._computers(table, session))

    async def _computers(self, table: HostTable, session: Session) -> None:
        while table.session is session and session.computer_to_move:
            # The pause lets people follow what they were just sent, which is only at public
            # points: a question between two of them is answered at once, so how long the
            # table waits does not count them.
            if self.bot_delay > 0 and session.game.at_public_point:
                await asyncio.sleep(self.bot_delay)
            decisions = len(session.game.history)
            key = await self._think(table, session)
            # A late answer (the game moved on: a person's timer, an undo, a seat given back)
            # is for a question already answered: dropped.
            if key is None or table.session is not session:
                continue
            if len(session.game.history) != decisions or not session.computer_to_move:
                continue
            self.after_computer(table, session.choose(key))
        if table.session is not session or session.game.over:
            for seat in session.kinds:
                self._overdue.pop((table.code, seat), None)
            if self.computer_pool is not None:
                self.computer_pool.forget(table.code)

    async def _think(self, table: HostTable, session: Session) -> str | None:
        """The computer's answer, thought in the pool within the table's budget; past it, or if
        the pool fails, the table answers for it (the first legal option) and says why in the log."""
        pending = session.game.pending
        if pending is None:
            return None
        busy = self._overdue.get((table.code, pending.player))
        future: Future[str] | asyncio.Future[str] | None = None
        ended_here = False
        try:
            if busy is not None and not busy.done():
                # Still thinking about a question answered for it: not asked twice at once.
                return pending.options[0].key
            # A sole option its level is known to take unasked: no view, frame or round trip.
            fixed = fixed_answer(table.title, session.kinds.get(pending.player, ""), pending)
            if fixed is not None:
                return fixed
            question = question_for(session, table.code, table.title, THINK_BUDGET_SECONDS)
            if question is None:
                return session.computer_choice()  # a figure nobody plays (the variants' bot)
            if self.computer_pool is None:
                # Its processes read and written on this loop: no thread hand-overs a question.
                self.computer_pool = ComputerPool(self.computer_processes, loop=asyncio.get_running_loop())
            future, ended_here = self.computer_pool.ask_on_loop(question)
            if self._budgets is None:
                self._budgets = Budgets(asyncio.get_running_loop())
            if ended_here:
                self._budgets.bound(future, THINK_BUDGET_SECONDS)
                return await future
            return await self._budgets.within(asyncio.wrap_future(future), THINK_BUDGET_SECONDS)
        except TimeoutError:
            log.warning(
                "table %s: a computer thought past %s s: the table answered for it", table.code, THINK_BUDGET_SECONDS
            )
            if future is not None:
                # Not asked again until its process has answered (or dropped) this question.
                thinking = self.computer_pool.still_thinking(future) if ended_here else future
                self._overdue[(table.code, pending.player)] = thinking
        except PoolError as exc:
            log.error("table %s: %s: the table answered for its computer", table.code, exc)
        except Exception:
            # A computer player's bug, or its process gone: the table must not stall.
            log.exception("table %s: the computer player failed", table.code)
        pending = session.game.pending
        if pending is None or not session.computer_to_move:
            return None
        return pending.options[0].key

    def _run_clock(self, table: HostTable) -> bool:
        """A real-time table keeps its own clock on this loop (`tables.RealTimeSession`): set it
        going, told whose people are away; False for a game of turns. A resumed table nobody
        sat down at yet stays still."""
        clock = real_time(table.session)
        if clock is None:
            return False
        if table.keeper is not None:
            clock.go(lambda: self.after_computer(table, []), table.vanished())
        return True

    def _stop_clock(self, table: HostTable) -> None:
        clock = real_time(table.session)
        if clock is not None:
            clock.stop()

    def after_computer(self, table: HostTable, events: list[Event]) -> None:
        self.broadcast(table)
        self.start_timer(table)

    # ------------------------------------------------------------ turn timer
    def start_timer(self, table: HostTable) -> None:
        """With a turn timer, a person's decision not taken in time is taken by a computer.

        The time runs from a public point to the next: the questions between (only hidden cards
        raise them) share it, so nobody can tell them from the timer."""
        session = table.session
        pending = session.game.pending if session is not None else None
        if (
            session is not None
            and pending is not None
            and not session.game.at_public_point
            and table.code in self._timers
            and self._timed.get(table.code) == pending.player
        ):
            return
        old = self._timers.pop(table.code, None)
        if old is not None:
            old.cancel()
        if not table.timer or session is None or pending is None or session.computer_to_move:
            return
        decisions = len(session.game.history)
        self._timed[table.code] = pending.player
        loop = asyncio.get_running_loop()
        self._timers[table.code] = loop.call_later(table.timer, self._time_up, table, decisions)

    def _time_up(self, table: HostTable, decisions: int) -> None:
        self._timers.pop(table.code, None)
        session = table.session
        # Any change of who decides, or a public point, cancelled and replaced this timer: it is
        # the current one.
        if session is None or session.computer_to_move:
            return
        d = session.game.pending
        if d is None:
            return
        player = d.player
        kind = self._computer_of(table.title)
        seed = player_seed(session.game.seed, f"stand-in {decisions}")
        stand_in = registry.title(table.title).engine().make_player(kind, seed)
        self.chat_line(table, f"Time is up: a computer decides for {session.game.name(player)}")
        # Up to the next public point, or until the question is someone else's.
        while True:
            session.choose(stand_in.choose(d, session.game.view(player)))
            d = session.game.pending
            if d is None or d.player != player or session.game.at_public_point:
                break
        self.after(table, [])

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in self._bots.values():
            task.cancel()
        for timer in self._timers.values():
            timer.cancel()
        for table in self.tables.values():
            self._stop_clock(table)
            if table.session is not None:
                table.session.saver.close()  # flushes: every write under way waited for
        self._saving_now.shutdown(wait=True)
        self._saving.shutdown(wait=True)
        self._sparing.shutdown(wait=False, cancel_futures=True)
        if self.computer_pool is not None:
            self.computer_pool.close()
