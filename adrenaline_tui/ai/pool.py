"""Computer players in processes of their own, so a search never holds a table's interpreter.

A table asks a `ComputerPool` a `Question` and gets a `Future` of the option's key. A question
holds only what a person in the seat would know: the seat's view and its own question, the
table's public identity (its code, its title), the player's level and seed, and the table's
think budget; never the game, its full state or another seat's cards (`question_for` builds it,
and tests/ai/test_pool.py checks that two deals differing only in hidden cards send the same).

Each table's players live in one process of the pool, made there by the title engine's
`make_player(kind, seed)` at the table's first question and kept between questions (a player
remembers its plan for the turn), so a table's questions go, in order, to the process it was
given first. A process is this installation's own program (`python -I -m adrenaline_tui.ai.pool`:
no code from the working folder, PYTHONPATH or the user's site), started when first needed,
and started again if it dies: its tables' players are made afresh there, and the questions it
was thinking about fail, so their tables answer for them (the first legal option, as for any
computer player that fails).

The table keeps the rules it had with a thread: past its budget it answers for the computer,
and an answer to a question the table has already answered is dropped (the caller compares the
decision count); a process that finds a question already past its budget when it reaches it
does not think about it at all.

What crosses: a question is pickled to the process over its standard input (from this process,
never from a file), as plain data (`frame`, `read_frame`); the answer comes back as a line of
JSON, checked (a key of the question's).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import itertools
import json
import math
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, BinaryIO, Protocol

from adrenaline_tui.ai import canonical_kind
from adrenaline_tui.rules.decision import Decision, Option
from adrenaline_tui.seeds import player_seed

# Processes in a pool. On this 2-core machine one process beside the host's (or the app's) own
# is the measured best: the tables' loop keeps one core, the computers take the other
# (docs/hosting.md, "Computers").
DEFAULT_PROCESSES = 1
# A level whose players think, on average, for less than this (seconds, measured in the process)
# is answered on the asking thread: sending a question and its answer costs the asking process
# more than that (a view pickled, two thread hops: docs/hosting.md, "Computers").
INLINE_BELOW = 0.0002
# Players a process keeps between questions, the least recently asked dropped first: enough for
# every computer seat of a full host, bounded whatever a host does with its tables.
MAX_PLAYERS = 4096
# Frames a process reads: a view is a few kB; anything far larger is not ours.
MAX_FRAME = 16 << 20
# New containers between two collections of the youngest generation in a host's long-lived
# processes (Python's default: 700). Chosen once, not tuned on the benchmark.
COLLECT_AFTER = 20_000


def collect_less() -> None:
    """For a host's long-lived processes (a worker, a computers' pool): what is there now (the
    imports) is never scanned again (`gc.freeze`), and the youngest generation is collected
    every `COLLECT_AFTER` new containers rather than 700. A worker's tables and a pool's
    players are scanned by each older collection; the youngest ran hundreds of times a second:
    5.5% of a worker-like loop's CPU (100 tables, views, lines and hints) fell to 2.0%, and a
    pool's 2.3% to none (process time; cycles are still collected, a few MB later)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(COLLECT_AFTER, *gc.get_threshold()[1:])


class PoolError(RuntimeError):
    """The pool could not answer (its process died, or could not be started)."""


@dataclass(frozen=True)
class Question:
    """What a computer player is told at a table: what its seat may know, and nothing else."""

    table: str  # the table's public name: its code at a host, its own id in the app
    title: str  # the title whose engine makes the player
    seat: str
    kind: str  # the level
    seed: int
    decision: Any  # the engine's question for this seat (its options are the seat's own)
    view: dict[str, Any]  # `game.view(seat)`
    budget: float  # seconds: past them the table has answered for it


class TableSession(Protocol):
    """What `question_for` reads of a table: any title's session has these."""

    game: Any
    kinds: dict[str, str]


def question_for(session: TableSession, table: str, title: str, budget: float) -> Question | None:
    """The question a computer deciding at `session` is sent (None: the one deciding is a figure
    no seat plays, answered at the table). The seed is the one the table's own player would have:
    the same computer plays the same, in a process or not."""
    d = session.game.pending
    seats = list(session.kinds)
    if d is None or d.player not in seats:
        return None
    seed = player_seed(session.game.seed, seats.index(d.player))
    view = session.game.view(d.player)
    return Question(table, title, d.player, session.kinds[d.player], seed, d, view, budget)


