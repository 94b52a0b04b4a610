"""A person's last decision, kept beside a table's save so a killed host or worker loses none.

A table's save (`CODE.json`) is written by its `Autosaver` on the host's saving thread, in
order, behind every other table's saves: under load it can be seconds behind the game. Waiting
for it before sending a person the result of their decision would hold that person (and, on the
loop, everyone) behind every table's writes. So at each person's decision (or undo) the host
writes the save's text as it stands to `CODE.decided` at once, on the loop, without fsync (a
process that dies leaves what it wrote with the kernel; what a power cut may lose is the saves'
business), and sends the result after. The file is written over in place, a header line (its
length and checksum) then the text: no new file and no rename each time, which wait for the
file system's journal behind the saves' fsyncs (0.3 ms a decision at best, far more under
load). A write cut by the process's death fails its checksum, and its result was never sent:
the save is resumed. When the table is woken from its save (`Host.wake`),
`take` keeps whichever of the two is newer:

- the save, if it holds every decision of the kept file and, after an undo, exactly those (a
  save that holds more than an undo left was written before the undo);
- else the kept file, which replaces the save: the game resumes at the person's last decision,
  and the computers' moves since are played again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import zlib
from pathlib import Path

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.tui.session import Autosaver

log = logging.getLogger("adrenaline.host")

SUFFIX = ".decided"


def kept_path(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + SUFFIX)


class TextKeepingSaver(Autosaver):
    """An `Autosaver` that remembers the text it was last given (the game as it stands)."""

    latest: str | None = None

    def write(self, path: Path, text: str) -> None:
        self.latest = text
        super().write(path, text)


def keep(save: Path, text: str, *, undo: bool) -> None:
    """Write a person's decision's game beside its save (over the last one, no fsync)."""
    body = text.encode("utf-8")
    header = json.dumps({"undo": undo, "bytes": len(body), "crc": zlib.crc32(body)}).encode() + b"\n"
    fd = os.open(kept_path(save), os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        os.pwrite(fd, header + body, 0)  # what lies beyond, from a longer one before, is not read
    finally:
        os.close(fd)


def forget(save: Path) -> None:
    """The save holds the game as it stands (flushed): the kept file says nothing more."""
    with contextlib.suppress(OSError):
        kept_path(save).unlink()


def _choices(text: str) -> list[object] | None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    choices = data.get("choices") if isinstance(data, dict) else None
    return choices if isinstance(choices, list) else None


def take(save: Path) -> None:
    """Before a table is woken from `save`: put its kept decision in it if that is newer."""
    path = kept_path(save)
    try:
        header, _, rest = path.read_bytes().partition(b"\n")
        head = json.loads(header)
        body = rest[: head["bytes"]]
        if len(body) != head["bytes"] or zlib.crc32(body) != head["crc"]:
            raise ValueError("cut short (the process ended while writing it)")
        undo = head.get("undo") is True
        text = body.decode("utf-8")
    except FileNotFoundError:
        return
    except (OSError, ValueError, AttributeError, KeyError, TypeError) as exc:
        log.error("%s is unreadable (%s): the save is resumed as it is", path, exc)
        forget(save)
        return
    kept = _choices(text)
    if kept is None:
        log.error("%s holds no game: the save is resumed as it is", path)
        forget(save)
        return
    try:
        saved = _choices(save.read_text(encoding="utf-8"))
    except OSError:
        saved = None
    newer_save = saved is not None and (saved == kept if undo else saved[: len(kept)] == kept)
    if not newer_save:
        write_atomic(save, text)
        log.info(
            "%s: resumed at a person's last decision (%s decisions, the save had %s)",
            save.name,
            len(kept),
            "none" if saved is None else len(saved),
        )
    forget(save)
