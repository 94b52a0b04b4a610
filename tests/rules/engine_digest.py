"""A digest of everything the engine shows, over seeded random games (issue 27).

The engine is made faster only if nothing it shows changes: the same seed and the same choices
give the same decisions (player, kind, prompt, every option with its label, square and target,
`auto`, `public`), the same events with their data, the same `view` for every seat and for a
spectator, the same public-point bookkeeping, the same undo barrier and the same full state. This
module plays the games and digests all of that, in chunks of `CHUNK` decisions so that a change
says roughly where a game first went differently.

`tests/rules/test_engine_digest.py` compares with `engine_digest.json`, recorded from the engine
before it was made faster (`python -m tests.rules.engine_digest --record`). Re-record only
together with an intended change of the rules, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig

DIGESTS = Path(__file__).with_name("engine_digest.json")
CHUNK = 100
COLOURS = ("yellow", "blue", "grey", "purple", "green")

BENCH = GameConfig(players=COLOURS, arena="arena_12", skulls=8, ending="frenzy")
# Every optional prompt on: the questions a default game answers by itself are asked.
PROMPTS_11A = GameConfig(
    players=COLOURS[:4],
    arena="arena_11a",
    skulls=5,
    ending="sudden_death",
    confirm_spending="ask",
    end_turn_prompt="always",
    spawn_prompt="always",
    tagback_prompt="all",
)

# name: (config, seed). The benchmark's game, every arena, every mode with and without the bot,
# both endings and the optional prompts, so every weapon and rule path is likely to be played.
GAMES: dict[str, tuple[GameConfig, int]] = {
    "bench-1": (BENCH, 1),
    "bench-2": (BENCH, 2),
    "standard-10": (GameConfig(players=COLOURS, arena="arena_10", skulls=5, ending="frenzy"), 3),
    "prompts-11a": (PROMPTS_11A, 4),
    "domination-bot-11b": (
        GameConfig(players=COLOURS[:4], arena="arena_11b", skulls=5, mode="domination", bot="green"),
        5,
    ),
    "domination-12": (GameConfig(players=COLOURS[:3], arena="arena_12", skulls=5, mode="domination"), 6),
    "turret-bot-10": (
        GameConfig(players=COLOURS[:4], arena="arena_10", skulls=5, mode="turret", bot="green", ending="sudden_death"),
        7,
    ),
    "turret-11a": (GameConfig(players=COLOURS, arena="arena_11a", skulls=5, mode="turret"), 8),
}


def _plain(value: Any) -> Any:
    """JSON for anything an event or a view carries; sets sorted, so the digest does not depend
    on the string hash seed."""
    if isinstance(value, (set, frozenset)):
        return sorted(map(_plain, value), key=repr)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return repr(value)


def digest_line(value: Any) -> bytes:
    """One line of a digest: JSON with sorted keys (the stream digest hashes the same lines)."""
    return json.dumps(value, sort_keys=True, default=_plain).encode() + b"\n"


def play(config: GameConfig, seed: int) -> list[str]:
    """The chunk digests of one random game, and a last one of its end."""
    game = Game.new(config, seed)
    player = RandomPlayer(seed)
    seats: list[str | None] = [*config.players, None]
    digests: list[str] = []
    h = hashlib.sha256()
    while (d := game.pending) is not None:
        h.update(digest_line([d.player, d.kind, d.prompt, [list(o) for o in d.options], d.auto, d.public]))
        h.update(digest_line([game.view(s) for s in seats]))
        h.update(digest_line([game.pending_public(), game.at_public_point, [game.decisions_seen(s) for s in seats]]))
        key = player.choose(d)
        events = game.choose(key)
        h.update(digest_line([key, [list(e) for e in events], game.undo_barrier, game.can_undo]))
        if len(game.history) % CHUNK == 0:
            h.update(digest_line(game.to_json()))
            digests.append(h.hexdigest()[:16])
            h = hashlib.sha256()
    h.update(digest_line([game.to_json(), [game.view(s, reveal_scores=True) for s in seats], len(game.events)]))
    # Loading a save is a replay of the history: it must reach the same state.
    h.update(digest_line(game.replay(game.history).to_json()))
    digests.append(h.hexdigest()[:16])
    return digests


def record_all() -> dict[str, list[str]]:
    return {name: play(config, seed) for name, (config, seed) in GAMES.items()}


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.rules.engine_digest --record")
    DIGESTS.write_text(json.dumps(record_all(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS}")
