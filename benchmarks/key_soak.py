"""Key soak: random keys and random terminal sizes (below 80x24 too) against the app for minutes.

The CI test (`tests/tui/test_key_fuzz.py`) does the same for a few hundred keys. This runs the
same starts in turn - the title, a hot-seat table, a table with one person, the lessons - with
a new seed for each round, keeps going after an exception, and prints keys pressed, screens
visited and every exception (there must be none).

    python benchmarks/key_soak.py [--minutes 5] [--presses 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


async def soak(minutes: float, presses: int, seed: int) -> int:
    from tests.tui.key_fuzz import FuzzReport, fuzz
    from tests.tui.test_key_fuzz import STARTS

    total = FuzzReport()
    errors: list[str] = []
    end = time.monotonic() + minutes * 60
    rounds = 0
    while time.monotonic() < end:
        for name, make in sorted(STARTS.items()):
            if time.monotonic() >= end:
                break
            run_seed = seed * 1000 + rounds
            try:
                total.add(await fuzz(make, run_seed, presses))
            except Exception:  # counted and shown, and the soak goes on
                errors.append(f"{name} seed {run_seed}:\n{traceback.format_exc()}")
        rounds += 1
    print(f"{total.keys} keys, {total.resizes} resizes, {total.apps} apps, {rounds} rounds, {minutes:g} minutes")
    print("screens:", ", ".join(f"{screen} {n}" for screen, n in total.screens.most_common()))
    print(f"exceptions: {len(errors)}")
    for error in errors:
        print(error)
    return 1 if errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Saves, settings and lesson progress go to a scratch home, never the player's own.
    os.environ["ADRENALINE_HOME"] = tempfile.mkdtemp(prefix="adrenaline-soak-")
    atexit.register(shutil.rmtree, os.environ["ADRENALINE_HOME"], True)  # not left in /tmp
    return asyncio.run(soak(args.minutes, args.presses, args.seed))


if __name__ == "__main__":
    raise SystemExit(main())
