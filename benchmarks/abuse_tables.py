"""Attacks on a host's tables (issue 22, findings 3 and 9), against a live host on loopback.

- `attack_fill_tables`: set the other seats to computers, start, leave, repeat, from one address
  through one connection and then through many; then wait for abandoned tables to be suspended,
  and restart the host on the same folder. Tables alive, host RSS and threads before and after.
- `attack_guess_codes`: look up random table codes as fast as the host answers, from one address
  through several connections. Guesses per second the host actually checked.

Both also time other clients' round trips (`ping` → `pong`) during the attack. Not a test:
nothing here asserts; it prints figures. The host runs as its own process (its memory and
threads are its own) with a shortened abandon time, so a run is bounded.

    python benchmarks/abuse_tables.py [--seconds 20] [--abandon 5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from adrenaline_tui.wire import protocol

LINE_LIMIT = 8 * 1024 * 1024
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
ALONE = [
    {"colour": "yellow", "kind": "human"},
    {"colour": "blue", "kind": "computer"},
    {"colour": "grey", "kind": "computer"},
]
# The host with a short abandon time and sweep, logging to stderr (its "suspended" lines are counted).
# (A host from before abandoned tables runs too, without them: to compare.)
HOST_SCRIPT = """
import asyncio, inspect, logging, sys
from pathlib import Path
from adrenaline_tui.host.main import run_host
try:
    from adrenaline_tui.wire import limits
except ImportError:  # a host from before the limits were in one place
    from adrenaline_tui.host import server as limits
logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
more = {}
if "abandon_after" in inspect.signature(run_host).parameters:
    limits.SWEEP_SECONDS = min(limits.SWEEP_SECONDS, float(sys.argv[3]) / 2)
    more["abandon_after"] = float(sys.argv[3])
asyncio.run(run_host(Path(sys.argv[1]), socket_path=Path(sys.argv[2]), bot_delay=0.0, computer="random", **more))
"""


def proc_status(pid: int) -> dict[str, int]:
    """The host's resident memory (KiB) and threads, from /proc."""
    text = Path(f"/proc/{pid}/status").read_text()
    return {
        "rss_kib": int(re.search(r"VmRSS:\s+(\d+)", text).group(1)),
        "threads": int(re.search(r"Threads:\s+(\d+)", text).group(1)),
    }


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, sock: str, address: str, name: str = "abuser") -> Client:
        reader, writer = await asyncio.open_unix_connection(sock, limit=LINE_LIMIT)
        client = cls(reader, writer)
        client.send({"type": "hello", "v": protocol.VERSION, "name": name, "address": address})
        await client.next("welcome")
        return client

    def send(self, msg: dict[str, Any]) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    async def next(self, *kinds: str) -> dict[str, Any]:
        while True:
            line = await self.reader.readline()
            if not line:
                raise ConnectionError("the host closed the connection")
            msg = json.loads(line)
            if msg["type"] in kinds:
                return msg

    def close(self) -> None:
        self.writer.close()


class Pinger:
    """Another client, minding its own business: its round trips while the attack runs."""

    def __init__(self, sock: str) -> None:
        self.sock = sock
        self.trips: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Pinger:
        client = await Client.connect(self.sock, "192.0.2.1", "bystander")
        self._task = asyncio.create_task(self._run(client))
        return self

    async def _run(self, client: Client) -> None:
        while True:
            sent = time.perf_counter()
            client.send({"type": "ping"})
            await client.next("pong")
            self.trips.append(time.perf_counter() - sent)
            await asyncio.sleep(0.05)

    async def __aexit__(self, *exc: object) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await self._task

    def figures(self) -> dict[str, float]:
        trips = sorted(self.trips) or [0.0]
        return {
            "others_rtt_p50_ms": round(statistics.median(trips) * 1000, 1),
            "others_rtt_p99_ms": round(trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000, 1),
        }


async def _squat(
    sock: str, address: str, deadline: float, started: list[str], refused: list[str], once: bool = False
) -> None:
    """One connection: create a table of one person and computers, sit, start, leave; again
    until `deadline` (or just once)."""
    client = await Client.connect(sock, address)
    try:
        while once or time.perf_counter() < deadline:
            once = False
            client.send(
                {
                    "type": "create",
                    "title": "adrenaline",
                    "arena": "arena_10",
                    "skulls": 5,
                    "ending": "frenzy",
                    "seats": ALONE,
                }
            )
            reply = await client.next("created", "error")
            if reply["type"] == "error":
                if "leave this table" in reply["reason"]:  # a leave lost to the message rate limit
                    client.send({"type": "leave"})
                    await client.next("left", "error")
                else:
                    refused.append(reply["reason"])
                await asyncio.sleep(0.2)
                continue
            code = reply["code"]
            client.send({"type": "join", "code": code, "seat": "yellow"})
            await client.next("joined", "error")
            client.send({"type": "start"})
            reply = await client.next("state", "error")
            if reply["type"] == "error":
                refused.append(reply["reason"])
            else:
                started.append(code)
            client.send({"type": "leave"})
            await client.next("left", "error")
            if reply["type"] == "error":
                await asyncio.sleep(0.2)  # refused: try again a little later, within the message rate
    finally:
        client.close()


