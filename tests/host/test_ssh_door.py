"""The SSH door with asyncssh's own client, in-process: keys, refusals and limits."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pytest

from adrenaline_tui.host import ssh as door_module
from adrenaline_tui.host.ssh import Limits, SSHDoor, host_key
from adrenaline_tui.wire import limits


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


async def test_too_many_connections_from_one_address_are_turned_away(tmp_path: Path) -> None:
    door, port = await _door(tmp_path)
    conns = []
    try:
        for _ in range(limits.CONNECTIONS_AT_ONCE):
            conns.append(await _connect(port, client_keys=None).__aenter__())
        with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
            async with _connect(port, client_keys=None):
                pass
    finally:
        for c in conns:
            c.close()
        door.close()


def test_keystrokes_beyond_the_rate_are_dropped() -> None:
    limits = Limits()
    passed = sum(limits.keys("1.2.3.4", 100) for _ in range(50))
    assert passed < 50 * 100
    assert limits.keys("5.6.7.8", 10) == 10  # another address has its own budget


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
