"""A game at the table: the engine's `Game` plus who sits where, autosaving, undo and hand-offs.

No Textual here, so the rules of the table (who is looking at the screen, when the keyboard
must be passed) can be tested without running the app.
"""

from __future__ import annotations

import atexit
import errno
import json
import math
import os
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from adrenaline_tui import journal
from adrenaline_tui.atomicfile import sync_renamed, write_atomic, write_problem, write_renamed
from adrenaline_tui.rules import Decision, Event, Game, GameConfig
from adrenaline_tui.rules.saves import save_data
from adrenaline_tui.seeds import player_seed
from adrenaline_tui.tui import storage

if TYPE_CHECKING:
    from adrenaline_tui.ai import ComputerPlayer
    from adrenaline_tui.ai.pool import ComputerPool

HUMAN = storage.HUMAN
# How long a computer may think about one decision. Past it the table answers for it
# (`fallback_choice`) and drops its late answer: a computer player with a bug, or a position
# far harder than usual, never holds the game up.
THINK_BUDGET_SECONDS = 3.0
# Answers that decline an optional question, preferred by the fallback.
DECLINES = ("pass", "done", "end")
# The preferred computer player comes first (the default for a new seat), then the other levels.
PREFERRED_COMPUTERS = ("normal", "easy", "hard", "random")
# How a seat's choice lists them: weakest to strongest, so Right is a harder computer (random,
# a yardstick more than an opponent, last).
LISTED_COMPUTERS = ("easy", "normal", "hard", "random")
# Computers' moves are saved at most this often (seconds); a person's decision at once
# (`Autosaver`; docs/hosting.md, "Saves").
LATER_SECONDS = 1.0


# The title whose players this session's seats are (the pool makes them by its engine).
TITLE = "adrenaline"


def computer_pool() -> ComputerPool:
    """The app's one pool of computer processes, started when a computer first thinks there."""
    global _POOL
    if _POOL is None:
        from adrenaline_tui.ai.pool import ComputerPool

        _POOL = ComputerPool(1)
        atexit.register(_POOL.close)
    return _POOL


_POOL: ComputerPool | None = None


def computer_kinds() -> list[str]:
    # Imported when first needed: the computer players are not needed to draw a table.
    from adrenaline_tui.ai import PLAYER_KINDS

    known = list(PLAYER_KINDS)
    return [k for k in PREFERRED_COMPUTERS if k in known] + sorted(k for k in known if k not in PREFERRED_COMPUTERS)


def listed_computers() -> list[str]:
    """The computer kinds in the order a seat's choice lists them (`LISTED_COMPUTERS`, then any other)."""
    known = computer_kinds()
    return [k for k in LISTED_COMPUTERS if k in known] + [k for k in known if k not in LISTED_COMPUTERS]


def best_computer() -> str:
    return computer_kinds()[0]


