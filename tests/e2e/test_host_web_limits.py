"""`adrenaline host --web` against a scripted websocket: the door's limits hold with the real
client behind it (tests/host/test_web_door.py tests each limit with a stand-in client).

A visitor asks for a 65535x65535 screen, then resizes to 10^6 x 10^6: the screen it is sent is
at most 400x150 (before, its client grew ~330 MB a second and outlived the socket). Then it
closes the socket: its client ends (a process of its own, or a player of a room of the web
door's zygote: the room ends with its last player). The waits are generous bounds, not speed tests.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from adrenaline_tui.host.web import OPEN_LINE
from adrenaline_tui.wire import limits

from .terminal import adrenaline_command, end_process

pytestmark = pytest.mark.skipif(importlib.util.find_spec("textual_serve") is None, reason="no textual-serve")
WAIT = 60.0
MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")
ESCAPE = re.compile(rb"\x1b\[[0-9;?<>=]*[A-Za-z~$]|\x1b[()][A-Z0-9]|\x1b[=>78]")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clients_of(folder: Path) -> list[int]:
    """The `adrenaline client` processes of the host whose data folder is `folder`, and the
    rooms of its web door's zygote (a room ends with its last player)."""
    found, zygotes, forked = [], set(), []
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat[0] == "Z" or not any(str(folder).encode() in a for a in argv):
            continue
        if b"client" in argv:
            found.append(int(entry.name))
        elif b"adrenaline_tui.client_zygote" in argv:
            forked.append((int(entry.name), int(stat[1])))
            zygotes.add(int(entry.name))
    return found + [pid for pid, parent in forked if parent in zygotes]


def screen_extent(data: bytes) -> tuple[int, int]:
    """The furthest row a screen's bytes move to, and the longest run of text they draw."""
    rows = [int(m.group(1)) for m in MOVE.finditer(data)]
    text = [len(piece.decode("utf-8", "replace")) for piece in ESCAPE.split(data.replace(b"\r\n", b"\x1b[H"))]
    return max(rows, default=0), max(text, default=0)


async def visit(port: int) -> tuple[tuple[int, int], tuple[int, int]]:
    import aiohttp

    url = f"http://127.0.0.1:{port}/ws?width=65535&height=65535"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:

        async def screen(until: float) -> bytes:
            data = b""
            while time.monotonic() < until:
                try:
                    message = await asyncio.wait_for(ws.receive(), until - time.monotonic())
                except TimeoutError:
                    break
                if message.type != aiohttp.WSMsgType.BINARY:
                    break
                data += message.data
                if len(data) > 50_000_000:
                    break
            return data

        # The lobby's first frames, for a while.
        deadline = time.monotonic() + WAIT
        first = b""
        while b"\x1b[" not in first or len(first) < 2000:
            assert time.monotonic() < deadline, "no screen from the client"
            first += await screen(time.monotonic() + 2)
        first += await screen(time.monotonic() + 3)
        await ws.send_json(["resize", {"width": 10**6, "height": 10**6}])
        after = await screen(time.monotonic() + 5)
    return screen_extent(first), screen_extent(after)


def test_a_huge_screen_is_bounded_and_its_client_ends_with_its_socket(tmp_path: Path) -> None:
    port = free_port()
    folder = tmp_path / "d"
    log = tmp_path / "host.log"
    command = [*adrenaline_command().split(), "host", "--web", f"127.0.0.1:{port}", "--data", str(folder)]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    host = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + WAIT
        while OPEN_LINE not in log.read_text():
            assert time.monotonic() < deadline and host.poll() is None, log.read_text()
            time.sleep(0.2)
        first, after = asyncio.run(visit(port))
        for rows, widest in (first, after):
            assert 0 < rows <= limits.MAX_HEIGHT and widest <= limits.MAX_WIDTH, (first, after)
        deadline = time.monotonic() + WAIT
        while clients_of(folder):
            assert time.monotonic() < deadline, f"clients left after the socket closed: {clients_of(folder)}"
            time.sleep(0.2)
    finally:
        end_process(host, timeout=15)
    assert not clients_of(folder)
