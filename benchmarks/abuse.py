"""Attacks on a live host on loopback, each for a bounded time: what is left once they stop.

Not in CI. Starts `adrenaline host --ssh 127.0.0.1:0 --web 127.0.0.1:PORT` as its own process
(a fresh data folder), then runs each attack in turn while `--others` ordinary clients ping the
host over its Unix socket every 0.1 s (a ping's round trip is the host's event loop answering:
what every other player waits on). After each attack it waits (up to `--settle` seconds) for
the attack's client processes to end, then prints:

- client processes left (goal 0),
- host RSS and threads before and after (and the web door's, a child process of the host;
  goal: RSS back within 10% of idle),
- tables alive (saved tables in the data folder),
- the other clients' round trip p50/p99 during the attack (goal p99 under 50 ms).

    python benchmarks/abuse.py [--attack web-size --attack web-tabs ...] [--seconds 20]

The SSH door's attacks (`abuse_ssh.py`) and the tables' (`abuse_tables.py`, on hosts of their
own) are registered here too.

To add an attack: write `async def name(host: Host, seconds: float) -> str` that attacks for
about `seconds` and returns a one-line note of what it did, decorated `@attack("its-name")`.
`Host` has the ports, the socket, the data folder and `clients()` (its client processes).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from adrenaline_tui.host.web import OPEN_LINE
from adrenaline_tui.wire import protocol

Attack = Callable[["Host", float], Awaitable[str]]
ATTACKS: dict[str, Attack] = {}


def attack(name: str) -> Callable[[Attack], Attack]:
    def register(function: Attack) -> Attack:
        ATTACKS[name] = function
        return function

    return register


# ---------------------------------------------------------------- the host under attack
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_status(pid: int) -> tuple[int, int]:
    """(RSS in KiB, threads) of a process, (0, 0) if it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0, 0
    rss = re.search(r"VmRSS:\s+(\d+)", text)
    threads = re.search(r"Threads:\s+(\d+)", text)
    return (int(rss.group(1)) if rss else 0), (int(threads.group(1)) if threads else 0)


