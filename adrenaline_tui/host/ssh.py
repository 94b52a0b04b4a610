"""The SSH front door: a stock `ssh -p PORT play@HOST` gets the lobby, and nothing else.

An asyncssh server inside the host process. Each interactive session gets a client process
on a pseudo-terminal of its own: Textual wants to own its process's terminal, so one app per
person, as textual-serve does per browser tab. The process is forked by the clients' zygote
(host/zygote.py: their code and start-up shared), or is `adrenaline client` when there is none. The client talks to
the host over its Unix socket like any other client; the SSH layer only carries keystrokes and
screen bytes.

Only a terminal: no command execution, no sftp/scp subsystem, no port, agent or X11
forwarding, one session a connection. The limits (connections per address, keystrokes, screen
size, window changes, idle time, the timeouts below) are `wire/limits.py`'s, the same at every
door. A refusal is said in words, after the key exchange, so a stock client prints it.

A session's client process lives exactly as long as the session: whichever ends first (the
connection, or the process starting, running or exiting), the other follows, and the process's
whole group with it (`GameSession`).
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
import termios
import time
from pathlib import Path
from typing import Any

import asyncssh

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.host.programs import own_program
from adrenaline_tui.host.zygote import Zygote, ZygoteChild
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
    """One SSH connection: admission, authentication, refusals of everything but one session."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.address = "?"
        self.conn: asyncssh.SSHServerConnection | None = None
        self.admitted = False
        # Why this connection is turned away, said once the key exchange lets a client read it.
        self.refusal: str | None = None
        self.session: GameSession | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.lost = False
        # The fingerprint of the key this connection logged in with (with --authorized-keys):
        # a seat taken with a key is taken back only with the same key.
        self.identity = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        # asyncssh keeps the connection's transport as `_transport` (it offers no other way).
        if getattr(conn, "_transport", None) is not None:
            limits.throttle_input(conn, conn._transport, self._flooded)
        reason = self.door.limits.admit(self.address)
        if reason is None:
            self.admitted = True
            return
        self.door.log_refusal(self.address, reason)
        if self.door.limits.refusal_pending(self.address, +1) > limits.REFUSALS_PENDING:
            self.door.limits.refusal_pending(self.address, -1)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
            return
        # A disconnect sent now would come before the SSH banner, which clients show as garbage
        # ("banner line contains invalid characters"): it is sent when the client first asks
        # to log in (`begin_auth`), after the key exchange, and shown as the reason.
        self.refusal = reason

    def _flooded(self) -> None:
        if self.conn is not None and not self.lost:
            log.info("%s closed: over its input budget for %.0f s", self.address, limits.INPUT_FLOOD_SECONDS)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "too much input: a game needs a few keys a second")

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.timer is not None:
            self.timer.cancel()
        if self.refusal is not None:
            self.door.limits.refusal_pending(self.address, -1)
        if self.admitted:
            # An ordinary disconnect is one line; asyncssh's exception says how, not where.
            log.info("%s disconnected%s", self.address, f" ({printable(str(exc), 80)})" if exc else "")
        if self.session is not None:
            self.session.end()
        self._release()

    def _release(self) -> None:
        # The slot is held until the session's process is gone (`session_ended`), so the limit
        # per address bounds the processes too, even those still stopping.
        if self.admitted and self.lost and self.session is None:
            self.admitted = False
            self.door.limits.release(self.address)

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
        # Without --authorized-keys anyone who reaches the port gets the lobby: no auth at all.
        return self.door.authorized is not None

    def auth_completed(self) -> None:
        self._await_session()

    def _await_session(self) -> None:
        """Close the connection unless it opens a session within `limits.NO_SESSION_TIMEOUT`."""
        if self.timer is not None:
            self.timer.cancel()
        if not self.lost:
            self.timer = asyncio.get_running_loop().call_later(limits.NO_SESSION_TIMEOUT, self._no_session)

    def _no_session(self) -> None:
        # A session channel opened without a shell ever asked for counts as none.
        if (self.session is None or not self.session.running) and self.conn is not None:
            log.info("%s closed: no session opened in %.0f s", self.address, limits.NO_SESSION_TIMEOUT)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no terminal session was opened")

    def session_began(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def session_ended(self, session: GameSession) -> None:
        if self.session is session:
            self.session = None
            self._release()
            self._await_session()

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

    def session_requested(self) -> asyncssh.SSHServerSession | bool:
        # One session a connection: each is a client process, and the per-address limit counts
        # connections (a multiplexing client would otherwise start any number on one).
        if self.session is not None:
            return False
        self.session = GameSession(self.door, self.address, self.identity, self)
        return self.session


class GameSession(asyncssh.SSHServerSession):
    """One interactive terminal: a client process on a pseudo-terminal, bytes both ways.

    The session and its process end together. `end` (the channel or connection closed, EOF,
    the host stopping) may come before the process exists, while it starts or while it runs:
    `ended` is set first, and `_run` looks at it after every step that waits, so a process
    started for a session already gone is stopped at once. Stopping is SIGHUP to the process's
    group and the pseudo-terminal closed (the app saves and leaves), then SIGKILL to the group
    after `limits.STOP_GRACE`; when the process exits, whatever is left in its group is killed."""

    def __init__(self, door: SSHDoor, address: str, identity: str = "", server: GameServer | None = None) -> None:
        self.door = door
        self.address = address
        self.identity = identity
        self.server = server
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.reading = False
        self.process: asyncio.subprocess.Process | ZygoteChild | None = None
        self.resizes = limits.Coalescer(self._resize)
        self.ended = False
        # Whether `_run` has the session: then it, not the channel closing, says when it is over
        # (once the process is gone), so a connection cannot start another before.
        self.running = False

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
        if self.ended:
            return
        if not self.has_pty:
            self.chan.write(b"This is a game: connect with a terminal (ssh -t).\r\n")
            self.chan.exit(1)
            return
        self.door.sessions.add(self)
        self.running = True
        if self.server is not None:
            self.server.session_began()
        asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            code = await self._play()
        except Exception:
            # On the host's log, never on the guest's terminal: the guest gets one line.
            log.exception("%s: the session failed", self.address)
            self._say("The game stopped because of an error on the host; try again later.")
            code = 1
        finally:
            self.end()
            self.door.sessions.discard(self)
        if self.chan is not None and not self.chan.is_closing():
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(code)
        if self.server is not None:
            self.server.session_ended(self)

    async def _play(self) -> int:
        """Run the client process on a pseudo-terminal until it exits; its exit status."""
        assert self.chan is not None
        if self.ended:
            return 1  # gone before its process was started: none is
        name = printable(self.chan.get_extra_info("username") or "player", limits.NAME_LENGTH) or "player"
        master, slave = pty.openpty()
        # Keys go in without waiting: a pty holds ~20 KiB the app has not read, then a write
        # would block the host's one event loop, every table with it. Beyond that they are
        # dropped, like keys beyond the rate.
        os.set_blocking(master, False)
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
            self.process = await self.door.start_client(self, name, slave, env)
        finally:
            os.close(slave)
        if self.ended:
            # The session went while the process started: `end` found nothing to stop then.
            self._stop_process()
        else:
            self._read_screen(True)
        code = await self.process.wait()
        # Whatever the app left in its group goes with it. (A group's id is not given to a new
        # process while any member lives, so this reaches only them.) The zygote did it for its
        # child before reaping it, when the pid could not yet be another's.
        if not isinstance(self.process, ZygoteChild):
            _signal_group(self.process.pid, signal.SIGKILL)
        if not self.ended:
            # What the app wrote last (its goodbye) may still be in the pty.
            self._screen_bytes()
        self._close_pty()
        return code if code >= 0 else 1

    def _say(self, line: str) -> None:
        if self.chan is not None and not self.chan.is_closing():
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.write(f"\r\n{line}\r\n".encode())

    def _read_screen(self, on: bool) -> None:
        if self.master is None or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self.master, self._screen_bytes)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def _screen_bytes(self) -> None:
        if self.master is None or self.chan is None:
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return  # nothing after all (the pty is non-blocking)
        except OSError:
            data = b""  # EIO: the app closed its terminal (it is exiting)
        if not data:
            self._read_screen(False)
            return
        try:
            self.chan.write(data)
        except (OSError, asyncssh.Error):
            # The channel closed under us (BrokenPipeError): the person is gone.
            self.end()

    def _close_pty(self) -> None:
        self._read_screen(False)
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def _stop_process(self) -> None:
        """Ask the client process to leave; kill its group if it has not after `limits.STOP_GRACE`."""
        # A closed terminal is a hang-up for the app too, should the signal be missed.
        self._close_pty()
        process = self.process
        if process is None or process.returncode is not None:
            return
        if isinstance(process, ZygoteChild) and process.room:
            # One player of a room: the closed terminal is their hang-up (the room ends their app
            # alone); a room that has not within the grace is stuck, and is killed with its
            # players (their sessions end; they come back to their seats).
            def kill_room() -> None:
                if process.returncode is None:
                    log.warning(
                        "%s: the room (pid %s) did not end a client in %.0f s; killed with its players",
                        self.address,
                        process.pid,
                        limits.STOP_GRACE,
                    )
                    _signal_group(process.pid, signal.SIGKILL)

            asyncio.get_running_loop().call_later(limits.STOP_GRACE, kill_room)
            return
        _signal_group(process.pid, signal.SIGHUP)

        def kill() -> None:
            if process.returncode is None:
                log.info("%s: the client did not leave in %.0f s; killed", self.address, limits.STOP_GRACE)
                _signal_group(process.pid, signal.SIGKILL)

        asyncio.get_running_loop().call_later(limits.STOP_GRACE, kill)

    def pause_writing(self) -> None:
        # The player's connection is slow: stop reading the app's screen until it catches up,
        # so the bytes wait in the pty (the app then waits), not in this process's memory.
        self._read_screen(False)

    def resume_writing(self) -> None:
        if not self.ended:
            self._read_screen(True)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.master is None or self.ended:
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
        self.end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.resizes.cancel()
        self.end()
        if not self.running and self.server is not None:
            self.server.session_ended(self)

    def end(self) -> None:
        """The session is over: its process must go, whether it runs, starts or is yet to."""
        if self.ended:
            return
        self.ended = True
        self._stop_process()


