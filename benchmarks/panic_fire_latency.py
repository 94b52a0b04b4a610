"""Panic Fire's latency: from a key press to the action being applied and to every seat's frame,
at one keyboard and through the host with 5 players, beside Adrenaline's key-to-frame.

Three measurements, printed side by side as p50 / p99 and as a ratio to Adrenaline's:

- **Adrenaline** (the reference): a saved 5-player game continued in a pseudo-terminal
  (`benchmarks/tui.py`'s `Terminal`), a key that moves the cursor through the options (the
  ratios' base), and a key that takes a decision, each timed to the end of the frame it causes
  (the terminal quiet for 5 ms).
- **Panic Fire, one keyboard**: the local table in a pseudo-terminal (a person against one
  computer that holds no card, so nothing but the keys changes the table), a position key that
  plays a card (the action applied by the screen's referee and the whole table drawn again: at
  one keyboard every seat's frame is that one frame), and an aim key (drawn, no action).
- **Panic Fire through the host**: `adrenaline host` as its own process, 5 people each at a
  client of the wire protocol (`tests/host/wire.py`: real bytes over the host's Unix socket),
  one of them sending a legal play (`act`) chosen from its own view: the time until its own
  `state` says the action was applied, until the last of the 4 others has the frame, and the
  spread between the first and the last seat's frame ("within a frame of each other"); and a
  real client (`adrenaline join` in a pseudo-terminal) at the fifth seat: its position key that
  plays a card, to the end of its frame showing the card played (to the host and back, drawn).

Run: `nice -n 10 python benchmarks/panic_fire_latency.py` (about a minute); `--keys N` presses
of each kind. Say the machine's load (`uptime`, printed) beside every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tui
from tui import Terminal, environment, prepare_game

# Panic Fire frames are small: a key's frame is over once the terminal has been quiet 5 ms
# (benchmarks/tui.py waits 50 ms, which would put 50 ms in every figure here).
tui.QUIET = 0.005

SEATS5 = ["scarlet", "violet", "amber", "teal", "ivory"]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, values: list[float], reference: float | None) -> str:
    p50, p99 = statistics.median(values), pct(values, 0.99)
    ratio = f"{p50 / reference:5.2f}x" if reference else "     "
    return f"  {name:<52} p50 {p50 * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms   {ratio}  (n={len(values)})"


# -- Adrenaline's key-to-frame --------------------------------------------------------------------
def adrenaline_keys(tmp: Path, keys: int) -> tuple[list[float], list[float]]:
    """Adrenaline's key-to-frame: a key that moves the cursor, and a key that takes a decision
    (an option picked, the game changed; undone again between presses, as benchmarks/tui.py does)."""
    home = tmp / "adrenaline"
    prepare_game(home)
    adrenaline = Path(sys.executable).with_name("adrenaline")
    term = Terminal([str(adrenaline), "--continue"], environment(home))
    try:
        term.wait_for(b"Killshots")
        moves = [term.key(k)[0] for k in [b"\x1b[B", b"\x1b[A"] * (keys // 2)]
        decisions = []
        for _ in range(keys // 2):
            decisions.append(term.key(b"1")[0])
            term.key(b"u")
        return moves, decisions
    finally:
        term.close()


# -- Panic Fire at one keyboard -------------------------------------------------------------------
# Scarlet's set shows one each of four characters, and every card she holds or draws is one of
# them: a card played on the position that shows it is always legal and changes the table.
SET = ["cowboy", "gangster", "nun", "viking"]
KEYS = {"cowboy": (b"2", b"a"), "gangster": (b"3", b"s"), "nun": (b"4", b"d"), "viking": (b"5", b"f")}


def panic_fire_save(tmp: Path) -> Path:
    from adrenaline_tui.titles.panic_fire.saves import save_game
    from adrenaline_tui.titles.panic_fire.scenario import from_scenario
    from adrenaline_tui.tui import storage

    # The deck has 12 of each: one in the set, the cowboys' four in the hand, the rest drawn in order.
    draw = ["cowboy"] * 7 + [c for c in SET[1:] for _ in range(11)]
    spec = {
        "seats": ["scarlet", "violet"],
        "shields": "none",
        "sets": {"scarlet": [[c] for c in SET], "violet": ["alien", "gorilla", "alien", "gorilla"]},
        "hands": {"scarlet": ["cowboy"] * 4, "violet": []},
        "draw": draw,
    }
    path = tmp / "panic.json"
    save_game(from_scenario(spec, 5), path)
    storage.write_table(path, {"seats": {"scarlet": "human", "violet": "easy"}, "over": False})
    return path


def panic_fire_keys(tmp: Path, keys: int) -> tuple[list[float], list[float]]:
    save = panic_fire_save(tmp)
    env = environment(tmp / "pf-home")
    argv = [sys.executable, "-m", "adrenaline_tui.titles.panic_fire.ui", "--resume", str(save)]
    term = Terminal(argv, env)
    try:
        term.wait_for(b"SCARLET")
        time.sleep(3.5)  # a round taken up in play waits 3 s before it goes on
        term.drain()
        aims = [term.key(k)[0] for k in [b"w", b"q"] * (keys // 2)]
        plays: list[float] = []
        for char in SET:
            card, position = KEYS[char]
            term.key(card)
            plays += [term.key(position)[0] for _ in range(min(10, keys // len(SET) + 1))]
        return plays, aims
    finally:
        term.close()


# -- Panic Fire through the host --------------------------------------------------------------------
def start_host(tmp: Path, name: str) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """`adrenaline host` as its own process; its data folder and socket."""
    data = tmp / name
    sock = data / "h.sock"
    host = subprocess.Popen(
        [str(Path(sys.executable).with_name("adrenaline")), "host", "--data", str(data), "--socket", str(sock)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "HOME": str(tmp / f"{name}-home")},
    )
    for _ in range(400):  # until it answers (the socket file comes a moment before the listening)
        try:
            with socket.socket(socket.AF_UNIX) as probe:
                probe.connect(str(sock))
            break
        except OSError:
            time.sleep(0.05)
    return host, data, sock


async def seated_wires(sock: Path, people: int) -> tuple[list[Any], str]:
    """A five-seat table without Shields set up on the host, `people` wires at its first seats."""
    from tests.host.wire import Wire

    wires = [await Wire.connect(sock, f"p{n}") for n in range(people)]
    create = {"type": "create", "title": "panic_fire", "options": {"shields": "none"}, "seats": ["human"] * 5}
    await wires[0].send(create)
    code = (await wires[0].expect("created"))["code"]
    for seat, w in zip(SEATS5, wires, strict=False):
        await w.send({"type": "join", "code": code, "seat": seat})
        await w.expect("joined")
    return wires, code


async def client_through_host(tmp: Path, keys: int, seed: int) -> list[float]:
    """A real client (`adrenaline join` in a pseudo-terminal) at the fifth seat, four wire
    clients at the others: a position key that plays a card, timed to the end of the client's
    frame that shows it (the act to the host, applied, the state back, drawn). Its legal plays
    are read from the host's save (the benchmark may look; the client never could)."""
    from adrenaline_tui.titles.panic_fire import Game, moves
    from adrenaline_tui.titles.panic_fire.ui.keys import SOLO

    host, data, sock = start_host(tmp, "host2")
    adrenaline = str(Path(sys.executable).with_name("adrenaline"))
    term: Terminal | None = None
    try:
        wires, code = await seated_wires(sock, 4)
        first = wires[0]
        term = Terminal([adrenaline, "join", "--socket", str(sock), "--name", "bench"], environment(tmp / "c-home"))
        term.wait_for(b"Connected")
        os.write(term.fd, code.encode() + b"\r")
        term.wait_for(b"Ivory")
        os.write(term.fd, b"\r")
        while True:  # the lobby says when the client sits at ivory
            msg = await first.expect("table")
            if any(x["colour"] == "ivory" and x["connected"] for x in msg["seats"]):
                break
        await first.send({"type": "start"})
        while first.state is None or first.state["view"]["phase"] != "play":
            await first.expect("state")
        save = data / "tables" / f"{code}.json"
        rng = random.Random(seed)
        times: list[float] = []
        for _ in range(keys * 4):
            if len(times) >= keys:
                break
            await asyncio.sleep(0.1)
            for w in wires:
                await w.drain_ready()
            term.drain()
            game = Game.load(save)
            view = game.view("ivory")
            plays = [a.key for a in moves.actions(view) if a.key.startswith("play:")]
            if game.phase != "play" or not plays:
                await asyncio.sleep(0.5)
                continue
            _, char, seat, pos = rng.choice(plays).split(":")
            term.key(SOLO.hand[list(view["characters"]).index(char)].encode())
            term.key(SOLO.targets[list(view["table"]).index(seat)].encode())
            before = len(game.log)
            sent = time.perf_counter()
            os.write(term.fd, SOLO.positions[int(pos) - 1].encode())
            last = sent
            deadline = sent + 1.0
            while time.perf_counter() < deadline:
                if term.read(0.03):
                    last = time.perf_counter()
                elif last > sent:
                    break
            await asyncio.sleep(0.05)
            log = Game.load(save).log
            if len(log) > before and any(e[2] == "ivory" for e in log[before:]):
                times.append(last - sent)
        for w in wires:
            await w.close()
        return times
    finally:
        if term is not None:
            term.close()
        host.terminate()
        host.wait(10)


