"""`adrenaline host --web ADDR:PORT`: the same client in a browser, through textual-serve.

textual-serve's page (xterm.js) talks to a websocket; behind it, each browser tab's client is a
player in a room of the web door's own clients' zygote (host/zygote.py, client_room.py: several
players' apps in one forked process, each with a driver speaking textual-serve's packets on a
socket of its own), or, while that zygote warms up or if it is gone, one `adrenaline client`
process per tab, as textual-serve runs it. The door is
textual-serve's server with the websocket handled here, so that it holds the limits every door
holds (`limits.py`): connections per address at once and per minute, keystrokes and frames per
second, the screen size (in the address and in every resize) and the rate of window changes,
the lobby's idle time; and a client ends when its socket closes (a process: asked to quit, then
killed after `limits.QUIT_GRACE`; a player in a room: their socket to the room closed, their
app alone saves and leaves, and a room that has not ended them after `limits.STOP_GRACE` is
stuck and is killed with its players). With `--web-token` the page and the websocket need the host's
token (in the link, then a cookie). It runs as a child process of the host with its own event
loop (textual-serve's `Server.serve()` owns one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import shlex
import signal
import socket
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.host.programs import own_program
from adrenaline_tui.host.zygote import ROOM_SIZE, WEB_ENVIRONMENT, Zygote, ZygoteChild, start_zygote
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.limits import AddressLimits, Coalescer, TokenBucket, bounded_size

log = logging.getLogger("adrenaline.host.web")

TOKEN_FILE = "web_token"
COOKIE = "adrenaline_web"
# What a client's standard input may hold unread before it counts as not reading (then keys
# are dropped rather than kept in this process's memory).
STDIN_BACKLOG = 256 * 1024
# The longest packet a room's player may send the door: a frame of the largest screen
# (400x150 in true colour, tens of bytes a cell at worst); a longer one ends the player.
MAX_SCREEN_PACKET = 16 * 1024 * 1024
# How long after the door starts a tab waits for its zygote to be ready (it warms in about 3 s
# on the 2-core build machine), rather than being given a process of its own for its whole life.
WARM_WAIT = 15.0
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")
NEEDS_TOKEN = "This host's web door needs its link with the token: ask whoever runs it."
LOOPBACK_ONLY = "This host's web door has no token: open it as http://127.0.0.1:PORT/ or http://localhost:PORT/."


def _loopback_name(host: str) -> bool:
    """Whether a Host header names this machine: localhost or a loopback address, any port.
    (host/main.py's is_loopback, for a bare name; not imported: it would bring the whole host
    into the web door's process.)"""
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def web_token(folder: Path) -> str:
    """The web door's token: made once, kept in the data folder (readable by the owner only),
    so a link given to friends keeps working across restarts. Delete the file for a new one."""
    path = folder / TOKEN_FILE
    if path.exists():
        token = path.read_text().strip()
        if re.fullmatch(r"[A-Za-z0-9_\-]{16,128}", token):
            return token
    token = secrets.token_urlsafe(24)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, token + "\n")
    path.chmod(0o600)
    return token


def tab_environment(width: int, height: int) -> dict[str, str]:
    """What textual-serve sets for a browser tab's own client process (its
    `AppService._build_environment`): what the web door's zygote imports Textual with
    (`WEB_ENVIRONMENT`), Textual's web driver, and the page's size."""
    return {
        **WEB_ENVIRONMENT,
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TERM_PROGRAM_VERSION": version("textual-serve"),
        "COLUMNS": str(width),
        "ROWS": str(height),
    }


# Printed once the web door's socket listens: what a script or a test waits for before connecting.
OPEN_LINE = "The web door is open on"


def client_command(socket: Path, idle: float = limits.LOBBY_IDLE) -> list[str]:
    command = own_program("adrenaline_tui", "client", "--socket", str(socket), "--name", "guest", "--ask-name")
    return [*command, "--idle", str(idle)]


async def serve_web(address: tuple[str, int], socket: Path, folder: Path, token_file: Path | None = None) -> None:
    """Run the web door until cancelled (then stop it)."""
    argv = [address[0], str(address[1]), str(socket), "--data", str(folder)]
    if token_file is not None:
        argv += ["--token-file", str(token_file)]
    process = await asyncio.create_subprocess_exec(*own_program("adrenaline_tui.host.web", *argv))
    try:
        await process.wait()
    finally:
        if process.returncode is None:
            process.terminate()
            await process.wait()


