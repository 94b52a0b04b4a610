"""Rooms (client_room.py): several players' clients in one process forked by the clients' zygote.

Each player must see only their own screen and be counted under their own address; closing one
player's terminal ends that player's app only; a crash ends only the app it happened in; and
the door still ends a room that does not comply."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import select
import signal
import socket
import struct
import termios
from pathlib import Path

import asyncssh
import pytest

from adrenaline_tui import client_room
from adrenaline_tui.host import zygote as zygote_module
from adrenaline_tui.host.ssh import SSHDoor
from adrenaline_tui.host.zygote import ZygoteChild, start_zygote
from adrenaline_tui.tui.app import HANGUP_STATUS
from adrenaline_tui.tui.remote_app import RemoteApp
from tests.host.wire import start_host, stop_host

PLAYERS = [("annqx", "192.0.2.11"), ("bobzv", "192.0.2.12"), ("cyrjw", "198.51.100.13")]


def _terminal(width: int = 80, height: int = 24) -> tuple[int, int]:
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    os.set_blocking(master, False)
    return master, slave


def _read(master: int) -> bytes:
    out = b""
    while select.select([master], [], [], 0)[0]:
        try:
            chunk = os.read(master, 65536)
        except (BlockingIOError, OSError):
            break
        if not chunk:
            break
        out += chunk
    return out


async def _until_screen(master: int, seen: bytearray, wanted: bytes, seconds: float = 60.0) -> None:
    for _ in range(int(seconds * 10)):  # a bound, not a speed test
        seen += _read(master)
        if wanted in seen:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never on the screen: {wanted!r}")


async def _until(check, what: str, seconds: float = 60.0) -> None:
    for _ in range(int(seconds * 10)):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never: {what}")


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


# ------------------------------------------------------------------ through the zygote
async def test_players_of_a_room_share_its_process_and_each_sees_only_their_own_screen(tmp_path: Path) -> None:
    sock = tmp_path / "host.sock"
    host, server = await start_host(tmp_path / "data", sock)
    zygote = await start_zygote(tmp_path / "data", sock, room_size=4)
    players: list[tuple[int, ZygoteChild]] = []
    try:
        assert await zygote.until_ready()
        for name, address in PLAYERS:
            master, slave = _terminal()
            child = await zygote.spawn(slave, "xterm-256color", name, address, "")
            os.close(slave)
            assert child is not None and child.room
            players.append((master, child))
        assert len({child.pid for _, child in players}) == 1  # one room
        screens = [bytearray() for _ in players]
        for (master, _), screen, (name, _) in zip(players, screens, PLAYERS, strict=True):
            await _until_screen(master, screen, f"Connected as {name}".encode())
        for screen, (name, _) in zip(screens, PLAYERS, strict=True):
            others = [other.encode() for other, _ in PLAYERS if other != name]
            assert not any(other in screen for other in others)
        # Each is counted under their own address (read while the app is built, not later, when
        # another player's could be in the room's environment).
        await _until(lambda: len(host.clients) == len(PLAYERS), "every player at the host")
        assert sorted(c.address for c in host.clients) == sorted(address for _, address in PLAYERS)

        # The door ends one player: their terminal closed. Only they leave; the room stays.
        first_master, first = players[0]
        os.close(first_master)
        assert await asyncio.wait_for(first.wait(), 30) == HANGUP_STATUS
        assert all(child.returncode is None for _, child in players[1:]) and _alive(first.pid)
        # Their line to the host goes with their app (a process of its own closed it by exiting),
        # so their seat is free for them to come back to.
        await _until(lambda: len(host.clients) == len(PLAYERS) - 1, "the first player gone from the host")
        # The others still draw: a window change reaches the second player's app (read from its pty).
        master, _ = players[1]
        _read(master)
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        await _until_screen(master, bytearray(), b"\x1b[30;")
        # A new player goes to the room with space.
        master, slave = _terminal()
        child = await zygote.spawn(slave, "xterm", "dunkp", "192.0.2.14", "")
        os.close(slave)
        assert child is not None and child.pid == first.pid
        players.append((master, child))
    finally:
        for master, _ in players[1:]:
            with contextlib.suppress(OSError):
                os.close(master)
        for _, child in players:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(child.wait(), 30)
        zygote.close()
        await stop_host(host, server)


async def test_a_room_is_full_at_its_size_and_an_empty_room_ends(tmp_path: Path) -> None:
    zygote = await start_zygote(tmp_path / "data", tmp_path / "no-host.sock", room_size=2)
    players: list[tuple[int, ZygoteChild]] = []
    try:
        assert await zygote.until_ready()
        for i in range(3):
            master, slave = _terminal()
            child = await zygote.spawn(slave, "xterm", f"p{i}", "?", "")
            os.close(slave)
            assert child is not None
            players.append((master, child))
        rooms = [child.pid for _, child in players]
        assert rooms[0] == rooms[1] != rooms[2]
        for master, child in players:
            await _until_screen(master, bytearray(), b"host")
            os.close(master)
            await asyncio.wait_for(child.wait(), 30)
        await _until(lambda: not any(_alive(pid) for pid in rooms), "the empty rooms gone")
    finally:
        zygote.close()


def _connect(port: int):
    return asyncssh.connect("127.0.0.1", port, username="play", known_hosts=None, client_keys=None)


async def test_the_door_kills_a_room_that_does_not_end_its_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zygote_module.limits, "STOP_GRACE", 0.5)
    sock = tmp_path / "no-host.sock"
    zygote = await start_zygote(tmp_path / "data", sock, room_size=4)
    assert await zygote.until_ready()
    door = SSHDoor(tmp_path / "data", sock, zygote=zygote)
    port = await door.start("127.0.0.1", 0)
    try:
        async with _connect(port) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await asyncio.wait_for(process.stdout.read(1), 60)
            await _until(lambda: any(s.process is not None for s in door.sessions), "a client")
            client = next(s.process for s in door.sessions)
            assert isinstance(client, ZygoteChild) and client.room
            ppid, group, session, tty_nr = Path(f"/proc/{client.pid}/stat").read_text().rsplit(")", 1)[1].split()[1:5]
            # The zygote's child, leading a session and group of its own, with no controlling
            # terminal: its players' terminals are descriptors it holds, none of them its 0, 1, 2.
            assert int(ppid) == zygote.pid and int(group) == int(session) == client.pid and tty_nr == "0"
            held = {os.readlink(f) for f in Path(f"/proc/{client.pid}/fd").iterdir()}
            assert any(t.startswith("/dev/pts/") for t in held)
            assert all(os.readlink(f"/proc/{client.pid}/fd/{fd}") == "/dev/null" for fd in (0, 1, 2))
            # A room that is stuck (its loop never runs again) ends nobody by itself.
            os.killpg(client.pid, signal.SIGSTOP)
        await _until(lambda: not _alive(client.pid), "the stuck room killed")
        await _until(lambda: not door.sessions and not door.limits.open, "its slot released")
    finally:
        door.close()
        zygote.close()


# ------------------------------------------------------------------- a room in-process
async def test_a_crash_ends_only_the_app_it_happened_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room served in this process (so one app can be made to fail): the failing player gets
    their error on their own terminal and their end reported; the other plays on."""
    sock = tmp_path / "host.sock"
    host, server = await start_host(tmp_path / "data", sock)
    welcome = RemoteApp._host_welcome

    def fragile(self: RemoteApp, msg: dict) -> None:
        if self.player_name == "crashy":
            raise RuntimeError("a bug in one player's screen")
        welcome(self, msg)

    monkeypatch.setattr(RemoteApp, "_host_welcome", fragile)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    room_task = asyncio.ensure_future(client_room.Room(theirs, sock, 600.0).serve())
    masters = []
    try:
        for i, name in enumerate(["crashy", "steady"]):
            master, slave = _terminal()
            request = {"id": i + 1, "term": "xterm-256color", "name": name, "address": "?", "identity": ""}
            socket.send_fds(ours, [json.dumps(request).encode()], [slave])
            os.close(slave)
            masters.append(master)
        ours.setblocking(False)
        ended: list[dict] = []
        crashed, steady = bytearray(), bytearray()

        def reports() -> bool:
            crashed.extend(_read(masters[0]))  # read as the door does, so the app's writes go out
            steady.extend(_read(masters[1]))
            with contextlib.suppress(BlockingIOError):
                ended.append(json.loads(ours.recv(4096)))
            return bool(ended)

        await _until(reports, "the crashed player's end reported")
        assert ended == [{"ended": 1, "code": 1}]
        await _until_screen(masters[0], crashed, b"stopped by an error the game did not expect (RuntimeError)")
        await _until_screen(masters[1], steady, b"Connected as steady")
        assert b"RuntimeError" not in steady
        assert not room_task.done()
    finally:
        ours.close()  # the zygote is done with the room: it ends with its last player
        for master in masters:
            with contextlib.suppress(OSError):
                os.close(master)
        await asyncio.wait_for(room_task, 30)
        await stop_host(host, server)


async def test_a_players_screen_size_is_bounded_in_a_room(tmp_path: Path) -> None:
    """The door clamps the size on the pty's master; a room's driver bounds it again, as every
    driver does (an in-band resize report is the player's to choose)."""
    from adrenaline_tui.wire.limits import MAX_HEIGHT, MAX_WIDTH

    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    room_task = asyncio.ensure_future(client_room.Room(theirs, tmp_path / "no-host.sock", 600.0).serve())
    master, slave = _terminal(MAX_WIDTH + 600, MAX_HEIGHT + 350)
    try:
        request = {"id": 1, "term": "xterm-256color", "name": "wide", "address": "?", "identity": ""}
        socket.send_fds(ours, [json.dumps(request).encode()], [slave])
        os.close(slave)
        screen = bytearray()
        await _until_screen(master, screen, f"\x1b[{MAX_HEIGHT};".encode())
        await asyncio.sleep(1.0)
        screen += _read(master)
        assert f"\x1b[{MAX_HEIGHT + 1};".encode() not in screen
    finally:
        ours.close()
        os.close(master)
        await asyncio.wait_for(room_task, 30)
