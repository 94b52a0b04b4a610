"""How long the screen stalls while computers play: the worst gap between ticks of a 10 ms timer
on the UI thread, during games of sensible computer players (no person: the table plays itself).

A computer thinks on a worker thread, so the gaps stay near the timer's own period even when a
decision takes hundreds of milliseconds (on the UI thread, the worst gap was the worst think).
Prints the worst and the 99th-percentile gap, and the worst think time, per game; `--kind random`
(no thinking at all) shows how much of the gaps is the drawing itself. The levels that think in
the app's pool of processes (`Session.POOLED`, the hard player) are timed from the table's side
(question sent to answer back); `--threads` has them think on a thread of the app, as before the
pool.

    python benchmarks/computer_stall.py [--games 2] [--seconds 60] [--delay 0.05] [--kind random]
                                        [--threads]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import shutil
import statistics
import tempfile
import time


async def one_game(
    seed: int, seconds: float, delay: float, kind: str, threads: bool
) -> tuple[list[float], list[float], int]:
    from adrenaline_tui.rules import FIGURES, GameConfig
    from adrenaline_tui.tui.app import AdrenalineApp
    from adrenaline_tui.tui.session import Session
    from adrenaline_tui.tui.settings import Settings

    config = GameConfig(players=FIGURES[:5], skulls=5)
    session = Session.start(config, seed, dict.fromkeys(config.players, kind), autosave=False)
    thinks: list[float] = []
    if threads:
        session.POOLED = ()
    ask = session.think_elsewhere

    def timed_elsewhere():  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        future = ask()
        if future is not None:
            future.add_done_callback(lambda _f: thinks.append(time.perf_counter() - start))
        return future

    session.think_elsewhere = timed_elsewhere  # type: ignore[method-assign]
    for colour in config.players:
        bot = session.bot(colour)
        choose = bot.choose

        def timed(decision, view=None, choose=choose):
            start = time.perf_counter()
            try:
                return choose(decision, view)
            finally:
                thinks.append(time.perf_counter() - start)

        bot.choose = timed  # type: ignore[method-assign]
    settings = Settings(bot_delay=delay, offer_lessons=False, pause_on_scoring=False)
    app = AdrenalineApp(settings=settings, session=session, save_settings=False)
    gaps: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        last = time.perf_counter()

        def tick() -> None:
            nonlocal last
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

        app.set_interval(0.01, tick)
        end = time.monotonic() + seconds
        while time.monotonic() < end and not session.game.over:
            await pilot.pause(0.1)
    return gaps, thinks, session.game.turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--delay", type=float, default=0.05)
    # "random" thinks in no time: what is left of the gaps is the drawing itself.
    parser.add_argument("--kind", default="sensible")
    parser.add_argument("--threads", action="store_true", help="pooled levels think on a thread of the app")
    args = parser.parse_args()
    os.environ["ADRENALINE_HOME"] = tempfile.mkdtemp(prefix="adrenaline-stall-")
    atexit.register(shutil.rmtree, os.environ["ADRENALINE_HOME"], True)  # not left in /tmp
    for seed in range(1, args.games + 1):
        gaps, thinks, turns = asyncio.run(one_game(seed, args.seconds, args.delay, args.kind, args.threads))
        gaps.sort()
        p99 = gaps[int(len(gaps) * 0.99)] if gaps else 0.0
        print(
            f"game {seed}: {turns} turns, {len(thinks)} decisions; UI timer gap worst {max(gaps) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms, median {statistics.median(gaps) * 1000:.0f} ms; "
            f"think worst {max(thinks) * 1000:.0f} ms, median {statistics.median(thinks) * 1000:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
