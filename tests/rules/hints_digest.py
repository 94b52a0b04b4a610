"""A digest of the words a host shows beside a person's options (`AdrenalineHost.hints`, issue 25).

`hints` was made cheaper only if every word it sends stays the same: this module plays seeded
games as a host holds them (`HOST.config`: every tagback, turn end and spawn asked, lone spending
asked) in the standard game, Domination and Turret, each without and with the bot, with two seats
answering at random (as `benchmarks/host.py`'s people do) and the normal computer in the others.
At every decision (anyone's: the words are for whoever decides) it digests the host's hints for
the decider's own view, in chunks of `CHUNK` decisions so a change says roughly where.

`tests/rules/test_explain_hints_digest.py` compares with `hints_digest.json`, recorded from main's
`hints` before it was made cheaper (`python -m tests.rules.hints_digest --record`). Re-record only
with an intended change of the words, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.titles.adrenaline_hosting import HOST
from adrenaline_tui.tui.session import HUMAN

DIGESTS = Path(__file__).with_name("hints_digest.json")
CHUNK = 50
DECISIONS = 600
COLOURS = ("yellow", "blue", "grey", "green", "purple")

# name: (mode, bot or None, seed). Each arena comes up; seeds differ from benchmarks/hints.py's.
GAMES: dict[str, tuple[str, str | None, int]] = {
    "standard": ("standard", None, 101),
    "standard-bot": ("standard", "purple", 102),
    "domination": ("domination", None, 103),
    "domination-bot": ("domination", "purple", 104),
    "turret": ("turret", None, 105),
    "turret-bot": ("turret", "purple", 106),
    "standard-late": ("standard", None, 107),
    "turret-bot-late": ("turret", "purple", 108),
}


def play(mode: str, bot: str | None, seed: int) -> list[str]:
    """One digest per `CHUNK` decisions of the host's hints for the decider, up to `DECISIONS`."""
    seats = COLOURS[:3] if bot else COLOURS
    kinds = {c: HUMAN if i < 2 else "sensible" for i, c in enumerate(seats)}
    options = {"arena": ARENA_IDS[seed % len(ARENA_IDS)], "skulls": "5", "ending": "frenzy", "mode": mode}
    options["bot"] = bot or "none"
    session = HOST.start(len(seats), options, kinds, seed, None)
    game = session.game
    rng = random.Random(seed)
    out: list[str] = []
    h = hashlib.sha256()
    for n in range(DECISIONS):
        d = game.pending
        if d is None:
            break
        view = game.view(d.player)
        h.update(json.dumps(HOST.hints(session, view), sort_keys=True).encode())
        if n % CHUNK == CHUNK - 1:
            out.append(h.hexdigest()[:16])
            h = hashlib.sha256()
        session.choose(rng.choice(d.keys) if session.is_human(d.player) else session.computer_choice())
    out.append(h.hexdigest()[:16])
    return out


def record() -> None:
    data = {name: play(*GAMES[name]) for name in GAMES}
    DIGESTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
