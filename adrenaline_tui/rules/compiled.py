"""A cache of compiled data files, so a game starts without re-checking unchanged YAML.

Checking `weapons.yaml` and the arenas needs pydantic and a YAML parser: most of a second, every
start. The compiled result only changes when the file or the code that compiles it changes, so
it is kept under a key made of both.

The cache folder may be writable by people the game must not trust (a game account shared over
SSH), so an entry is plain JSON, never a format that can carry code (pickle, marshal), and each
kind of entry is rebuilt from it by a strict decoder (`plaindata.decode`, plus the class's own
checks). Anything unexpected in an entry (missing, stale, not a regular file, too big, not JSON,
wrong shape or types) just means compiling again; it never fails a load and never runs anything.

The folder is $ADRENALINE_CACHE, else $XDG_CACHE_HOME/adrenaline, else ~/.cache/adrenaline;
ADRENALINE_CACHE=off disables it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from adrenaline_tui.atomicfile import write_atomic

T = TypeVar("T")

# The modules whose code decides what a compiled card set or arena looks like, or how it is stored.
_COMPILERS = ("cards.py", "card_schema.py", "effects.py", "arena.py", "arena_schema.py", "plaindata.py", "compiled.py")

# The largest entry read back (the biggest real one, a fire table, is a few KB): a planted huge
# file is skipped without reading it.
MAX_ENTRY_BYTES = 1 << 20


def cache_dir() -> Path | None:
    setting = os.environ.get("ADRENALINE_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "adrenaline"


@cache
def _code_fingerprint() -> bytes:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in _COMPILERS:
        source = here / name
        digest.update(source.read_bytes() if source.is_file() else name.encode())
    return digest.digest()


def _read_entry(entry: Path) -> Any:
    """The JSON in `entry`; OSError or ValueError if it is not a small regular file of JSON.

    O_NONBLOCK and the regular-file check keep a planted FIFO or device from blocking the start;
    O_NOFOLLOW refuses a planted symlink."""
    fd = os.open(entry, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
            raise ValueError("not a small regular file")
        data = f.read(MAX_ENTRY_BYTES + 1)
    if len(data) > MAX_ENTRY_BYTES:
        raise ValueError("too big")
    return json.loads(data.decode("utf-8"))


def cached(
    kind: str,
    name: str,
    sources: Sequence[Path],
    build: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
) -> T:
    """`build()`, or its cached result for these exact source files and compiler code.

    `encode` turns the value into JSON-ready data; `decode` rebuilds it, raising on anything
    it does not expect."""
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        content = b"".join(p.read_bytes() for p in sources)
    except OSError:
        return build()  # let the builder report an unreadable file properly
    key = hashlib.sha256(_code_fingerprint() + content).hexdigest()[:32]
    entry = folder / f"{kind}-{name}-{key}.json"
    with contextlib.suppress(Exception):  # whatever is wrong with an entry, compiling again is the answer
        return decode(_read_entry(entry))
    value = build()
    _forget(folder, f"{kind}-{name}-*")
    _forget(folder, "*.pickle")  # entries of older versions, which must never be read
    with contextlib.suppress(OSError):
        write_atomic(entry, json.dumps(encode(value), separators=(",", ":")))
    return value


def _forget(folder: Path, pattern: str) -> None:
    try:
        stale = list(folder.glob(pattern))
    except OSError:
        return
    for path in stale:
        with contextlib.suppress(OSError):  # a folder, or a file we may not remove: skipped
            path.unlink(missing_ok=True)


def load_compiled(
    kind: str, path: Path, build: Callable[[Path], T], encode: Callable[[T], Any], decode: Callable[[Any], T]
) -> T:
    """`build(path)`, or its cached result for this exact file and compiler code."""
    return cached(kind, path.stem, (path,), lambda: build(path), encode, decode)
