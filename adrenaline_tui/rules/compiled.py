"""A cache of compiled data files, so a game starts without re-checking unchanged YAML.

Checking `weapons.yaml` and the arenas needs pydantic and a YAML parser: about a quarter of a
second, every start. The compiled result only changes when the file or the code that compiles
it changes, so it is pickled under a key made of both. Any problem with the cache (missing,
unreadable, stale, corrupt, a read-only home) just means compiling again; it never fails a load.

The folder is $ADRENALINE_CACHE, else $XDG_CACHE_HOME/adrenaline, else ~/.cache/adrenaline;
ADRENALINE_CACHE=off disables it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

from adrenaline_tui.rules.atomicfile import write_atomic

T = TypeVar("T")

# The modules whose code decides what a compiled card set or arena looks like.
_COMPILERS = ("cards.py", "card_schema.py", "effects.py", "arena.py", "arena_schema.py")


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


def cached(kind: str, name: str, sources: Sequence[Path], build: Callable[[], T]) -> T:
    """`build()`, or its cached result for these exact source files and compiler code."""
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        content = b"".join(p.read_bytes() for p in sources)
    except OSError:
        return build()  # let the builder report an unreadable file properly
    key = hashlib.sha256(_code_fingerprint() + content).hexdigest()[:32]
    entry = folder / f"{kind}-{name}-{key}.pickle"
    try:
        return pickle.loads(entry.read_bytes())
    except Exception:
        pass
    value = build()
    try:
        for stale in folder.glob(f"{kind}-{name}-*.pickle"):
            stale.unlink(missing_ok=True)
        write_atomic(entry, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass
    return value


def load_compiled(kind: str, path: Path, build: Callable[[Path], T]) -> T:
    """`build(path)`, or its cached result for this exact file and compiler code."""
    return cached(kind, path.stem, (path,), lambda: build(path))
