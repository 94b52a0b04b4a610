"""The SSH door of a live `adrenaline host --ssh`, driven by asyncssh as a hostile guest would.

A session's client process lives exactly as long as the session: connections closed before,
while or after their process starts leave none running; a drop logs one line, no traceback.
The waits are generous bounds for processes to go, not speed tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from .test_host_ssh import RunningHost

SETTLE = 40.0  # the bound on a client's leaving: it is told at once, killed after 10 s


def clients_of(host: RunningHost) -> list[tuple[int, str]]:
    """This host's clients (by its socket), one a terminal: (pid, /dev/pts/N) for each terminal
    held by an `adrenaline client` process or by a process forked by the clients' zygote (a
    child of its own, or a room holding several players' terminals)."""
    socket = str(host.folder / "data" / "host.sock")
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            except OSError:
                continue
            if socket not in argv or not ("client" in argv or "adrenaline_tui.client_zygote" in argv):
                continue
            terminals = set()
            with contextlib.suppress(OSError):
                for fd in (entry / "fd").iterdir():
                    with contextlib.suppress(OSError):
                        target = os.readlink(fd)
                        if target.startswith("/dev/pts/"):
                            terminals.add(target)
            found += [(int(entry.name), t) for t in sorted(terminals)]
    return found


def clients_left(host: RunningHost) -> list[tuple[int, str]]:
    """The host's client processes once none are left, or after `SETTLE` seconds."""
    deadline = time.monotonic() + SETTLE
    while (left := clients_of(host)) and time.monotonic() < deadline:
        time.sleep(0.25)
    return left


class Screen(asyncssh.SSHClientSession):
    """Everything a session's terminal was sent."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.seen += data
        self.changed.set()

    async def wait_for(self, text: bytes, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never came; the screen was sent:\n{bytes(self.seen[-2000:])!r}"
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = RunningHost(tmp_path)
    try:
        yield running
    finally:
        running.stop()


def _connect(host: RunningHost) -> asyncssh.connection._ConnectContextManager:  # type: ignore[name-defined]
    return asyncssh.connect("127.0.0.1", host.port, username="play", known_hosts=None, client_keys=None)


async def _terminal(conn: asyncssh.SSHClientConnection) -> tuple[asyncssh.SSHClientChannel, Screen]:
    chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(100, 30), encoding=None)
    return chan, screen


async def _connect_when_let(host: RunningHost) -> asyncssh.SSHClientConnection:
    """A connection, once the door lets one more in: a guest who went holds their place among
    an address's connections at once until their client has ended (in a room, their app saying
    goodbye), which on a loaded machine can outlast the next few quick connections. What this
    test asks is that every client ends, not how fast."""
    deadline = time.monotonic() + 20
    while True:
        try:
            return await _connect(host)
        except asyncssh.DisconnectError as exc:
            if "too many connections" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def test_quick_disconnects_leave_no_client_running(host: RunningHost) -> None:
    # Each way a guest goes, at each moment: the channel or the whole connection closed at once
    # after the shell request (before the process exists or while it starts), or once the app
    # has drawn its screen.
    for cycle in range(12):
        conn = await _connect_when_let(host)
        chan, screen = await _terminal(conn)
        if cycle % 3 == 2:
            await screen.wait_for(b"Connected as")
        if cycle % 2:
            chan.close()
        conn.close()
        await conn.wait_closed()
    assert await asyncio.to_thread(clients_left, host) == []
    log = host.log.read_text()
    assert "disconnected" in log
    assert "Traceback" not in log, log


async def test_the_host_stopping_ends_every_client(host: RunningHost) -> None:
    conns = []
    for _ in range(2):
        conn = await _connect(host)
        _, screen = await _terminal(conn)
        await screen.wait_for(b"Connected as")
        conns.append(conn)
    assert len(clients_of(host)) == 2
    await asyncio.to_thread(host.stop)
    assert await asyncio.to_thread(clients_left, host) == []
    for conn in conns:
        conn.close()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="ssh is not installed (openssh-client)")
async def test_stock_ssh_is_told_why_it_is_refused(host: RunningHost) -> None:
    from adrenaline_tui.wire.limits import CONNECTIONS_AT_ONCE

    conns = [await _connect(host) for _ in range(CONNECTIONS_AT_ONCE)]
    try:
        ssh = await asyncio.create_subprocess_exec(
            *host.ssh("play").split(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, err = await asyncio.wait_for(ssh.communicate(), 60)
    finally:
        for conn in conns:
            conn.close()
    # Before, the refusal came before the banner: "banner line contains invalid characters".
    assert b"too many connections from your address" in err, err
    assert clients_of(host) == []
