"""Attacks on the SSH door of a live host, and what they leave behind.

- `attack_quick_disconnects`: connect, ask for a terminal and a shell, close at once; again and
  again. Each cycle must leave no `adrenaline client` running.
- `attack_idle_connections`: log in and open no session; each must lose its slot (and so let the
  next one in) after the door's no-session timeout, not hold it for good.

Both count the `adrenaline client` processes before and after (of one host only when given its
socket: other hosts on the machine have clients of their own). Not a test: nothing here asserts.

    python benchmarks/abuse_ssh.py [--seconds 20] [--sources 10]

starts a host on loopback (its own data folder in a temporary directory) and prints the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

# How long the leftovers may take to go once an attack stops: a client told to leave saves
# first (`AdrenalineApp.terminal_gone`), and the door kills what has not gone within seconds.
SETTLE = 15.0


def client_processes(socket: Path | None = None) -> list[int]:
    """The pids of the `adrenaline client` processes (of the host on `socket`, if given)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in argv]
        if "client" not in words or not any("adrenaline" in w for w in words):
            continue
        if socket is not None and str(socket) not in words:
            continue
        found.append(int(entry.name))
    return found


async def _settled(socket: Path | None, before: int, wait: float = SETTLE) -> int:
    """The number of client processes once they are back to `before`, or after `wait` seconds."""
    deadline = time.monotonic() + wait
    while True:
        now = len(client_processes(socket))
        if now <= before or time.monotonic() > deadline:
            return now
        await asyncio.sleep(0.25)


def _connect(host: str, port: int, **kwargs: object):  # asyncssh's context manager
    return asyncssh.connect(
        host, port, username="play", known_hosts=None, client_keys=None, connect_timeout=10, **kwargs
    )


class _Watch(asyncssh.SSHClient):
    """Notes whether the server closed the connection."""

    lost = False

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True


async def attack_quick_disconnects(
    host: str, port: int, seconds: float, socket: Path | None = None, sources: int = 1
) -> dict:
    """Connect, request a pty and a shell, close at once (or within 0.8 s, as a killed `ssh`
    does), for `seconds`; count the clients left. With `sources` > 1 (a host on loopback) the
    connections come from that many loopback addresses, 127.0.0.2 on, to get past the limit
    of new connections a minute from one address."""
    before = len(client_processes(socket))
    cycles = refused = peak = 0
    rng = random.Random(1)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        local = {"local_addr": (f"127.0.0.{2 + cycles % sources}", 0)} if sources > 1 else {}
        try:
            conn = await _connect(host, port, **local)
        except (OSError, asyncssh.Error):
            refused += 1  # the per-address rate limit: wait for it, as an attacker would
            await asyncio.sleep(0.5 / sources)
            continue
        with contextlib.suppress(OSError, asyncssh.Error):
            chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
            # At once: the client may not exist yet, or be starting; later: it is drawing.
            if cycles % 3 == 2:
                await asyncio.sleep(rng.uniform(0, 0.8))
            if cycles % 2:
                chan.close()
        conn.close()
        cycles += 1
        peak = max(peak, len(client_processes(socket)))
    after_attack = len(client_processes(socket))
    settled = await _settled(socket, before)
    return {
        "attack": "quick disconnects",
        "cycles": cycles,
        "source addresses": sources,
        "refused": refused,
        "clients before": before,
        "clients at most": peak,
        "clients when it stopped": after_attack,
        f"clients left after {SETTLE:.0f} s": settled - before,
    }


async def attack_idle_connections(
    host: str, port: int, seconds: float, socket: Path | None = None, count: int = 8
) -> dict:
    """Open `count` connections that log in and open no session, and keep them for `seconds`;
    then count how many the door dropped, and whether a newcomer still gets in."""
    before = len(client_processes(socket))
    conns: list[asyncssh.SSHClientConnection] = []
    watches: list[_Watch] = []
    refused = 0
    for _ in range(count):
        watch = _Watch()
        try:
            conns.append(await _connect(host, port, client_factory=lambda w=watch: w))
            watches.append(watch)
        except (OSError, asyncssh.Error):
            refused += 1
    await asyncio.sleep(seconds)
    dropped = sum(watch.lost for watch in watches)
    # From the same address, while the attacker's connections are still open if the host let them.
    newcomer = "got in"
    try:
        async with _connect(host, port):
            pass
    except (OSError, asyncssh.Error) as exc:
        newcomer = f"refused: {exc}"
    for conn in conns:
        conn.close()
    return {
        "attack": "connections with no session",
        "opened": len(conns),
        "refused": refused,
        f"dropped by the host within {seconds:.0f} s": dropped,
        "a newcomer from that address then": newcomer,
        "clients left": await _settled(socket, before) - before,
    }


class LoopbackHost:
    """`adrenaline host --ssh 127.0.0.1:0` in a temporary data folder, as its own process."""

    def __init__(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        folder = Path(self.tmp.name)
        self.log = folder / "host.log"
        self.socket = folder / "data" / "host.sock"
        command = [
            sys.executable,
            "-m",
            "adrenaline_tui",
            "host",
            "--ssh",
            "127.0.0.1:0",
            "--data",
            str(folder / "data"),
        ]
        self.process = subprocess.Popen(command, stdout=self.log.open("w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while not (found := re.search(r"ssh -p (\d+)", self.log.read_text())):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(self.log.read_text())
            time.sleep(0.1)
        self.port = int(found.group(1))

    def figures(self) -> dict:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return {
            "host RSS MiB": round(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024, 1),
            "host threads": int(re.search(r"Threads:\s+(\d+)", status).group(1)),
        }

    def log_figures(self) -> dict:
        text = self.log.read_text()
        return {"host log bytes": len(text.encode()), "tracebacks in the host log": text.count("Traceback")}

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.tmp.cleanup()


async def _main(seconds: float, sources: int) -> None:
    attacks = [
        lambda host: attack_quick_disconnects("127.0.0.1", host.port, seconds, socket=host.socket, sources=sources),
        lambda host: attack_idle_connections("127.0.0.1", host.port, seconds, socket=host.socket),
    ]
    for attack in attacks:
        host = LoopbackHost()  # a fresh host each: the per-address limits start from nothing
        try:
            await asyncio.sleep(2)  # the host settles: its idle memory
            idle = host.figures()
            figures = await attack(host)
            figures.update({f"{k} idle": v for k, v in idle.items()})
            figures.update({f"{k} after": v for k, v in host.figures().items()})
            figures.update(host.log_figures())
            print(json.dumps(figures))
        finally:
            if os.environ.get("ABUSE_LOG"):
                print(host.log.read_text()[-int(os.environ["ABUSE_LOG"]) :])
            host.stop()
            for pid in client_processes(host.socket):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, 9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each attack runs")
    parser.add_argument("--sources", type=int, default=10, help="loopback addresses the quick disconnects come from")
    args = parser.parse_args()
    asyncio.run(_main(args.seconds, args.sources))


if __name__ == "__main__":
    main()
