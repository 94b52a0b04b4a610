"""A save as a snapshot and a journal of the decisions made since (the host's tables).

A table's save `CODE.json` is the ordinary save (any title whose save holds its decisions as a
`choices` list). Rewriting it whole at every person's decision costs a new file and a rename in a
folder every table shares (docs/hosting.md, "Saves"); instead, beside it, `CODE.journal` gets one
short line appended per write: where in the list of decisions it starts and the decisions from
there (an undo starts before the end). The snapshot is rewritten, atomically, only now and then
(compaction): a game's first save, when the journal has grown past a size, and at the game's end.

    <crc32 of the JSON, 8 hex digits> <JSON>\\n

The first line is a header naming the snapshot the journal follows (a hash of its bytes): a
journal left by a compaction cut short (the new snapshot renamed, the journal not yet started
again) follows another snapshot and is ignored. Every later line is `{"at": n, "add": [keys]}`.

A journal is read as hostile: it is bounded in size, a last line without its newline (a write
cut short) is ignored, and at the first line that is not what this module writes the rest is
ignored with a one-line reason; the snapshot and the good lines before it are what the table
resumes from. `fold` makes snapshot and journal one snapshot again, so every reader of saves
(each title's loader, with its own bounds) reads one plain file: a save without a journal, as
every save before the journal was, is read as it always was.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from adrenaline_tui.atomicfile import write_renamed
from adrenaline_tui.rules.jsonfile import JsonFileError, read_bytes

log = logging.getLogger(__name__)

SUFFIX = ".journal"
FORMAT = "adrenaline-journal"
VERSION = 1
# Bounds of what is read, far above what is written: a journal is compacted past
# `COMPACT_BYTES` (a save of the longest game is 9 kB), a key is at most 64 characters, a save
# holds at most 20,000 decisions. A journal past its bound is not read at all.
MAX_JOURNAL_BYTES = 4 << 20
MAX_SNAPSHOT_BYTES = 4 << 20
MAX_LINE_BYTES = 64 << 10
MAX_KEY = 200
MAX_CHOICES = 20_000  # as a save holds (rules/saves.py, each title's)
# The journal is compacted into a new snapshot once it holds this many bytes: a few snapshots'
# worth, so a compaction (one old-style save) comes every few hundred lines.
COMPACT_BYTES = 16 << 10


def journal_path(save: Path) -> Path:
    """`CODE.json`'s journal is `CODE.journal`, in the same folder (not `*.json`: the host's
    list of saved tables and the app's list of saves do not see it)."""
    return save.with_name(save.name.removesuffix(".json") + SUFFIX)


def digest(snapshot: bytes) -> str:
    return hashlib.blake2b(snapshot, digest_size=16).hexdigest()


# `json.dumps(entry, separators=(",", ":"))` made a new encoder for every line (a line a person's
# decision, and a batch of computers' moves, at every table).
_COMPACT = json.JSONEncoder(separators=(",", ":"))


def line(entry: dict[str, Any]) -> bytes:
    """One journal line: the checksum of the JSON, the JSON, a newline."""
    body = _COMPACT.encode(entry).encode()
    return b"%08x %s\n" % (zlib.crc32(body), body)


def header(snapshot: bytes) -> bytes:
    return line({"journal": FORMAT, "version": VERSION, "base": digest(snapshot)})


def entry(at: int, add: list[str]) -> bytes:
    return line({"at": at, "add": add})


class JournalError(ValueError):
    """One line of the journal is not what this module writes (the message says why)."""


