"""CPU a normal computer's question, in host-shaped games: what a host's computers' pool spends.

`benchmarks/host.py` seats one scripted person (answering at random) and two computers at each
table (arena_11a, 8 skulls, frenzy); its pools spend nearly all their CPU in the normal player's
`choose`. This plays the same tables in one process, without a host: game i is `Game.new(config,
seed + i)`, the person answers with `random.Random(seed + i)` among every option as the
benchmark's people do, and the computer in seat n is `SensiblePlayer((seed + i) * 10 + n)`.
Every computer question is timed with `time.process_time` around `choose` (the view is built
outside the timing, as a pool receives it built), and the run prints the CPU a question (mean,
with a 95% CI over games, each game one observation), by kind of question, and a digest of
every answer (two versions that print the same digest answered alike).

    nice -n 10 python benchmarks/normal_think.py [--games 6] [--seed 30] [--decisions N]
                                                 [--profile FILE] [--repeat R]

`--decisions N` stops a table once its person has answered N questions, like host.py's
`--decisions` (20 there: the early game, spawns and first grabs); without it, whole games.
`--warm K` first plays K other games of the same shape (seeds 100,000 on, not timed), so that the
timed games start from a shot book filled as a long-lived pool's is (by other tables: a pass
that plays the timed games again would find their very positions in the book). `--repeat R`
plays the timed games R times in the same process and reports each pass. `--profile FILE`
writes a cProfile of the last pass's computer questions.
For before/after, run the two versions alternately on the same seeds under `nice`.

Instructions rather than time (repeatable on a loaded machine): `--callgrind` builds a one-line
library (needs `cc` and valgrind's headers) that switches callgrind's counting on and off around
each computer question, so that only the thinking is counted:

    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/tmp/cg.out \
        python benchmarks/normal_think.py --callgrind --warm 60 --decisions 20

and callgrind's "Collected" line is the instructions of the computers' questions (of the
`--counted-pass`, default all passes), to divide by the questions the run prints.
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import ctypes
import hashlib
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from ai import mean_ci  # benchmarks/ai.py, beside this script: one interval for every benchmark

from adrenaline_tui.ai import SensiblePlayer
from adrenaline_tui.rules import Game, GameConfig

COLOURS = ("yellow", "blue", "grey")  # host.py's seats: the person first


def counting_switch() -> Callable[[], None]:
    """callgrind's switch of its counting, from a library built here (outside valgrind: does nothing)."""
    folder = Path(tempfile.mkdtemp(prefix="normal-think-"))
    # The library is loaded by then; the folder goes when the benchmark ends.
    atexit.register(shutil.rmtree, folder, True)
    source, library = folder / "toggle.c", folder / "toggle.so"
    source.write_text("#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", str(library), str(source)], check=True)
    return ctypes.CDLL(str(library)).toggle


def play(
    seed: int,
    decisions: int | None,
    profile: cProfile.Profile | None,
    toggle: Callable[[], None] | None = None,
) -> tuple[list[tuple[str, float]], str]:
    """One table: every computer question's (kind, CPU seconds), and the digest of all answers."""
    config = GameConfig(players=COLOURS, arena="arena_11a", skulls=8, ending="frenzy")
    game = Game.new(config, seed)
    person = random.Random(seed)
    computers = {c: SensiblePlayer(seed * 10 + n) for n, c in enumerate(COLOURS) if n > 0}
    timed: list[tuple[str, float]] = []
    digest = hashlib.sha256()
    answered = 0
    while (d := game.pending) is not None:
        if d.player == COLOURS[0]:
            if decisions is not None and answered >= decisions:
                break
            key = person.choice(d.keys)
            answered += 1
        else:
            view = game.view(d.player)
            if profile is not None:
                profile.enable()
            if toggle is not None:
                toggle()
            start = time.process_time()
            key = computers[d.player].choose(d, view)
            timed.append((d.kind, time.process_time() - start))
            if toggle is not None:
                toggle()
            if profile is not None:
                profile.disable()
        digest.update(f"{d.player} {d.kind} {key}\n".encode())
        game.choose(key)
    return timed, digest.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--decisions", type=int, default=None, help="stop a table after its person's N answers")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--warm", type=int, default=0, help="other games played first, untimed, to fill the book")
    ap.add_argument("--profile", default=None, help="write a cProfile of the computers' questions here")
    ap.add_argument("--callgrind", action="store_true", help="count only the questions under callgrind")
    ap.add_argument("--counted-pass", type=int, default=None, help="with --callgrind: count only this pass")
    args = ap.parse_args()
    profile = cProfile.Profile() if args.profile else None
    toggle = counting_switch() if args.callgrind else None
    seeds = range(args.seed, args.seed + args.games)
    print(
        f"normal_think: games {args.games} (seeds {args.seed}-{args.seed + args.games - 1}), "
        f"{'whole games' if args.decisions is None else f'{args.decisions} person answers a table'}, "
        f"{args.repeat} pass(es), after {args.warm} other games"
    )
    for seed in range(100_000, 100_000 + args.warm):
        play(seed, args.decisions, None)
    for r in range(args.repeat):
        per_game: list[float] = []
        by_kind: dict[str, list[float]] = defaultdict(list)
        digests = hashlib.sha256()
        n = 0
        total = 0.0
        for seed in seeds:
            counted = toggle if args.counted_pass in (None, r + 1) else None
            timed, digest = play(seed, args.decisions, profile if r == args.repeat - 1 else None, counted)
            digests.update(digest.encode())
            per_game.append(1000 * sum(t for _, t in timed) / max(1, len(timed)))
            for kind, t in timed:
                by_kind[kind].append(t)
            n += len(timed)
            total += sum(t for _, t in timed)
        mean, _, high = mean_ci(per_game)
        print(
            f"pass {r + 1}: {n} computer questions, {1000 * total / max(1, n):.3f} ms CPU a question "
            f"(games' means {mean:.3f} +- {high - mean:.3f} ms, 95% CI), "
            f"{total:.2f} s in all; answers digest {digests.hexdigest()[:16]}"
        )
        if r == 0:
            for kind, ts in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
                print(
                    f"    {kind:14} {len(ts):5} questions {1000 * statistics.mean(ts):7.3f} ms each, "
                    f"{100 * sum(ts) / total:5.1f}% of the CPU"
                )
    if profile is not None:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
