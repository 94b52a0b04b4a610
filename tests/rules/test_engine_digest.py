"""The engine shows exactly what it showed before it was made faster (issue 27).

`engine_digest.json` was recorded from the engine before the speed work; each game's digests
cover its decisions with every option and label, the events, every seat's view, the public-point
bookkeeping, undo and the full state (see `engine_digest.py`). A mismatch names the game and the
first chunk of `CHUNK` decisions that went differently.
"""

from __future__ import annotations

import json

import pytest

from tests.rules.engine_digest import CHUNK, DIGESTS, GAMES, play

RECORDED: dict[str, list[str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_every_game_has_a_recording():
    assert sorted(RECORDED) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_game_as_recorded(name: str) -> None:
    config, seed = GAMES[name]
    got = play(config, seed)
    expected = RECORDED[name]
    first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
    if first is None and len(got) != len(expected):
        first = min(len(got), len(expected))
    assert first is None, (
        f"{name} differs from its recording from decision {first * CHUNK} on "
        f"({len(got)} chunks now, {len(expected)} recorded)"
    )
