"""A host under load: many tables at once, each with scripted people and computer seats.

Starts `adrenaline host` as its own process (so its CPU and memory are its own), opens
`--tables` tables of one scripted person (`--people 2`: two) and computer players in the other of
three seats, and has every person answer `--decisions` of their own decisions, each as soon as
the host's rate limit lets them (`--person-delay S`: S seconds after the question, a person's
pace). Prints the round trip of a decision (from sending the answer to receiving the state after
it: the host checks it, applies it, autosaves, builds every client's view and, for the one
deciding next, the words beside each option), the host's memory per table and its CPU time per
decision (people's and computers' alike) in each of its processes (front door, workers,
computers' pools) and how much of it was in the kernel, and the CPU this benchmark's own clients
spent per decision (they share the machine's cores with the host). `--split`: each process's
CPU and context switches a decision (a voluntary one is a wake-up); `--prefix COMMAND`: the
workers started under COMMAND (`valgrind --tool=callgrind ...`).

    python benchmarks/host.py [--tables 50] [--decisions 40] [--computer sensible|random]
                              [--people 1|2] [--bot-delay 0] [--person-delay 0] [--source DIR]
                              [--workers N] [--split] [--prefix COMMAND]

`--grid` runs issue 25's table in one go: 10 / 50 / 200 / 500 tables, with computers answering
at once (one person a table) and at the default bot delay with two people a table, the people
answering at once and at a person's pace (`HUMAN_PACE`, 0.6 s), this version beside the host in
`--source DIR` (the single-process host before the front door: `git archive 9083fe9 | tar -x -C
DIR`), and prints one row a run: round trip p50/p99, decisions a second, host CPU a decision in
all and for each of its processes, the benchmark's own CPU a decision, and memory a table (USS:
what no other process shares). `--grid-tables 10,50` and `--grid-loads 1,2` run part of it. Then,
in the same run, what a connected player costs (USS: their room's private memory shared by its
8 players, seated at tables; SSH and web), by `benchmarks/client_memory.py`
(`--no-grid-players`: not).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from adrenaline_tui import journal
from adrenaline_tui.host.front_door import PREFIX_VARIABLE
from adrenaline_tui.wire import protocol

T = TypeVar("T")

LINE_LIMIT = 8 * 1024 * 1024


def rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))


def uss_kib(pid: int) -> int:
    """Memory no other process shares (private pages), from smaps_rollup."""
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    return sum(int(n) for n in re.findall(r"^Private_(?:Clean|Dirty):\s+(\d+)", text, re.M))


def cpu_seconds(pid: int) -> float:
    user, system = cpu_split(pid)
    return user + system


def cpu_split(pid: int) -> tuple[float, float]:
    """A process's CPU seconds in its own code (user) and in the kernel on its behalf (system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def children(pid: int) -> list[int]:
    """The processes the host started (its saving process, its computers' pool), at any depth."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid:
            child = int(stat.parent.name)
            found += [child, *children(child)]
    return found


def switches(pid: int) -> tuple[int, int]:
    """A process's context switches, voluntary (it waited: a wake-up each) and involuntary (the
    kernel took the core), over its threads alive now (an ended thread's are not counted)."""
    voluntary = involuntary = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        with contextlib.suppress(OSError):
            text = status.read_text()
            voluntary += int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", text, re.M).group(1))
            involuntary += int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", text, re.M).group(1))
    return voluntary, involuntary


def process_name(pid: int) -> str:
    """What a host's process is: the module it runs (`-m`), else its program."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return "?"
    if "-m" in argv[:-1]:
        return argv[argv.index("-m") + 1]
    return Path(argv[0]).name


def by_process(pid: int, reading: Callable[[int], T]) -> dict[int, T]:
    """`reading` (CPU seconds, context switches) of the host and each process it started."""
    out = {}
    for p in (pid, *children(pid)):
        with contextlib.suppress(OSError):
            out[p] = reading(p)
    return out


# A state that does not ask its person anything and is not the game's end: all play() needs of it.
NOT_ASKED: dict = {"type": "state", "decisions": None, "view": {"over": False, "pending": {}}}


class Person:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.state: dict | None = None

    def send(self, msg: dict) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    @staticmethod
    def _asked(line: bytes) -> bool:
        """Whether a state may matter to its person: it asks them (its `decisions` is a count,
        near the head of the line), or the game is over."""
        return b'"decisions":null' not in line[:256] or b'"over":true' in line

    async def next(self, kind: str) -> dict:
        while True:
            line = await self.reader.readline()
            if not line:
                raise ConnectionError("the host closed the connection")
            # Every byte is read, as a client would; a line is parsed only if this person acts on
            # it. The driver shares the host's cores, and parsing every state of every client was
            # most of its CPU. The host writes each message's type first (`protocol.encode`).
            head = line[9 : line.find(b'"', 9)] if line.startswith(b'{"type":"') else None
            if head == b"state" and not self._asked(line):
                self.state = NOT_ASKED
                if kind == "state":
                    return NOT_ASKED
                continue
            if head is not None and head not in (kind.encode(), b"error", b"state"):
                continue
            msg = json.loads(line)
            if msg["type"] == "error":
                raise RuntimeError(f"the host refused {msg.get('about')}: {msg['reason']}")
            if msg["type"] == "state":
                self.state = msg
            if msg["type"] == kind:
                return msg


# The protocol version the clients say hello in: the host's own (another version's, with --source).
SPOKEN = {"v": protocol.VERSION}


def protocol_of(source: str) -> int:
    """The protocol version of the package in `source` (read, not imported: it is another copy)."""
    text = (Path(source) / "adrenaline_tui" / "wire" / "protocol.py").read_text()
    found = re.search(r"^VERSION = (\d+)$", text, re.M)
    if found is None:
        raise SystemExit(f"no protocol VERSION in {source}")
    return int(found.group(1))


async def connect(sock: str, address: str) -> Person:
    # 200 connections at once overflow the socket's backlog (100) while the host starts its
    # helpers: "Transport endpoint is not connected". A client tries again, as a person would.
    for attempt in range(10):
        try:
            reader, writer = await asyncio.open_unix_connection(sock, limit=LINE_LIMIT)
            person = Person(reader, writer)
            person.send({"type": "hello", "v": SPOKEN["v"], "name": "bench", "address": address})
            await person.next("welcome")
            return person
        except (ConnectionError, OSError):
            if attempt == 9:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


# Seconds between a question and its answer at the least: the host takes at most 20 messages a
# second from a client on average, and a person answering faster would be refused.
RATE_PAUSE = 0.06
# A person's pace for the grid's second row at the default bot delay (`--person-delay`): the bot
# delay itself, 0.6 s, the time the host gives a person to follow a computer's move and about
# the fastest anyone reads a new question and presses its key (docs/hosting.md, "Sizing").
HUMAN_PACE = 0.6


async def play(
    person: Person,
    rng: random.Random,
    decisions: int,
    trips: list[float],
    tally: dict,
    stop: asyncio.Event,
    pace: float = 0.0,
) -> None:
    """Answer every question this person is asked until every person of the table has answered
    `decisions` (a person who stopped would hold the table up) or the game is over."""
    state = person.state or await person.next("state")
    while not stop.is_set() and not state["view"]["over"]:
        pending = state["view"]["pending"]
        if not pending.get("options") or state["decisions"] is None:
            state = await person.next("state")
            continue
        n = state["decisions"]
        # A person reads the question before answering it: `--person-delay` (0: only the host's
        # rate limit, a person answering at most 20 times a second, as this benchmark always did).
        await asyncio.sleep(max(RATE_PAUSE, pace))
        start = time.perf_counter()
        person.send({"type": "choose", "key": rng.choice(pending["options"])["key"], "decision": n})
        # The host sends this person nothing else while their decision waits: the next state
        # is the one after their answer.
        state = await person.next("state")
        if tally[id(person)] < decisions:
            trips.append(time.perf_counter() - start)
        tally[id(person)] += 1
        if all(v >= decisions for v in tally.values()):
            stop.set()


async def table(sock: str, decisions: int, seed: int, trips: list[float], people: int, pace: float = 0.0) -> int:
    rng = random.Random(seed)

    def address(k: int) -> str:
        # Each person from an address of their own: a host lets one address keep only a few games going.
        n = seed * 2 + k
        return f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"

    persons = [await connect(sock, address(k)) for k in range(people)]
    colours = ["yellow", "blue", "grey"]
    seats = [{"colour": c, "kind": "human" if k < people else "computer"} for k, c in enumerate(colours)]
    creator = persons[0]
    creator.send(
        {"type": "create", "title": "adrenaline", "arena": "arena_11a", "skulls": 8, "ending": "frenzy", "seats": seats}
    )
    code = (await creator.next("created"))["code"]
    for k, person in enumerate(persons):
        person.send({"type": "join", "code": code, "seat": colours[k]})
        await person.next("joined")
    creator.send({"type": "start"})
    tally = {id(p): 0 for p in persons}
    stop = asyncio.Event()
    tasks = [asyncio.create_task(play(p, rng, decisions, trips, tally, stop, pace)) for p in persons]
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait([*tasks, stopping], return_when=asyncio.FIRST_COMPLETED)
    while not stop.is_set() and not all(t.done() for t in tasks):
        await asyncio.wait([*tasks, stopping], return_when=asyncio.FIRST_COMPLETED)
    for t in [*tasks, stopping]:
        t.cancel()
    await asyncio.gather(*tasks, stopping, return_exceptions=True)
    for t in tasks:
        if not t.cancelled() and t.exception() is not None:
            raise t.exception()
    return sum(min(v, decisions) for v in tally.values())


def processes_uss(pid: int) -> int:
    total = 0
    for p in (pid, *children(pid)):
        with contextlib.suppress(OSError):
            total += uss_kib(p)
    return total


async def run(args: argparse.Namespace) -> dict:
    """One host under one load; returns its figures (and prints them unless `args.quiet`)."""
    folder = Path(tempfile.mkdtemp(prefix="adrenaline-bench-host-"))
    sock = str(folder / "host.sock")
    command = [sys.executable, "-m", "adrenaline_tui", "host", "--data", str(folder / "data"), "--socket", sock]
    command += ["--bot-delay", str(args.bot_delay), "--computer", args.computer]
    if args.workers is not None:  # only then: a version from before the front door has no such option
        command += ["--workers", str(args.workers)]
    # `python -m` looks in its working folder first: --source runs another version's host
    # (`git archive COMMIT | tar -x -C DIR`) for a before/after on the same machine.
    env = None
    if getattr(args, "prefix", None):
        # The front door starts its workers under this command (host/front_door.py).
        env = {**os.environ, PREFIX_VARIABLE: args.prefix}
    host = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=args.source, env=env)
    SPOKEN["v"] = protocol_of(args.source) if args.source else protocol.VERSION
    try:
        while not Path(sock).exists():
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # its workers and pools up, so idle memory counts them
        base_uss = processes_uss(host.pid)
        base_cpu = by_process(host.pid, cpu_split)
        base_switches = by_process(host.pid, switches)
        trips: list[float] = []
        driver_cpu = time.process_time()
        started = time.perf_counter()
        totals = await asyncio.gather(
            *(table(sock, args.decisions, i, trips, args.people, args.person_delay) for i in range(args.tables))
        )
        wall = time.perf_counter() - started
        driver_cpu = time.process_time() - driver_cpu
        now_cpu = by_process(host.pid, cpu_split)
        now_switches = by_process(host.pid, switches)
        names = {p: process_name(p) for p in now_cpu}
        before = {p: base_cpu.get(p, (0.0, 0.0)) for p in now_cpu}
        spent = {p: sum(c) - sum(before[p]) for p, c in now_cpu.items()}
        system = sum(c[1] - before[p][1] for p, c in now_cpu.items())
        woke = {
            p: tuple(n - b for n, b in zip(s, base_switches.get(p, (0, 0)), strict=True))
            for p, s in now_switches.items()
        }
        cpu, helpers = spent.pop(host.pid), sorted(spent.values(), reverse=True)
        uss = processes_uss(host.pid)
        host.terminate()
        # A host with hundreds of tables writes every save as it stops: not part of the other
        # figures, but how long a person waits for ctrl+c to return.
        stopping = time.perf_counter()
        host.wait(timeout=900)
        stopped_in = time.perf_counter() - stopping
        # Every decision, computers' too, as the saves hold them (the host saves all as it stops),
        # with their journals (a save of a version without them is one file: read as it is).
        saves = (folder / "data" / "tables").glob("*.json")
        decisions = sum(len(journal.read(p).get("choices", [])) for p in saves if "." not in p.stem)
        if getattr(args, "split", False):
            # Per process, its CPU and its context switches a decision (each voluntary one is a
            # wake-up: the process waited for something and was woken).
            for p, c in now_cpu.items():
                user, sys_ = c[0] - before[p][0], c[1] - before[p][1]
                vol, invol = woke.get(p, (0, 0))
                per = max(1, decisions)
                print(
                    f"{p} {names[p]}: user {user:.2f} s, system {sys_:.2f} s, "
                    f"{(user + sys_) * 1000 / per:.3f} ms a decision; context switches "
                    f"{vol} voluntary ({vol / per:.2f} a decision), {invol} involuntary ({invol / per:.2f})"
                )
        assert sum(totals) == len(trips)
        trips.sort()
        figures = {
            "who": args.source or "this version",
            "tables": args.tables,
            "setting": (
                f"{args.people} people a table, bot delay {args.bot_delay:g} s, person delay {args.person_delay:g} s"
            ),
            "decisions": decisions,
            "wall": wall,
            "answers": len(trips),
            "p50": statistics.median(trips) * 1000,
            "p99": trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000,
            "per_decision": [c * 1000 / max(1, decisions) for c in (cpu, *helpers)],
            # The benchmark's own clients share the machine's cores with the host.
            "system_per_decision": system * 1000 / max(1, decisions),
            "driver_per_decision": driver_cpu * 1000 / max(1, decisions),
            "idle_mib": base_uss / 1024,
            "per_table_kib": (uss - base_uss) / args.tables,
            "stopped_in": stopped_in,
        }
        if not getattr(args, "quiet", False):
            report(figures, args.computer)
        return figures
    finally:
        if host.poll() is None:
            host.terminate()
            host.wait(timeout=900)
        # Its saves are read above; left behind, each run kept ~6 MB in /tmp (78 of them here).
        shutil.rmtree(folder, ignore_errors=True)


def report(f: dict, computer: str) -> None:
    print(
        f"{f['who']}: {f['tables']} tables, {f['setting']}, computer={computer}: "
        f"{f['decisions']} decisions in {f['wall']:.1f} s"
    )
    print(f"round trip of a person's decision: p50 {f['p50']:.1f} ms, p99 {f['p99']:.1f} ms ({f['answers']} answers)")
    each = f["per_decision"]
    print(f"host CPU per decision: {each[0]:.2f} ms in its first process", end="")
    if len(each) > 1:
        print(f", {sum(each[1:]):.2f} ms in its {len(each) - 1} others ({', '.join(f'{c:.2f}' for c in each[1:])})")
    else:
        print()
    print(f"  of which in the kernel (system time, all its processes): {f['system_per_decision']:.2f} ms")
    print(f"the benchmark's own clients (this process): {f['driver_per_decision']:.2f} ms CPU per decision")
    print(f"host memory (USS, all its processes): {f['idle_mib']:.0f} MiB idle, {f['per_table_kib']:.0f} KiB per table")
    print(f"the host stopped (every table saved) {f['stopped_in']:.1f} s after it was told to")


GRID_TABLES = (10, 50, 200, 500)
# (setting, people a table, bot delay, person delay): the two loads, the second with
# people answering at once (the figures before `--person-delay`) and at a person's pace.
GRID_LOADS = (
    ("computers at once", 1, 0.0, 0.0),
    ("bot delay 0.6 s, 2 people", 2, 0.6, 0.0),
    (f"bot 0.6 s, 2 people at {HUMAN_PACE:g} s", 2, 0.6, HUMAN_PACE),
)


async def grid(args: argparse.Namespace) -> None:
    hosts = [("this version", None)]
    if args.source:
        hosts.append((f"before ({args.source})", args.source))
    print(
        f"benchmarks/host.py --grid: {args.decisions} decisions a person, computer={args.computer}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start"
    )
    print(
        f"{'tables':>6}  {'load':<28} {'host':<28} {'p50 ms':>8} {'p99 ms':>8} {'dec/s':>6} "
        f"{'CPU ms/dec: all = by process':<36} {'driver':>6} {'KiB/table':>9} {'load avg':>8}"
    )
    loads = [GRID_LOADS[i] for i in args.grid_loads]
    for tables in args.grid_tables:
        for name, people, delay, pace in loads:
            for label, source in hosts:
                one = argparse.Namespace(**vars(args))
                one.tables, one.people, one.bot_delay, one.source, one.quiet = tables, people, delay, source, True
                one.person_delay = pace
                one.workers = args.workers if source is None else None
                f = await run(one)
                each = [c for c in f["per_decision"] if c >= 0.005]
                cpu = f"{sum(each):.2f} = " + " + ".join(f"{c:.2f}" for c in each)
                print(
                    f"{tables:>6}  {name:<28} {label:<28} {f['p50']:>8.1f} {f['p99']:>8.1f} "
                    f"{f['decisions'] / f['wall']:>6.0f} {cpu:<36} {f['driver_per_decision']:>6.2f} "
                    f"{f['per_table_kib']:>9.0f} "
                    f"{os.getloadavg()[0]:>8.1f}",
                    flush=True,
                )
    if args.grid_players:
        # A connected player's memory is a client of a door (a room's share), which this
        # benchmark's socket clients are not: measured by client_memory.py, in the same run.
        print("a connected player (client_memory.py: 8 players seated in a room of 8, SSH and web):", flush=True)
        command = [sys.executable, str(Path(__file__).with_name("client_memory.py")), "--players", "8"]
        command += ["--kinds", "room,web-room", "--room-sizes", "8", "--seated"]
        subprocess.run(command, check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--decisions", type=int, default=40, help="each person's own decisions")
    parser.add_argument("--computer", default="sensible")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="the host's pause before a computer's move")
    parser.add_argument("--people", type=int, choices=(1, 2), default=1, help="people a table (the rest computers)")
    parser.add_argument(
        "--person-delay",
        type=float,
        default=0.0,
        help=f"seconds a person takes to answer a question (0: at once; a person's pace: {HUMAN_PACE:g})",
    )
    parser.add_argument("--source", default=None, help="run the host of the package in this folder")
    parser.add_argument("--workers", type=int, default=None, help="the host's worker processes (0: one process)")
    parser.add_argument(
        "--split", action="store_true", help="print each process's user and system CPU and its context switches"
    )
    parser.add_argument(
        "--prefix",
        default=None,
        help="a command the host's workers are started under, e.g. "
        "'valgrind --tool=callgrind --callgrind-out-file=/tmp/w.%%p.out' (the front door's "
        "ADRENALINE_WORKER_PREFIX)",
    )
    parser.add_argument("--grid", action="store_true", help="10/50/200/500 tables, both loads, beside --source")
    parser.add_argument(
        "--grid-tables", type=lambda t: [int(n) for n in t.split(",")], default=list(GRID_TABLES), help="e.g. 10,50"
    )
    parser.add_argument(
        "--grid-loads",
        type=lambda t: [int(n) for n in t.split(",")],
        default=list(range(len(GRID_LOADS))),
        help="which of the grid's loads: 0 computers at once, 1 people at once, 2 people at a person's pace",
    )
    parser.add_argument(
        "--grid-players",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="after the grid, what a connected player costs in memory (client_memory.py)",
    )
    args = parser.parse_args()
    asyncio.run(grid(args) if args.grid else run(args))


if __name__ == "__main__":
    main()
