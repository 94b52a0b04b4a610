"""What routing a table code to its worker costs, on one machine and across machines.

A simulation for docs/hosting.md, "Beyond one machine": it does not start a host. Three ways to
find the worker that holds a table, each timed on real table codes:

- **modulo**: a hash of the code, modulo the number of workers (what a fixed set of workers on
  one machine can use: no table directory at all);
- **rendezvous** (highest random weight): every worker scores the code, the highest wins; adding
  or removing a worker moves only the tables that go to or come from it;
- **directory**: a table of code -> worker, as an existing store holds it (an in-process dict for
  the cache a front door keeps, and SQLite on disk standing in for the shared store: PostgreSQL,
  Redis or etcd add their network round trip on top).

For each it prints the cost of one lookup, how evenly tables spread over the workers, and what
share of the tables must move to another worker when one machine (of `--machines`) is added.
Then it times the hop a routed message pays: one JSON line of a table's state (`--bytes`) sent to
a worker and answered, over a Unix socket (a worker on this machine) and over loopback TCP (the
floor of a worker on another machine; a real network adds its round trip, typically 0.1-0.5 ms
inside one data centre).

    python benchmarks/routing.py [--tables 100000] [--machines 4] [--workers-per-machine 2]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import socket
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # the host's: no 0/O, 1/I
CODE_LENGTH = 5


def codes(n: int, rng: random.Random) -> list[str]:
    seen: set[str] = set()
    while len(seen) < n:
        seen.add("".join(rng.choice(ALPHABET) for _ in range(CODE_LENGTH)))
    return sorted(seen)


def digest(text: str) -> int:
    # blake2b rather than hash(): Python salts str hashes per process, and every front door
    # must send a code to the same worker.
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def modulo(workers: list[str]) -> Callable[[str], str]:
    return lambda code: workers[digest(code) % len(workers)]


def rendezvous(workers: list[str]) -> Callable[[str], str]:
    return lambda code: max(workers, key=lambda w: digest(w + "/" + code))


def directory(workers: list[str], tables: list[str]) -> tuple[Callable[[str], str], dict[str, str]]:
    """New tables go to the worker with the fewest; the directory remembers where each went."""
    where: dict[str, str] = {}
    load = Counter({w: 0 for w in workers})
    for code in tables:
        w = min(load, key=lambda k: (load[k], k))
        where[code] = w
        load[w] += 1
    return where.__getitem__, where


def per_lookup_us(route: Callable[[str], str], tables: list[str], rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for code in tables:
            route(code)
        best = min(best, time.perf_counter() - start)
    return best / len(tables) * 1e6


def spread(route: Callable[[str], str], tables: list[str]) -> float:
    """The fullest worker's tables over the mean: 1.00 is perfectly even."""
    counts = Counter(route(code) for code in tables)
    return max(counts.values()) / (len(tables) / len(counts))


def moved(before: Callable[[str], str], after: Callable[[str], str], tables: list[str]) -> float:
    return sum(before(c) != after(c) for c in tables) / len(tables)


def sqlite_directory(where: dict[str, str], folder: Path) -> Callable[[str], str]:
    db = sqlite3.connect(folder / "tables.sqlite")
    db.execute("create table tables (code text primary key, worker text not null)")
    db.executemany("insert into tables values (?, ?)", where.items())
    db.commit()
    query = "select worker from tables where code = ?"
    return lambda code: db.execute(query, (code,)).fetchone()[0]


_echoes: list[asyncio.Task[None]] = []


async def _echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    _echoes.append(asyncio.current_task())  # type: ignore[arg-type]
    while line := await reader.readline():
        writer.write(line)
        await writer.drain()
    writer.close()


async def hop_us(open_connection: Callable[[], object], line: bytes, rounds: int) -> tuple[float, float]:
    reader, writer = await open_connection()  # type: ignore[misc]
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        writer.write(line)
        await writer.drain()
        await reader.readline()
        times.append((time.perf_counter() - start) * 1e6)
    writer.close()
    await writer.wait_closed()
    # The worker's end sees the close and finishes before the next kind of hop is timed.
    await asyncio.gather(*_echoes)
    _echoes.clear()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


async def hops(size: int, rounds: int) -> dict[str, tuple[float, float]]:
    line = b'{"type":"state","pad":"' + b"x" * max(0, size - 26) + b'"}\n'
    out: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "worker.sock")
        unix = await asyncio.start_unix_server(_echo, path, limit=1 << 22)
        out["unix socket (same machine)"] = await hop_us(
            lambda: asyncio.open_unix_connection(path, limit=1 << 22), line, rounds
        )
        unix.close()
    tcp = await asyncio.start_server(_echo, "127.0.0.1", 0, limit=1 << 22)
    port = tcp.sockets[0].getsockname()[1]
    out["loopback TCP (floor of another machine)"] = await hop_us(
        lambda: asyncio.open_connection("127.0.0.1", port, limit=1 << 22), line, rounds
    )
    tcp.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100_000)
    ap.add_argument("--machines", type=int, default=4)
    ap.add_argument("--workers-per-machine", type=int, default=2)
    ap.add_argument("--bytes", type=int, default=6000, help="one state message (a 5-player table's is 4-8 KB)")
    ap.add_argument("--rounds", type=int, default=2000, help="round trips timed per kind of hop")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    tables = codes(args.tables, rng)
    per = args.workers_per_machine

    def workers(machines: int) -> list[str]:
        return [f"m{m}/w{w}" for m in range(machines) for w in range(per)]

    now, grown = workers(args.machines), workers(args.machines + 1)
    print(
        f"{len(tables)} table codes (seed {args.seed}), {args.machines} machines x {per} workers, "
        f"then one machine more; {socket.gethostname()}, load {os.getloadavg()[0]:.2f}"
    )
    print(f"{'routing':<34} {'lookup':>9} {'fullest/mean':>13} {'tables moved':>13}")
    rows: list[tuple[str, Callable[[str], str], float, float]] = []
    for name, make in (("modulo", modulo), ("rendezvous", rendezvous)):
        route = make(now)
        rows.append((name, route, spread(route, tables), moved(route, make(grown), tables)))
    dict_route, where = directory(now, tables)
    # A directory moves nothing by itself: new tables go to the new machine, old ones stay
    # until they end or are moved on purpose (suspend, copy the save, point the code).
    rows.append(("directory (front door's dict)", dict_route, spread(dict_route, tables), 0.0))
    with tempfile.TemporaryDirectory() as folder:
        sql_route = sqlite_directory(where, Path(folder))
        rows.append(("directory (SQLite on disk)", sql_route, spread(sql_route, tables), 0.0))
        for name, route, even, share in rows:
            sample = tables[:20_000] if "SQLite" in name else tables
            print(f"{name:<34} {per_lookup_us(route, sample):>7.2f}us {even:>13.3f} {share:>12.1%}")
    print(f"\none routed message ({args.bytes} bytes out and back), {args.rounds} round trips:")
    for name, (p50, p99) in asyncio.run(hops(args.bytes, args.rounds)).items():
        print(f"  {name:<42} p50 {p50:7.1f}us  p99 {p99:7.1f}us")


if __name__ == "__main__":
    main()
