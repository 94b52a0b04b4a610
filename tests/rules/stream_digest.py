"""One digest per game of many seeded random games: every decision with its options, every
key, every event, and the final state (issue 27).

`engine_digest.py` checks eight games in depth (every seat's view at every decision); this
checks breadth: a hundred games of the benchmark's configuration and of every mode, arena and
prompt setting, so that a faster engine that goes differently in a rarer position shows. Each
game is one sha256 of its whole stream. `test_stream_digest.py` compares with
`stream_digest.json`, recorded from main at 42c52ff (`python -m tests.rules.stream_digest
--record`); re-record only together with an intended change of the rules.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig
from tests.rules.engine_digest import BENCH, COLOURS, PROMPTS_11A, digest_line

DIGESTS = Path(__file__).with_name("stream_digest.json")
# name: (config, first seed, games). Seeds apart from those the benchmark is reported on.
SETS: dict[str, tuple[GameConfig, int, int]] = {
    "bench": (BENCH, 20001, 60),
    "prompts-11a": (PROMPTS_11A, 20101, 10),
    "domination-bot-11b": (
        GameConfig(players=COLOURS[:4], arena="arena_11b", skulls=5, mode="domination", bot="green"),
        20201,
        10,
    ),
    "turret-bot-10": (
        GameConfig(players=COLOURS[:4], arena="arena_10", skulls=5, mode="turret", bot="green"),
        20301,
        10,
    ),
    "standard-10": (GameConfig(players=COLOURS[:3], arena="arena_10", skulls=5), 20401, 10),
}


def play(config: GameConfig, seed: int) -> str:
    """The digest of one random game's whole stream."""
    game = Game.new(config, seed)
    player = RandomPlayer(seed)
    h = hashlib.sha256()
    h.update(digest_line([list(e) for e in game.events]))
    while (d := game.pending) is not None:
        h.update(digest_line([d.player, d.kind, d.prompt, [list(o) for o in d.options], d.auto, d.public]))
        key = player.choose(d)
        events = game.choose(key)
        h.update(digest_line([key, [list(e) for e in events], game.undo_barrier]))
    h.update(digest_line([game.to_json(), len(game.events)]))
    return h.hexdigest()[:16]


def record_all() -> dict[str, list[str]]:
    return {name: [play(config, seed + i) for i in range(n)] for name, (config, seed, n) in SETS.items()}


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.rules.stream_digest --record")
    DIGESTS.write_text(json.dumps(record_all(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS}")