def _plain_decision(decision: Any, view: dict[str, Any]) -> Any:
    """The engine's question as plain tuples beside its classes, for a pickle that makes no Python
    call per option: a named tuple pickles through its `__getnewargs__` and unpickles through its
    `__new__`, a frame each, which was most of a question's 34 us pickle and 36 us unpickle.

    Adrenaline's own question is not sent at all beside its view: the view's `pending` (the one
    deciding is shown its question whole: `snapshot._pending`) holds every field of it but two
    flags, and the process builds it again from there (`_engine_decision`). Pickling the options
    a second time, with the classes named, was a third of a question's frame (relay6)."""
    if type(decision) is Decision and _pending_holds(decision, view.get("pending")):
        return (_FROM_VIEW, decision.auto, decision.public)
    options = getattr(decision, "options", None)
    if not isinstance(decision, tuple) or not hasattr(decision, "_fields") or not isinstance(options, tuple):
        return (False, decision)  # not a named tuple with options: pickled as it is
    fields = list(decision)
    at = decision._fields.index("options")
    option_class = type(options[0]) if options else tuple
    fields[at] = tuple(map(tuple, options))
    return (True, type(decision), option_class, at, tuple(fields))


# The first field of a plain decision that is built from the view's `pending` in the process.
_FROM_VIEW = 2


def _pending_holds(decision: Decision, pending: Any) -> bool:
    """Whether the view shows this very question to the one deciding (its player, kind, prompt and
    as many options): then the view alone carries it. Cheap on purpose, no option compared: the
    view was built from this very question a moment ago (`question_for`); a view that is not
    the decider's (another title's shape, a spectator's) sends the question as before."""
    return (
        type(pending) is dict
        and pending.get("player") == decision.player
        and pending.get("kind") == decision.kind
        and pending.get("prompt") == decision.prompt
        and type(options := pending.get("options")) is list
        and len(options) == len(decision.options)
    )


def _engine_decision(plain: tuple[Any, ...], view: dict[str, Any]) -> Any:
    if plain[0] == _FROM_VIEW:
        pending = view["pending"]
        make = tuple.__new__
        options = tuple([make(Option, (o["key"], o["label"], o["square"], o["target"])) for o in pending["options"]])
        return make(Decision, (pending["player"], pending["kind"], pending["prompt"], options, plain[1], plain[2]))
    if not plain[0]:
        return plain[1]
    _, decision_class, option_class, at, fields = plain
    fields = list(fields)
    make = tuple.__new__
    fields[at] = tuple([make(option_class, o) for o in fields[at]])
    return make(decision_class, fields)


def frame(ident: int, asked_at: float, q: Question) -> bytes:
    """A question as the process is sent it: plain data (the engine's question as tuples beside
    its classes, or, for Adrenaline's, read again from the view; the seat's view as it is),
    pickled. Built only from the question, that is from the seat's view: two deals differing in
    another seat's hidden cards send the same bytes.

    Sending only what changed since the seat's last view was tried and measured worse: comparing
    a view with one built a turn earlier (out of the processor's caches by then) cost more than
    pickling the whole view, on both sides (200 tables in turn, 6,000 questions: the table's side
    83-87 us against 32-43, the process's 59-74 against 44-55; docs/hosting.md, "Cut, second
    round")."""
    return pickle.dumps(_frame_data(ident, asked_at, q), protocol=pickle.HIGHEST_PROTOCOL)


def _frame_data(ident: int, asked_at: float, q: Question) -> tuple[Any, ...]:
    plain = (ident, asked_at, q.table, q.title, q.seat, q.kind, q.seed, q.budget, _plain_decision(q.decision, q.view))
    return (*plain, q.view)


class Framer:
    """`frame` with one pickler kept for every frame of one process's pipe (and one thread).

    `pickle.dumps` makes a pickler a call: its memo table (every object of the view, by identity)
    made at 64 entries, grown and rehashed to a few hundred, and freed, for every question. Kept,
    the table keeps its size and is only emptied (`clear_memo`) after each frame: 92 against 109
    thousand instructions a frame (1,000 host-shaped questions, callgrind). The bytes are
    `frame`'s to the byte (the memo numbers its objects from 0 in every frame either way; the
    frames test checks both), so still a function of the seat's view and question only."""

    def __init__(self) -> None:
        self._out = io.BytesIO()
        self._pickler = pickle.Pickler(self._out, protocol=pickle.HIGHEST_PROTOCOL)

    def frame(self, ident: int, asked_at: float, q: Question) -> bytes:
        out = self._out
        out.seek(0)
        out.truncate()
        try:
            self._pickler.dump(_frame_data(ident, asked_at, q))
        finally:
            self._pickler.clear_memo()  # nothing of this frame kept alive, nor numbered, after it
        return out.getvalue()