async def through_host(tmp: Path, keys: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    from adrenaline_tui.titles.panic_fire import moves
    from tests.host.wire import Wire

    host, _data, sock = start_host(tmp, "host")
    try:
        wires, _code = await seated_wires(sock, 5)
        first = wires[0]
        await first.send({"type": "start"})
        for w in wires:
            while w.state is None or w.state["view"]["phase"] != "play":
                await w.expect("state")
        rng = random.Random(seed)
        applied: list[float] = []
        others: list[float] = []
        spread: list[float] = []
        while len(applied) < keys:
            await asyncio.sleep(0.05)  # a person's pace: the table has drawn the last frame
            for w in wires:
                await w.drain_ready()
            seated = zip(SEATS5, wires, strict=True)
            playing = [(s, w) for s, w in seated if w.state and w.state["view"]["phase"] == "play"]
            options = [
                (s, w, a.key)
                for s, w in playing
                for a in moves.actions(w.state["view"])  # type: ignore[index]
                if a.key.startswith("play:")
            ]
            if not options:
                await asyncio.sleep(0.5)  # a count of three, or the next round's countdown
                continue
            seat, actor, key = rng.choice(options)
            sent = time.perf_counter()
            await actor.send({"type": "act", "key": key})

            async def frame(w: Wire, seat: str = seat) -> float:
                while True:
                    msg = await w.read_one()
                    if msg["type"] == "error":
                        return -1.0
                    if msg["type"] == "state" and any(
                        e and e[0] == "played" and e[2].get("seat") == seat for e in msg["events"]
                    ):
                        return time.perf_counter()

            arrived = await asyncio.wait_for(asyncio.gather(*(frame(w) for w in wires)), 10)
            mine = arrived[wires.index(actor)]
            if mine < 0:
                continue  # refused: the table moved on (a count of three) between reading and sending
            rest = [t for w, t in zip(wires, arrived, strict=True) if w is not actor]
            applied.append(mine - sent)
            others.append(max(rest) - sent)
            spread.append(max(arrived) - min(arrived))
        for w in wires:
            await w.close()
        return applied, others, spread
    finally:
        host.terminate()
        host.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=40, help="key presses (or actions) of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        reference, decisions = adrenaline_keys(tmp, args.keys)
        plays, aims = panic_fire_keys(tmp, args.keys)
        applied, others, spread = asyncio.run(through_host(tmp, args.keys, args.seed))
        client = asyncio.run(client_through_host(tmp, args.keys, args.seed))
    ref = statistics.median(reference)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"Key press to frame, p50 / p99, and p50 as a ratio to Adrenaline's ({load})")
    print(line("Adrenaline: move through the options (120x40 pty)", reference, ref))
    print(line("Adrenaline: take a decision (pick an option)", decisions, ref))
    print(line("Panic Fire, one keyboard: play a card (applied, drawn)", plays, ref))
    print(line("Panic Fire, one keyboard: aim at a set (drawn)", aims, ref))
    print(line("Panic Fire, host, 5 seats: act to own frame (applied)", applied, ref))
    print(line("Panic Fire, host, 5 seats: act to the last other seat", others, ref))
    print(line("Panic Fire, host, 5 seats: first to last seat's frame", spread, None))
    print(line("Panic Fire, host, a real client: key to its own frame", client, ref))
    print(json.dumps({"uptime": load, "seed": args.seed, "keys": args.keys}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
