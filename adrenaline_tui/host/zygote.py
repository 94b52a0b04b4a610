"""The clients' parent: one process that imported and warmed the client once, and forks a client
per player from there, so every player shares its code and start-up objects (docs/hosting.md,
"What a connected player costs in memory").

Two halves, one in each process:

- `Zygote` (in the host): starts `python -I -m adrenaline_tui.client_zygote` (this installation's
  code only, `programs.own_program`), talks to it over a socket pair nobody else holds, and
  asks it for a client per session, handing over the session's terminal (SCM_RIGHTS). A child
  it cannot have (the zygote still warming, dead, refusing) is `None`: the door then starts
  today's client (its own interpreter), with a log line. A dead zygote is started again, at
  most once every `RESTART_INTERVAL`.
- `client_zygote.serve` (the zygote itself, a module outside the host's: it runs the client's
  screens, which the host never imports): imports the client, runs it once to its lobby on a terminal of
  its own (the lazy imports, the CSS, the caches), freezes what that left (`gc.freeze`: the
  collector would otherwise write to every shared page), then forks one child per request.
  A child takes the terminal as its controlling terminal in a session of its own (setsid,
  TIOCSCTTY, dup2 to 0/1/2): its pid is its process group's, so the door's group kill ends it
  and whatever it started. It closes every other descriptor and runs `RemoteApp`; no event loop,
  thread or lock exists in the zygote when it forks (checked before it says it is ready).

A request is one packet: JSON `{"id", "term", "name", "address", "identity"}` and exactly one
descriptor, a terminal; or, from the web door (whose zygote is its own, `web=True`), with
`"web": [width, height]` and an AF_UNIX stream socket speaking textual-serve's packets, always
seated in a room. Anything else is refused with one line (`{"id", "refused"}`) and starts
nothing; a descriptor that came with it is closed. The zygote reports each child as it starts
(`{"id", "pid"}`) and once it has exited (`{"exited", "code"}`, after killing what was left in
its group while its pid could not yet be reused). The host also watches each child through a
pidfd, so a child is seen to end even when the zygote is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import json
import logging
import os
import re
import socket
import stat
import time
from pathlib import Path
from typing import Any

from adrenaline_tui.host.programs import own_program
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.protocol import printable

log = logging.getLogger("adrenaline.host.zygote")

# A request or an answer is one packet of at most this many bytes.
MAX_PACKET = 4096
# Children at once: a bound of its own, beyond the doors' limits on connections.
MAX_CHILDREN = 4096
# How long the host waits for the zygote to start a child, or to be ready after it starts.
SPAWN_TIMEOUT = 5.0
READY_TIMEOUT = 60.0
# A zygote that died is started again at most this often (a crashing one costs a log line a minute).
RESTART_INTERVAL = 60.0
# Players a room (one process, one event loop, an app each: client_room.py). 1: a process a
# player, as before rooms. Chosen by measurement (docs/hosting.md): the copied pages are paid
# once a room, and one player's slow frame delays only the room's others.
ROOM_SIZE = 8
# How long after a child's end is seen (its pidfd) the host waits for the zygote's exit code.
CODE_WAIT = 1.0

_TERM = re.compile(r"[A-Za-z0-9._-]{1,40}")
_IDENTITY = re.compile(r"(SHA256:[A-Za-z0-9+/=]{1,90})?")
FIELDS = {"id", "term", "name", "address", "identity"}
# A browser's player (the web door's) adds `web`: their page's size, [width, height]; their
# descriptor is then a stream socket speaking textual-serve's packets, not a terminal.
WEB_FIELD = "web"


class Refused(ValueError):
    """A request that starts nothing; its message is the one line said back."""


def check_request(request: Any) -> dict[str, Any]:
    """The request's fields, checked one by one; raises Refused with the reason."""
    if not isinstance(request, dict) or set(request) - {WEB_FIELD} != FIELDS:
        raise Refused(f"a request has exactly the fields {', '.join(sorted(FIELDS))} (and {WEB_FIELD} for a browser)")
    if WEB_FIELD in request:
        size = request[WEB_FIELD]
        if not (
            isinstance(size, list)
            and len(size) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in size)
            and 1 <= size[0] <= limits.MAX_WIDTH
            and 1 <= size[1] <= limits.MAX_HEIGHT
        ):
            raise Refused(f"web: [width, height] within {limits.MAX_WIDTH}x{limits.MAX_HEIGHT}")
    if not isinstance(request["id"], int) or isinstance(request["id"], bool) or not 0 <= request["id"] < 2**53:
        raise Refused("id: a whole number")
    if not isinstance(request["term"], str) or not _TERM.fullmatch(request["term"]):
        raise Refused("term: letters, digits and ._- (at most 40)")
    name = request["name"]
    if not isinstance(name, str) or not name or printable(name, limits.NAME_LENGTH) != name:
        raise Refused(f"name: printable text of 1 to {limits.NAME_LENGTH} characters")
    address = request["address"]
    if not isinstance(address, str) or (address != "?" and not _is_address(address)):
        raise Refused("address: an IP address or ?")
    if not isinstance(request["identity"], str) or not _IDENTITY.fullmatch(request["identity"]):
        raise Refused("identity: empty or a SHA256 fingerprint")
    return request