def _parse(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_LINE_BYTES:
        raise JournalError(f"{len(raw)} bytes long")
    crc, _, body = raw.partition(b" ")
    if len(crc) != 8 or crc.strip(b"0123456789abcdef"):
        raise JournalError("no checksum")
    if int(crc, 16) != zlib.crc32(body):
        raise JournalError("wrong checksum")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise JournalError(f"not JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise JournalError("not an object")
    return data


def _apply(data: dict[str, Any], choices: list[str]) -> None:
    """One line's decisions, in place: each costs what it removes and adds, so a journal of any
    shape costs what its bytes do (a copy a line would cost lines times decisions)."""
    at, add = data.get("at"), data.get("add")
    if set(data) != {"at", "add"} or type(at) is not int or not isinstance(add, list):
        raise JournalError("not a journal entry")
    if not 0 <= at <= len(choices):
        raise JournalError(f"starts at decision {at} of {len(choices)}")
    if any(not isinstance(k, str) or not 0 < len(k) <= MAX_KEY for k in add):
        raise JournalError("a decision is not a short text")
    if at + len(add) > MAX_CHOICES:
        raise JournalError(f"more than {MAX_CHOICES} decisions")
    del choices[at:]
    choices.extend(add)


def replay(snapshot: bytes, journal: bytes) -> tuple[list[str] | None, str | None]:
    """The decisions the snapshot's choices and the journal make together (None: the journal
    does not follow this snapshot, or has nothing in it), and why part of it was not read.

    `snapshot` must hold a save whose `choices` are a list (ValueError otherwise)."""
    try:
        save = json.loads(snapshot)
    except RecursionError:
        raise ValueError("the save is nested too deep") from None
    if not isinstance(save, dict) or not isinstance(save.get("choices"), list):
        raise ValueError("the save has no list of choices")
    lines = journal.split(b"\n")
    lines.pop()  # after the last newline: empty, or a line whose write was cut short
    if not lines:
        return None, None
    try:
        head = _parse(lines[0])
    except JournalError as exc:
        return None, f"its first line is damaged ({exc}): ignored"
    if head.get("journal") != FORMAT or head.get("version") != VERSION:
        return None, "it is not a journal of this program's: ignored"
    if head.get("base") != digest(snapshot):
        return None, None  # a compaction cut short: the snapshot is newer than the journal
    choices: list[str] = list(save["choices"])
    for number, raw in enumerate(lines[1:], start=2):
        try:
            _apply(_parse(raw), choices)
        except JournalError as exc:
            return choices, f"line {number} is damaged ({exc}): the game resumes from the decision before it"
    return choices, None


# What a table's people are told when part of its journal could not be read (the reason, with
# the host's paths, goes to the host's log only).
DAMAGED_NOTICE = "Part of this table's save could not be read: the game goes on from before the damage"


def fold(save: Path) -> str | None:
    """Make the save one plain file again: its snapshot with the journal's decisions in it,
    renamed over it. Returns why part of the journal was not read (a one-line reason naming
    the file), or None. A save whose snapshot cannot be read is left as it is (its title's
    loader says what is wrong); an OSError is raised if the folded save cannot be written (then
    nothing was changed).

    The journal is left where it is: it names the snapshot before the fold, so it is ignored
    beside the folded one, and read again if a power cut takes the fold back (which is why the
    fold need not wait for the disk, on the host's loop); the table's first write starts it
    again (`Autosaver`)."""
    jpath = journal_path(save)
    try:
        journal = read_bytes(jpath, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return None
    except JsonFileError as exc:
        # Too big, or not a regular file: not read at all; the snapshot stands.
        return f"{jpath}: {exc}: ignored, the game resumes from {save.name}"
    try:
        snapshot = read_bytes(save, MAX_SNAPSHOT_BYTES)
        choices, problem = replay(snapshot, journal)
    except (FileNotFoundError, JsonFileError, ValueError):
        return None
    if choices is not None:
        data = json.loads(snapshot)
        data["choices"] = choices
        write_renamed(save, json.dumps(data, separators=(",", ":")))
    return None if problem is None else f"{jpath}: {problem}"


def read(save: Path) -> dict[str, Any]:
    """The save's data as a resumed table would find it (tests and tools; the host `fold`s)."""
    snapshot = save.read_bytes()
    data = json.loads(snapshot)
    with contextlib.suppress(FileNotFoundError):
        choices, _problem = replay(snapshot, journal_path(save).read_bytes())
        if choices is not None:
            data["choices"] = choices
    return data


# Linux's sync_file_range: start writing a file's dirty pages, without waiting (no call elsewhere).
SYNC_FILE_RANGE_WRITE = 2
_sync_file_range: Callable[[int, int, int, int], int] | bool | None = False  # False: not looked up yet


def start_writeback(fd: int) -> None:
    """Set the disk writing what `fd` holds, without waiting for it (a head start for the
    fdatasync that follows; it promises nothing by itself). A no-op where the C library has no
    `sync_file_range`."""
    global _sync_file_range
    if _sync_file_range is False:
        try:
            import ctypes

            call = ctypes.CDLL(None, use_errno=True).sync_file_range
            call.argtypes = [ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint]
            call.restype = ctypes.c_int
            _sync_file_range = call
        except (OSError, AttributeError):
            _sync_file_range = None
    if _sync_file_range:
        _sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE)


# How long the syncing thread gathers the tables' syncs before it runs them: one wake-up of the
# thread for every table that asked in that time, rather than one for each few (a worker with
# computers answering at once asked a hundred and more a second). The price: a power cut may lose
# a person's decisions of the last GATHER_SECONDS (and the fsync's own time); a killed process
# loses none, the line is in the kernel before anyone is shown what follows (docs/hosting.md,
# "What a crash can lose").
GATHER_SECONDS = 0.05


class Syncer:
    """Waits for the disk (fsync) on behalf of many tables on one thread, out of their loop's
    way: a table asks (`want`) after a person's decision is in its journal; the thread, woken
    at the first ask, waits until `gather` seconds after it and then syncs each table that asked
    meanwhile (one hand-over and one sleep a batch, not one a decision; a table asking again
    before its turn is synced once)."""

    def __init__(
        self,
        pool: Executor,
        *,
        gather: float = GATHER_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._pool = pool
        self._gather = gather
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._wanted: dict[int, tuple[Callable[[], None], Callable[[], None] | None]] = {}
        self._since = 0.0  # when the oldest sync waiting was asked for
        self._running = False

    def want(self, key: object, sync: Callable[[], None], start: Callable[[], None] | None = None) -> None:
        """`sync` waits for the disk; `start`, if given, only sets the writing going (run for
        every table of a batch before the first `sync`)."""
        with self._lock:
            if not self._wanted:
                self._since = self._clock()
            self._wanted[id(key)] = (sync, start)
            if self._running:
                return
            self._running = True
        self._pool.submit(self._run)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._wanted:
                    self._running = False
                    return
                wait = self._since + self._gather - self._clock()
            if wait > 0:
                self._sleep(wait)
            with self._lock:
                wanted, self._wanted = self._wanted, {}
            # Every journal's writing started first, then each waited for: the first fdatasync's
            # commit then covers the others', which mostly find their lines on the disk already
            # (a batch of 8 appended journals here: 2.2 -> 1.3 waits of the thread a journal).
            for _sync, start in wanted.values():
                if start is not None:
                    try:
                        start()
                    except Exception:  # only a head start: the sync below says what failed
                        log.debug("a journal's writing could not be started", exc_info=True)
            for sync, _start in wanted.values():
                try:
                    sync()
                except Exception:  # one table's failure must not stop every other table's syncs
                    log.exception("a journal's sync failed")