def _signal_group(pid: int, sig: int) -> None:
    # The client leads a process group of its own (start_new_session).
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


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
        self,
        folder: Path,
        socket: Path,
        authorized: Path | None = None,
        idle: float = limits.LOBBY_IDLE,
        zygote: Zygote | None = None,
    ) -> None:
        self.folder = folder
        # Where clients are forked from (host/zygote.py); without one, or when it has none to
        # give, each client is a program of its own (`client_command`).
        self.zygote = zygote
        self.socket = socket
        self.idle = idle
        self.limits = Limits()
        self.sessions: set[GameSession] = set()
        self.refusal_logged = float("-inf")
        self.refusals_unlogged = 0
        self.authorized = asyncssh.read_authorized_keys(str(authorized)) if authorized is not None else None
        self.key = host_key(folder)
        self.server: asyncssh.SSHAcceptor | None = None

    def log_refusal(self, address: str, reason: str) -> None:
        now = time.monotonic()
        if now - self.refusal_logged < limits.REFUSAL_LOG_INTERVAL:
            self.refusals_unlogged += 1
            return
        more = f" (and {self.refusals_unlogged} more refused since the last line)" if self.refusals_unlogged else ""
        log.info("%s refused: %s%s", address, reason, more)
        self.refusal_logged, self.refusals_unlogged = now, 0

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    def client_command(self, name: str, identity: str = "") -> list[str]:
        command = own_program("adrenaline_tui", "client", "--socket", str(self.socket), "--name", name)
        command += ["--idle", str(self.idle)]
        return [*command, "--identity", identity] if identity else command

    async def start_client(
        self, session: GameSession, name: str, tty: int, env: dict[str, str]
    ) -> asyncio.subprocess.Process | ZygoteChild:
        """A session's client on the terminal `tty`: forked by the zygote, else its own program
        (today's client). Either way it leads a session and process group of its own, with the
        terminal as its controlling terminal."""
        if self.zygote is not None:
            child = await self.zygote.spawn(tty, session.term, name, session.address, session.identity)
            if child is not None:
                return child
            log.info("%s: the client runs in its own interpreter (the zygote gave none)", session.address)
        return await asyncio.create_subprocess_exec(
            *self.client_command(name, session.identity),
            stdin=tty,
            stdout=tty,
            stderr=tty,
            env=env,
            start_new_session=True,
            preexec_fn=_controlling_terminal,
        )

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
            login_timeout=limits.LOGIN_TIMEOUT,
            keepalive_interval=30,
        )
        return self.server.sockets[0].getsockname()[1]

    def close(self) -> None:
        """Stop listening, and end every session (their client processes with them)."""
        if self.server is not None:
            self.server.close()
        for session in list(self.sessions):
            session.end()
