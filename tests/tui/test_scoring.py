"""The scoring breakdown (`screens/scoring.py`): who got which points and why."""

from __future__ import annotations

from adrenaline_tui.tui.screens.scoring import breakdowns
from tests.rules.helpers import play, scenario

BROKE = {"red": 0, "blue": 0, "yellow": 0}


def test_a_kill_scored_as_the_next_turn_begins_keeps_its_killshot_line() -> None:
    # Banshee holds no powerup, so her respawn answers itself and the next turn starts in the
    # same decision that scores her board: the killshot was in the turn before the latest one.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 9},
            {"colour": "grey", "square": "r0c0"},
        ],
        arena="arena_12",
        skulls=5,
    )
    play(game, "shoot")
    events = play(game, "end")
    assert [e.kind for e in events][-1] == "turn"
    (board,) = [b for b in breakdowns(game, events) if b.title.startswith("Banshee")]
    assert board.notes == ("D-struct-or delivers the killshot to Banshee!",)