def read_frame(data: bytes) -> tuple[int, float, Question]:
    """The process's side of `frame`: the question asked, its id and when it was asked."""
    ident, asked_at, table, title, seat, kind, seed, budget, decision, view = pickle.loads(data)
    return ident, asked_at, Question(table, title, seat, kind, seed, _engine_decision(decision, view), view, budget)


# The levels whose player answers a question with a single option by that option and nothing else:
# no thinking, nothing of the player changed (the normal player's `choose` returns a sole key
# before it reads the view; the easy one asks the normal one and never slips with one option).
# Such a question is answered by the table without a round trip to the pool: a tenth of a host's
# computer questions (tagbacks offered only "pass", an action question with only "end"), each a
# view built and pickled by the worker and unpickled by the pool. Not the random player (its
# `rng.choice` draws for one option too) nor the hard one (it follows its plans).
# tests/ai/test_pool.py plays games with and without these questions asked and checks every
# other answer is the same.
SOLE_OPTION_ANSWERED = frozenset({("adrenaline", "normal"), ("adrenaline", "easy")})


def fixed_answer(title: str, kind: str, decision: Any) -> str | None:
    """The key a computer of `kind` is known to choose without being asked: the sole option, for a
    level of `SOLE_OPTION_ANSWERED`; None when it must be asked."""
    if (title, canonical_kind(kind)) not in SOLE_OPTION_ANSWERED:
        return None
    options = decision.options
    if len(options) != 1:
        return None
    key: str = options[0][0]
    return key


def _command() -> list[str]:
    # The host's rule for programs of its own (host/programs.py): isolated mode runs this
    # installation's code only.
    return [sys.executable, "-I", "-m", "adrenaline_tui.ai.pool"]


class Keys:
    """A question's option keys, looked through only when an answer comes back (building a tuple
    of them for every question was 2% of a host worker's Python)."""

    __slots__ = ("_options",)

    def __init__(self, options: tuple[Any, ...]) -> None:
        self._options = options

    def __contains__(self, key: object) -> bool:
        return any(o[0] == key for o in self._options)


def settle(
    waiting: tuple[Any, Any, tuple[str, str]], answer: dict[str, Any], learn: Callable[[tuple[str, str], float], None]
) -> None:
    """A question's future given its answer from a pool process: the key if it is one of the
    question's own (the CPU it took learnt for its level), else why not, for the table to
    answer instead."""
    future, keys, level = waiting
    key = answer.get("key")
    if isinstance(key, str) and key in keys:
        took = answer.get("took")
        if isinstance(took, float) and 0 <= took < 3600:
            learn(level, took)  # a late answer's too: a costly answer is what keeps a level here
        if not future.done():  # done: its table ended it at its budget, or stopped waiting
            future.set_result(key)
        return
    if future.done():
        return
    if answer.get("late"):
        future.set_exception(PoolError("the question was past its budget before it was thought about"))
        return
    future.set_exception(PoolError(f"the computer player failed: {str(answer.get('error'))[:200]}"))