def check_descriptor(request: dict[str, Any], fd: int) -> None:
    """A terminal for a terminal's player, a stream socket for a browser's; raises Refused."""
    if WEB_FIELD in request:
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            raise Refused("the descriptor is not open") from None
        if not stat.S_ISSOCK(mode):
            raise Refused("a browser's descriptor is a stream socket")
        with socket.socket(fileno=os.dup(fd)) as peer:
            if peer.family != socket.AF_UNIX or peer.type != socket.SOCK_STREAM:
                raise Refused("a browser's descriptor is a stream socket")
    elif not os.isatty(fd):
        raise Refused("the descriptor is not a terminal")


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


# ----------------------------------------------------------------------------- in the host
class ZygoteChild:
    """A client forked by the zygote, as the door sees a process: `pid`, `returncode`, `wait()`."""

    def __init__(self, pid: int, pidfd: int | None, room: bool = False) -> None:
        # In a room, `pid` is the room's, shared by its players: the door ends one player by
        # closing their terminal, and signals the pid only to end the whole room.
        self.pid = pid
        self.room = room
        self.code: int | None = None  # as the zygote reported it
        self.gone = asyncio.get_running_loop().create_future()
        self.reported = asyncio.Event()
        self.pidfd = pidfd

    @property
    def returncode(self) -> int | None:
        """None while it runs; its exit status once it has ended (1 if the zygote never said)."""
        if not self.gone.done():
            return None
        return self.code if self.code is not None else 1

    async def wait(self) -> int:
        await asyncio.shield(self.gone)
        if self.code is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.reported.wait(), CODE_WAIT)
        return self.returncode or 0

    def ended(self) -> None:
        if not self.gone.done():
            self.gone.set_result(None)
        if self.pidfd is not None:
            with contextlib.suppress(ValueError, RuntimeError):
                asyncio.get_running_loop().remove_reader(self.pidfd)
            os.close(self.pidfd)
            self.pidfd = None