class Host:
    """`adrenaline host` as its own process on a folder, with a short abandon time."""

    def __init__(self, folder: Path, abandon: float) -> None:
        self.folder, self.abandon = folder, abandon
        self.sock = str(folder / "host.sock")
        self.log = folder / "host.log"
        self.process: subprocess.Popen[bytes] | None = None

    async def __aenter__(self) -> Host:
        self.folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            Path(self.sock).unlink()
        command = [sys.executable, "-c", HOST_SCRIPT, str(self.folder / "data"), self.sock, str(self.abandon)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)
        for _ in range(600):
            if Path(self.sock).exists():
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def suspended(self) -> int:
        return len(re.findall(r"table \w+ suspended", self.log.read_text()))


async def attack_fill_tables(
    folder: Path, *, seconds: float = 20.0, connections: int = 20, abandon: float = 5.0
) -> dict[str, Any]:
    """Squat tables from one address (one connection, then `connections` at once), let the
    abandoned ones be suspended, and restart the host; the host's figures at each step."""
    address = "203.0.113.66"
    result: dict[str, Any] = {"seconds": seconds, "connections": connections, "abandon_seconds": abandon}
    async with Host(folder, abandon) as host:
        result["idle"] = proc_status(host.pid)
        # One ordinary table first, so that what a first game loads (cards, arenas, computer
        # players) is in the baseline, not counted as the attack's.
        warm: list[str] = []
        await _squat(host.sock, "192.0.2.200", time.perf_counter(), warm, [], once=True)
        await asyncio.sleep(0.5)
        result["warm"] = proc_status(host.pid)
        started: list[str] = []
        refused: list[str] = []
        async with Pinger(host.sock) as pinger:
            await _squat(host.sock, address, time.perf_counter() + seconds / 2, started, refused)
            one = len(started)
            deadline = time.perf_counter() + seconds / 2
            await asyncio.gather(*(_squat(host.sock, address, deadline, started, refused) for _ in range(connections)))
        result.update(pinger.figures())
        result["started_one_connection"] = one
        result["started_many_connections"] = len(started) - one
        result["refused"] = len(refused)
        result["refusal"] = refused[0] if refused else None
        result["tables_alive_after_attack"] = len(started) + len(warm) - host.suspended()
        result["after_attack"] = proc_status(host.pid)
        # The tables left to the computers: suspended once nobody has been at them for `abandon`.
        await asyncio.sleep(abandon * 2 + 1)
        result["tables_alive_after_abandon"] = len(started) + len(warm) - host.suspended()
        result["after_abandon"] = proc_status(host.pid)
    saves = list((folder / "data" / "tables").glob("*.json"))
    games = [p for p in saves if re.fullmatch(r"[A-Z2-9]{5}\.json", p.name)]
    result["saved_games"] = len(games)
    result["save_kib_mean"] = round(statistics.mean(p.stat().st_size for p in games) / 1024, 1) if games else 0
    async with Host(folder, abandon) as host:
        await asyncio.sleep(0.5)
        result["restarted"] = proc_status(host.pid)
        text = host.log.read_text()
        result["restarted_saved_tables_listed"] = len(re.findall(r"\w{5}: resumed when", text))
        result["restarted_tables_loaded"] = len(re.findall(r"table \w+ resumed at", text))
    return result


async def _guess(sock: str, address: str, deadline: float, counts: dict[str, int], right: str) -> None:
    client = await Client.connect(sock, address, "guesser")
    rng = random.Random()
    try:
        while time.perf_counter() < deadline:
            code = "".join(rng.choice(ALPHABET) for _ in range(5))
            if code == right:
                continue
            client.send({"type": "look", "code": code})
            reply = await client.next("table", "error")
            if reply["type"] == "table":
                counts["hits"] += 1
            elif "too many wrong" in reply["reason"]:
                counts["refused"] += 1
                await asyncio.sleep(0.1)  # a patient script: keep asking, a little slower
            else:
                counts["checked"] += 1
    finally:
        client.close()


async def attack_guess_codes(folder: Path, *, seconds: float = 20.0, connections: int = 4) -> dict[str, Any]:
    """Random codes from one address through `connections` connections: how many the host checks."""
    async with Host(folder, 300.0) as host:
        owner = await Client.connect(host.sock, "198.51.100.9", "owner")
        owner.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "frenzy",
                "seats": ALONE,
            }
        )
        right = (await owner.next("created"))["code"]
        counts = {"checked": 0, "refused": 0, "hits": 0}
        async with Pinger(host.sock) as pinger:
            deadline = time.perf_counter() + seconds
            await asyncio.gather(
                *(_guess(host.sock, "203.0.113.77", deadline, counts, right) for _ in range(connections))
            )
        # The owner's friend, from elsewhere, still gets in with the right code.
        friend = await Client.connect(host.sock, "192.0.2.55", "friend")
        friend.send({"type": "look", "code": right})
        friend_ok = (await friend.next("table", "error"))["type"] == "table"
        owner.close()
        friend.close()
    return {
        "seconds": seconds,
        "connections": connections,
        **counts,
        "guesses_per_second": round(counts["checked"] / seconds, 2),
        "refusals_per_second": round(counts["refused"] / seconds, 1),
        "friend_elsewhere_gets_in": friend_ok,
        **pinger.figures(),
    }


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="adrenaline-abuse-tables-") as tmp:
        fill = await attack_fill_tables(
            Path(tmp) / "fill", seconds=args.seconds, connections=args.connections, abandon=args.abandon
        )
        print("fill tables:", json.dumps(fill, indent=1))
        guess = await attack_guess_codes(Path(tmp) / "guess", seconds=args.seconds)
        print("guess codes:", json.dumps(guess, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="each attack's length")
    parser.add_argument("--connections", type=int, default=20, help="connections of the table-filling attack")
    parser.add_argument("--abandon", type=float, default=5.0, help="the host's abandon time, shortened")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
