"""The SSH door with asyncssh's own client, in-process: keys, refusals and limits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

import asyncssh
import pytest

from adrenaline_tui.host import ssh as door_module
from adrenaline_tui.host.ssh import Limits, SSHDoor, host_key
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.limits import address_key


async def _door(tmp_path: Path, authorized: Path | None = None) -> tuple[SSHDoor, int]:
    door = SSHDoor(tmp_path / "data", tmp_path / "no-host.sock", authorized)
    port = await door.start("127.0.0.1", 0)
    return door, port


def _connect(port: int, **kwargs):
    return asyncssh.connect("127.0.0.1", port, username="play", known_hosts=None, **kwargs)


async def test_the_host_key_is_made_once_and_kept(tmp_path: Path) -> None:
    first = host_key(tmp_path)
    again = host_key(tmp_path)
    assert first.get_fingerprint() == again.get_fingerprint()
    assert (tmp_path / door_module.KEY_FILE).stat().st_mode & 0o077 == 0


async def test_only_authorized_keys_get_in(tmp_path: Path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_text(good.export_public_key().decode())
    door, port = await _door(tmp_path, keys)
    try:
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost)):
            async with _connect(port, client_keys=[bad]):
                pass
        async with _connect(port, client_keys=[good]) as conn:
            assert conn is not None
    finally:
        door.close()


async def test_commands_subsystems_and_forwarding_are_refused(tmp_path: Path) -> None:
    door, port = await _door(tmp_path)
    try:
        async with _connect(port, client_keys=None) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("id", check=False)
            with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.ProcessError)):
                async with conn.start_sftp_client():
                    pass
            # A session without a terminal gets a line saying so, and nothing else.
            result = await conn.run(check=False)
            assert "terminal" in str(result.stdout)
    finally:
        door.close()


async def test_too_many_connections_from_one_address_are_turned_away_in_words(tmp_path: Path) -> None:
    door, port = await _door(tmp_path)
    conns = []
    try:
        # A household behind one address: a full table of five gets in, and more.
        assert limits.CONNECTIONS_AT_ONCE >= 5
        for _ in range(limits.CONNECTIONS_AT_ONCE):
            conns.append(await _connect(port, client_keys=None).__aenter__())
        # The next one is refused after the key exchange, so the client can show the reason
        # (before the banner, OpenSSH printed "banner line contains invalid characters").
        with pytest.raises(asyncssh.DisconnectError) as refused:
            async with _connect(port, client_keys=None):
                pass
        assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
        assert "too many connections from your address" in refused.value.reason
    finally:
        for c in conns:
            c.close()
        door.close()


async def test_a_connection_that_opens_no_session_is_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "NO_SESSION_TIMEOUT", 0.2)
    door, port = await _door(tmp_path)
    try:
        conn = await _connect(port, client_keys=None).__aenter__()
        # Bounded wait for the host to close it (it held its slot for good before).
        await asyncio.wait_for(conn.wait_closed(), 30)
        assert door.limits.open == {}
        async with _connect(port, client_keys=None):
            pass  # and the slot is free again
    finally:
        door.close()


async def test_one_session_a_connection(tmp_path: Path) -> None:
    door, port = await _door(tmp_path)
    try:
        async with _connect(port, client_keys=None) as conn:
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
            # Each session is a client process: a second one on the same connection would let
            # one connection start any number of them.
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
    finally:
        door.close()


def test_ipv6_addresses_are_counted_by_their_64() -> None:
    # One household gets a whole /64: counted one by one, an IPv6 guest would have no limit.
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == address_key("192.0.2.7") == "192.0.2.7"
    door_limits = Limits()
    for n in range(limits.CONNECTIONS_AT_ONCE):
        assert door_limits.admit(f"2001:db8::{n + 1:x}") is None
    assert door_limits.admit("2001:db8::ffff") is not None


def test_every_address_together_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "CONNECTIONS_TOTAL", 3)
    door_limits = Limits()
    assert [door_limits.admit(f"192.0.2.{n}") for n in range(3)] == [None, None, None]
    assert "as many players as it can take" in (door_limits.admit("198.51.100.1") or "")
    door_limits.release("192.0.2.0")
    assert door_limits.admit("198.51.100.1") is None


def test_keystrokes_beyond_the_rate_are_dropped() -> None:
    door_limits = Limits()
    passed = sum(door_limits.keys("1.2.3.4", 100) for _ in range(50))
    assert passed < 50 * 100
    assert door_limits.keys("5.6.7.8", 10) == 10  # another address has its own budget


FAKE = str(Path(__file__).with_name("fake_clients.py"))


async def _sizes_seen(process: asyncssh.SSHClientProcess, until: str) -> list[str]:
    seen = []
    while True:
        line = (await asyncio.wait_for(process.stdout.readline(), 20)).strip()
        assert line, f"the client ended; it saw {seen}"
        seen.append(line)
        if line == until:
            return seen


async def test_the_screen_size_is_bounded_and_window_changes_coalesced(tmp_path: Path) -> None:
    door, port = await _door(tmp_path)
    # A stand-in client that prints its terminal's size at start and at every window change.
    door.client_command = lambda name, identity="": [sys.executable, FAKE, "pty"]  # type: ignore[method-assign]
    bounded = f"size {limits.MAX_WIDTH} {limits.MAX_HEIGHT}"
    try:
        async with _connect(port, client_keys=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(65535, 65535), encoding="utf-8")
            assert await _sizes_seen(process, bounded) == [bounded]
            for width in range(1, 1001):
                process.change_terminal_size(width, 30)
            process.change_terminal_size(10**6, 10**6)
            changes = await _sizes_seen(process, bounded)
            # The first at once, then the latest at its turn: not a thousand redraws.
            assert len(changes) <= 10, changes
            process.close()
    finally:
        door.close()


async def test_a_client_idle_in_the_lobby_leaves(tmp_path: Path) -> None:
    # The real client, with a short lobby idle time (limits.LOBBY_IDLE): the session ends by itself.
    door = SSHDoor(tmp_path / "data", tmp_path / "no-host.sock", idle=1.0)
    port = await door.start("127.0.0.1", 0)
    try:
        async with _connect(port, client_keys=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            while await asyncio.wait_for(process.stdout.read(65536), 60):
                pass  # the screen, until the client leaves
            assert (await asyncio.wait_for(process.wait(), 60)).exit_status == 0
    finally:
        door.close()


# A client that ignores the hang-up, with a child in its process group that does too; each
# writes its pid to the file given.
STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGHUP, signal.SIG_IGN)
if os.fork() == 0:
    time.sleep(120)
    os._exit(0)
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()}\\n")
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie is gone, only not yet reaped


async def _stubborn_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[SSHDoor, list[int]]:
    """A door whose client ignores SIGHUP; a session on it opened and closed. The pids of the
    client and its child."""
    door, port = await _door(tmp_path)
    pids = tmp_path / "pids"
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    monkeypatch.setattr(door, "client_command", lambda name, identity="": [sys.executable, str(script), str(pids)])
    async with _connect(port, client_keys=None) as conn:
        await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
        for _ in range(300):  # a bound on the process starting, not a speed test
            if pids.exists() and len(pids.read_text().split()) == 1:
                break
            await asyncio.sleep(0.1)
    for _ in range(300):  # until the door has seen the connection go
        if door.sessions and all(session.ended for session in door.sessions):
            break
        await asyncio.sleep(0.1)
    group = os.getpgid(int(pids.read_text()))
    members = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _pgid(int(p.name)) == group]
    assert len(members) == 2
    return door, members


def _pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


async def test_a_client_that_ignores_the_hangup_keeps_its_slot_until_it_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "STOP_GRACE", 600.0)
    door, members = await _stubborn_session(tmp_path, monkeypatch)
    try:
        assert all(_alive(pid) for pid in members)
        assert door.limits.open == {"127.0.0.1": 1}  # the connection is closed, the process not
    finally:
        for pid in members:
            os.kill(pid, signal.SIGKILL)
        door.close()


async def test_a_client_that_ignores_the_hangup_is_killed_with_its_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "STOP_GRACE", 0.5)
    door, members = await _stubborn_session(tmp_path, monkeypatch)
    try:
        for _ in range(300):  # a bound, not a speed test
            if not any(_alive(pid) for pid in members) and not door.limits.open:
                break
            await asyncio.sleep(0.1)
        assert [pid for pid in members if _alive(pid)] == []
        assert door.limits.open == {}
    finally:
        for pid in members:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        door.close()


# A door in a process of its own (should it block, the test sees it without blocking too),
# with no key-rate limit and a client that never reads its terminal.
STALLED_DOOR = """
import asyncio, sys
from pathlib import Path
from adrenaline_tui.host import ssh
from adrenaline_tui.wire import limits
limits.KEYS_PER_SECOND = limits.KEY_BURST = 1e12
NEVER_READS = "import sys, time, tty; tty.setraw(0); print('ready', flush=True); time.sleep(120)"

