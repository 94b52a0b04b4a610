"""The clients' zygote itself: the process `host/zygote.py`'s `Zygote` starts and talks to.

It is the clients' parent, not a part of the host: it imports and runs the client's screens
(`tui/`), which no module of the host imports (tests/tui/test_layers.py). The requests it reads
and the refusals it says are checked by the host's side of the pair (`host.zygote.check_request`),
so both ends agree on them; the rest of the story is in that module's docstring.
"""

from __future__ import annotations

import argparse
import array
import asyncio
import contextlib
import fcntl
import gc
import json
import os
import select
import signal
import socket
import struct
import sys
import termios
import threading
from pathlib import Path
from typing import Any

from adrenaline_tui.host.zygote import MAX_CHILDREN, MAX_PACKET, WEB_FIELD, Refused, check_descriptor, check_request
from adrenaline_tui.wire import limits


def _warm(socket_path: Path) -> None:
    """Run the client once to its lobby on a terminal of our own, with no host to reach: what it
    imports lazily, parses and caches on the way is then made once, here, for every child."""
    import pty

    from adrenaline_tui.tui.app import run_in_terminal
    from adrenaline_tui.tui.remote_app import RemoteApp

    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def drain() -> None:  # the app's screen, read so its writes never block
        with contextlib.suppress(OSError):
            while os.read(master, 65536):
                pass

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    saved = [os.dup(fd) for fd in (0, 1, 2)]
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.environ["TERM"] = "xterm-256color"
    nowhere = socket_path.parent / f".zygote-warm-{os.getpid()}.sock"  # never made: the lobby says so
    gc.disable()
    try:
        app = RemoteApp(nowhere, "warm")
        app.call_later(lambda: app.set_timer(1.0, lambda: app.exit(0)))
        run_in_terminal(app)
    finally:
        for fd in (0, 1, 2):
            os.dup2(saved[fd], fd)
            os.close(saved[fd])
        os.close(slave)
        os.close(master)
        os.environ["TERM"] = "dumb"
        gc.enable()
    reader.join(5)


def _warm_room(socket_path: Path, web: bool = False) -> None:
    """As `_warm`, for rooms: a room's app (its driver on the loop) run once to its lobby; a
    browser's (its packets on a socket) for the web door's zygote."""
    import pty

    from adrenaline_tui.client_room import RoomApp, Terminal, WebTerminal

    request: dict[str, Any] = {"id": 0, "term": "xterm-256color", "name": "warm", "address": "?", "identity": ""}
    if web:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        master, slave = ours.detach(), theirs.detach()
        request[WEB_FIELD] = [80, 24]
    else:
        master, slave = pty.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    nowhere = socket_path.parent / f".zygote-warm-{os.getpid()}.sock"  # never made: the lobby says so

    def drain() -> None:  # the app's screen, read so its writes never wait
        with contextlib.suppress(OSError):
            os.read(master, 65536)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.add_reader(master, drain)
        terminal = WebTerminal(slave) if web else Terminal(slave)
        try:
            app = RoomApp(terminal, nowhere, request, limits.LOBBY_IDLE)
            app.call_later(lambda: app.set_timer(1.0, lambda: app.exit(0)))
            await app.run_async()
            await terminal.drained(1.0)
        finally:
            terminal.close()
            loop.remove_reader(master)

    gc.disable()
    try:
        asyncio.run(run())
    finally:
        os.close(master)
        gc.enable()