def _make_door(
    command: list[str],
    *,
    host: str,
    port: int,
    token: str | None = None,
    environment: dict[str, str] | None = None,
    rooms: dict[str, Any] | None = None,
) -> Any:
    """The web door (a `textual_serve.server.Server`); raises ImportError without textual-serve."""
    import aiohttp_jinja2
    from aiohttp import WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class Fed(AppService):
        """What the door does to any tab's client: packets fed without waiting (a client that
        does not read is not waited for)."""

        def put(self, kind: bytes, payload: bytes) -> bool:
            """Queue a packet for the client; False when it is gone or not reading."""
            stdin = self._stdin
            if stdin is None or stdin.is_closing() or stdin.transport.get_write_buffer_size() > STDIN_BACKLOG:
                return False
            stdin.write(self.encode_packet(kind, payload))  # type: ignore[arg-type]
            return True

        def meta(self, message: dict[str, Any]) -> bool:
            return self.put(b"M", json.dumps(message).encode())

    class RoomSeat(Fed):
        """One tab's client as a player in a room of the web door's zygote: a stream socket
        pair, one end handed to the room (the player's driver reads and writes textual-serve's
        packets on it), the other read here and passed to the tab. Ended by closing that
        socket (the player's hang-up: their app alone saves and leaves); a room that has not
        ended them within `limits.STOP_GRACE` is stuck, and is killed with its players."""

        def __init__(self, zygote: Zygote, address: str, **kwargs: Any) -> None:
            super().__init__("a player in a room", **kwargs)
            self.zygote = zygote
            self.address = address
            self.child: ZygoteChild | None = None

        async def start(self, width: int, height: int) -> bool:  # type: ignore[override]
            """A place in a room; False if the zygote gave none (the door then starts a process)."""
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                child = await self.zygote.spawn(
                    theirs.fileno(), "xterm-256color", "guest", self.address, "", web=(width, height)
                )
            finally:
                theirs.close()
            if child is None:
                ours.close()
                return False
            self.child = child
            reader, self._stdin = await asyncio.open_unix_connection(sock=ours)
            self._task = asyncio.create_task(self._screens(reader))
            return True

        async def _screens(self, reader: asyncio.StreamReader) -> None:
            """The player's packets to their tab, until the room closes their socket."""
            try:
                while True:
                    head = await reader.readexactly(5)
                    size = int.from_bytes(head[1:], "big")
                    if size > MAX_SCREEN_PACKET:
                        log.warning("%s: a room's player sent a packet of %d bytes: ended", self.address, size)
                        return
                    payload = await reader.readexactly(size)
                    if head[:1] == b"D":
                        await self.on_data(payload)
                    elif head[:1] == b"M":
                        await self._meta_from_room(payload)
            except (asyncio.IncompleteReadError, ConnectionError):
                pass

        async def _meta_from_room(self, payload: bytes) -> None:
            try:
                message = json.loads(payload)
            except (ValueError, RecursionError):
                return
            if not isinstance(message, dict):
                return
            if message.get("type") == "exit":
                await self.remote_close()
            elif message.get("type") == "open_url" and isinstance(message.get("url"), str):
                await self.remote_write_str(
                    json.dumps(["open_url", {"url": message["url"], "new_tab": bool(message.get("new_tab"))}])
                )

        def kill(self) -> None:
            """Kill the player's room (with its other players: only for a room that is stuck,
            or the door stopping)."""
            child = self.child
            if child is not None and child.returncode is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGKILL)

        async def end(self) -> None:
            """Close the player's socket (their hang-up); kill the room if it has not ended
            them within the grace."""
            if self._stdin is not None:
                self._stdin.close()
            if self._task is not None:
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._task
                self._task = None
            child = self.child
            if child is None:
                return
            try:
                await asyncio.wait_for(child.wait(), limits.STOP_GRACE)
            except TimeoutError:
                log.warning(
                    "%s: the room (pid %s) did not end a client in %.0f s; killed with its players",
                    self.address,
                    child.pid,
                    limits.STOP_GRACE,
                )
                self.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(child.wait(), limits.STOP_GRACE)

    class ClientProcess(Fed):
        """One tab's client: started in a session of its own, with only the environment it
        needs; fed without waiting (a client that does not read is not waited for); ended for
        sure."""

        def __init__(self, argv: list[str], env: dict[str, str], **kwargs: Any) -> None:
            super().__init__(shlex.join(argv), **kwargs)
            self.argv, self.env = argv, env

        async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
            env = {**self.env, **tab_environment(width, height)}
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                start_new_session=True,  # its own process group: killed with whatever it started
            )
            self._stdin = process.stdin
            return process

        def kill(self) -> None:
            if self._process is not None and self._process.returncode is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self._process.pid, signal.SIGKILL)

        async def end(self) -> None:
            """Ask the client to quit; kill it if it has not within the grace time."""
            self.meta({"type": "quit"})
            if self._task is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(self._task), limits.QUIT_GRACE)
                except TimeoutError:
                    log.info("a web client did not quit: killed")
                    self.kill()
                    await self._task
                self._task = None
            if self._process is not None:
                self.kill()
                await self._process.wait()

    class WebDoor(Server):
        def __init__(self) -> None:
            super().__init__(shlex.join(command), host=host, port=port, title="Adrenaline")
            self.argv = command
            self.token = token
            self.environment = environment or {}
            self.limits = AddressLimits()
            self.clients: set[ClientProcess | RoomSeat] = set()
            # The web door's own clients' zygote (`rooms`: start_zygote's arguments), started
            # with the door; None: a process a tab, as textual-serve runs them.
            self.rooms = rooms
            self.zygote: Zygote | None = None

        def _allowed(self, request: web.Request) -> bool:
            if self.token is None:
                # Without a token the door is for this machine only, and it must be asked by a
                # loopback name: any web page can point a name of its own at 127.0.0.1 (DNS
                # rebinding, its Origin then matching its Host), and a reverse proxy passes a
                # public one; either would make the tokenless door anyone's.
                return _loopback_name(request.host)
            given = request.cookies.get(COOKIE, "")
            return hmac.compare_digest(given.encode(), self.token.encode())

        async def handle_download(self, request: web.Request) -> web.StreamResponse:
            raise web.HTTPNotFound()  # the app delivers no files to a browser

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if not _HOST.match(request.host):
                raise web.HTTPBadRequest(text="bad Host header")
            if self.token is not None and "token" in request.query:
                if not hmac.compare_digest(request.query["token"].encode(), self.token.encode()):
                    raise web.HTTPForbidden(text=NEEDS_TOKEN)
                # Into a cookie, and out of the address bar (and of the page's links).
                found = web.HTTPSeeOther("/")
                found.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", max_age=30 * 24 * 3600)
                raise found
            if not self._allowed(request):
                raise web.HTTPForbidden(text=NEEDS_TOKEN if self.token is not None else LOOPBACK_ONLY)
            # The page's own addresses come from the Host it was asked by (a host bound to
            # 0.0.0.0 has no one address to write into it).
            context = {
                "font_size": 16,
                "app_websocket_url": f"ws://{request.host}/ws",
                "config": {"static": {"url": f"http://{request.host}/static/"}},
                "application": {"name": self.title},
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not self._allowed(request):
                raise web.HTTPForbidden(text=NEEDS_TOKEN if self.token is not None else LOOPBACK_ONLY)
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc != request.host:
                raise web.HTTPForbidden(text="a page of another site may not open this game")
            address = request.remote or "?"
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=limits.MAX_WEB_FRAME)
            await websocket.prepare(request)
            reason = self.limits.admit(address)
            if reason is not None:
                log.info("%s refused: %s", address, reason)
                await websocket.send_bytes(f"adrenaline: {reason}\r\n".encode())
                await websocket.close(message=reason[:120].encode())
                return websocket
            try:
                await self._session(websocket, request, address)
            finally:
                self.limits.release(address)
            return websocket

        async def _client(self, websocket: web.WebSocketResponse, address: str, width: int, height: int) -> Fed:
            """The tab's client, started: a place in a room, else a process of its own."""
            wiring: dict[str, Any] = {
                "write_bytes": websocket.send_bytes,
                "write_str": websocket.send_str,
                "close": websocket.close,
                "download_manager": self.download_manager,
            }
            zygote = self.zygote
            if zygote is not None and not zygote.ready and time.monotonic() - zygote.started_at < WARM_WAIT:
                await zygote.until_ready(WARM_WAIT - (time.monotonic() - zygote.started_at))
            if self.zygote is not None:
                # The address is the request's; the host counts the tab's games and code
                # guesses under it (the room hands it to the player's connection).
                seat = RoomSeat(self.zygote, address if _is_ip(address) else "?", **wiring)
                self.clients.add(seat)
                if await seat.start(width, height):
                    return seat
                self.clients.discard(seat)
                log.info("%s: the client runs in its own interpreter (the zygote gave none)", address)
            client = ClientProcess(
                self.argv,
                # Where the tab connects from, said as sshd and the SSH door say it: the host
                # counts started games and wrong table codes per address (wire.client.peer_address).
                {**self.environment, "SSH_CONNECTION": f"{address} 0 0 0"},
                **wiring,
            )
            self.clients.add(client)
            await client.start(width, height)
            return client

        async def _session(self, websocket: web.WebSocketResponse, request: web.Request, address: str) -> None:
            width, height = bounded_size(request.query.get("width", "80"), request.query.get("height", "24"))
            client: Fed | None = None
            resizes: Coalescer[tuple[int, int]] = Coalescer(
                lambda size: client is not None and client.meta({"type": "resize", "width": size[0], "height": size[1]})
            )
            try:
                client = await self._client(websocket, address, width, height)
                assert client._task is not None
                # A client that ends by itself (idle, quit, crash) closes its tab's socket.
                client._task.add_done_callback(lambda _: asyncio.ensure_future(websocket.close()))
                await self._messages(websocket, client, resizes, address)
            finally:
                resizes.cancel()
                if client is not None:
                    await client.end()  # type: ignore[attr-defined]
                    self.clients.discard(client)  # type: ignore[arg-type]

        async def _messages(
            self,
            websocket: web.WebSocketResponse,
            client: Fed,
            resizes: Coalescer[tuple[int, int]],
            address: str,
        ) -> None:
            frames = TokenBucket(limits.WEB_FRAMES_PER_SECOND, 2 * limits.WEB_FRAMES_PER_SECOND)
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
                    continue
                if not (isinstance(envelope, list) and 1 <= len(envelope) <= 2 and isinstance(envelope[0], str)):
                    continue
                kind, data = envelope[0], envelope[-1]
                if kind == "stdin" and isinstance(data, str):
                    keys = data.encode("utf-8", "replace")
                    allowed = self.limits.keys(address, len(keys))
                    # Cut at a character: half of one would be invalid UTF-8 to the client.
                    keys = keys[:allowed].decode("utf-8", "ignore").encode()
                    if keys:
                        client.put(b"D", keys)
                elif kind == "resize" and isinstance(data, dict):
                    resizes.offer(bounded_size(data.get("width"), data.get("height")))
                elif not frames.take(1):
                    # Keys have their own budget and window changes are coalesced (the latest
                    # must not be the one dropped); the rest is a ping or a focus change.
                    continue
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind in ("blur", "focus"):
                    client.meta({"type": kind})

        async def on_startup(self, app: web.Application) -> None:
            await super().on_startup(app)
            if self.rooms is not None:
                # Warming in the background: until it is ready, tabs get a process each.
                self.zygote = await start_zygote(**self.rooms, web=True)

        async def on_shutdown(self, app: web.Application) -> None:
            for client in list(self.clients):
                client.kill()
            if self.zygote is not None:
                self.zygote.close()

        async def application(self) -> web.Application:
            return await self._make_app()

        def serve(self, debug: bool = False) -> None:
            self.initialize_logging()
            # No access log: a link with the token in it would be written there. textual-serve's
            # "Serving" line comes from the app's start-up, before the socket listens (and the
            # zygote is started in between): the line after the bind is the one to wait for.
            web.run_app(self.application(), host=self.host, port=self.port, access_log=None, print=self.announce_open)

        def announce_open(self, _running_on: str) -> None:
            """Said once the door's socket listens (aiohttp calls it after binding)."""
            self.console.print(f"{OPEN_LINE} http://{self.host}:{self.port}", highlight=False)

    return WebDoor()


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def client_environment(folder: Path) -> dict[str, str]:
    """What a web client process gets of the host's environment: nothing beyond what it needs."""
    return {
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "ADRENALINE_HOME": str(folder / "clients"),
    }


def make_door(
    socket: Path,
    folder: Path,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str | None = None,
    idle: float = limits.LOBBY_IDLE,
    command: list[str] | None = None,
    room_size: int = 0,
) -> Any:
    """`room_size`: players a room of the door's own zygote (0: a process a tab, as before rooms)."""
    command = command or client_command(socket, idle)
    rooms = None
    if room_size > 0:
        rooms = {"folder": folder, "socket_path": socket, "idle": idle, "room_size": room_size}
    return _make_door(command, host=host, port=port, token=token, environment=client_environment(folder), rooms=rooms)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="adrenaline-web")
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("socket", type=Path)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--token-file", type=Path)
    parser.add_argument(
        "--room-size", type=int, default=ROOM_SIZE, help="players a room of the door's zygote (0: a process a tab)"
    )
    args = parser.parse_args(argv)
    token = args.token_file.read_text().strip() if args.token_file else None
    try:
        door = make_door(args.socket, args.data, host=args.host, port=args.port, token=token, room_size=args.room_size)
    except ImportError:
        print("adrenaline: --web needs textual-serve: pip install 'adrenaline-tui[web]'", file=sys.stderr)
        return 2
    door.serve()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
