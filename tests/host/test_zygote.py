"""The clients' zygote (host/zygote.py; client_zygote.py is the process itself): the SSH door's
clients are forked from it, it refuses what is not a request, and its death is noticed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import pty
import signal
import socket
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest

from adrenaline_tui.host import zygote as zygote_module
from adrenaline_tui.host.programs import own_program
from adrenaline_tui.host.ssh import SSHDoor
from adrenaline_tui.host.zygote import Zygote, ZygoteChild, start_zygote


def _connect(port: int):
    return asyncssh.connect("127.0.0.1", port, username="play", known_hosts=None, client_keys=None)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _stat(pid: int) -> list[str]:
    """ppid, pgrp, session, ... of /proc/PID/stat."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1:]


def _inodes(pid: int) -> set[str]:
    """The sockets and pipes a process holds ("socket:[123]")."""
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith(("socket:", "pipe:")):
                found.add(target)
    return found


def _children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


async def _until(check, what: str, seconds: float = 60.0) -> None:
    for _ in range(int(seconds * 10)):  # a bound, not a speed test
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never: {what}")


async def _door_with_zygote(tmp_path: Path, room_size: int = 1) -> tuple[SSHDoor, Zygote, int]:
    """A door whose zygote forks a process a player (room size 1: rooms are tests/host/test_rooms.py's)."""
    sock = tmp_path / "no-host.sock"
    zygote = await start_zygote(tmp_path / "data", sock, room_size=room_size)
    assert await zygote.until_ready()
    door = SSHDoor(tmp_path / "data", sock, zygote=zygote)
    port = await door.start("127.0.0.1", 0)
    return door, zygote, port


async def _a_session_client(door: SSHDoor, conn: asyncssh.SSHClientConnection) -> tuple[object, object]:
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    await asyncio.wait_for(process.stdout.read(1), 60)  # the client draws: it runs
    await _until(lambda: any(s.process is not None for s in door.sessions), "a client")
    return process, next(s.process for s in door.sessions)


async def test_the_ssh_doors_clients_are_forked_from_the_zygote_and_end_with_the_group_kill(tmp_path: Path) -> None:
    door, zygote, port = await _door_with_zygote(tmp_path)
    try:
        async with _connect(port) as conn:
            _, client = await _a_session_client(door, conn)
            assert isinstance(client, ZygoteChild)
            ppid, group, session = _stat(client.pid)[:3]
            assert int(ppid) == zygote.pid
            # A session and process group of its own, led by the client: the door's killpg reaches it.
            assert int(group) == client.pid and int(session) == client.pid
            # Nothing of the host's (this process) or of the zygote's: its sockets are its own.
            assert _inodes(client.pid) & (_inodes(os.getpid()) | _inodes(zygote.pid)) == set()
            # Its terminal is the session's pty: 0, 1 and 2, and its controlling terminal.
            tty = os.readlink(f"/proc/{client.pid}/fd/0")
            assert tty.startswith("/dev/pts/") and os.readlink(f"/proc/{client.pid}/fd/2") == tty
            assert int(_stat(client.pid)[3]) != 0  # tty_nr
            pid = client.pid
        # The connection closed: the door ends the session, its group with it.
        await _until(lambda: not _alive(pid) and not door.sessions, "the client gone with its session")
        assert _children(zygote.pid) == []
    finally:
        door.close()
        zygote.close()


async def test_a_client_that_ignores_the_hangup_is_killed_with_its_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zygote_module.limits, "STOP_GRACE", 0.5)
    door, zygote, port = await _door_with_zygote(tmp_path)
    try:
        async with _connect(port) as conn:
            _, client = await _a_session_client(door, conn)
            # Hang-ups ignored by everything in its group (as a stubborn client would).
            os.killpg(client.pid, signal.SIGSTOP)
        await _until(lambda: not _alive(client.pid), "the stubborn client killed")
        await _until(lambda: not door.sessions and not door.limits.open, "its slot released")
    finally:
        door.close()
        zygote.close()


