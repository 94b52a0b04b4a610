"""One person's save on a host, the whole save against the journal's line (docs/hosting.md, "Saves").

Plays a real game (seed `--seed`, three seats, the random player) and, `--saves` times, one
decision more than the last (from decision `--from`, back to it every 50), asks a host-shaped
`Autosaver` (a saving thread, two threads for people's decisions; every decision a person's)
to keep the save, and waits until it is on the file, as the host waits before it sends anything:

- `whole` (the app's saves, and the host's before the journal): the save (5.4 kB at decision 600)
  written to a new file and renamed over the old one on a thread, its fsync queued after;
- `journal` (the host's now): one line appended to the table's journal on the caller's thread,
  the fdatasync batched on the saving thread;
- `none`: the same loop saving nothing (what the loop itself costs, to subtract).

Prints, per mode, the wait until the save is on the file (median, p99) and the CPU of the
caller's thread per save (median, p99), and the process's CPU per save in all (every thread,
user and kernel: `getrusage`) once the fsyncs are done. Writes in `--folder` (a temporary
folder under /tmp by default: this machine's disk).

    python benchmarks/save.py [--saves 2000] [--from 600] [--seed 3] [--runs 3] [--gap 0] [--folder DIR]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from adrenaline_tui.journal import Syncer
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.rules.saves import save_data
from adrenaline_tui.tui.session import Autosaver


def history(seed: int, length: int) -> tuple[Game, list[str]]:
    """A game's decisions (a random player for every seat), played again until `length`."""
    from adrenaline_tui.ai import make_player

    keys: list[str] = []
    while len(keys) < length:
        game = Game.new(GameConfig(players=FIGURES[:3]), seed)
        player = make_player("random", seed)
        while game.pending is not None and len(keys) < length:
            key = player.choose(game.pending, game.view(game.pending.player))
            game.choose(key)
            keys.append(key)
        seed += 1
        if len(keys) < length:
            keys.clear()  # this game ended early: another seed
    return game, keys


WINDOW = 50


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run(mode: str, folder: Path, game: Game, keys: list[str], start: int, saves: int, gap: float) -> dict[str, float]:
    saving = ThreadPoolExecutor(1, thread_name_prefix="autosave")
    now = ThreadPoolExecutor(2, thread_name_prefix="save-now")
    syncer = Syncer(saving) if mode == "journal" else None
    saver = Autosaver(saving, now_pool=now, syncer=syncer)
    base = save_data(game)
    path = folder / f"{mode}.json"
    saver.keep(path, base | {"choices": keys[:start]}, person=True)
    if saver.writing is not None:
        saver.writing.result()
    waits, cpus = [], []
    before = cpu()
    for i in range(saves):
        # One decision more each time, and every WINDOW decisions an undo back to `start`: the
        # save stays the size of the game's at `start` (a whole save's cost goes with its size).
        n = start + 1 + i % WINDOW
        t0, c0 = time.perf_counter(), time.thread_time()
        data = base | {"choices": keys[:n]}
        if mode != "none":
            saver.keep(path, data, person=True)
        cpus.append(time.thread_time() - c0)
        if saver.writing is not None:
            saver.writing.result()
        waits.append(time.perf_counter() - t0)
        if gap:
            time.sleep(gap)  # a host's saves come apart: each fsync then waits alone
    saver.close()
    saving.shutdown(wait=True)  # every fsync asked is done
    now.shutdown(wait=True)
    q = statistics.quantiles
    return {
        "wait_p50": statistics.median(waits) * 1e6,
        "wait_p99": q(waits, n=100)[98] * 1e6,
        "caller_p50": statistics.median(cpus) * 1e6,
        "caller_p99": q(cpus, n=100)[98] * 1e6,
        "process": (cpu() - before) / saves * 1e6,
        "bytes": len(json.dumps(base | {"choices": keys[:start]}, separators=(",", ":"))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=2000)
    parser.add_argument("--from", dest="start", type=int, default=600, help="decisions in the save at the first")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3, help="each mode this many times, alternately")
    parser.add_argument("--folder", type=Path, default=None)
    parser.add_argument("--gap", type=float, default=0.0, help="seconds between two saves (0: back to back)")
    args = parser.parse_args()
    game, keys = history(args.seed, args.start + WINDOW)
    with tempfile.TemporaryDirectory(dir=args.folder) as tmp:
        for i in range(args.runs):
            for mode in ("none", "whole", "journal"):
                r = run(mode, Path(tmp), game, keys, args.start, args.saves, args.gap)
                print(
                    f"run {i + 1} {mode:8} save {r['bytes']} B: on the file after {r['wait_p50']:.0f} us "
                    f"(p99 {r['wait_p99']:.0f}); caller's CPU {r['caller_p50']:.0f} us (p99 {r['caller_p99']:.0f}); "
                    f"process CPU {r['process']:.0f} us a save, fsyncs included",
                    flush=True,
                )


if __name__ == "__main__":
    main()