class Zygote:
    """The host's end: starts the zygote, asks it for clients, notices it dying."""

    def __init__(
        self,
        socket_path: Path,
        environment: dict[str, str],
        idle: float = limits.LOBBY_IDLE,
        room_size: int = ROOM_SIZE,
        web: bool = False,
    ) -> None:
        self.socket_path = socket_path
        self.web = web  # the web door's: browsers' players, warmed with their driver
        self.room_size = room_size
        self.environment = environment
        self.idle = idle
        self.process: asyncio.subprocess.Process | None = None
        self.channel: socket.socket | None = None
        self.ready = False
        self.started_at = float("-inf")
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.children: dict[int, ZygoteChild] = {}
        self.seats: dict[int, ZygoteChild] = {}  # players in rooms, by their request's id
        self.ready_waiter: asyncio.Future[None] | None = None
        self.closed = False
        self.loop: asyncio.AbstractEventLoop | None = None

    def command(self, fd: int) -> list[str]:
        return own_program(
            "adrenaline_tui.client_zygote",
            "--fd",
            str(fd),
            "--socket",
            str(self.socket_path),
            "--idle",
            str(self.idle),
            "--room-size",
            str(self.room_size),
            *(["--web"] if self.web else []),
        )

    async def start(self) -> None:
        """Start the zygote (once ready it serves; until then, and if it never is, `spawn` is None)."""
        self.started_at = time.monotonic()
        self.loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.command(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env={**self.environment, "TERM": "dumb"},
                pass_fds=(theirs.fileno(),),
            )
        except OSError:
            ours.close()
            log.exception("the clients' zygote did not start: every client runs in its own interpreter")
            return
        finally:
            theirs.close()
        ours.setblocking(False)
        self.channel = ours
        self.ready = False
        self.ready_waiter = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().add_reader(ours, self._readable)

    async def until_ready(self, seconds: float = READY_TIMEOUT) -> bool:
        if self.ready_waiter is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self.ready_waiter), seconds)
        return self.ready

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def _readable(self) -> None:
        assert self.channel is not None
        while True:
            try:
                packet = self.channel.recv(MAX_PACKET)
            except BlockingIOError:
                return
            except OSError:
                packet = b""
            if not packet:
                self._lost()
                return
            try:
                message = json.loads(packet)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            self._message(message)

    def _message(self, message: dict[str, Any]) -> None:
        if message.get("ready") is True:
            self.ready = True
            log.info("the clients' zygote is ready (pid %s)", self.pid)
            if self.ready_waiter is not None and not self.ready_waiter.done():
                self.ready_waiter.set_result(None)
        elif "ended" in message:  # a player's app in a room
            seat = self.seats.pop(message["ended"], None)
            if seat is not None:
                seat.code = int(message.get("code", 1))
                seat.reported.set()
                seat.ended()
        elif "exited" in message:
            child = self.children.pop(message["exited"], None)
            if child is not None:
                child.code = int(message.get("code", 1))
                child.reported.set()
            # A room gone with players still in it: their apps ended with it (no code of theirs).
            for key, seat in list(self.seats.items()):
                if seat.pid == message["exited"]:
                    del self.seats[key]
                    seat.reported.set()
                    seat.ended()
        elif "id" in message:
            waiter = self.waiting.pop(message["id"], None)
            if waiter is not None and not waiter.done():
                waiter.set_result(message)

    def _lost(self) -> None:
        """The zygote is gone: its children live on (the door still ends them by their group,
        their pidfds still say when they end); new clients wait for the next zygote."""
        if self.channel is not None and self.loop is not None:
            self.loop.remove_reader(self.channel)
            self.channel.close()
            self.channel = None
        if self.ready_waiter is not None and not self.ready_waiter.done():
            self.ready_waiter.set_result(None)
        self.ready = False
        for waiter in self.waiting.values():
            if not waiter.done():
                waiter.set_result({"refused": "the zygote is gone"})
        self.waiting.clear()
        for child in [*self.children.values(), *self.seats.values()]:
            child.reported.set()  # no code will come
        self.children.clear()
        self.seats.clear()
        if not self.closed:
            log.warning("the clients' zygote ended; clients start in their own interpreter until it is back")

    async def spawn(
        self, tty: int, term: str, name: str, address: str, identity: str, web: tuple[int, int] | None = None
    ) -> ZygoteChild | None:
        """A client forked on the terminal `tty` (the caller keeps and closes its own copy), or
        None: the door then starts one its own way. With `web` (the page's size), `tty` is a
        stream socket speaking textual-serve's packets: a browser's player, always in a room."""
        if self.closed:
            return None
        if self.channel is None and time.monotonic() - self.started_at >= RESTART_INTERVAL:
            await self.start()
        if self.channel is None or not self.ready:
            return None
        request: dict[str, Any] = {
            "id": next(self.ids),
            "term": term,
            "name": name,
            "address": address,
            "identity": identity,
        }
        if web is not None:
            request[WEB_FIELD] = list(web)
        waiter = asyncio.get_running_loop().create_future()
        self.waiting[request["id"]] = waiter
        try:
            socket.send_fds(self.channel, [json.dumps(request).encode()], [tty])
            answer = await asyncio.wait_for(waiter, SPAWN_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.waiting.pop(request["id"], None)
            log.warning("the clients' zygote did not start a client (%s)", exc.__class__.__name__)
            return None
        if "pid" not in answer:
            log.warning("the clients' zygote refused a client: %s", printable(str(answer.get("refused")), 120))
            return None
        pid = int(answer["pid"])
        try:
            pidfd: int | None = os.pidfd_open(pid)
        except OSError:  # gone already
            pidfd = None
        child = ZygoteChild(pid, pidfd, room=answer.get("room") is True)
        if child.room:
            self.seats[request["id"]] = child
        else:
            self.children[pid] = child
        if pidfd is None:
            child.ended()
        else:
            asyncio.get_running_loop().add_reader(pidfd, child.ended)
        return child

    def close(self) -> None:
        """Stop the zygote (its children are the doors' to end)."""
        self.closed = True
        if self.channel is not None:
            self._lost()
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()


# What Textual reads from the environment once, at import, that textual-serve sets for a
# browser's client (its `AppService._build_environment`): the web door's zygote imports Textual
# with these, so its rooms draw as a tab's own client did.
WEB_ENVIRONMENT = {
    "TEXTUAL_FPS": "60",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "TERM_PROGRAM": "textual",
}


async def start_zygote(
    folder: Path,
    socket_path: Path,
    idle: float = limits.LOBBY_IDLE,
    room_size: int = ROOM_SIZE,
    web: bool = False,
) -> Zygote:
    """The host's one call: a zygote for the clients of `socket_path`'s host, warming in the
    background (until it is ready the door starts clients as before). `web`: the web door's,
    for browsers' players (rooms only)."""
    environment = {
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "ADRENALINE_HOME": str(folder / "clients"),
        **(WEB_ENVIRONMENT if web else {}),
    }
    zygote = Zygote(socket_path, environment, idle, max(2, room_size) if web else room_size, web=web)
    await zygote.start()
    return zygote