class _Process:
    """One process of the pool: a thread writes its questions, another reads its answers."""

    def __init__(self, command: list[str], learn: Callable[[tuple[str, str], float], None]) -> None:
        self._learn = learn
        self.popen = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=True
        )
        self.alive = True
        self.stopping = False  # stopped on purpose: its questions are cancelled, not failed
        self.waiting: dict[int, tuple[Future[str], Keys, tuple[str, str]]] = {}
        self._lock = threading.Lock()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        threading.Thread(target=self._write, name="computer-pool-writer", daemon=True).start()
        threading.Thread(target=self._read, name="computer-pool-reader", daemon=True).start()

    def ask(self, ident: int, question: Question, future: Future[str], keys: Keys, level: tuple[str, str]) -> None:
        with self._lock:
            if not self.alive:
                raise PoolError("the computers' process has ended")
            self.waiting[ident] = (future, keys, level)
        data = frame(ident, time.monotonic(), question)
        # Written by its own thread: a process busy thinking never blocks the table that asks.
        self._outbox.put(len(data).to_bytes(4, "big") + data)

    def _write(self) -> None:
        stdin = self.popen.stdin
        assert stdin is not None
        while (frame := self._outbox.get()) is not None:
            try:
                stdin.write(frame)
                stdin.flush()
            except (OSError, ValueError):
                break
        self._ended()

    def _read(self) -> None:
        stdout = self.popen.stdout
        assert stdout is not None
        for line in stdout:
            try:
                answer = json.loads(line)
                ident = int(answer["id"])
            except (ValueError, KeyError, TypeError):
                continue  # not ours: ignored
            with self._lock:
                waiting = self.waiting.pop(ident, None)
            if waiting is None:
                continue
            settle(waiting, answer, self._learn)
        self._ended()

    def _ended(self) -> None:
        with self._lock:
            self.alive = False
            waiting, self.waiting = self.waiting, {}
        self._outbox.put(None)
        for future, _keys, _level in waiting.values():
            if self.stopping:
                future.cancel()  # the pool was closed: nobody waits for the answer
            elif not future.done():
                future.set_exception(PoolError("the computers' process ended while thinking"))

    def stop(self) -> None:
        self.stopping = True
        self._outbox.put(None)
        with contextlib.suppress(OSError):
            self.popen.kill()
        self.popen.wait()


