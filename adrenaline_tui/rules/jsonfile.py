"""Reading a JSON file that anybody on the account may have written, within bounds.

Saves, their sidecars, the settings and the lesson progress all live in a folder that every guest
of a shared account can write. Any of them may be huge, endless (`/dev/zero`, a pipe), nested a
hundred thousand deep, hold numbers of thousands of digits or text full of terminal escapes.
`read_json` refuses all of that with a one-line reason (`JsonFileError`) before anything walks
the data, so no reader has to think about it: what it gets back is small, shallow, plain data.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from adrenaline_tui.printable import has_control

# A number longer than this is not a count, a seed or a setting of ours (a 64-bit seed is 20).
MAX_NUMBER_DIGITS = 24


class JsonFileError(ValueError):
    """The file cannot be read as bounded JSON; the message is one line, without the path."""


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """At most `max_bytes` of a regular file; anything else (a folder, a pipe, a device) is refused.

    Opened without waiting (a pipe would otherwise block until someone writes to it) and checked
    on the open file, so it cannot be swapped for something else between the check and the read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise JsonFileError(f"cannot be opened ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise JsonFileError("not a regular file")
        if info.st_size > max_bytes:
            raise JsonFileError(f"too big ({info.st_size} bytes; at most {max_bytes})")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise JsonFileError(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:  # it grew after the check
        raise JsonFileError(f"too big (over {max_bytes} bytes)")
    return data


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise JsonFileError(f"a number of {len(text)} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER_DIGITS * 2 else math.inf
    if not math.isfinite(value):
        raise JsonFileError(f"the number {text[:MAX_NUMBER_DIGITS]} is out of range")
    return value


def _not_json(name: str) -> float:
    raise JsonFileError(f"'{name}' is not a JSON number")


def parse_json(data: bytes, *, max_depth: int, max_text: int) -> Any:
    """Plain JSON data, nested at most `max_depth` deep, every text (keys too) at most `max_text`
    characters long and free of control characters."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonFileError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_not_json)
    except json.JSONDecodeError as exc:
        raise JsonFileError(f"broken JSON at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise JsonFileError(f"nested too deeply (at most {max_depth} levels)") from None
    check_data(value, max_depth=max_depth, max_text=max_text)
    return value


def check_data(value: Any, *, max_depth: int, max_text: int) -> None:
    """Walked with a list, not recursion: the data may be as deep as the parser allowed. The texts
    are gathered and checked at once (a save may hold tens of thousands of them)."""
    texts: list[str] = [value] if isinstance(value, str) else []
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        if depth > max_depth:
            raise JsonFileError(f"nested too deeply (at most {max_depth} levels)")
        if isinstance(item, dict):
            texts.extend(item)
            item = item.values()
        texts.extend(v for v in item if isinstance(v, str))
        stack.extend((v, depth + 1) for v in item if isinstance(v, dict | list))
    if not texts:
        return
    longest = max(map(len, texts))
    if longest > max_text:
        raise JsonFileError(f"a text of {longest} characters (at most {max_text})")
    if has_control("".join(texts)):
        raise JsonFileError("a text holds a control character")


def read_json(path: Path, *, max_bytes: int, max_depth: int, max_text: int) -> Any:
    """The data in the JSON file at `path`, within the bounds. FileNotFoundError when there is no
    file; JsonFileError, with a one-line reason, for anything else that stops it being read."""
    return parse_json(read_bytes(path, max_bytes), max_depth=max_depth, max_text=max_text)