class Host:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.socket = self.data / "host.sock"
        self.web_port = free_port()
        self.log = folder / "host.log"
        command = [sys.executable, "-m", "adrenaline_tui", "host", "--ssh", "127.0.0.1:0"]
        command += ["--web", f"127.0.0.1:{self.web_port}", "--data", str(self.data), "--bot-delay", "0.05"]
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        self.process = subprocess.Popen(command, stdout=self.log.open("w"), stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while not (re.search(r"ssh -p (\d+)", self.text()) and OPEN_LINE in self.text()):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise SystemExit(f"the host did not start:\n{self.text()}")
            time.sleep(0.2)
        self.ssh_port = int(re.search(r"ssh -p (\d+)", self.text()).group(1))  # type: ignore[union-attr]
        # This host's web door (another host's on the machine has another data folder).
        self.web_pid = next(
            pid
            for pid, argv in _processes()
            if b"adrenaline_tui.host.web" in argv and str(self.data).encode() in b" ".join(argv)
        )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def clients(self) -> list[int]:
        """This host's `adrenaline client` processes (those started by its doors)."""
        return [pid for pid, argv in _processes() if b"client" in argv and str(self.data).encode() in b" ".join(argv)]

    def figures(self) -> dict[str, int]:
        rss, threads = proc_status(self.process.pid)
        web_rss, web_threads = proc_status(self.web_pid)
        return {"rss": rss, "threads": threads, "web_rss": web_rss, "web_threads": web_threads}

    def tables(self) -> int:
        folder = self.data / "tables"
        return sum(1 for p in folder.glob("*.json") if p.name.count(".") == 1) if folder.exists() else 0

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _processes() -> list[tuple[int, list[bytes]]]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            found.append((int(entry.name), argv))
    return found


# ---------------------------------------------------------------- the others: round trips
# They run in a process of their own at the host's priority, while this process (the attacker)
# runs at the lowest: on loopback the attacker's own work (encrypting 20,000 SSH packets, say)
# would otherwise take the CPU from the host, which a remote attacker's would not. What they
# measure is the host.
async def other_player(sock: Path, trips: list[float]) -> None:
    reader, writer = await asyncio.open_unix_connection(str(sock), limit=8 * 1024 * 1024)
    writer.write(json.dumps({"type": "hello", "v": protocol.VERSION, "name": "other"}).encode() + b"\n")
    while json.loads(await reader.readline())["type"] != "welcome":
        pass
    while True:
        sent = time.perf_counter()
        writer.write(b'{"type":"ping"}\n')
        while json.loads(await reader.readline())["type"] != "pong":
            pass
        trips.append(time.perf_counter() - sent)
        await asyncio.sleep(0.1)  # 10 a second: within a client's message budget


async def _others(sock: Path, count: int) -> None:
    """Ping until stdin closes; at each line on stdin, print the round trips since the last."""
    trips: list[float] = []
    players = [asyncio.create_task(other_player(sock, trips)) for _ in range(count)]
    loop = asyncio.get_running_loop()
    while await loop.run_in_executor(None, sys.stdin.readline):
        print(json.dumps(trips), flush=True)
        trips.clear()
    for player in players:
        player.cancel()


class Others:
    """The other players' process: `mark()` returns their round trips since the last mark."""

    def __init__(self, host: Host, count: int) -> None:
        command = [sys.executable, __file__, "--others-only", str(host.socket), str(count)]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def mark(self) -> list[float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("mark\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- attacks
async def _read_all(ws: object, until: float) -> int:
    """Read a websocket's frames until `until` (or it closes); the bytes received."""
    import aiohttp

    received = 0
    while time.monotonic() < until:
        try:
            message = await asyncio.wait_for(ws.receive(), max(0.01, until - time.monotonic()))  # type: ignore[attr-defined]
        except TimeoutError:
            break
        if message.type != aiohttp.WSMsgType.BINARY:
            break
        received += len(message.data)
    return received


@attack("none")
async def nothing(host: Host, seconds: float) -> str:
    """No attack: the round trips of a quiet host on this machine, to compare with."""
    await asyncio.sleep(seconds)
    return "no attack (the baseline)"


@attack("web-size")
async def web_size(host: Host, seconds: float) -> str:
    """Three tabs asking for 65535x65535, resizing to 10^6 x 10^6 and back every half second."""
    import aiohttp

    until = time.monotonic() + seconds
    url = f"http://127.0.0.1:{host.web_port}/ws?width=65535&height=65535"

    async def tab(session: aiohttp.ClientSession) -> int:
        async with session.ws_connect(url) as ws:
            received, huge = 0, True
            while time.monotonic() < until:
                size = 10**6 if huge else 65535
                await ws.send_json(["resize", {"width": size, "height": size}])
                huge = not huge
                received += await _read_all(ws, min(until, time.monotonic() + 0.5))
            return received

    async with aiohttp.ClientSession() as session:
        received = await asyncio.gather(*(tab(session) for _ in range(3)))
    return f"3 tabs at 65535x65535 then 10^6 x 10^6: {sum(received) / 2**20:.1f} MiB of screen sent"


@attack("web-tabs")
async def web_tabs(host: Host, seconds: float) -> str:
    """30 tabs from one address at once, held open."""
    import aiohttp

    until = time.monotonic() + seconds
    url = f"http://127.0.0.1:{host.web_port}/ws?width=80&height=24"
    peak = 0

    async def tab(session: aiohttp.ClientSession) -> bool:
        async with session.ws_connect(url) as ws:
            first = await asyncio.wait_for(ws.receive(), 30)
            refused = first.type == aiohttp.WSMsgType.BINARY and b"too many connections" in first.data
            if not refused:
                await _read_all(ws, until)
            return not refused

    async def count() -> None:
        nonlocal peak
        while time.monotonic() < until:
            peak = max(peak, len(host.clients()))
            await asyncio.sleep(0.5)

    async with aiohttp.ClientSession() as session:
        results = await asyncio.gather(*(tab(session) for _ in range(30)), count())
    admitted = sum(1 for r in results[:30] if r)
    return f"30 tabs: {admitted} admitted, at most {peak} client processes at once"


@attack("window-change-flood")
async def window_change_flood(host: Host, seconds: float) -> str:
    """20,000 window changes over SSH and 20,000 resizes over the web, as fast as they go."""
    import aiohttp
    import asyncssh

    until = time.monotonic() + seconds

    async def over_ssh() -> int:
        async with asyncssh.connect(
            "127.0.0.1", host.ssh_port, username="flood", known_hosts=None, client_keys=None
        ) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            sent = 0
            while sent < 20_000 and time.monotonic() < until:
                process.change_terminal_size(80 + sent % 100, 24 + sent % 50)
                sent += 1
                if sent % 500 == 0:
                    await asyncio.sleep(0)  # let asyncssh write them
            while time.monotonic() < until:  # and keep reading the screen meanwhile
                with_timeout = max(0.01, until - time.monotonic())
                try:
                    await asyncio.wait_for(process.stdout.read(65536), with_timeout)
                except TimeoutError:
                    break
            process.close()
            return sent

    async def over_web() -> int:
        url = f"http://127.0.0.1:{host.web_port}/ws?width=80&height=24"
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            sent = 0
            while sent < 20_000 and time.monotonic() < until:
                await ws.send_json(["resize", {"width": 80 + sent % 100, "height": 24 + sent % 50}])
                sent += 1
            await _read_all(ws, until)
            return sent

    ssh_sent, web_sent = await asyncio.gather(over_ssh(), over_web())
    return f"{ssh_sent} SSH window changes and {web_sent} web resizes"


# --------------------------------------------- the SSH door's and the tables' attacks
# Written beside this file (benchmarks/abuse_ssh.py, benchmarks/abuse_tables.py), each runnable
# alone; here they join the same run. The tables' attacks need a host of their own (a short
# abandon time, a restart half-way): their figures are in their note, not in the rows below it.
sys.path.insert(0, str(Path(__file__).parent))


def _note(figures: dict[str, object], keys: tuple[str, ...]) -> str:
    return ", ".join(f"{k} {figures[k]}" for k in keys if k in figures)


@attack("quick-disconnects")
async def quick_disconnects(host: Host, seconds: float) -> str:
    from abuse_ssh import attack_quick_disconnects

    figures = await attack_quick_disconnects("127.0.0.1", host.ssh_port, seconds, socket=host.socket, sources=10)
    return "connect, pty, shell, close at once: " + _note(figures, tuple(figures))


@attack("idle-connections")
async def idle_connections(host: Host, seconds: float) -> str:
    from abuse_ssh import attack_idle_connections

    figures = await attack_idle_connections("127.0.0.1", host.ssh_port, seconds, socket=host.socket)
    return "log in, open no session: " + _note(figures, tuple(figures))


@attack("fill-tables")
async def fill_tables(host: Host, seconds: float) -> str:
    from abuse_tables import attack_fill_tables

    with tempfile.TemporaryDirectory(prefix="adrenaline-abuse-fill-") as tmp:
        figures = await attack_fill_tables(Path(tmp), seconds=seconds, connections=20, abandon=5.0)
    return "on a host of its own, tables started and left to computers: " + json.dumps(figures)


@attack("guess-codes")
async def guess_codes(host: Host, seconds: float) -> str:
    from abuse_tables import attack_guess_codes

    with tempfile.TemporaryDirectory(prefix="adrenaline-abuse-guess-") as tmp:
        figures = await attack_guess_codes(Path(tmp), seconds=seconds)
    return "on a host of its own, random table codes: " + json.dumps(figures)


# ---------------------------------------------------------------- the run
def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def run_attack(host: Host, others: Others, name: str, seconds: float, settle: float) -> dict[str, object]:
    before = host.figures()
    cpu = cpu_seconds(host.process.pid), cpu_seconds(host.web_pid)
    await asyncio.to_thread(others.mark)  # the round trips from here on
    note = await ATTACKS[name](host, seconds)
    trips = await asyncio.to_thread(others.mark)
    cpu = cpu_seconds(host.process.pid) - cpu[0], cpu_seconds(host.web_pid) - cpu[1]
    deadline = time.monotonic() + settle
    while host.clients() and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    await asyncio.sleep(1.0)
    after = host.figures()
    return {
        "attack": name,
        "note": note,
        "left": len(host.clients()),
        "before": before,
        "after": after,
        "cpu": cpu,
        "tables": host.tables(),
        "p50": percentile(trips, 50) * 1000,
        "p99": percentile(trips, 99) * 1000,
        "trips": len(trips),
        "worst": max(trips, default=0.0) * 1000,
    }


def report(result: dict[str, object]) -> None:
    b, a = result["before"], result["after"]
    assert isinstance(b, dict) and isinstance(a, dict)
    rss_change = (a["rss"] - b["rss"]) / b["rss"] * 100 if b["rss"] else float("nan")
    print(f"\n== {result['attack']}: {result['note']}")
    print(f"client processes left      {result['left']}")
    print(f"host RSS                   {b['rss'] / 1024:.1f} -> {a['rss'] / 1024:.1f} MiB ({rss_change:+.1f}%)")
    print(f"host threads               {b['threads']} -> {a['threads']}")
    print(f"web door RSS               {b['web_rss'] / 1024:.1f} -> {a['web_rss'] / 1024:.1f} MiB")
    print(f"web door threads           {b['web_threads']} -> {a['web_threads']}")
    cpu = result["cpu"]
    assert isinstance(cpu, tuple)
    print(f"CPU during the attack      host {cpu[0]:.2f} s, web door {cpu[1]:.2f} s")
    print(f"tables alive               {result['tables']}")
    pings = f"({result['trips']} pings, worst {result['worst']:.0f} ms)"
    print(f"others' round trip         p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms {pings}")


async def main_async(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="adrenaline-abuse-"))
    host = Host(folder)
    try:
        await asyncio.sleep(2.0)  # idle: the figures before
        idle = host.figures()
        print(
            f"idle host: RSS {idle['rss'] / 1024:.1f} MiB, {idle['threads']} threads; web door RSS "
            f"{idle['web_rss'] / 1024:.1f} MiB, {idle['web_threads']} threads"
        )
        others = Others(host, args.others)
        await asyncio.sleep(1.0)  # they connect
        os.nice(19)  # the attacker (this process) last; see Others
        try:
            for name in args.attack or list(ATTACKS):
                report(await run_attack(host, others, name, args.seconds, args.settle))
        finally:
            others.stop()
        final = host.figures()
        change = (final["rss"] - idle["rss"]) / idle["rss"] * 100
        print(
            f"\nafter every attack: host RSS {final['rss'] / 1024:.1f} MiB ({change:+.1f}% of idle), "
            f"{len(host.clients())} client processes left"
        )
    finally:
        host.stop()
        left = host.clients()
        for pid in left:  # never leave the machine with the attack's processes
            os.kill(pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def main() -> int:
    if sys.argv[1:2] == ["--others-only"]:  # the other players' process (start_others)
        asyncio.run(_others(Path(sys.argv[2]), int(sys.argv[3])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attack", action="append", choices=sorted(ATTACKS), help="default: every attack")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each attack lasts")
    parser.add_argument("--others", type=int, default=3, help="ordinary clients measuring round trips")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds to wait for processes to end")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
