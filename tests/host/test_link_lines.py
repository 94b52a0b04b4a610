"""The front door's link to a worker (host/front_door.py, `Link.received`) cuts the worker's bytes
into lines itself: whatever the reads, the client is sent the same lines, one `send_line` each,
and the lines the front door reads are kept back or read, in their place among the others."""

from __future__ import annotations

import json
from typing import Any

from adrenaline_tui.host import front_door
from adrenaline_tui.host.front_door import Link
from adrenaline_tui.wire import protocol


class FakeClient:
    id = 1

    def __init__(self) -> None:
        self.lines: list[bytes] = []

    def send_line(self, line: bytes) -> None:
        self.lines.append(line)


class FakeRelay:
    def __init__(self) -> None:
        self.client = FakeClient()
        self.noticed_messages: list[dict[str, Any]] = []
        self.lost_links: list[Link] = []

    def noticed(self, message: dict[str, Any]) -> None:
        self.noticed_messages.append(message)
        self.order = len(self.client.lines)

    def lost(self, link: Link) -> None:
        self.lost_links.append(link)


class FakeWorker:
    index = 0

    def __init__(self) -> None:
        self.links: set[Link] = set()


class FakeTransport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def link() -> tuple[Link, FakeRelay]:
    relay = FakeRelay()
    return Link(relay, FakeWorker()), relay  # type: ignore[arg-type]


def line(message: dict[str, Any]) -> bytes:
    return protocol.encode(message)


WELCOME = line({"type": "welcome", "version": 1})
STATE_A = line({"type": "state", "view": {"text": "a\nb"}, "n": 1})
CHAT = line({"type": "chat", "from": None, "text": "hi"})
JOINED = line({"type": "joined", "code": "ABCDE", "seat": "blue"})
STATE_B = line({"type": "state", "view": {}, "n": 2})
STREAM = WELCOME + STATE_A + CHAT + JOINED + STATE_B
RELAYED = [STATE_A, CHAT, JOINED, STATE_B]  # the first welcome answers the front door's hello


def test_the_same_lines_whatever_the_reads() -> None:
    for size in (1, 2, 7, 50, len(STREAM)):
        one, relay = link()
        for at in range(0, len(STREAM), size):
            one.received(STREAM[at : at + size])
        assert relay.client.lines == RELAYED, size
        assert relay.noticed_messages == [json.loads(JOINED)]
        assert relay.order == 2  # noticed after the chat before it was sent, before its own line


def test_an_unfinished_line_is_not_passed_on_when_the_worker_ends() -> None:
    one, relay = link()
    one.received(WELCOME + STATE_A + STATE_B[:-5])
    one.ended(None)
    assert relay.client.lines == [STATE_A]
    assert relay.lost_links == [one]
    one.received(STATE_B[-5:])  # nothing after the end
    assert relay.client.lines == [STATE_A]


def test_a_done_line_settles_the_guarded_wait_and_is_not_relayed() -> None:
    import asyncio

    async def run() -> dict[str, Any]:
        one, relay = link()
        one.done = asyncio.get_running_loop().create_future()
        one.received(WELCOME + line({"type": "_done", "wrong": True}) + CHAT)
        assert relay.client.lines == [CHAT]
        return await one.done

    assert asyncio.run(run()) == {"type": "_done", "wrong": True}


def test_a_line_past_the_limit_breaks_the_link(monkeypatch: Any) -> None:
    monkeypatch.setattr(front_door.protocol, "MAX_HOST_LINE", 100)
    one, relay = link()
    transport = FakeTransport()
    one.transport = transport  # type: ignore[assignment]
    one.received(WELCOME + b'{"type":"state","x":"' + b"y" * 60)
    assert not transport.aborted
    one.received(b"y" * 60)
    assert transport.aborted
    assert relay.client.lines == []
