"""The web door's tabs as players in rooms (client_room.py's `RoomWebDriver`): a tab's client is
a place in a room of the door's own zygote, not a process; closing a tab ends that player only;
and every limit the door holds for a process holds for a room's player too.

The real client, a real host, the door in-process with aiohttp's websocket client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp  # installed with textual-serve
from aiohttp import web

from adrenaline_tui import client_room
from adrenaline_tui.host import zygote as zygote_module
from adrenaline_tui.host.web import make_door
from adrenaline_tui.host.zygote import Refused, check_descriptor, check_request
from adrenaline_tui.tui.app import HANGUP_STATUS
from adrenaline_tui.wire import limits
from tests.host.wire import start_host, stop_host

WAIT = 60.0


class Door:
    """The web door with rooms of `room_size`, its zygote ready."""

    def __init__(self, folder: Path, sock: Path, room_size: int = 4, **kwargs) -> None:
        self.door = make_door(sock, folder, room_size=room_size, **kwargs)
        self.session = aiohttp.ClientSession()

    async def __aenter__(self) -> Door:
        self.runner = web.AppRunner(await self.door.application())
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
        assert self.door.zygote is not None, "the door started no zygote of its own"
        assert await self.door.zygote.until_ready()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.session.close()
        await self.runner.cleanup()

    def tab(self, query: str = "width=80&height=24") -> aiohttp.client._WSRequestContextManager:
        return self.session.ws_connect(f"{self.url}/ws?{query}")

    def seat(self, index: int = -1):
        seats = sorted(self.door.clients, key=id)
        return seats[index]


class Screen:
    """What a tab has been sent: its screen's bytes, and whether the socket closed."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.bytes = bytearray()
        self.closed = False

    async def until(self, wanted: bytes, seconds: float = WAIT) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds  # a bound, not a speed test
        while wanted not in self.bytes:
            if self.closed or loop.time() > deadline:
                raise AssertionError(f"never on the tab's screen: {wanted!r}")
            await self.read(deadline - loop.time())

    async def read(self, seconds: float) -> None:
        try:
            message = await asyncio.wait_for(self.ws.receive(), seconds)
        except TimeoutError:
            return
        if message.type == aiohttp.WSMsgType.BINARY:
            self.bytes += message.data
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            self.closed = True

    async def quiet(self, seconds: float = 1.0) -> None:
        """Read what comes for `seconds`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not self.closed and loop.time() < deadline:
            await self.read(deadline - loop.time())


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def _until(check, what: str, seconds: float = WAIT) -> None:
    for _ in range(int(seconds * 10)):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never: {what}")


async def test_tabs_are_players_in_one_room_and_closing_one_ends_only_that_player(tmp_path: Path) -> None:
    sock = tmp_path / "host.sock"
    host, server = await start_host(tmp_path / "data", sock)
    try:
        async with Door(tmp_path / "data", sock) as door, door.tab() as first_ws, door.tab() as second_ws:
            first, second = Screen(first_ws), Screen(second_ws)
            await first.until(b"Connected as guest")
            await second.until(b"Connected as guest")
            seats = list(door.door.clients)
            assert len(seats) == 2
            children = [seat.child for seat in seats]
            # Places in one room of the door's zygote, not processes of their own.
            assert all(child is not None and child.room for child in children)
            assert len({child.pid for child in children}) == 1
            room = children[0].pid
            assert int(Path(f"/proc/{room}/stat").read_text().rsplit(")", 1)[1].split()[1]) == door.door.zygote.pid
            # Each counted at the host under the tab's address, as a process of its own was.
            await _until(lambda: len(host.clients) == 2, "both players at the host")
            assert {c.address for c in host.clients} == {"127.0.0.1"}

            await first_ws.close()
            await _until(lambda: len(door.door.clients) == 1, "the first tab's player gone from the door")
            (left,) = door.door.clients
            gone = next(seat for seat in seats if seat is not left)
            assert gone.child.returncode == HANGUP_STATUS  # its app saved and left: a hang-up
            assert left.child.returncode is None and _alive(room)
            await _until(lambda: len(host.clients) == 1, "the first player's line to the host closed")
            # The other plays on: a window change reaches their app, which draws at the new size.
            await second.quiet(0.5)
            second.bytes.clear()
            await second_ws.send_json(["resize", {"width": 100, "height": 30}])
            await second.until(b"\x1b[30;")
            assert not second.closed
    finally:
        await stop_host(host, server)


async def test_a_tabs_size_keys_and_idle_time_are_bounded_in_a_room(tmp_path: Path) -> None:
    async with Door(tmp_path / "data", tmp_path / "no-host.sock", idle=600.0) as door, door.tab() as ws:
        screen = Screen(ws)
        await screen.until(b"host")  # the lobby says there is no host to reach
        seat = door.seat()
        assert seat.child is not None and seat.child.room
        # Keys: the door's rate holds for a room's player.
        passed: list[bytes] = []
        put = seat.put

        def counted(kind: bytes, payload: bytes) -> bool:
            if kind == b"D":
                passed.append(payload)
            return put(kind, payload)

        seat.put = counted
        for _ in range(50):
            await ws.send_json(["stdin", "é" * 50])  # 100 bytes each
        await ws.send_json(["focus"])
        await screen.quiet(0.5)
        total = sum(len(p) for p in passed)
        assert 0 < total < 50 * 100
        # Size: the door bounds every resize, and the room's driver draws no more than the bound.
        screen.bytes.clear()
        await ws.send_json(["resize", {"width": 10**6, "height": 10**6}])
        await screen.until(f"\x1b[{limits.MAX_HEIGHT};".encode())
        await screen.quiet(1.0)
        assert f"\x1b[{limits.MAX_HEIGHT + 1};".encode() not in screen.bytes
    async with Door(tmp_path / "data", tmp_path / "no-host.sock", idle=1.0) as door, door.tab() as ws:
        # The lobby's idle time: the player leaves, and their tab's socket closes by itself.
        screen = Screen(ws)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not screen.closed:
            assert loop.time() < deadline, "an idle player in a room never left"
            await screen.read(1.0)
        await _until(lambda: not door.door.clients and not door.door.limits.open, "the tab's slot released")


async def test_the_door_kills_a_room_that_does_not_end_its_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zygote_module.limits, "STOP_GRACE", 0.5)
    async with Door(tmp_path / "data", tmp_path / "no-host.sock") as door:
        async with door.tab() as ws:
            await Screen(ws).until(b"host")
            room = door.seat().child.pid
            os.killpg(room, signal.SIGSTOP)  # stuck: its loop never runs again
        await _until(lambda: not _alive(room), "the stuck room killed")
        await _until(lambda: not door.door.clients and not door.door.limits.open, "its slot released")


def test_a_browsers_player_comes_with_a_socket_and_a_terminals_with_a_terminal() -> None:
    base = {"id": 1, "term": "xterm-256color", "name": "guest", "address": "?", "identity": ""}
    assert check_request(base | {"web": [80, 24]})["web"] == [80, 24]
    for size in ([0, 24], [80], [401, 24], [80, 151], ["80", 24], [True, 24], "80x24"):
        with pytest.raises(Refused):
            check_request(base | {"web": size})
    with pytest.raises(Refused):
        check_request(base | {"other": 1})
    master, slave = os.openpty()
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    datagram, _ = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        check_descriptor(base | {"web": [80, 24]}, theirs.fileno())
        check_descriptor(base, slave)
        with pytest.raises(Refused):
            check_descriptor(base | {"web": [80, 24]}, slave)
        with pytest.raises(Refused):
            check_descriptor(base | {"web": [80, 24]}, datagram.fileno())
        with pytest.raises(Refused):
            check_descriptor(base, theirs.fileno())
    finally:
        for fd in (master, slave):
            os.close(fd)
        for s in (ours, theirs, datagram, _):
            s.close()


async def test_a_browsers_player_in_a_room_speaks_textual_serves_packets(tmp_path: Path) -> None:
    """A room served in this process: the player's screen comes in D packets, a packet longer
    than the door sends ends that player (their end reported), the room goes on."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    room_task = asyncio.ensure_future(client_room.Room(theirs, tmp_path / "no-host.sock", 600.0).serve())
    door_end, player_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        request = {"id": 1, "term": "xterm-256color", "name": "tab", "address": "?", "identity": "", "web": [90, 30]}
        socket.send_fds(ours, [json.dumps(request).encode()], [player_end.fileno()])
        player_end.close()
        door_end.setblocking(False)
        inbox = bytearray()
        packets: list[tuple[bytes, bytes]] = []

        def read() -> bool:
            with contextlib.suppress(BlockingIOError):
                inbox.extend(door_end.recv(65536))
            while len(inbox) >= 5 and len(inbox) >= 5 + int.from_bytes(inbox[1:5], "big"):
                size = int.from_bytes(inbox[1:5], "big")
                packets.append((bytes(inbox[:1]), bytes(inbox[5 : 5 + size])))
                del inbox[: 5 + size]
            return any(b"host" in payload for kind, payload in packets if kind == b"D")

        await _until(read, "the lobby in D packets")
        assert {kind for kind, _ in packets} <= {b"D", b"M"}
        screen = b"".join(payload for kind, payload in packets if kind == b"D")
        assert b"\x1b[30;" in screen and b"\x1b[31;" not in screen  # the page's size, from the request
        door_end.send(b"D" + (10 * limits.MAX_WEB_FRAME).to_bytes(4, "big"))
        ours.setblocking(False)
        ended: list[dict] = []

        def reported() -> bool:
            read()
            with contextlib.suppress(BlockingIOError):
                ended.append(json.loads(ours.recv(4096)))
            return bool(ended)

        await _until(reported, "the player's end reported")
        assert ended == [{"ended": 1, "code": HANGUP_STATUS}]
        assert not room_task.done()
    finally:
        ours.close()
        door_end.close()
        await asyncio.wait_for(room_task, 30)