class _LoopProcess:
    """One process of a pool bound to an event loop (a host's tables): its questions written and
    its answers read on that loop, with no thread of its own.

    The threads of `_Process` cost a table's loop two hand-overs of the interpreter per question
    (the writer woken, then the reader's answer passed back with `call_soon_threadsafe`), which
    on a host with hundreds of tables was a fifth of a worker's CPU a decision; here a question
    is one `write` and its answer one `read` among the loop's other sockets."""

    def __init__(
        self,
        command: list[str],
        learn: Callable[[tuple[str, str], float], None],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self._learn = learn
        self._loop = loop
        self.popen = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=True
        )
        assert self.popen.stdin is not None and self.popen.stdout is not None
        self._in = self.popen.stdin.fileno()
        self._out = self.popen.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self.alive = True
        self.stopping = False
        self.waiting: dict[int, tuple[asyncio.Future[str], Keys, tuple[str, str]]] = {}
        # Frames not written yet: this turn's, and what the pipe did not take (the process busy
        # thinking), written when it can (`_blocked`: waiting for the pipe to have room).
        self._unsent = bytearray()
        self._blocked = False
        self._partial = b""  # the start of an answer line not read to its end yet
        self._framer = Framer()  # this loop's thread only, as every call here
        # Questions their tables ended at their budget, by id: each marker done once the process
        # answers the question or ends (`answered_later`).
        self._late: dict[int, asyncio.Future[None]] = {}
        loop.add_reader(self._out, self._readable)

    def ask(
        self, ident: int, question: Question, future: asyncio.Future[str], keys: Keys, level: tuple[str, str]
    ) -> None:
        if not self.alive:
            raise PoolError("the computers' process has ended")
        self.waiting[ident] = (future, keys, level)
        framed = self._framer.frame(ident, time.monotonic(), question)
        empty = not self._unsent
        self._unsent += len(framed).to_bytes(4, "big")
        self._unsent += framed
        if empty and not self._blocked:
            # Written at the end of this turn of the loop, with every other question asked in
            # it: one write, and one read for the process, a turn rather than a question.
            self._loop.call_soon(self._writable)

    def _writable(self) -> None:
        """Write what waits (at the end of a turn of the loop, or when the pipe takes more)."""
        if not self.alive or not self._unsent:
            return
        try:
            sent = os.write(self._in, self._unsent)
        except BlockingIOError:
            sent = 0
        except OSError:
            self._ended()
            return
        del self._unsent[:sent]
        blocked = bool(self._unsent)  # the process busy thinking: the rest when the pipe has room
        if blocked != self._blocked:
            self._blocked = blocked
            if blocked:
                self._loop.add_writer(self._in, self._writable)
            else:
                self._loop.remove_writer(self._in)

    def _readable(self) -> None:
        try:
            chunk = os.read(self._out, 65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._ended()
            return
        *lines, self._partial = (self._partial + chunk).split(b"\n")
        if len(self._partial) > MAX_FRAME:
            self._partial = b""  # not ours: an answer is a short line
        for line in lines:
            self._answered(line)

    def answered_later(self, future: asyncio.Future[str]) -> asyncio.Future[None] | None:
        """A marker done when this process answers `future`'s question or ends; None if it holds
        no such question. Looked for through the questions waiting: only after a budget ran out."""
        for ident, (waiting, _keys, _level) in self.waiting.items():
            if waiting is future:
                marker = self._late.get(ident)
                if marker is None:
                    marker = self._late[ident] = self._loop.create_future()
                return marker
        return None

    def _answered(self, line: bytes) -> None:
        try:
            answer = json.loads(line)
            ident = int(answer["id"])
        except (ValueError, KeyError, TypeError):
            return  # not ours: ignored
        waiting = self.waiting.pop(ident, None)
        if waiting is None:
            return
        if self._late:
            marker = self._late.pop(ident, None)
            if marker is not None and not marker.done():
                marker.set_result(None)
        settle(waiting, answer, self._learn)

    def _ended(self) -> None:
        if not self.alive:
            return
        self.alive = False
        with contextlib.suppress(Exception):  # the loop may be closed already
            self._loop.remove_reader(self._out)
            self._loop.remove_writer(self._in)
        waiting, self.waiting = self.waiting, {}
        late, self._late = self._late, {}
        for marker in late.values():
            if not marker.done():
                marker.set_result(None)
        for future, _keys, _level in waiting.values():
            if future.done():
                continue
            if self.stopping:
                future.cancel()
            else:
                future.set_exception(PoolError("the computers' process ended while thinking"))

    def stop(self) -> None:
        self.stopping = True
        self._ended()
        with contextlib.suppress(OSError):
            self.popen.kill()
        self.popen.wait()
        for pipe in (self.popen.stdin, self.popen.stdout):
            with contextlib.suppress(OSError):
                pipe.close()


class _Threads:
    """The pool's stand-in with no process (`processes=0`): the players think on threads of this
    process, as tables did before the pool (tests that replace a title's players; a measure)."""

    def __init__(self) -> None:
        self._threads = ThreadPoolExecutor(max_workers=4, thread_name_prefix="computer")
        self._players = Players()
        self.alive = True

    def ask(self, ident: int, question: Question, future: Future[str], keys: Keys, level: tuple[str, str]) -> None:
        def think() -> None:
            try:
                key = self._players.answer(question)
            except Exception as exc:
                future.set_exception(PoolError(f"the computer player failed: {type(exc).__name__}: {exc}"))
                return
            if key in keys:
                future.set_result(key)
            else:
                future.set_exception(PoolError(f"the computer player answered {str(key)[:40]!r}: no option"))

        self._threads.submit(think)

    def stop(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)


class ComputerPool:
    """A bounded set of computer processes; each table's questions go to one of them.

    `processes=0`: no process, the players think on threads of this one (`_Threads`).
    `loop`: the pool belongs to that event loop (a host's tables), `ask` is called on it only and
    returns an `asyncio.Future`, and its processes are read and written on it (`_LoopProcess`)."""

    def __init__(
        self,
        processes: int = DEFAULT_PROCESSES,
        command: Callable[[], list[str]] = _command,
        *,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.loop = loop
        self.inline = processes <= 0
        self.size = max(1, processes)
        self._command = command
        self._processes: list[_Process | _LoopProcess | _Threads | None] = [None] * self.size
        self._tables: dict[str, int] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self.started = 0  # processes started, restarts included (tests, the host's log)
        self.closed = False
        # What each (title, level) took to think in a process, on average (seconds), and the
        # players of the levels answered here because that is less than sending them costs.
        self.cost: dict[tuple[str, str], float] = {}
        self._here = Players()
        self._placed: OrderedDict[tuple[str, str, str], bool] = OrderedDict()

    def ask(self, question: Question) -> Future[str] | asyncio.Future[str]:
        """The key its player chooses, later; a `PoolError` if the pool cannot answer."""
        if self.loop is not None:
            return self._ask_on_loop(question, self.loop)
        future: Future[str] = Future()
        keys = Keys(question.decision.options)
        level = (question.title, question.kind)
        if self._placed_here(question, level):
            return self._answer_here(question, future, keys)
        ident = next(self._ids)
        try:
            process = self._process_for(question.table)
            process.ask(ident, question, future, keys, level)
        except (OSError, PoolError) as exc:
            future.set_exception(PoolError(f"no computer process: {exc}"))
        return future

    def _placed_here(self, question: Question, level: tuple[str, str]) -> bool:
        """Whether a seat's player thinks here rather than in a process: decided at its first
        question and kept, since a player moved would start again from its seed, and play
        differently than where it began."""
        seat = (question.table, question.seat, question.kind)
        with self._lock:
            here = self._placed.get(seat)
            if here is None:
                here = self._placed[seat] = self.cost.get(level, math.inf) < INLINE_BELOW
                while len(self._placed) > MAX_PLAYERS:
                    self._placed.popitem(last=False)
        return here

    def _ask_on_loop(self, question: Question, loop: asyncio.AbstractEventLoop) -> asyncio.Future[str]:
        return self._asked_on_loop(question, loop)[0]

    def ask_on_loop(self, question: Question) -> tuple[asyncio.Future[str], bool]:
        """`ask` for a pool bound to the running loop, and whether the caller may end the future
        itself (a question to a process of the loop's: failed at its budget, the process's late
        answer is dropped, its cost still learnt, and `still_thinking` says when it comes).
        Otherwise (answered here, on threads, or failed already) the future is to be awaited
        within a budget without ending it (`server.Budgets.within`)."""
        if self.loop is None:  # the app's pool, or a host's pool of threads: asked as ever
            return asyncio.wrap_future(self.ask(question)), False
        return self._asked_on_loop(question, self.loop)

    def still_thinking(self, future: asyncio.Future[str]) -> asyncio.Future[None]:
        """Done once the process asked `future`'s question has answered it or ended: until then
        its seat is not asked again (a question ended by its table at its budget)."""
        for process in self._processes:
            if isinstance(process, _LoopProcess):
                marker = process.answered_later(future)
                if marker is not None:
                    return marker
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)  # answered meanwhile, or its process gone
        return done

    def _asked_on_loop(self, question: Question, loop: asyncio.AbstractEventLoop) -> tuple[asyncio.Future[str], bool]:
        keys = Keys(question.decision.options)
        level = (question.title, question.kind)
        if self._placed_here(question, level):
            return asyncio.wrap_future(self._answer_here(question, Future(), keys), loop=loop), False
        try:
            process = self._process_for(question.table)
            if isinstance(process, _LoopProcess):
                future: asyncio.Future[str] = loop.create_future()
                process.ask(next(self._ids), question, future, keys, level)
                return future, True
            threaded: Future[str] = Future()
            assert isinstance(process, _Threads)
            process.ask(next(self._ids), question, threaded, keys, level)
            return asyncio.wrap_future(threaded, loop=loop), False
        except (OSError, PoolError) as exc:
            failed: asyncio.Future[str] = loop.create_future()
            failed.set_exception(PoolError(f"no computer process: {exc}"))
            return failed, False

    def _answer_here(self, question: Question, future: Future[str], keys: Keys) -> Future[str]:
        """A level that thinks in less time than a question costs to send: answered at once, on
        the caller's thread (the first questions of a level, in a process, measured it)."""
        try:
            key = self._here.answer(question)
        except Exception as exc:
            future.set_exception(PoolError(f"the computer player failed: {type(exc).__name__}: {exc}"))
            return future
        if key in keys:
            future.set_result(key)
        else:
            future.set_exception(PoolError(f"the computer player answered {str(key)[:40]!r}: no option"))
        return future

    def _learn(self, level: tuple[str, str], took: float) -> None:
        # Up at once, down slowly: a level is answered here only if none of its recent answers
        # was costly. The normal player answers most questions in a few hundredths of a
        # millisecond and plans its actions in milliseconds: answered here, its plans held the
        # tables' loop again (50 tables at once: p50 104 ms, p99 682 ms, against 18 and 152).
        old = self.cost.get(level, took)
        self.cost[level] = took if took > old else old + (took - old) / 32

    def _process_for(self, table: str) -> _Process | _LoopProcess | _Threads:
        with self._lock:
            if self.closed:
                raise PoolError("the pool is closed")
            index = self._tables.get(table)
            if index is None:
                # A new table goes to the process with the fewest tables.
                counts = [0] * self.size
                for i in self._tables.values():
                    counts[i] += 1
                index = self._tables[table] = counts.index(min(counts))
            process = self._processes[index]
            if process is None or not process.alive:
                if process is not None:
                    process.stop()
                process = self._processes[index] = self._start()
                self.started += 1
            return process

    def _start(self) -> _Process | _LoopProcess | _Threads:
        if self.inline:
            return _Threads()
        if self.loop is not None:
            return _LoopProcess(self._command(), self._learn, self.loop)
        return _Process(self._command(), self._learn)

    def warm(self, table: str) -> None:
        """Start the process `table` will ask, so its first question does not wait for it."""
        with contextlib.suppress(OSError, PoolError):  # said when it is asked
            self._process_for(table)

    def forget(self, table: str) -> None:
        """The table is gone (its players are dropped as the process needs room)."""
        with self._lock:
            self._tables.pop(table, None)
            for seat in [s for s in self._placed if s[0] == table]:
                del self._placed[seat]

    def thinking(self) -> int:
        """Questions sent to a process and not answered yet."""
        return sum(len(p.waiting) for p in self._processes if isinstance(p, (_Process, _LoopProcess)))

    def pids(self) -> list[int]:
        return [p.popen.pid for p in self._processes if isinstance(p, (_Process, _LoopProcess)) and p.alive]

    def close(self) -> None:
        with self._lock:
            self.closed = True
            processes, self._processes = self._processes, [None] * self.size
        for process in processes:
            if process is not None:
                process.stop()


# ------------------------------------------------------------- in the process
class Players:
    """Each table's players, made by the title's engine at their first question and kept (the
    least recently asked dropped past `MAX_PLAYERS`)."""

    def __init__(self) -> None:
        self._players: OrderedDict[tuple[str, str, str, str, int], Any] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, q: Question) -> str:
        return self.player(q).choose(q.decision, q.view)

    def player(self, q: Question) -> Any:
        who = (q.table, q.title, q.seat, q.kind, q.seed)
        with self._lock:
            player = self._players.pop(who, None)
            if player is None:
                # Imported here, once a player is made (not a question): the titles' registry
                # is not needed before.
                from adrenaline_tui.titles import registry

                player = registry.title(q.title).engine().make_player(q.kind, q.seed)
            self._players[who] = player
            while len(self._players) > MAX_PLAYERS:
                self._players.popitem(last=False)
        return player


