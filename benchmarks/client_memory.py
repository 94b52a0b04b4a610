"""What a connected player costs in memory: the client process the host starts per player.

Starts `adrenaline host`, then `--players` clients of each kind, each on a pseudo-terminal of
80x24 as the SSH door runs them, waits until each has drawn its lobby, and reads each client's
/proc/PID/smaps_rollup: RSS (counts shared pages in full), PSS (shared pages divided between
their users) and USS (pages no other process shares: what one more player costs). The kinds:

- `own`: today's client, `adrenaline client` in an interpreter of its own (also what
  `adrenaline join` costs under the system's sshd, and a web door's tab);
- `zygote`: forked by the clients' zygote (host/zygote.py), a process a player (room size 1);
- `room`: players in rooms of R (`--room-sizes`, client_room.py), as the SSH door starts them
  now: R players fill one room, and a player's share is the room's USS divided by R (the
  room's pages are shared by its players and nobody else);
- `web-own`: a web tab's client before rooms, as textual-serve starts it: `adrenaline client`
  with Textual's web driver (textual-serve's environment) on pipes, 80x24;
- `web-room`: browsers' players in rooms of R of the web door's own zygote, as the web door
  starts them now: each on a stream socket speaking textual-serve's packets (80x24).

Then the total for 1,000 players: their USS plus, once, the zygote's own memory. With
`--seated`, each forked player (zygote, room) first sits at a started table of their own
(Adrenaline, a scripted person at yellow, the player at blue, a computer at grey), and is
measured once their table is drawn.

    python benchmarks/client_memory.py [--players 4] [--kinds own,zygote,room,web-own,web-room]
        [--room-sizes 1,4,8,16]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path


def rollup(pid: int) -> dict[str, int]:
    """KiB by field of /proc/PID/smaps_rollup."""
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    return {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", text, re.M)}


def drawn(fd: int, seconds: float = 60.0) -> int:
    """Read what the client draws until it has drawn something and paused; returns the bytes read."""
    total, deadline, quiet_since = 0, time.monotonic() + seconds, None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            total += len(chunk)
            quiet_since = None
        elif total > 2000:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since > 1.0:
                break
    return total


def client_command(sock: Path) -> list[str]:
    return [sys.executable, "-I", "-m", "adrenaline_tui", "client", "--socket", str(sock), "--name", "bench"]


def start_on_pty(command: list[str]) -> tuple[int, int]:
    """A child on a new pseudo-terminal of 80x24: (pid, the terminal's master end)."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, env)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


async def _screen_until(fd: int, text: bytes, seconds: float = 120.0) -> None:
    seen = b""
    for _ in range(int(seconds * 20)):
        while select.select([fd], [], [], 0)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
        if text in seen:
            return
        await asyncio.sleep(0.05)
    raise SystemExit(f"never on a client's screen: {text!r}")


def type_in(fd: int, keys: bytes, web: bool) -> None:
    """Keys as a terminal sends them, or as the web door passes a browser's (a D packet)."""
    os.write(fd, b"D" + len(keys).to_bytes(4, "big") + keys if web else keys)


async def seat(sock: Path, fd: int, keep: list[object], web: bool = False) -> None:
    """The client on `fd` sits at a started table of its own (a scripted person beside it)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from adrenaline_tui.wire import protocol
    from tests.host.wire import Wire

    # Each table's keeper from an address of its own: the host lets an address keep only
    # `limits.LIVE_GAMES_PER_ADDRESS` games going, so past 4 tables from one address the start
    # was refused and those players were measured in the lobby.
    reader, writer = await asyncio.open_unix_connection(str(sock), limit=protocol.MAX_HOST_LINE)
    keeper = Wire(reader, writer)
    address = f"198.51.100.{len(keep) % 250 + 1}"
    await keeper.send({"type": "hello", "v": protocol.VERSION, "name": "keeper", "address": address})
    await keeper.expect("welcome")
    keep.append(keeper)
    seats = [
        {"colour": "yellow", "kind": "human"},
        {"colour": "blue", "kind": "human"},
        {"colour": "grey", "kind": "computer"},
    ]
    create = {"type": "create", "title": "adrenaline", "arena": "arena_10", "skulls": 5, "ending": "sudden_death"}
    await keeper.send(create | {"seats": seats})
    code = (await keeper.expect("created"))["code"]
    await keeper.send({"type": "join", "code": code, "seat": "yellow"})
    # Seated before the player looks, so the one free seat is the first button.
    await keeper.expect("joined")
    await _screen_until(fd, b"Connected as")
    if web:
        # A browser's page says it has the focus; Textual's web driver starts the app blurred,
        # before the lobby is mounted; the focus message gives the lobby its first field, the
        # guest's name (`LobbyScreen`), and Enter there goes on to the code's.
        focus = b'{"type": "focus"}'
        os.write(fd, b"M" + len(focus).to_bytes(4, "big") + focus)
        type_in(fd, b"\r", web)  # the name offered ("guest") taken: on to the code
        await asyncio.sleep(0.5)
    type_in(fd, code.encode() + b"\r", web)
    await _screen_until(fd, b"Sit:")
    type_in(fd, b"\r", web)
    await _screen_until(fd, b"(you)")
    await keeper.send({"type": "start"})
    await _screen_until(fd, b"Turn")  # the table drawn: the game is going


def line(web: bool) -> tuple[int, int]:
    """A player's line: a pty of 80x24 (the door's end, the player's), or a stream socket pair."""
    if web:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        return ours.detach(), theirs.detach()
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return master, slave


async def churn(zygote: object, players: int, web: bool = False) -> None:
    """`players` come to the lobby one after another and leave (their terminal closed), as
    people do over a room's life: what they leave behind (caches, a fragmented heap) is then
    in the figures."""
    for _ in range(players):
        master, slave = line(web)
        child = await zygote.spawn(  # type: ignore[attr-defined]
            slave, "xterm-256color", "passing", "127.0.0.1", "", web=(80, 24) if web else None
        )
        os.close(slave)
        await _screen_until(master, b"Connected as")
        os.close(master)
        await child.wait()


def zygote_clients(
    sock: Path,
    folder: Path,
    players: int,
    room_size: int = 1,
    seated: bool = False,
    passing: int = 0,
    web: bool = False,
) -> tuple[list[tuple[int, int]], int, object]:
    """Clients forked by the host's zygote, as the SSH door asks for them (with `web`, by the web
    door's own zygote, as the web door asks): (pid, the door's end of their line) each, the
    zygote's pid, and the zygote (kept for closing)."""
    from adrenaline_tui.host.zygote import start_zygote

    loop = asyncio.new_event_loop()

    async def spawn() -> tuple[list[tuple[int, int]], object]:
        zygote = await start_zygote(folder, sock, room_size=room_size, web=web)
        if not await zygote.until_ready():
            raise SystemExit("the zygote never became ready")
        out = []
        for _ in range(players):
            master, slave = line(web)
            child = await zygote.spawn(slave, "xterm-256color", "bench", "127.0.0.1", "", web=(80, 24) if web else None)
            os.close(slave)
            if child is None:
                raise SystemExit("the zygote gave no client")
            out.append((child.pid, master))
            if len(out) == 1 and passing:
                await churn(zygote, passing, web)
        if seated:
            keep: list[object] = []
            for _, master in out:
                await seat(sock, master, keep, web)
            zygote.keepers = keep  # type: ignore[attr-defined]
        return out, zygote

    clients, zygote = loop.run_until_complete(spawn())
    return clients, zygote.pid, (loop, zygote)


def uss(figures: dict[str, int]) -> int:
    return figures["Private_Clean"] + figures["Private_Dirty"]


def report(kind: str, clients: list[tuple[int, int]], once: int = 0) -> None:
    least = min(drawn(fd) for _, fd in clients)
    figures = [rollup(pid) for pid, _ in clients]
    private = statistics.mean(uss(f) for f in figures) / 1024
    pss = statistics.mean(f["Pss"] for f in figures) / 1024
    rss = statistics.mean(f["Rss"] for f in figures) / 1024
    print(
        f"{kind:8} {len(clients)} clients, per client: USS {private:5.1f} MiB  PSS {pss:5.1f} MiB  RSS {rss:5.1f} MiB"
    )
    total = (1000 * private + once / 1024) / 1024
    extra = f" + the zygote once ({once / 1024:.1f} MiB RSS)" if once else ""
    print(f"{'':8} 1,000 players: {total:5.1f} GiB{extra}  (each client drew at least {least:,} bytes)")


def start_web_own(sock: Path) -> tuple[int, int, subprocess.Popen[bytes]]:
    """A web tab's client before rooms, as textual-serve starts it: (pid, its stdout, process)."""
    from adrenaline_tui.host.web import tab_environment

    env = {**os.environ, **tab_environment(80, 24)}
    env.pop("TERM", None)
    process = subprocess.Popen(
        client_command(sock),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    assert process.stdout is not None
    return process.pid, process.stdout.fileno(), process


def report_room(size: int, clients: list[tuple[int, int]], once: int, kind: str = "room") -> None:
    least = min(drawn(fd) for _, fd in clients)
    rooms = sorted({pid for pid, _ in clients})
    figures = [rollup(pid) for pid in rooms]
    private = sum(uss(f) for f in figures) / len(clients) / 1024
    pss = sum(f["Pss"] for f in figures) / len(clients) / 1024
    rss = statistics.mean(f["Rss"] for f in figures) / 1024
    print(
        f"{kind} R={size:<2} {len(clients)} players in {len(rooms)} room(s), per player: USS {private:5.1f} MiB  "
        f"PSS {pss:5.1f} MiB  (a room's RSS {rss:5.1f} MiB)"
    )
    total = (1000 * private + once / 1024) / 1024
    print(
        f"{'':8} 1,000 players: {total:5.1f} GiB + the zygote once ({once / 1024:.1f} MiB RSS)"
        f"  (each player drew at least {least:,} bytes)"
    )


def stop_rooms(clients: list[tuple[int, int]]) -> None:
    for _, fd in clients:
        os.close(fd)  # as the door ends a player of a room: their terminal closed
    for pid in {pid for pid, _ in clients}:
        for _ in range(300):  # the room ends once its last player has (a bound, not a speed test)
            if not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                break
            time.sleep(0.1)
        else:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)


def stop(clients: list[tuple[int, int]]) -> None:
    for pid, fd in clients:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        os.close(fd)
    for pid, _ in clients:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--kinds", default="own,zygote,room", help="which clients, of: own, zygote, room, web-own, web-room"
    )
    parser.add_argument("--room-sizes", default="4,8,16", help="players a room, for the kind room")
    parser.add_argument("--seated", action="store_true", help="forked players sit at a started table first")
    parser.add_argument("--passing", type=int, default=0, help="players who come and go in each room first")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    folder = Path(tempfile.mkdtemp(prefix="adrenaline-bench-clients-"))
    sock = folder / "host.sock"
    host = subprocess.Popen(
        [sys.executable, "-I", "-m", "adrenaline_tui", "host", "--data", str(folder / "data"), "--socket", str(sock)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    try:
        while not sock.exists():
            time.sleep(0.05)
        if "own" in kinds:
            clients = [start_on_pty(client_command(sock)) for _ in range(args.players)]
            try:
                report("own", clients)
            finally:
                stop(clients)
        if "zygote" in kinds:
            clients, zygote_pid, (loop, zygote) = zygote_clients(sock, folder / "data", args.players, 1, args.seated)
            try:
                report("zygote", clients, once=rollup(zygote_pid)["Rss"])
            finally:
                stop(clients)
                zygote.close()
                loop.run_until_complete(zygote.process.wait())
                loop.close()
        if "room" in kinds:
            for size in (int(n) for n in args.room_sizes.split(",")):
                clients, zygote_pid, (loop, zygote) = zygote_clients(
                    sock, folder / "data", size, size, args.seated, args.passing
                )
                try:
                    report_room(size, clients, once=rollup(zygote_pid)["Rss"])
                finally:
                    stop_rooms(clients)
                    zygote.close()
                    loop.run_until_complete(zygote.process.wait())
                    loop.close()
        if "web-own" in kinds:
            started = [start_web_own(sock) for _ in range(args.players)]
            try:
                report("web-own", [(pid, fd) for pid, fd, _ in started])
            finally:
                for pid, _, process in started:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(pid, signal.SIGKILL)
                    process.wait()
        if "web-room" in kinds:
            for size in (int(n) for n in args.room_sizes.split(",")):
                clients, zygote_pid, (loop, zygote) = zygote_clients(
                    sock, folder / "data", size, size, args.seated, args.passing, web=True
                )
                try:
                    report_room(size, clients, once=rollup(zygote_pid)["Rss"], kind="web-room")
                finally:
                    stop_rooms(clients)
                    zygote.close()
                    loop.run_until_complete(zygote.process.wait())
                    loop.close()
    finally:
        host.terminate()
        host.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)  # not left in /tmp
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
