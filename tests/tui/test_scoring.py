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


def test_final_frenzy_is_announced_with_what_flipped_who_gets_which_actions_and_how_it_ends() -> None:
    # Four seats, Banshee first player; D-struct-or (seat 1) takes the last skull.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 10},
            {"colour": "grey", "square": "r0c0", "damage": ["yellow"]},
            {"colour": "purple", "square": "r0c1"},
        ],
        arena="arena_12",
        skulls=5,
        killshot_track=[["grey"]] * 4,
        first_player="grey",
    )
    events = play(game, "shoot", "blue", "end")
    (frenzy,) = [b for b in breakdowns(game, events) if b.title == "FINAL FRENZY"]
    text = " ".join(frenzy.notes)
    assert "D-struct-or took the last skull" in text
    assert "in order Banshee, Dozer, Violet and D-struct-or" in text
    # Banshee was just scored, the others were never hit: they flip; Dozer has damage and does not.
    assert "Flipped to the frenzy side (no damage now): Banshee, Violet and D-struct-or." in text
    assert "Two actions for Banshee (their turns come before the first player's)" in text
    assert "One action for Dozer, Violet and D-struct-or" in text
    assert "The game ends after D-struct-or's turn" in text


async def test_final_frenzy_stops_the_table_even_when_scoring_does_not_pause() -> None:
    from adrenaline_tui.tui.session import HUMAN

    from .helpers import choose_key, make_app, scenario_session, screen_name, screen_text, settle

    session = scenario_session(
        {
            "arena": "arena_12",
            "skulls": 5,
            "killshot_track": [["grey"]] * 4,
            "players": [
                {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
                {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 10},
                {"colour": "grey", "square": "r0c0"},
            ],
        },
        {"yellow": HUMAN, "blue": "random", "grey": "random"},
    )
    app = make_app(session, pause_on_scoring=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_key(pilot, "shoot")
        await choose_key(pilot, "end")
        assert screen_name(app) == "ScoringScreen"
        text = screen_text(app)
        assert "FINAL FRENZY" in text
        # Taller than 80x24: the sheet says there is more and how to reach it.
        assert "More below" in text
        # ... for as long as there is: at the bottom it says so instead (issue 23, finding 12).
        await pilot.press("end")
        await settle(pilot)
        text = screen_text(app)
        assert "More below" not in text and "End of the sheet" in text
