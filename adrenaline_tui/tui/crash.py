"""An error nobody expected: one line on the terminal, the traceback in a log on this machine.

Textual's own handler prints the traceback with its local variables: file paths, a game's whole
state (other seats' cards included) and whatever the failing line was reading. On a guest's
terminal (the SSH door, the web door, a game account's login shell) that is the host's business,
not the guest's, and even at home a screenful of frames tells a player nothing they can act on.
So the app writes the traceback (without locals) to a log file and says in one line what
happened and where the details are.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from adrenaline_tui.printable import printable

# A crash log is written by a process a guest may make crash on purpose, again and again: it
# never grows past this; the older half is kept beside it (`.1`), the one before is dropped.
MAX_LOG = 1024 * 1024


def record(path: Path | None, error: BaseException) -> Path | None:
    """Append `error`'s traceback to `path`; the file written, or None if none could be."""
    if path is None:
        return None
    text = "".join(traceback.format_exception(error))
    entry = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} pid {os.getpid()}\n{text}\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size + len(entry) > MAX_LOG:
            os.replace(path, path.with_name(path.name + ".1"))
        # O_NOFOLLOW: a link planted where the log goes is not followed to another file.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", errors="replace") as log:
            log.write(entry[:MAX_LOG])
    except OSError:
        return None
    return path


def one_line(error: BaseException, log: Path | None, where: str | None = None) -> str:
    """What the terminal is told: what kind of error, and where its details are (if anywhere)."""
    kind = type(error).__name__
    told = where or (str(log) if log else None)
    details = f"; the details are in {told}" if told else ""
    return printable(f"adrenaline: stopped by an error the game did not expect ({kind}){details}.")
