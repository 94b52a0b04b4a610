"""The wire format between a host and its clients: versioned JSON lines (docs/protocol.md).

One message a line, a JSON object with a `type`. Everything a client sends is checked here
before the host looks at it: a line that is too long, not JSON, not an object, of an unknown
type or with a field of the wrong shape becomes a `ProtocolError` with a one-line reason.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic_core import to_json as _to_json

from adrenaline_tui.rules.state import FIGURES

# 5: real-time titles: `act` {key} from a seat at any moment, refused with an
# `error` about "act"; a real-time table's `state` view carries the round's clock (`now`).
# 4: every table names its title (`create.title`, `table.title` and `.options`, `state.title`),
# the first title's as any other's; `welcome` lists the titles. 3: a table may be of another
# title (`create.title`; `table` and `state` then name it), whose view a version-2 client would
# misdraw. 2: anyone but the one deciding is sent a pending
# decision as {player, kind} (a public kind) and no decision count, only at public points.
VERSION = 5
# A client line is short (a key, a code, a chat line); anything longer is refused unread.
MAX_CLIENT_LINE = 4096
# What the host sends is a whole view plus events; a client refuses lines beyond this.
MAX_HOST_LINE = 4 * 1024 * 1024
MAX_CHAT = 200
MAX_NAME = 24
SEAT_KINDS = ("human", "computer")
MIN_TIMER, MAX_TIMER = 10, 3600
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud over voice chat
CODE_LENGTH = 5
_CODE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
_KEY = re.compile(r"^[A-Za-z0-9:_.\-]{1,64}$")
# A seat of a title's table (a colour, a character...): the table says if it has it.
_SEAT = re.compile(r"^[a-z0-9_]{1,16}$")
_WORD = re.compile(r"^[a-z0-9_]{1,32}$")
MAX_OPTIONS = 16


class ProtocolError(ValueError):
    """A client message that cannot be accepted; `str()` is the one-line reason sent back,
    `about` the type of the message refused when it had a known one."""

    about: str | None = None


def encode(message: dict[str, Any]) -> bytes:
    """One line of compact JSON, keys in the message's order (its `type` first, where the front
    door reads it), text as UTF-8. Written by pydantic's serialiser (a dependency already, with
    pydantic): a host's state line in about a third of the standard library's time, which was a
    tenth of a host worker's Python. What it cannot write (a lone surrogate: not UTF-8) falls
    back to the standard library's escaped form."""
    try:
        return _to_json(message) + b"\n"
    except (ValueError, TypeError):  # pydantic's serialisation error is a ValueError
        return (json.dumps(message, separators=(",", ":"), ensure_ascii=True) + "\n").encode()


def printable(text: str, limit: int) -> str:
    """Text safe to show in someone else's terminal: no control characters (no escape
    sequences injected into other players' screens), trimmed to `limit`."""
    return "".join(ch for ch in text if ch.isprintable())[:limit].strip()


def _str(msg: dict[str, Any], field: str, *, limit: int, required: bool = True) -> str | None:
    value = msg.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"'{field}' must be text")
    if len(value) > limit:
        raise ProtocolError(f"'{field}' is longer than {limit} characters")
    return value


def _int(msg: dict[str, Any], field: str, low: int, high: int, default: int | None = None) -> int:
    value = msg.get(field, default)
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"'{field}' must be a whole number from {low} to {high}")
    return value


def _code(msg: dict[str, Any]) -> str:
    code = (_str(msg, "code", limit=16) or "").strip().upper()
    if not _CODE.match(code):
        raise ProtocolError("a table code is 5 letters and digits")
    return code


def _seat(msg: dict[str, Any]) -> str | None:
    seat = _str(msg, "seat", limit=16, required=False)
    if seat is not None and not _SEAT.match(seat):
        raise ProtocolError(f"no seat '{printable(seat, 16)}' (seats are {', '.join(FIGURES)})")
    return seat


def _hello(msg: dict[str, Any]) -> dict[str, Any]:
    if msg.get("v") != VERSION:
        raise ProtocolError(f"this host speaks protocol version {VERSION}: update adrenaline to play here")
    name = printable(_str(msg, "name", limit=200, required=False) or "", MAX_NAME)
    identity = printable(_str(msg, "identity", limit=128, required=False) or "", 128)
    # Where the player connects from, as the door saw it: limits are counted per address.
    address = printable(_str(msg, "address", limit=64, required=False) or "", 64)
    return {"type": "hello", "name": name or "player", "identity": identity, "address": address}


