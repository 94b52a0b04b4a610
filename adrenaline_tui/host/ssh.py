"""The SSH front door: a stock `ssh -p PORT play@HOST` gets the lobby, and nothing else.

An asyncssh server inside the host process. Each interactive session gets a client process
(`adrenaline client`) on a pseudo-terminal of its own: Textual wants to own its process's
terminal, so one app per person, as textual-serve does per browser tab. The client talks to
the host over its Unix socket like any other client; the SSH layer only carries keystrokes and
screen bytes.

Only a terminal: no command execution, no sftp/scp subsystem, no port, agent or X11
forwarding. The limits (connections per address, keystrokes, screen size, window changes, idle
time) are `limits.py`'s, the same at every door.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import pty
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import Any

import asyncssh

from adrenaline_tui.rules.atomicfile import write_atomic
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.limits import AddressLimits as Limits
from adrenaline_tui.wire.protocol import printable

log = logging.getLogger("adrenaline.host.ssh")

KEY_FILE = "ssh_host_ed25519_key"


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host's key: made once, kept in the data folder (readable by the owner only)."""
    path = folder / KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, key.export_private_key().decode())
    path.chmod(0o600)
    return key


class GameServer(asyncssh.SSHServer):
    """One SSH connection: authentication, and refusals of everything but a session."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.address = "?"
        self.admitted = False
        # The fingerprint of the key this connection logged in with (with --authorized-keys):
        # a seat taken with a key is taken back only with the same key.
        self.identity = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        # asyncssh keeps the connection's transport as `_transport` (it offers no other way).
        if getattr(conn, "_transport", None) is not None:
            limits.throttle_input(conn, conn._transport)
        reason = self.door.limits.admit(self.address)
        if reason:
            log.info("%s refused: %s", self.address, reason)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
            return
        self.admitted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.door.limits.release(self.address)

    def begin_auth(self, username: str) -> bool:
        # Without --authorized-keys anyone who reaches the port gets the lobby: no auth at all.
        return self.door.authorized is not None

    def public_key_auth_supported(self) -> bool:
        return self.door.authorized is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.door.authorized is None:
            return False
        # Options in the file (from=, ...) are checked by asyncssh against the address.
        if self.door.authorized.validate(key, self.address, self.address) is None:
            return False
        # The last key accepted before authentication completes is the one the client signed with.
        self.identity = key.get_fingerprint("sha256")
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False  # ssh -L: no

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # ssh -R: no

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False

    def session_requested(self) -> asyncssh.SSHServerSession:
        return GameSession(self.door, self.address, self.identity)


class GameSession(asyncssh.SSHServerSession):
    """One interactive terminal: a client process on a pseudo-terminal, bytes both ways."""

    def __init__(self, door: SSHDoor, address: str, identity: str = "") -> None:
        self.door = door
        self.address = address
        self.identity = identity
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.resizes = limits.Coalescer(self._resize)

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        term = printable(term_type or "", 40)
        self.term = term if term and all(c.isalnum() or c in "-_." for c in term) else "xterm-256color"
        self.size = _clamp(term_size[0], term_size[1])
        self.has_pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # ssh host id: no

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # sftp, scp (as a subsystem): no

    def session_started(self) -> None:
        assert self.chan is not None
        if not self.has_pty:
            self.chan.write(b"This is a game: connect with a terminal (ssh -t).\r\n")
            self.chan.exit(1)
            return
        asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        assert self.chan is not None
        name = printable(self.chan.get_extra_info("username") or "player", limits.NAME_LENGTH) or "player"
        master, slave = pty.openpty()
        self.master = master
        _set_size(master, *self.size)
        env = {
            "TERM": self.term,
            "LANG": "C.UTF-8",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "ADRENALINE_HOME": str(self.door.folder / "clients"),
            # As sshd sets it: the client tells the host the address, whose limits it counts under.
            "SSH_CONNECTION": f"{self.address} 0 0 0",
        }
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.door.client_command(name, self.identity),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_controlling_terminal,
            )
        finally:
            os.close(slave)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._screen_bytes)
        code = await self.process.wait()
        with contextlib.suppress(Exception):
            loop.remove_reader(master)
        # What the app wrote last (its goodbye) may still be in the pty.
        self._screen_bytes()
        with contextlib.suppress(OSError):
            os.close(master)
        self.master = None
        with contextlib.suppress(Exception):
            self.chan.exit(code if code >= 0 else 1)

    def _screen_bytes(self) -> None:
        if self.master is None or self.chan is None:
            return
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if data:
            self.chan.write(data)

    def pause_writing(self) -> None:
        # The player's connection is slow: stop reading the app's screen until it catches up,
        # so the bytes wait in the pty (the app then waits), not in this process's memory.
        if self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._screen_bytes)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.master is None:
            return
        allowed = self.door.limits.keys(self.address, len(data))
        if allowed:
            with contextlib.suppress(OSError):
                os.write(self.master, data[:allowed])

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        # Only the latest size matters: a flood of window changes costs one resize a turn.
        self.resizes.offer(_clamp(width, height))

    def _resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.master is not None:
            _set_size(self.master, *self.size)

    def eof_received(self) -> bool:
        self._end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.resizes.cancel()
        self._end()

    def _end(self) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGHUP)


def _clamp(width: int, height: int) -> tuple[int, int]:
    return limits.bounded_size(width or limits.DEFAULT_SIZE[0], height or limits.DEFAULT_SIZE[1])


def _set_size(fd: int, width: int, height: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _controlling_terminal() -> None:
    # In the child, after setsid: its stdin (the pty) becomes its controlling terminal, so
    # the app gets SIGWINCH and SIGHUP like any program in a terminal.
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class SSHDoor:
    """The SSH server of one host."""

    def __init__(
        self, folder: Path, socket: Path, authorized: Path | None = None, idle: float = limits.LOBBY_IDLE
    ) -> None:
        self.folder = folder
        self.socket = socket
        self.idle = idle
        self.limits = Limits()
        self.authorized = asyncssh.read_authorized_keys(str(authorized)) if authorized is not None else None
        self.key = host_key(folder)
        self.server: asyncssh.SSHAcceptor | None = None

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    def client_command(self, name: str, identity: str = "") -> list[str]:
        command = [sys.executable, "-m", "adrenaline_tui", "client", "--socket", str(self.socket), "--name", name]
        command += ["--idle", str(self.idle)]
        return [*command, "--identity", identity] if identity else command

    async def start(self, address: str, port: int) -> int:
        self.server = await asyncssh.create_server(
            lambda: GameServer(self),
            address,
            port,
            server_host_keys=[self.key],
            encoding=None,
            line_editor=False,  # the app reads raw keys; asyncssh's line editing would echo them
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=30,
            keepalive_interval=30,
        )
        return self.server.sockets[0].getsockname()[1]

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