def _leave_zygote(keep: list[Any]) -> None:
    """In a forked child or room, first: the zygote's sockets closed and its signal handling undone."""
    signal.set_wakeup_fd(-1)
    for item in keep:
        item.close()
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def _child(tty: int, request: dict[str, Any], socket_path: Path, idle: float, keep: list[Any]) -> None:
    """In the forked child: take the terminal, drop everything of the zygote's, run the client."""
    code, taken = 1, False
    try:
        _leave_zygote(keep)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()
        # As today's client's preexec: a terminal already hung up (the session went while this
        # child started) is not taken, and the app then ends on its first read or write.
        with contextlib.suppress(OSError):
            fcntl.ioctl(tty, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        taken = True
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # the tty's copy, and anything else
        os.environ["TERM"] = request["term"]
        # As sshd sets it: the client tells the host the address, whose limits it counts under.
        os.environ["SSH_CONNECTION"] = f"{request['address']} 0 0 0"
        sys.argv = ["adrenaline", "client"]
        from adrenaline_tui.tui.app import run_in_terminal
        from adrenaline_tui.tui.remote_app import RemoteApp

        gc.disable()  # on again once the lobby is drawn (`AdrenalineApp._started`), as in `cli`
        try:
            # A browser's guest is named by the door ("guest") and names themselves in the lobby.
            asks = WEB_FIELD in request
            app = RemoteApp(socket_path, request["name"], idle=idle, identity=request["identity"], ask_name=asks)
        finally:
            gc.enable()
        code = run_in_terminal(app)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        # On the player's terminal once it is theirs; never on the host's log (the zygote's
        # stderr), as a client's own error never reached it before.
        if taken:
            import traceback

            with contextlib.suppress(Exception):
                traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _send(channel: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        channel.send(json.dumps(message).encode())


def _receive(channel: socket.socket) -> tuple[bytes, list[int], bool]:
    """One packet: its bytes, the descriptors that came with it, and whether it was cut short."""
    fds = array.array("i")
    data, ancillary, flags, _ = channel.recvmsg(MAX_PACKET, socket.CMSG_SPACE(4 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - (len(payload) % fds.itemsize)])
    cut = bool(flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC))
    return data, list(fds), cut


def _request(data: bytes, fds: list[int], cut: bool) -> tuple[dict[str, Any], int]:
    """The checked request and its terminal; raises Refused."""
    if cut:
        raise Refused(f"a request is one packet of at most {MAX_PACKET} bytes and one descriptor")
    try:
        request = json.loads(data)
    except (ValueError, RecursionError):
        raise Refused("a request is JSON") from None
    checked = check_request(request)
    if len(fds) != 1:
        raise Refused("a request comes with exactly one descriptor, its terminal")
    check_descriptor(checked, fds[0])
    return checked, fds[0]


class _Room:
    """A room the zygote forked: its pid, its end of their socket pair, its players."""

    def __init__(self, pid: int, channel: socket.socket) -> None:
        self.pid = pid
        self.channel = channel
        self.players: set[int] = set()


def _fork_room(socket_path: Path, idle: float, keep: list[Any]) -> _Room:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        ours.close()
        _room(theirs, socket_path, idle, keep)
    theirs.close()
    return _Room(pid, ours)


def _room(channel: socket.socket, socket_path: Path, idle: float, keep: list[Any]) -> None:
    """In a forked room: drop everything of the zygote's, then serve players until told to stop."""
    code = 1
    try:
        _leave_zygote(keep)
        # The room leads a session and group of its own (the door's last resort kills its group);
        # it has no controlling terminal: its players' terminals are only descriptors.
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)  # never the host's log: what a player's client says goes to them
        os.closerange(3, channel.fileno())
        os.closerange(channel.fileno() + 1, os.sysconf("SC_OPEN_MAX"))
        os.environ["TERM"] = "dumb"
        sys.argv = ["adrenaline", "client"]
        from adrenaline_tui.client_room import serve_room

        code = serve_room(channel, socket_path, idle)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        code = 1  # nowhere to say it: the zygote reports the code
    finally:
        os._exit(code)


def serve(channel: socket.socket, socket_path: Path, idle: float, room_size: int = 1) -> int:
    """The zygote's loop: a child per request (room_size 1) or a seat in a room of up to
    room_size players, until the host closes its end."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # only to wake the loop up
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    children: set[int] = set()
    rooms: dict[int, _Room] = {}
    pipes = [os.fdopen(wake_read, "rb", buffering=0), os.fdopen(wake_write, "wb", buffering=0)]
    keep: list[Any] = [channel, *pipes]
    _send(channel, {"ready": True})
    while True:
        by_socket = {room.channel: room for room in rooms.values() if room.channel.fileno() >= 0}
        with contextlib.suppress(InterruptedError):
            ready, _, _ = select.select([channel, wake_read, *by_socket], [], [])
        if wake_read in ready:
            with contextlib.suppress(BlockingIOError, InterruptedError):
                os.read(wake_read, 512)
            _reap(channel, children, rooms)
        for room_socket in ready:
            if room_socket in by_socket:
                _from_room(channel, by_socket[room_socket])
        if channel not in ready:
            continue
        try:
            data, fds, cut = _receive(channel)
        except (BlockingIOError, InterruptedError):
            continue
        except OSError:
            return 0
        if not data and not fds:
            return 0  # the host is gone
        try:
            request, tty = _request(data, fds, cut)
            seats = len(children) + sum(len(r.players) for r in rooms.values())
            if seats >= MAX_CHILDREN:
                raise Refused(f"already {MAX_CHILDREN} clients")
            if WEB_FIELD in request and room_size <= 1:
                raise Refused("a browser's player is served in a room (--room-size 2 or more)")
        except Refused as exc:
            for fd in fds:
                os.close(fd)
            request_id = _request_id(data)
            _send(channel, {"id": request_id, "refused": str(exc)})
            continue
        if room_size <= 1:
            pid = os.fork()
            if pid == 0:
                _child(tty, request, socket_path, idle, [*keep, *(r.channel for r in rooms.values())])
            os.close(tty)
            children.add(pid)
            _send(channel, {"id": request["id"], "pid": pid})
            continue
        pid = _seat(request, tty, data, rooms, room_size, socket_path, idle, keep)
        os.close(tty)
        if pid is None:
            _send(channel, {"id": request["id"], "refused": "no room could be started"})
        else:
            _send(channel, {"id": request["id"], "pid": pid, "room": True})


def _seat(
    request: dict[str, Any],
    tty: int,
    data: bytes,
    rooms: dict[int, _Room],
    room_size: int,
    socket_path: Path,
    idle: float,
    keep: list[Any],
) -> int | None:
    """Hand the player's terminal to the fullest room with space (a new one if none has):
    that room's pid, or None."""
    open_rooms = sorted(
        (r for r in rooms.values() if len(r.players) < room_size and r.channel.fileno() >= 0),
        key=lambda r: -len(r.players),
    )
    for room in [*open_rooms, None]:
        if room is None:
            room = _fork_room(socket_path, idle, [*keep, *(r.channel for r in rooms.values())])
            rooms[room.pid] = room
        try:
            socket.send_fds(room.channel, [data], [tty])
        except OSError:
            _close_room(room)  # gone or stuck: no more players for it
            continue
        room.players.add(request["id"])
        return room.pid
    return None