async def main():
    door = ssh.SSHDoor(Path(sys.argv[1]), Path(sys.argv[1]) / "no-host.sock")
    door.client_command = lambda name, identity="": [sys.executable, "-c", NEVER_READS]
    print(await door.start("127.0.0.1", 0), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


async def test_keys_a_client_does_not_read_never_block_the_door(tmp_path: Path) -> None:
    door = await asyncio.create_subprocess_exec(
        sys.executable, "-c", STALLED_DOOR, str(tmp_path), stdout=asyncio.subprocess.PIPE
    )
    try:
        assert door.stdout is not None
        port = int(await asyncio.wait_for(door.stdout.readline(), 60))
        async with _connect(port, client_keys=None) as conn:
            seen = bytearray()

            class Screen(asyncssh.SSHClientSession):
                def data_received(self, data: bytes, datatype: int | None) -> None:
                    seen.extend(data)

            chan, _ = await conn.create_session(Screen, term_type="xterm", term_size=(80, 24), encoding=None)
            for _ in range(300):  # a bound on the client starting
                if b"ready" in seen:
                    break
                await asyncio.sleep(0.1)
            # Far more than a pseudo-terminal holds unread (~20 KiB).
            for _ in range(64):
                chan.write(b"x" * 4096)
            await asyncio.sleep(1)  # for them to reach the door
            # The door still serves: another connection gets in (a bound, not a speed test).
            async with asyncio.timeout(30), _connect(port, client_keys=None) as other:
                assert other is not None
    finally:
        door.kill()
        await door.wait()


class _Connection:
    """What `GameServer` uses of an asyncssh connection, noting a disconnect."""

    def __init__(self) -> None:
        self.disconnected: str | None = None

    def get_extra_info(self, name: str) -> object:
        return ("192.0.2.1", 4000) if name == "peername" else None

    def disconnect(self, code: int, reason: str) -> None:
        self.disconnected = reason


async def test_a_session_channel_that_never_asks_for_a_shell_counts_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "NO_SESSION_TIMEOUT", 0.05)
    door = SSHDoor(tmp_path / "data", tmp_path / "no-host.sock")
    server = door_module.GameServer(door)
    conn = _Connection()
    server.connection_made(conn)  # type: ignore[arg-type]
    server.auth_completed()
    assert isinstance(server.session_requested(), door_module.GameSession)  # and nothing more
    for _ in range(100):  # a bound, not a speed test
        if conn.disconnected:
            break
        await asyncio.sleep(0.05)
    assert conn.disconnected == "no terminal session was opened"


