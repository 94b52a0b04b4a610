"""A hundred seeded random games go exactly as recorded from main before this round's speed
work (issue 27): every decision, option, key, event and the final state (`stream_digest.py`)."""

from __future__ import annotations

import json

import pytest

from tests.rules.stream_digest import DIGESTS, SETS, play

RECORDED: dict[str, list[str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_every_set_has_a_recording():
    assert {name: len(RECORDED[name]) for name in RECORDED} == {name: n for name, (_, _, n) in SETS.items()}


@pytest.mark.parametrize("name", sorted(SETS))
def test_same_games_as_recorded(name: str) -> None:
    config, seed, n = SETS[name]
    differ = [seed + i for i in range(n) if play(config, seed + i) != RECORDED[name][i]]
    assert not differ, f"{name}: seeds {differ} go differently from their recording"
