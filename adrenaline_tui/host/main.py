"""`adrenaline host`: start a host, its Unix socket and its doors, and run until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import resource
import signal
import socket as socketlib
import sys
from pathlib import Path

from adrenaline_tui.host.front_door import FrontDoor, default_workers
from adrenaline_tui.host.server import Host
from adrenaline_tui.wire import limits, protocol


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """`127.0.0.1:2222`, `[::1]:2222`, `0.0.0.0` or `2222`; raises ValueError with a reason."""
    text = text.strip()
    if text.isdigit():
        host, port = "127.0.0.1", text
    elif text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if port and not port.isdigit():
        raise ValueError(f"'{port}' is not a port number")
    number = int(port) if port else default_port
    if not host or number > 65535:
        raise ValueError(f"'{text}' is not an address:port")
    return host, number


def _socket_in_use(path: Path) -> bool:
    with socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM) as s:
        try:
            s.connect(str(path))
        except OSError:
            return False
    return True


async def run_host(
    folder: Path,
    *,
    ssh: tuple[str, int] | None = None,
    web: tuple[str, int] | None = None,
    authorized_keys: Path | None = None,
    web_token: bool = False,
    bot_delay: float = 0.6,
    computer: str | None = None,
    socket_path: Path | None = None,
    ready: asyncio.Future[dict[str, object]] | None = None,
    stop: asyncio.Event | None = None,
    abandon_after: float = limits.ABANDON_SECONDS,
    workers: int | None = None,
) -> int:
    """`workers`: the worker processes holding the tables behind a front door (None: one per
    core); 0: every table in this one process, as before the front door (docs/hosting.md)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)  # the socket, the games and the host key are the host's alone
    sock = socket_path or folder / "host.sock"
    if sock.exists():
        if _socket_in_use(sock):
            print(f"adrenaline: a host is already running on {sock}", file=sys.stderr)
            return 1
        sock.unlink()
    count = default_workers() if workers is None else workers
    settings = {"bot_delay": bot_delay, "computer": computer, "abandon_after": abandon_after}
    # abandon_after: benchmarks/abuse_tables.py shortens it
    host = Host(folder / "tables", **settings) if count == 0 else FrontDoor(folder / "tables", count, **settings)
    for line in host.resume():
        print(line, flush=True)
    if isinstance(host, FrontDoor):
        await host.start()
    server = await asyncio.start_unix_server(
        host.serve, str(sock), limit=protocol.MAX_CLIENT_LINE + 1, backlog=limits.SOCKET_BACKLOG
    )
    sock.chmod(0o600)
    print(f"Host running. Local players: adrenaline join --socket {sock}", flush=True)
    info: dict[str, object] = {"socket": str(sock)}
    door = zygote = None
    if ssh is not None:
        from adrenaline_tui.host.ssh import SSHDoor
        from adrenaline_tui.host.zygote import start_zygote

        zygote = await start_zygote(folder, sock)  # the clients' parent (docs/hosting.md)
        door = SSHDoor(folder, sock, authorized_keys, zygote=zygote)
        port = await door.start(*ssh)
        info.update(ssh_port=port, fingerprint=door.fingerprint)
        who = "only the keys in " + str(authorized_keys) if authorized_keys else "anyone who can reach the port"
        print(f"SSH: ssh -p {port} play@{ssh[0]}  ({who})", flush=True)
        print(f"Host key fingerprint: {door.fingerprint}", flush=True)
    web_task = None
    if web is not None:
        from adrenaline_tui.host import web as web_door

        token_file = None
        link = f"http://{web[0]}:{web[1]}/"
        if web_token:
            token = web_door.web_token(folder)
            token_file = folder / web_door.TOKEN_FILE
            link += f"?token={token}"
        web_task = asyncio.create_task(web_door.serve_web(web, sock, folder, token_file))
        who = "only with this link" if web_token else "anyone who can reach it"
        print(f"Web: {link}  ({who})", flush=True)
    if ready is not None:
        ready.set_result(info)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        if door is not None:
            door.close()
        if zygote is not None:
            zygote.close()
        if web_task is not None:
            web_task.cancel()
        server.close()
        if isinstance(host, FrontDoor):
            await host.close()
        else:
            host.close()
        with contextlib.suppress(OSError):
            sock.unlink()
        print("Host stopped; every table is saved.", flush=True)
    return 0


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# Open files a host may need: each connected person is a socket in the front door and one in
# its worker, each live table's journal an open file in its worker (docs/hosting.md, "Saves").
OPEN_FILES_WANTED = 65536


def more_open_files() -> int:
    """Raise this process's soft limit of open files towards its hard limit (workers and
    clients' zygotes inherit it): the usual default of 1,024 is reached by a worker with a few
    hundred tables and their people, and past it a connection or a save would fail. Returns the
    limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_WANTED)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def main(
    folder: Path,
    ssh: str | None,
    web: str | None,
    authorized_keys: Path | None,
    bot_delay: float,
    socket_path: Path | None,
    computer: str | None = None,
    web_token: bool = False,
    workers: int | None = None,
) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        ssh_at = parse_address(ssh, 2222) if ssh else None
        web_at = parse_address(web, 8080) if web else None
    except ValueError as exc:
        print(f"adrenaline: {exc}", file=sys.stderr)
        return 2
    if web_at is not None and not web_token and not is_loopback(web_at[0]):
        print(
            f"adrenaline: the web door on {web_at[0]} (not loopback) needs --web-token: anyone reaching it would play",
            file=sys.stderr,
        )
        return 2
    if workers is not None and workers < 0:
        print("adrenaline: --workers is 0 (one process) or more", file=sys.stderr)
        return 2
    if authorized_keys is not None and not authorized_keys.is_file():
        print(f"adrenaline: no authorized keys file {authorized_keys}", file=sys.stderr)
        return 2
    opened = more_open_files()
    if opened < 4096:
        logging.getLogger("adrenaline.host").warning(
            "at most %d open files (ulimit -n): a busy host needs more (docs/hosting.md, Saves)", opened
        )
    return asyncio.run(
        run_host(
            folder,
            ssh=ssh_at,
            web=web_at,
            authorized_keys=authorized_keys,
            web_token=web_token,
            bot_delay=bot_delay,
            socket_path=socket_path,
            computer=computer,
            workers=workers,
        )
    )
