"""Replays the golden playthrough and compares it with `playthrough.txt`, line by line.

Any change to the rules, the cards, the option labels or what a player may see shows up here as
a readable diff. If the change is intended, regenerate (see `playthrough.py`) and commit the new
text together with the change.
"""

from __future__ import annotations

import difflib
import os

from tests.golden.playthrough import GOLDEN, record


def test_golden_playthrough():
    text = record()
    if os.environ.get("ADRENALINE_GOLDEN") == "update":
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "playthrough.txt", "this run", lineterm="", n=2
        )
        shown = list(diff)[:80]
        raise AssertionError(
            "the golden playthrough changed (ADRENALINE_GOLDEN=update to accept):\n" + "\n".join(shown)
        )


def test_replaying_the_recorded_choices_gives_the_same_game():
    # The recording is deterministic: two runs in one process agree, so the file is a fair baseline.
    assert record() == record()