def _from_room(channel: socket.socket, room: _Room) -> None:
    """A room says a player's app ended: passed on to the host; an empty room is closed (it
    then exits), so a player is never handed to a room on its way out."""
    try:
        packet = room.channel.recv(MAX_PACKET)
    except (BlockingIOError, InterruptedError):
        return
    except OSError:
        packet = b""
    if not packet:
        _close_room(room)
        return
    with contextlib.suppress(ValueError, RecursionError):
        message = json.loads(packet)
        if isinstance(message, dict) and message.get("ended") in room.players:
            room.players.discard(message["ended"])
            code = message.get("code")
            _send(channel, {"ended": message["ended"], "code": code if isinstance(code, int) else 1})
    if not room.players:
        _close_room(room)


def _close_room(room: _Room) -> None:
    if room.channel.fileno() >= 0:
        room.channel.close()


def _request_id(data: bytes) -> int | None:
    with contextlib.suppress(ValueError, RecursionError):
        request = json.loads(data)
        if isinstance(request, dict) and isinstance(request.get("id"), int):
            return request["id"]
    return None


def _reap(channel: socket.socket, children: set[int], rooms: dict[int, _Room]) -> None:
    for pid in [*children, *rooms]:
        try:
            # Not reaped yet: the pid (and so its group's id) cannot be reused while we look.
            status = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            children.discard(pid)
            rooms.pop(pid, None)
            continue
        if status is None:
            continue
        # Whatever the client left in its group goes with it.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        _, raw = os.waitpid(pid, 0)
        children.discard(pid)
        room = rooms.pop(pid, None)
        if room is not None:
            _close_room(room)
        code = os.waitstatus_to_exitcode(raw)
        _send(channel, {"exited": pid, "code": code if code >= 0 else 1})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="adrenaline-zygote", description="the clients' parent (started by the host)")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--idle", type=float, default=limits.LOBBY_IDLE)
    parser.add_argument("--room-size", type=int, default=1, help="players a process (1: a process each)")
    parser.add_argument("--web", action="store_true", help="the web door's: warmed with a browser's driver")
    args = parser.parse_args(argv)
    channel = socket.socket(fileno=args.fd)
    if channel.family != socket.AF_UNIX or channel.type != socket.SOCK_SEQPACKET:
        print("adrenaline-zygote: --fd is not the host's socket pair", file=sys.stderr)
        return 2
    if args.room_size > 1:
        _warm_room(args.socket, web=args.web)
    else:
        _warm(args.socket)
    gc.collect()
    # Everything made so far lives as long as the zygote: out of the collector's walks, which
    # would write to (and so copy into every child) each page holding one.
    gc.freeze()
    if threading.active_count() != 1 or asyncio.events._get_running_loop() is not None:
        print("adrenaline-zygote: a thread or an event loop outlived the warm-up; not forking", file=sys.stderr)
        return 1
    asyncio.set_event_loop(None)
    return serve(channel, args.socket, args.idle, max(1, args.room_size))


if __name__ == "__main__":
    raise SystemExit(main())
