"""The words beside a person's options on a host (`AdrenalineHost.hints`): CPU per person decision.

Plays seeded games as a host would hold them (`HOST.config`: tagbacks, turn ends and spawns
always asked, lone spending asked), two seats played by "people" who pick any option at random
(as `benchmarks/host.py`'s people do) and the rest by the normal computer, in the standard game,
Domination and Turret, each without and with the bot. At each decision of a person it builds
that seat's view and calls the host's `hints` on it, as the host's state message does, and adds
up the CPU time (`time.process_time`) of those calls alone.

    python benchmarks/hints.py [--seeds 1-3] [--decisions 400] [--profile N]

Prints positions, µs of CPU a person decision (mean, and per mode), and the load average.
`--profile N` prints cProfile's N costliest functions (cumulative) over the same calls.
`--digest` prints a digest of every hint's JSON, to compare two versions' output by eye.
Before against after: run it on another version's code, e.g. main's, unpacked with `git archive
main | tar -x -C DIR`, as `PYTHONPATH=DIR python benchmarks/hints.py`, alternately with this one.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import random
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.titles.adrenaline_hosting import HOST
from adrenaline_tui.tui.session import HUMAN, Session

# (mode, bot colour or None): each mode without and with the bot.
SETUPS: tuple[tuple[str, str | None], ...] = (
    ("standard", None),
    ("standard", "purple"),
    ("domination", None),
    ("domination", "purple"),
    ("turret", None),
    ("turret", "purple"),
)
COLOURS = ("yellow", "blue", "grey", "green", "purple")


def session_for(mode: str, bot: str | None, seed: int) -> tuple[Session, set[str]]:
    """A host's table of this mode: two people, computers in the other seats."""
    seats = COLOURS[:3] if bot else COLOURS
    kinds = {c: HUMAN if i < 2 else "sensible" for i, c in enumerate(seats)}
    options = {
        "arena": ARENA_IDS[seed % len(ARENA_IDS)],
        "skulls": "5",
        "ending": "frenzy",
        "mode": mode,
        "bot": bot or "none",
    }
    session = HOST.start(len(seats), options, kinds, seed, None)
    return session, {c for c, k in kinds.items() if k == HUMAN}


def positions(seed: int, decisions: int, *, every_seat: bool = False) -> Iterator[tuple[str, Session, dict[str, Any]]]:
    """(mode, session, the decider's view) at each person's decision of one game a setup, up to
    `decisions` decisions a game; `every_seat` yields the computers' decisions as well."""
    for mode, bot in SETUPS:
        session, people = session_for(mode, bot, seed)
        game = session.game
        rng = random.Random(seed)
        for _ in range(decisions):
            d = game.pending
            if d is None:
                break
            view = game.view(d.player)
            if every_seat or d.player in people:
                yield f"{mode}{'+bot' if bot else ''}", session, view
            key = rng.choice(d.keys) if d.player in people else session.computer_choice()
            session.choose(key)


def digest(hints: dict[str, Any] | None) -> str:
    return hashlib.sha256(json.dumps(hints, sort_keys=True).encode()).hexdigest()[:16]


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-3", help="seeds, e.g. 1-3 (one game a setup a seed)")
    parser.add_argument("--decisions", type=int, default=400, help="decisions a game at most")
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's N costliest functions")
    parser.add_argument("--digest", action="store_true", help="print one digest of every hint")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    spent: dict[str, float] = defaultdict(float)
    counted: dict[str, int] = defaultdict(int)
    whole = hashlib.sha256()
    for seed in seed_range(args.seeds):
        for mode, session, view in positions(seed, args.decisions):
            if profiler:
                profiler.enable()
            t0 = time.process_time()
            hints = HOST.hints(session, view)
            spent[mode] += time.process_time() - t0
            if profiler:
                profiler.disable()
            counted[mode] += 1
            whole.update(digest(hints).encode())
    total = sum(counted.values())
    print(f"seeds {args.seeds}, {total} person decisions, load average {os.getloadavg()[0]:.2f}")
    print(f"hints: {sum(spent.values()) / total * 1e6:.0f} us of CPU a person decision")
    for mode in counted:
        print(f"  {mode:16} {counted[mode]:5} decisions {spent[mode] / counted[mode] * 1e6:6.0f} us")
    if args.digest:
        print(f"digest of every hint: {whole.hexdigest()[:16]}")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