def options_create(t: Any, msg: dict[str, Any]) -> dict[str, Any]:
    """The fields of a `create` set up by options (docs/protocol.md): the title's options as
    words, and each seat in order a person, the host's computer or a level. A title's
    `TitleHost.parse_create` may use it."""
    from adrenaline_tui.titles.registry import UnknownTitle, parse_options

    given = msg.get("options", {})
    if not isinstance(given, dict) or len(given) > MAX_OPTIONS:
        raise ProtocolError("'options' is an object of option names and their values")
    for k, v in given.items():
        if not (isinstance(k, str) and _WORD.match(k) and isinstance(v, str) and _WORD.match(v)):
            raise ProtocolError("each option and its value are short words")
    try:
        options = parse_options(t.engine(), given)
    except UnknownTitle as exc:
        raise ProtocolError(str(exc)) from None
    low, high = t.engine().seat_range
    seats = msg.get("seats")
    kinds = (*SEAT_KINDS, *t.engine().levels)
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8 or any(k not in kinds for k in seats):
        raise ProtocolError(f"'seats' lists each seat as one of {', '.join(kinds)} ({low} to {high} players)")
    if "human" not in seats:
        raise ProtocolError("a table needs at least one person")
    return {"options": options, "kinds": list(seats), "timer": timer(msg)}


def timer(msg: dict[str, Any]) -> int:
    """A create's turn timer: off (0) or a number of seconds a person has for a decision."""
    seconds = _int(msg, "timer", 0, MAX_TIMER, default=0)
    if 0 < seconds < MIN_TIMER:
        raise ProtocolError(f"a turn timer is off (0) or {MIN_TIMER} to {MAX_TIMER} seconds")
    return seconds


def _create(msg: dict[str, Any]) -> dict[str, Any]:
    """A table of any title the host holds (its `TitleHost`): the title, and its own fields,
    checked by its hook (`parse_create`: its options, its seats in order and their kinds)."""
    from adrenaline_tui.titles.registry import UnknownTitle, title

    name = _str(msg, "title", limit=32) or ""
    try:
        t = title(name)
    except UnknownTitle:
        raise ProtocolError(f"no game '{printable(name, 32)}' on this host") from None
    hosting = t.host()
    if hosting is None:
        raise ProtocolError(f"{t.name} cannot be played on a host yet")
    return {"type": "create", "title": t.id, **hosting.parse_create(msg)}


def _join(msg: dict[str, Any]) -> dict[str, Any]:
    return {"type": "join", "code": _code(msg), "seat": _seat(msg)}


def _look(msg: dict[str, Any]) -> dict[str, Any]:
    return {"type": "look", "code": _code(msg)}


def _choose(msg: dict[str, Any]) -> dict[str, Any]:
    key = _str(msg, "key", limit=64) or ""
    if not _KEY.match(key):
        raise ProtocolError("an option key is letters, digits and :_.-")
    return {"type": "choose", "key": key, "decision": _int(msg, "decision", 0, 10**7)}


def _act(msg: dict[str, Any]) -> dict[str, Any]:
    """An action of a real-time title's seat at any moment: its engine's key, checked by the title."""
    key = _str(msg, "key", limit=64) or ""
    if not _KEY.match(key):
        raise ProtocolError("an action key is letters, digits and :_.-")
    return {"type": "act", "key": key}


def _undo(msg: dict[str, Any]) -> dict[str, Any]:
    return {"type": "undo", "decision": _int(msg, "decision", 0, 10**7)}


def _chat(msg: dict[str, Any]) -> dict[str, Any]:
    text = printable(_str(msg, "text", limit=1000) or "", MAX_CHAT)
    if not text:
        raise ProtocolError("an empty chat line")
    return {"type": "chat", "text": text}


def _plain(kind: str):
    return lambda msg: {"type": kind}


PARSERS = {
    "hello": _hello,
    "create": _create,
    "look": _look,
    "join": _join,
    "start": _plain("start"),
    "choose": _choose,
    "undo": _undo,
    "act": _act,
    "chat": _chat,
    "explain": _plain("explain"),
    "leave": _plain("leave"),
    "hand_over": _plain("hand_over"),
    "hand_back": _plain("hand_back"),
    "ping": _plain("ping"),
}


def parse_client_line(line: bytes) -> dict[str, Any]:
    """One line from a client, checked, as a clean dict with only the known fields."""
    if len(line) > MAX_CLIENT_LINE:
        raise ProtocolError(f"a message longer than {MAX_CLIENT_LINE} bytes")
    try:
        msg = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError("not a JSON line") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    kind = msg.get("type")
    parser = PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise ProtocolError(f"unknown message type (known: {', '.join(PARSERS)})")
    try:
        return parser(msg)
    except ProtocolError as exc:
        exc.about = kind
        raise


def valid_code(code: str) -> bool:
    return bool(_CODE.match(code))
