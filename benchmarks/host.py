"""A host under load: many tables at once, each with scripted people and computer seats.

Starts `adrenaline host` as its own process (so its CPU and memory are its own), opens
`--tables` tables of one scripted person and two computer players each, and has every person
answer `--decisions` of their own decisions as fast as the host lets them. Prints the round
trip of a decision (from sending the answer to receiving the state after it: the host checks
it, applies it, autosaves, builds every client's view and, for the one deciding next, the
words beside each option), the host's memory per table and its CPU time per decision (people's
and computers' alike; computers think on the host).

    python benchmarks/host.py [--tables 50] [--decisions 40] [--computer sensible|random]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINE_LIMIT = 8 * 1024 * 1024


def rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Person:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.state: dict | None = None

    def send(self, msg: dict) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    async def next(self, kind: str) -> dict:
        while True:
            msg = json.loads(await self.reader.readline())
            if msg["type"] == "state":
                self.state = msg
            if msg["type"] == kind:
                return msg


async def connect(sock: str) -> Person:
    reader, writer = await asyncio.open_unix_connection(sock, limit=LINE_LIMIT)
    person = Person(reader, writer)
    person.send({"type": "hello", "v": 1, "name": "bench"})
    await person.next("welcome")
    return person


async def table(sock: str, decisions: int, seed: int, trips: list[float]) -> int:
    rng = random.Random(seed)
    person = await connect(sock)
    seats = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
    seats.append({"colour": "grey", "kind": "computer"})
    person.send({"type": "create", "arena": "arena_11a", "skulls": 8, "ending": "frenzy", "seats": seats})
    code = (await person.next("created"))["code"]
    person.send({"type": "join", "code": code, "seat": "yellow"})
    person.send({"type": "start"})
    answered = 0
    state = await person.next("state")
    while answered < decisions and not state["view"]["over"]:
        pending = state["view"]["pending"]
        if not pending.get("options"):
            state = await person.next("state")
            continue
        n = state["decisions"]
        # Rate limit: a person answers at most 20 times a second; people are slower anyway.
        await asyncio.sleep(0.06)
        start = time.perf_counter()
        person.send({"type": "choose", "key": rng.choice(pending["options"])["key"], "decision": n})
        while True:
            state = await person.next("state")
            if state["decisions"] > n:
                break
        trips.append(time.perf_counter() - start)
        answered += 1
    return state["decisions"]


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="adrenaline-bench-host-"))
    sock = str(folder / "host.sock")
    command = [sys.executable, "-m", "adrenaline_tui", "host", "--data", str(folder / "data"), "--socket", sock]
    command += ["--bot-delay", "0", "--computer", args.computer]
    host = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not Path(sock).exists():
            await asyncio.sleep(0.05)
        base_rss = rss_kib(host.pid)
        base_cpu = cpu_seconds(host.pid)
        trips: list[float] = []
        started = time.perf_counter()
        totals = await asyncio.gather(*(table(sock, args.decisions, i, trips) for i in range(args.tables)))
        wall = time.perf_counter() - started
        cpu = cpu_seconds(host.pid) - base_cpu
        rss = rss_kib(host.pid)
        decisions = sum(totals)
        trips.sort()
        p50 = statistics.median(trips) * 1000
        p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000
        print(f"{args.tables} tables, computer={args.computer}: {decisions} decisions in {wall:.1f} s")
        print(f"round trip of a person's decision: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(trips)} answers)")
        print(f"host CPU: {cpu:.1f} s, {1000 * cpu / max(1, decisions):.2f} ms per decision")
        print(f"host memory: {base_rss / 1024:.0f} MiB idle, {(rss - base_rss) / args.tables:.0f} KiB per table")
    finally:
        host.terminate()
        host.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--decisions", type=int, default=40, help="each person's own decisions")
    parser.add_argument("--computer", default="sensible")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