def save_text(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"))


def unsaved(problem: str) -> str:
    """What the table is told when a save fails: the problem, and that the game goes on."""
    return f"{problem}. The game goes on, but it is not being saved."


class Autosaver:
    """Writes a game's save: a person's decision at once, computers' moves at most once a second.

    - `write_now` (a person's decision, an undo, a game starting): the save is written and renamed
      over the old one on a thread of `now_pool` at once; `writing` is that write, for a caller
      that shows nothing of the decision before it is on the file (the host: so a killed process
      loses nothing), without holding its own thread meanwhile (a rename over a file waits for the
      disk to take the new one: 2 ms median, 12 ms p99 here). Waiting for the disk (fsync) is
      left to the saving thread afterwards. A power cut before that fsync can lose the decision.
    - `write_later` (a computer's move): kept, and written on the saving thread `interval` seconds
      after the last write at the latest (computers' moves are batched), without waiting for the
      disk: a crash loses at most the computers' moves since, which their seats make again.
    - `write` (a title that saves on its own schedule): queued whole on the saving thread, written,
      waited for on the disk and renamed.

    Whatever the thread, the newest save requested wins: an older one is never renamed over it.
    A failed write leaves the last save as it was, is kept in `error` (one line naming the file)
    until a write succeeds, and `on_change` is told each time that changes (from whichever
    thread wrote).

    A host passes one `pool` for all its tables, so its threads do not grow with its tables, and
    its event loop's `call_later`; alone, a saver has its own thread and timers.

    With a `syncer` (the host's: a `journal.Syncer` shared by its tables), `keep` writes a
    snapshot and a journal (adrenaline_tui/journal.py): a decision is one short line appended
    to the journal, at once on the caller's thread (a few microseconds into the page cache,
    cheaper than handing it to a thread), and `writing` is None: it is on the file already. The
    snapshot is rewritten, with the journal started again, on a thread of `now_pool` only for a
    game's first save, when the journal passes `compact_bytes`, after a write failed, and at the
    game's end (`final`, which removes the journal); a write asked meanwhile waits for it
    (`writing`) and is in the next snapshot. After a person's line, `journal.Syncer` waits for
    the disk (fdatasync) on its thread, gathering every table's asks for `journal.GATHER_SECONDS`
    first; computers' lines are batched as above and not synced.
    """

    def __init__(
        self,
        pool: ThreadPoolExecutor | None = None,
        *,
        now_pool: ThreadPoolExecutor | None = None,
        clock: Callable[[], float] = time.monotonic,
        call_later: Callable[[float, Callable[[], None]], Cancellable] | None = None,
        interval: float = LATER_SECONDS,
        syncer: journal.Syncer | None = None,
        compact_bytes: int = journal.COMPACT_BYTES,
    ) -> None:
        self._own = pool is None
        self._pool = pool or ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        # People's decisions are not queued behind other tables' fsyncs and batches.
        self._now_pool = now_pool or self._pool
        self.writing: Future[bool] | None = None
        self._clock = clock
        self._call_later = call_later or _thread_timer
        self.interval = interval
        self._last: Future[None] | None = None
        self.error: str | None = None
        self.on_change: Callable[[str | None], None] | None = None
        # Saves requested, in the caller's order, and the newest renamed over the file.
        self._asked = 0
        self._renamed = 0
        self._renaming = threading.Lock()
        # A computer's move not written yet (its number, the file, its text when made), and the
        # timer that writes it.
        self._pending: tuple[int, Path, Callable[[], str]] | None = None
        self._timer: Cancellable | None = None
        # Reentrant: an executor may run what it is given at once (tests), inside the caller's hold.
        self._state = threading.RLock()
        self._written_at = -math.inf
        self._sync_queued = False
        # The journal (None: every write is a whole save, as the app's are).
        self._syncer = syncer
        self.compact_bytes = compact_bytes
        # The newest save data asked for, and its file.
        self._latest: dict[str, Any] | None = None
        self._latest_path: Path | None = None
        # Computers' moves waiting for the batch's timer.
        self._due_lines = False
        # The journal open for appending (None: the next write is a snapshot), the save it
        # follows, that save's fields but its choices, and the choices snapshot and journal hold.
        self._file: BinaryIO | None = None
        self._path: Path | None = None
        self._fields: dict[str, Any] = {}
        self._choices: list[str] = []
        self._size = 0
        self._lines = 0
        # A snapshot being written (the thread's job), whether another must follow it, whether
        # the game is over, who waits for the next snapshot, and whether the last one is synced.
        self._compacting = False
        self._compaction: Future[None] | None = None
        self._again = False
        self._final = False
        self._waiting: list[Future[bool]] = []
        self._snapshot_unsynced = False

    # ----------------------------------------------------------- the three ways
    def write_now(self, path: Path, text: str) -> Future[bool]:
        with self._state:
            self._asked += 1
            asked = self._asked
            self._drop_pending()
            self._written_at = self._clock()
            self.writing = self._now_pool.submit(self._write_now, asked, path, text)
            return self.writing

    def _write_now(self, asked: int, path: Path, text: str) -> bool:
        written = self._rename(asked, path, text, write_renamed)
        if written:
            self._queue_sync(path)
        return written

    def write_later(self, path: Path, make: Callable[[], str]) -> None:
        """`make` is called on the saving thread: it must hold its own copy of what it writes."""
        with self._state:
            self._asked += 1
            self._pending = (self._asked, path, make)
            if not self._deferred():
                self._submit_pending()

    def _deferred(self) -> bool:
        """Whether a batched write waits for the timer (started here when the last write was
        under `interval` ago); under `_state`."""
        if self._timer is not None:
            return True
        wait = self._written_at + self.interval - self._clock()
        if wait > 0:
            self._timer = self._call_later(wait, self._due)
            return True
        return False

    def keep(self, path: Path, data: dict[str, Any], *, person: bool, final: bool = False) -> None:
        """A turn-based title's save data: at once after a person's decision (or an undo, or a
        start, or the game's end: `final`), else with the computers' moves batched. `data` must
        be the caller's own copy (the game changes on): it is made into text on the saving
        thread when batched."""
        if self._syncer is not None:
            self._keep_journal(path, data, person=person or final, final=final)
        elif person or final:
            self.write_now(path, save_text(data))
        else:
            self.write_later(path, partial(save_text, data))

    def write(self, path: Path, text: str) -> None:
        with self._state:
            self._asked += 1
            self._drop_pending()
            self._written_at = self._clock()
            self._last = self._pool.submit(self._rename, self._asked, path, text, write_atomic)

    # ------------------------------------------------------------ the journal
    def _keep_journal(self, path: Path, data: dict[str, Any], *, person: bool, final: bool) -> None:
        with self._state:
            self._latest, self._latest_path = data, path
            self._final = self._final or final
            if person:
                self._drop_pending()
                self._written_at = self._clock()
                self._journal_write(path, person=True)
                return
            self._due_lines = True
            if self._deferred():
                return
            self._written_at = self._clock()
            self._journal_write(path, person=False)

    def _journal_write(self, path: Path, *, person: bool) -> None:
        """The newest data on the file: a line appended here, or a snapshot on the thread (under `_state`)."""
        self._due_lines = False
        line = None if self._compacting else self._entry(path)
        if line is not None and not self._final and self._size + len(line) <= self.compact_bytes:
            if person:
                self.writing = None
            self._append(path, line, person=person)
            return
        waiting: Future[bool] = Future()
        self._waiting.append(waiting)
        if person:
            self.writing = waiting
        if self._compacting:
            self._again = True  # the next snapshot holds this write too
        else:
            # Set first: an executor may run the job at once, inside this call (tests).
            self._compacting = True
            self._compaction = self._now_pool.submit(self._compact, path)

    def _entry(self, path: Path) -> bytes | None:
        """The journal line that brings the file to the newest data (empty: nothing new); None
        where only a snapshot can (no journal open, another file, another game)."""
        data = self._latest
        # The same path object nearly always (the session's own): `Path.__eq__` is Python code.
        if self._file is None or (path is not self._path and path != self._path) or data is None:
            return None
        choices = data["choices"]
        if len(data) != len(self._fields) + 1 or any(data.get(k) != v for k, v in self._fields.items()):
            return None
        done = self._choices
        # A decision adds to the end; an undo starts before it (where the two first differ).
        at = len(done) if choices[: len(done)] == done else _common(done, choices)
        if at == len(done) == len(choices):
            return b""
        return journal.entry(at, choices[at:])

    def _append(self, path: Path, line: bytes, *, person: bool) -> None:
        if not line:
            return
        assert self._file is not None and self._latest is not None
        try:
            wrote = append_line(self._file, line)
            if wrote != len(line):
                raise OSError(errno.ENOSPC, f"wrote {wrote} of {len(line)} bytes")
        except OSError as exc:
            # The journal ends in a line cut short (ignored when read) or misses this one: the
            # next write is a snapshot, which holds everything and starts the journal again.
            self._file.close()
            self._file = None
            self._tell(write_problem(path, exc))
            return
        self._choices = self._latest["choices"]
        self._size += wrote
        self._lines += 1
        self._tell(None)
        if person and self._syncer is not None:
            self._syncer.want(self, self._sync_journal, self._start_journal)

    def _compact(self, path: Path) -> None:
        """On a thread of `now_pool`: the newest data as a snapshot, and the journal started
        again after it; again while writes were asked meanwhile."""
        while True:
            with self._state:
                data, final = self._latest, self._final
                waiting, self._waiting = self._waiting, []
                self._again = False
            assert data is not None
            text = save_text(data).encode()
            new: BinaryIO | None = None
            size = 0
            try:
                write_renamed(path, text)
                if final:
                    journal_path(path).unlink(missing_ok=True)
                else:
                    new = open_journal(journal_path(path))
                    head = journal.header(text)
                    size = append_line(new, head)
                    if size != len(head):
                        raise OSError(errno.ENOSPC, f"wrote {size} of {len(head)} bytes")
                error = None
            except OSError as exc:
                if new is not None:
                    new.close()
                    new = None
                error = write_problem(path, exc)
            with self._state:
                old, self._file = self._file, new
                if error is None:
                    self._path, self._size, self._choices = path, size, data["choices"]
                    self._lines = 0
                    self._fields = {k: v for k, v in data.items() if k != "choices"}
                    self._snapshot_unsynced = True
                again = self._again
                if not again:
                    self._compacting = False
            if old is not None:
                old.close()
            self._tell(error)
            for future in waiting:
                future.set_result(error is None)
            if error is None and self._syncer is not None:
                self._syncer.want(self, self._sync_journal, self._start_journal)
            if not again:
                return

    def _start_journal(self) -> None:
        """On the syncer's thread, before the batch's syncs: the journal's writing set going."""
        with self._state:
            fd = os.dup(self._file.fileno()) if self._file is not None else None
        if fd is not None:
            try:
                journal.start_writeback(fd)
            finally:
                os.close(fd)

    def _sync_journal(self) -> None:
        """On the syncer's thread: the last snapshot (and its folder) if not yet, then the journal."""
        fd: int | None = None
        path: Path | None = None
        try:
            with self._state:
                path, snapshot = self._path, self._snapshot_unsynced
                self._snapshot_unsynced = False
                # A copy of the descriptor: a compaction may close the journal meanwhile.
                fd = os.dup(self._file.fileno()) if self._file is not None else None
            if snapshot and path is not None:
                sync_renamed(path)
            if fd is not None:
                os.fdatasync(fd)
        except OSError as exc:
            if path is not None:
                self._tell(write_problem(path, exc))
        finally:
            if fd is not None:
                os.close(fd)

    # ------------------------------------------------------------------ inside
    def _drop_pending(self) -> None:
        """A newer save supersedes the computers' moves waiting (it holds them too)."""
        self._pending = None
        self._due_lines = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _due(self) -> None:
        with self._state:
            self._timer = None
            self._submit_pending()

    def _submit_pending(self) -> None:
        if self._due_lines and self._latest_path is not None:
            self._written_at = self._clock()
            self._journal_write(self._latest_path, person=False)
        pending, self._pending = self._pending, None
        if pending is not None:
            self._written_at = self._clock()
            self._last = self._pool.submit(self._write_pending, *pending)

    def _write_pending(self, asked: int, path: Path, make: Callable[[], str]) -> None:
        self._rename(asked, path, make(), write_renamed)

    def _rename(self, asked: int, path: Path, text: str, writer: Callable[[Path, str], None]) -> bool:
        """Write save number `asked` unless a newer one is on the file already; whether it was."""
        with self._renaming:
            if asked <= self._renamed:
                return False
            try:
                writer(path, text)
                self._renamed = asked
                error = None
            except OSError as exc:
                error = write_problem(path, exc)
        self._tell(error)
        return error is None

    def _queue_sync(self, path: Path) -> None:
        # One fsync waiting is enough: it makes whatever is at `path` when it runs durable.
        with self._state:
            if self._sync_queued:
                return
            self._sync_queued = True
            self._last = self._pool.submit(self._sync, path)

    def _sync(self, path: Path) -> None:
        with self._state:
            self._sync_queued = False
        try:
            sync_renamed(path)
        except OSError as exc:
            self._tell(write_problem(path, exc))

    def _tell(self, error: str | None) -> None:
        if error != self.error:
            self.error = error
            if self.on_change is not None:
                self.on_change(error)

    # ---------------------------------------------------------------- waiting
    def flush(self) -> None:
        """Write the computers' moves waiting now, and wait for every write under way."""
        if self.writing is not None:
            self.writing.result()  # its fsync is queued before it is done
        with self._state:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._submit_pending()
            last, compaction = self._last, self._compaction
        if compaction is not None:
            compaction.result()
        if last is not None:
            last.result()

    def close(self) -> None:
        """Flush; a journal with lines in it is folded into a last snapshot and removed (a
        suspended table's, a stopping host's: a table out of memory is one plain save, which
        `adrenaline replay`, review and stats read), else closed."""
        with self._state:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._latest_path is not None and (self._lines or self._due_lines):
                self._final = True
                self._journal_write(self._latest_path, person=False)
        self.flush()
        with self._state:
            self._final = False
            if self._file is not None:
                self._file.close()
                self._file = None
        if self._own:
            self._pool.shutdown(wait=True)


def _common(a: list[str], b: list[str]) -> int:
    """How many first items the two lists share."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def journal_path(save: Path) -> Path:
    return journal.journal_path(save)


def open_journal(path: Path) -> BinaryIO:
    """A journal started again: emptied, appended to (O_APPEND), readable by its owner only."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
    return os.fdopen(os.open(path, flags, 0o600), "ab", buffering=0)


def append_line(file: BinaryIO, line: bytes) -> int:
    """One write of a whole line (a function of its own: tests fill the disk here)."""
    return file.write(line)


class Cancellable(Protocol):
    def cancel(self) -> object: ...


def _thread_timer(delay: float, callback: Callable[[], None]) -> Cancellable:
    """A saver without an event loop (a local game): one short-lived timer thread a second at most."""
    timer = threading.Timer(delay, callback)
    timer.daemon = True
    timer.start()
    return timer


class UndoSpares:
    """Copies of the game at its undo barrier, so that undo costs the decisions since the
    barrier (a turn at most), not a replay of the whole game: the same on turn 1 and turn 150.

    A `Game` is a generator underneath and cannot be copied; a copy is a replay. So the copies
    are made by replaying on a background thread, once, and then kept at the barrier by
    choosing the same keys as the game (cheap: the barrier moves a turn at a time). Undo takes
    a copy, plays it on to one decision before the game, and a new copy is made in the
    background. With none ready (several undos in a row) undo replays the whole game as before.
    """

    KEEP = 3  # undos in a row before one waits for a copy, once the person has undone
    # Copies kept before anyone undid: each copy replays every decision the game makes,
    # computers' too, and most people never undo (the host's CPU went a third to three copies).
    FIRST = 1
    # A copy shares the interpreter with drawing: it is made while nobody is at the keys (no
    # key press, click, decision or undo for IDLE seconds: `touch`), and stops as soon as
    # someone is again, between two of its decisions.
    IDLE = 0.1

    def __init__(self, pool: ThreadPoolExecutor | None = None) -> None:
        self.ready: list[Game] = []
        # A host shares one pool between its tables (`Autosaver`'s reason); a game alone makes its own.
        self._shared = pool
        self._pool: ThreadPoolExecutor | None = pool
        self._building: Future[Game] | None = None
        self._last_activity = 0.0
        # The undo barrier the copies were last brought to, and how many to keep.
        self._at = -1
        # A host's tables (the ones given a shared pool) keep no copy until someone undoes: one
        # copy replays every decision of the game (5.5% of a host worker's Python at 200
        # tables), most people never undo, and the first undo replays the game instead (14 ms
        # for 887 decisions). The app keeps one from the start, made while nobody is at the keys.
        self.wanted = self.FIRST if pool is None else 0

    def touch(self) -> None:
        """Someone pressed a key or clicked: the copy being made waits until they pause."""
        self._last_activity = time.monotonic()

    def _collect(self, game: Game) -> bool:
        """Take in the copy made in the background, if it is done; whether one was."""
        building = self._building
        if building is not None and building.done():
            self._building = None
            spare = building.exception() is None and building.result()
            if spare and game.history[: len(spare.history)] == spare.history:
                self.ready.append(spare)
                return True
        return False

    def keep_up(self, game: Game) -> None:
        """After a person's decision and undo: copies at the barrier, one more on its way if short.

        Only when the person's undo point (the barrier) has moved, or a copy is new or missing:
        else the copies are where undo needs them, and a decision costs them nothing."""
        self._last_activity = time.monotonic()
        new = self._collect(game)
        target = game.undo_barrier
        short = len(self.ready) < self.wanted and self._building is None
        if target == self._at and not new and not short:
            return
        self._at = target
        kept = []
        for spare in self.ready:
            if len(spare.history) <= target and game.history[: len(spare.history)] == spare.history:
                for key in game.history[len(spare.history) : target]:
                    spare.choose(key)
                kept.append(spare)
        self.ready = kept
        if len(self.ready) < self.wanted and self._building is None and target > 0:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="undo-spare")
            start = (game.config, game.seed, game.scenario, game.cards)
            self._building = self._pool.submit(self._copy, start, list(game.history[:target]))

    def _wait_for_a_pause(self) -> None:
        while time.monotonic() - self._last_activity < self.IDLE:
            time.sleep(self.IDLE / 4)

    def _copy(self, start: tuple, keys: list[str]) -> Game:
        self._wait_for_a_pause()
        copy = Game(*start)
        for key in keys:
            self._wait_for_a_pause()
            copy.choose(key)
        return copy

    def take(self, game: Game, position: int) -> Game | None:
        """A copy of the game as it was after `position` decisions (at or after the barrier)."""
        self._last_activity = time.monotonic()
        self._collect(game)
        # Someone who undoes may well undo again: from now on, copies for a few in a row.
        self.wanted = self.KEEP
        # A copy of another game (one replaced since) is no copy of this one.
        self.ready = [s for s in self.ready if game.history[: len(s.history)] == s.history]
        if not self.ready:
            return None
        spare = self.ready.pop()
        for key in game.history[len(spare.history) : position]:
            spare.choose(key)
        spare.undo_barrier = game.undo_barrier
        return spare

    def wait(self) -> None:
        """Until the copy being made is ready (tests, benchmarks)."""
        if self._building is not None:
            self._building.result()

    def close(self) -> None:
        if self._building is not None:
            self._building.cancel()
        if self._pool is not None and self._shared is None:
            self._pool.shutdown(wait=False, cancel_futures=True)


