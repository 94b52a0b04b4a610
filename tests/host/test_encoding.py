"""How a message is written on the wire (`protocol.encode`): one JSON line, its type first, that
any JSON reader reads as the message; text as UTF-8 (not escaped: shorter, and quicker to write
than the standard library's encoder, which held a tenth of a host worker's Python)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from adrenaline_tui.titles import registry
from adrenaline_tui.wire import protocol


def _states(seed: int) -> list[dict[str, Any]]:
    hosting = registry.title("adrenaline").host()
    assert hosting is not None
    kinds = {"yellow": "human", "blue": "human", "grey": "human"}
    session = hosting.start(3, {"arena": "arena_11a", "skulls": "5"}, kinds, seed, None)
    rng = random.Random(seed)
    out = []
    for _ in range(300):
        d = session.game.pending
        if d is None:
            break
        view = session.game.view(d.player)
        message = {"type": "state", "view": view, "events": [list(e) for e in session.game.events[-4:]]}
        if view["pending"].get("options"):
            message["hints"] = hosting.hints(session, view)
        out.append(message)
        session.choose(rng.choice(d.options).key)
    return out


def test_a_line_reads_back_as_the_message_whole_games_through() -> None:
    for message in _states(3):
        line = protocol.encode(message)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert line.startswith(b'{"type":"state",')  # the front door reads the type at its head
        assert json.loads(line) == json.loads(json.dumps(message))


@pytest.mark.parametrize(
    "text",
    ["Zoë ☃", "tab\there\nnewline \x00 \x1f", "\u2028\u2029", "\U0001d518nicode", 'quote " and \\ backslash'],
)
def test_text_is_written_as_utf8_and_read_back_the_same(text: str) -> None:
    line = protocol.encode({"type": "chat", "from": text, "text": text})
    assert json.loads(line) == {"type": "chat", "from": text, "text": text}
    assert b"\n" not in line[:-1]  # control characters escaped: one message, one line
    if not text.isascii() and "\u2028" not in text:
        assert text.encode() in line  # as UTF-8, not \\u escapes


def test_what_utf8_cannot_carry_is_still_sent() -> None:
    """A lone surrogate (JSON may carry one in; UTF-8 cannot) falls back to the escaped form."""
    message = {"type": "chat", "from": None, "text": "x\ud800y", 3: (1, 2)}
    assert json.loads(protocol.encode(message)) == json.loads(json.dumps(message))