# ------------------------------------------------------------------- the zygote's requests
@pytest.fixture
def raw_zygote(tmp_path: Path):
    """A zygote process and our end of its socket pair, spoken to packet by packet."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    command = own_program("adrenaline_tui.client_zygote", "--fd", str(theirs.fileno()), "--socket", str(tmp_path / "s"))
    process = subprocess.Popen(command, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
    theirs.close()
    ours.settimeout(120)
    assert json.loads(ours.recv(4096)) == {"ready": True}
    yield process, ours
    ours.close()
    process.wait(timeout=30)
    for pid in _children(process.pid) if process.poll() is None else []:
        os.kill(pid, signal.SIGKILL)


GOOD = {"id": 1, "term": "xterm", "name": "ann", "address": "192.0.2.7", "identity": ""}


@pytest.mark.parametrize(
    ("packet", "with_tty", "reason"),
    [
        (b"not json", True, "JSON"),
        (json.dumps({**GOOD, "extra": 1}).encode(), True, "exactly the fields"),
        (json.dumps({**GOOD, "term": "xterm\x1b[2J"}).encode(), True, "term"),
        (json.dumps({**GOOD, "name": "a\x1bb"}).encode(), True, "name"),
        (json.dumps({**GOOD, "name": "x" * 200}).encode(), True, "name"),
        (json.dumps({**GOOD, "address": "; rm -rf /"}).encode(), True, "address"),
        (json.dumps({**GOOD, "identity": "--socket /tmp/x"}).encode(), True, "identity"),
        (json.dumps(GOOD).encode(), False, "descriptor"),
        (json.dumps(GOOD).encode() + b" " * 5000, True, "one packet"),
        (json.dumps([GOOD]).encode(), True, "exactly the fields"),
    ],
)
def test_a_malformed_request_is_refused_in_one_line_and_starts_nothing(
    raw_zygote, packet: bytes, with_tty: bool, reason: str
) -> None:
    process, channel = raw_zygote
    fds_before = len(os.listdir(f"/proc/{process.pid}/fd"))
    master, slave = pty.openpty()
    try:
        socket.send_fds(channel, [packet], [slave] if with_tty else [])
        answer = json.loads(channel.recv(4096))
    finally:
        os.close(master)
        os.close(slave)
    assert set(answer) == {"id", "refused"} and reason in answer["refused"]
    assert "\n" not in answer["refused"]
    assert _children(process.pid) == []
    assert len(os.listdir(f"/proc/{process.pid}/fd")) == fds_before  # the descriptor sent is closed


def test_a_descriptor_that_is_not_a_terminal_is_refused(raw_zygote) -> None:
    process, channel = raw_zygote
    read, write = os.pipe()
    try:
        socket.send_fds(channel, [json.dumps(GOOD).encode()], [read])
        answer = json.loads(channel.recv(4096))
    finally:
        os.close(read)
        os.close(write)
    assert answer == {"id": 1, "refused": "the descriptor is not a terminal"}
    assert _children(process.pid) == []


def test_a_good_request_starts_one_client_and_its_end_is_reported(raw_zygote) -> None:
    process, channel = raw_zygote
    master, slave = pty.openpty()
    try:
        socket.send_fds(channel, [json.dumps(GOOD).encode()], [slave])
        os.close(slave)
        answer = json.loads(channel.recv(4096))
        assert set(answer) == {"id", "pid"} and _children(process.pid) == [answer["pid"]]
        for _ in range(600):  # until the child leads its own group (a bound, not a speed test)
            if int(_stat(answer["pid"])[1]) == answer["pid"]:
                break
            time.sleep(0.1)
        os.killpg(answer["pid"], signal.SIGKILL)
        assert json.loads(channel.recv(4096)) == {"exited": answer["pid"], "code": 1}
    finally:
        os.close(master)


# ------------------------------------------------------------------------- its death
async def test_the_zygote_dying_is_noticed_the_door_falls_back_and_a_new_one_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    door, zygote, port = await _door_with_zygote(tmp_path)
    try:
        first = zygote.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        await _until(lambda: zygote.channel is None, "the zygote's death noticed")
        assert "the clients' zygote ended" in caplog.text
        monkeypatch.setattr(zygote_module, "RESTART_INTERVAL", 0.0)
        async with _connect(port) as conn:
            # While the new zygote warms up, the client is today's: a program of its own.
            _, client = await _a_session_client(door, conn)
            assert not isinstance(client, ZygoteChild)
            assert "the client runs in its own interpreter" in caplog.text
        assert zygote.pid != first
        assert await zygote.until_ready()
        async with _connect(port) as conn:
            await _until(lambda: not door.sessions, "the last session gone")
            _, client = await _a_session_client(door, conn)
            assert isinstance(client, ZygoteChild) and int(_stat(client.pid)[0]) == zygote.pid
    finally:
        door.close()
        zygote.close()