class Declining:
    """The answer of a figure nobody plays (the bot): the first option that declines."""

    name = "declining"

    def choose(self, decision: Decision, view: dict | None = None) -> str:
        return next((k for k in DECLINES if k in decision.keys), decision.keys[0])


class Session:
    """One game in progress and the people and programs playing it."""

    # Levels that think in the app's pool of processes, not on a thread of the app: the hard
    # player searches for up to a second, holding the interpreter the screen is drawn with; the
    # others answer in a few milliseconds, less than a question costs to send (docs/hosting.md,
    # "Computers").
    POOLED: tuple[str, ...] = ("hard",)

    def __init__(
        self,
        game: Game,
        kinds: dict[str, str] | None = None,
        path: Path | None = None,
        saver: Autosaver | None = None,
        spares: UndoSpares | None = None,
    ) -> None:
        self.game = game
        self.path = path
        self.saver = saver or Autosaver()
        self.kinds: dict[str, str] = {c: (kinds or {}).get(c, HUMAN) for c in game.seats}
        self.fallbacks: list[str] = []
        self._resolved = False
        self._bots: dict[str, ComputerPlayer] = {}
        # Why the seats file could not be written, if it could not (the save itself: `saver.error`).
        self.table_error: str | None = None
        # Counts decisions and undos: a computer's answer thought out for an older position
        # (the game moved on, was undone, or replaced) is recognised as stale and dropped.
        self.moves = 0
        # Seats whose computer is still thinking about a question the table already answered
        # for it: it is not asked again until it is done (a player is not made to think twice
        # at once).
        self.overdue: set[str] = set()
        self.spares = spares or UndoSpares()
        # Its name in the computers' pool, where its players live between questions.
        self.ident = secrets.token_hex(8)

    def resolve_computers(self) -> list[str]:
        """Swap computer kinds this install lacks for the best it has; returns what was swapped.

        Not done on construction: loading the computer players is not needed to draw the table.
        """
        if not self._resolved:
            self._resolved = True
            known = computer_kinds() if any(k != HUMAN for k in self.kinds.values()) else []
            if known:
                from adrenaline_tui.ai import canonical_kind

                # older saves call the normal player "sensible": the same player, renamed
                self.kinds = {c: k if k == HUMAN else canonical_kind(k) for c, k in self.kinds.items()}
            for colour, kind in self.kinds.items():
                if kind != HUMAN and kind not in known:
                    self.fallbacks.append(
                        f"{self.game.name(colour)}: no '{kind}' computer player here, using {best_computer()}"
                    )
                    self.kinds[colour] = best_computer()
            if any(k in self.POOLED for k in self.kinds.values()):
                computer_pool().warm(self.ident)  # started while the table is drawn
        return self.fallbacks

    # ---------------------------------------------------------------- creation
    @classmethod
    def start(
        cls,
        config: GameConfig,
        seed: int,
        kinds: dict[str, str],
        path: Path | None = None,
        *,
        autosave: bool = True,
        saver: Autosaver | None = None,
        spares: UndoSpares | None = None,
    ) -> Session:
        save = path or (storage.new_save_path() if autosave else None)
        session = cls(Game.new(config, seed), kinds, save, saver, spares)
        session.write_table()
        session.autosave()
        return session

    @classmethod
    def resume(cls, path: Path, saver: Autosaver | None = None, spares: UndoSpares | None = None) -> Session:
        """Load a save (raises SaveError with a one-line reason)."""
        game = Game.load(path)
        table, problem = storage.load_table(path)
        seats = table.get("seats", {})
        session = cls(game, {str(k): str(v) for k, v in seats.items()}, path, saver, spares)
        if problem:
            session.fallbacks.append(f"{problem}: every seat is played by a person")
        return session

    # ----------------------------------------------------------------- seats
    @property
    def humans(self) -> list[str]:
        return [c for c in self.game.seats if self.kinds[c] == HUMAN]

    def is_human(self, colour: str) -> bool:
        return self.kinds.get(colour) == HUMAN

    def bot(self, colour: str) -> ComputerPlayer:
        from adrenaline_tui.ai import make_player

        self.resolve_computers()
        if colour not in self.game.seats:
            # The bot of the variants, asked about a Tagback Grenade with everyone hit: it holds
            # no card, and every option but one throws one.
            return Declining()  # type: ignore[return-value]
        if colour not in self._bots:
            index = self.game.seats.index(colour)
            self._bots[colour] = make_player(self.kinds[colour], player_seed(self.game.seed, index))
        return self._bots[colour]

    @property
    def computer_to_move(self) -> bool:
        d = self.game.pending
        return d is not None and not self.is_human(d.player)

    # ------------------------------------------------------------------ play
    def choose(self, key: str) -> list[Event]:
        decided = self.game.pending
        events = self.game.choose(key)
        self.moves += 1
        if self.is_human(self.game.pending.player if self.game.pending else ""):
            # Only a person undoes: copies are kept while one decides.
            self.spares.keep_up(self.game)
        # A person's decision is on the file before anyone is shown what follows; computers'
        # moves are batched (`Autosaver`). The end of a game is written at once either way.
        self.autosave(person=decided is None or self.is_human(decided.player) or self.game.over)
        if self.game.over:
            self.write_table()
        return events

    def computer_choice(self) -> str:
        d = self.game.pending
        assert d is not None and not self.is_human(d.player)
        return self.bot(d.player).choose(d, self.game.view(d.player))

    def think_elsewhere(self) -> Future[str] | None:
        """The computer deciding, asked in the app's pool of processes if its level is one that
        thinks long enough to hold the screen (`POOLED`); None: it thinks here (`computer_choice`)."""
        d = self.game.pending
        assert d is not None and not self.is_human(d.player)
        self.resolve_computers()
        if self.kinds.get(d.player) not in self.POOLED:
            return None
        from adrenaline_tui.ai.pool import question_for

        question = question_for(self, self.ident, TITLE, THINK_BUDGET_SECONDS)
        return None if question is None else computer_pool().ask(question)

    def fallback_choice(self) -> str:
        """The answer given for a computer that ran over its budget: decline an optional
        question, else take the first option."""
        d = self.game.pending
        assert d is not None
        keys = d.keys
        return next((k for k in DECLINES if k in keys and d.kind != "action"), keys[0])

    def public_mark(self) -> tuple[int, int] | None:
        """Where the table may show computers' play: an active player about to choose one of
        their turn's actions (turn number, actions left); None anywhere else.

        Every turn passes these points whatever anyone holds, while the questions in between
        (a Tagback Grenade, a Targeting Scope, a powerup kept for the end of a turn) come and go
        with hidden cards. Drawing computers' play only at these points, at a fixed pace, makes
        what the table sees - and when - independent of those cards.
        """
        d, game = self.game.pending, self.game
        if d is None or d.kind != "action" or d.player != game.active.colour or not game.actions_left:
            return None
        return game.turn, game.actions_left

    def can_undo(self, viewer: str | None) -> bool:
        """Undo is for the person deciding, within their own decisions (the engine's barrier)."""
        d = self.game.pending
        return d is not None and d.player == viewer and self.is_human(viewer) and self.game.can_undo

    def undo(self) -> None:
        game = self.game
        spare = self.spares.take(game, len(game.history) - 1) if game.can_undo else None
        self.game = spare if spare is not None else game.undo()
        self.spares.keep_up(self.game)
        self.moves += 1
        self.autosave()

    # ------------------------------------------------------------ who looks
    def plan_view(self, current: str | None) -> tuple[str | None, bool]:
        """Whose view the screen should show next, and whether the keyboard must change hands first.

        A person deciding sees their own view; when that person is not the one already at the
        screen and more than one person plays, a hand-off screen comes first. While a computer
        decides, a lone person keeps their view; with several people the screen shows only
        public information, since nobody in particular is looking.
        """
        humans = self.humans
        d = self.game.pending
        if d is None:
            return (humans[0] if len(humans) == 1 else None), False
        if self.is_human(d.player):
            return d.player, (d.player != current and len(humans) > 1)
        return (humans[0] if len(humans) == 1 else None), False

    # ----------------------------------------------------------------- saves
    def autosave(self, *, person: bool = True) -> None:
        """Save the game: at once after a person's decision (or an undo, or a start), else with
        the computers' moves batched (`Autosaver.write_later`)."""
        if self.path is not None:
            self.saver.keep(self.path, save_data(self.game), person=person, final=self.game.over)

    def write_table(self) -> None:
        """Written on this thread: it happens twice a game, at the start and at the end."""
        if self.path is not None:
            table: dict[str, object] = {"seats": self.kinds, "over": self.game.over}
            if self.game.ranking is not None:
                # The past-games list shows who won without replaying every save.
                table["ranking"] = self.game.ranking
            try:
                storage.write_table(self.path, table)
                self.table_error = None
            except OSError as exc:
                self.table_error = write_problem(storage.table_path(self.path), exc)

    @property
    def save_problem(self) -> str | None:
        """Why this game is not being saved as it should, if it is not (one line naming the file)."""
        return self.saver.error or self.table_error

    def flush(self) -> None:
        self.saver.flush()