def serve(source: BinaryIO, answers: BinaryIO) -> None:
    """Answer questions from `source` until it ends; each table's players kept between them.

    The questions that came in one read are answered in one write: a worker sends the questions
    of one turn of its loop together, and reading their answers one write at a time woke it
    once an answer rather than once a batch (its CPU a decision about 13% more at 500 tables;
    docs/hosting.md, "Wake-ups a decision"). The first answer of a read waits for the others'
    thinking: a few milliseconds for tens of questions."""
    players = Players()
    read = getattr(source, "read1", source.read)  # at most one read of the pipe a call
    buffer = bytearray()
    while chunk := read(1 << 16):
        buffer += chunk
        out: list[bytes] = []
        start = 0
        while len(buffer) - start >= 4:
            size = int.from_bytes(buffer[start : start + 4], "big")
            if size > MAX_FRAME:
                return
            if len(buffer) - start - 4 < size:
                break  # the rest of this frame comes with the next read
            out.append(_answer(players, bytes(buffer[start + 4 : start + 4 + size])))
            start += 4 + size
        del buffer[:start]
        if out:
            answers.write(b"".join(out))
            answers.flush()


def _answer(players: Players, data: bytes) -> bytes:
    """One question's answer line: its key and the CPU it took, `late`, or the player's error."""
    ident, asked_at, q = read_frame(data)
    if time.monotonic() - asked_at > q.budget:
        # The table answered for it already: no thinking for nobody.
        return json.dumps({"id": ident, "late": True}).encode() + b"\n"
    try:
        player = players.player(q)
        # CPU time, not the clock's: what the thinking costs, however busy the machine.
        start = time.thread_time()
        key = player.choose(q.decision, q.view)
        took = time.thread_time() - start
    except Exception as exc:  # reported to the table, which answers for it
        return json.dumps({"id": ident, "error": f"{type(exc).__name__}: {exc}"}).encode() + b"\n"
    # The line of every answer written by hand rather than a dict through `json.dumps` (a
    # fifth of this process's work a question that is not thinking or reading the frame):
    # the same JSON, the key quoted by `json.dumps` (whatever the player returned) and the
    # thread's CPU time, a finite float whose repr JSON reads as it is.
    return b'{"id": %d, "key": %s, "took": %r}\n' % (ident, json.dumps(key).encode(), took)


def main() -> None:
    # Answers go out on a descriptor of their own: anything a player prints goes to stderr.
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    collect_less()
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