def test_a_flood_of_refusals_is_not_a_flood_of_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    door = SSHDoor(tmp_path / "data", tmp_path / "no-host.sock")
    with caplog.at_level("INFO", logger="adrenaline.host.ssh"):
        for n in range(500):
            door.log_refusal(f"192.0.2.{n % 250}", "too many connections from your address")
    assert 1 <= len(caplog.records) < 50


async def test_a_connection_that_floods_and_goes_ends_its_session_soon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The input budget, small here so the flood below is many minutes of it: the end of a
    # connection is read after the bytes sent before it, so a connection that sent a flood and
    # went kept its session, client process and slot until the door had read the flood at the
    # budget's pace (20,000 window changes: ~110 s at 16 KiB/s, past the abuse benchmark's wait).
    monkeypatch.setattr(limits, "INPUT_BYTES_PER_SECOND", 4096)
    monkeypatch.setattr(limits, "INPUT_BURST", 4096)
    monkeypatch.setattr(limits, "INPUT_FLOOD_SECONDS", 1.0)
    door, port = await _door(tmp_path)
    # A client that draws nothing: the flooder has read everything when it goes (so its going
    # is an orderly end after its bytes, not a reset that would drop them).
    quiet = [sys.executable, "-c", "import time; time.sleep(120)"]
    door.client_command = lambda name, identity="": quiet  # type: ignore[method-assign]
    try:
        async with _connect(port, client_keys=None) as conn:
            chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
            for _ in range(300):  # a bound on the client starting
                if any(session.process is not None for session in door.sessions):
                    break
                await asyncio.sleep(0.1)
            for n in range(5000):  # ~400 KiB of window changes: 100 s of the budget
                chan.change_terminal_size(81 + n % 100, 25)
                if n % 500 == 0:
                    await asyncio.sleep(0)
            await asyncio.sleep(0.5)  # on their way
        for _ in range(300):  # a bound, not a speed test
            if not door.sessions and not door.limits.open:
                break
            await asyncio.sleep(0.1)
        assert not door.sessions and door.limits.open == {}
    finally:
        door.close()
