"""The host's words beside a person's options are what they were before `hints` was made cheaper.

`hints_digest.json` was recorded from main's `hints` (issue 25); each game's digests cover, at
every decision, the host's hints for the decider's own view: each option's words and each greyed
action with why (see `hints_digest.py`). A mismatch names the game and the first chunk of `CHUNK`
decisions whose words differ.
"""

from __future__ import annotations

import json

import pytest

from tests.rules.hints_digest import CHUNK, DIGESTS, GAMES, play

RECORDED: dict[str, list[str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_every_game_has_a_recording() -> None:
    assert sorted(RECORDED) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_hints_as_recorded(name: str) -> None:
    got = play(*GAMES[name])
    expected = RECORDED[name]
    first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
    if first is None and len(got) != len(expected):
        first = min(len(got), len(expected))
    assert first is None, (
        f"{name}: the hints differ from the recording from decision {first * CHUNK} on "
        f"({len(got)} chunks now, {len(expected)} recorded)"
    )
