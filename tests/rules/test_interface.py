"""The engine contract: an illegal key changes nothing, one-option questions are never asked,
`view()` hides what a player may not know."""

from __future__ import annotations

import pytest

from adrenaline_tui.rules import FIGURES, Game, GameConfig, IllegalChoice
from tests.rules.helpers import keys, play, scenario


def position() -> Game:
    return scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c2",
                "weapons": ["lock-rifle", {"id": "machine-gun", "loaded": False}],
                "powerups": ["newton-red", "teleporter-blue"],
            },
            {
                "colour": "blue",
                "square": "r2c3",
                "weapons": ["zx-2", {"id": "shotgun", "loaded": False}],
                "powerups": ["tagback-grenade-yellow"],
                "score": 7,
            },
            {"colour": "grey", "square": "r0c0", "weapons": ["railgun"], "score": 3},
        ],
        arena="arena_12",
    )


@pytest.mark.parametrize("bad", ["fly", "", "RUN", "r1c2", "pay:red", "lock-rifle"])
def test_an_illegal_key_raises_listing_the_legal_keys_and_changes_nothing(bad: str) -> None:
    game = position()
    before = game.to_json()
    pending = game.pending
    with pytest.raises(IllegalChoice) as err:
        game.choose(bad)
    assert err.value.legal == pending.keys
    assert err.value.key == bad
    for key in pending.keys:
        assert key in str(err.value)
    assert game.to_json() == before
    assert game.pending == pending and game.history == []
    # The game carries on normally afterwards.
    play(game, "run", "r1c3")
    assert game.to_json()["players"][0]["square"] == "r1c3"


def test_an_illegal_key_in_the_middle_of_a_shot_changes_nothing() -> None:
    game = position()
    play(game, "shoot")
    before = game.to_json()
    history = list(game.history)
    with pytest.raises(IllegalChoice):
        game.choose("grey")  # grey is out of sight
    assert game.to_json() == before and game.history == history


def test_no_choice_is_legal_once_the_game_is_over() -> None:
    game = scenario(
        [{"colour": "yellow", "square": "r0c0"}, {"colour": "blue", "square": "r0c0"}, {"colour": "grey"}],
        frenzy=True,
        frenzy_trigger="yellow",
        skulls=5,
        killshot_track=[["blue"]] * 5,
    )
    play(game, "end")
    assert game.pending is None
    before = game.to_json()
    with pytest.raises(IllegalChoice):
        game.choose("end")
    assert game.to_json() == before


def test_single_option_questions_are_answered_by_the_engine_and_not_recorded() -> None:
    game = position()
    # Only the Lock Rifle is loaded and blue is the only target in sight.
    play(game, "shoot")
    assert game.history == ["shoot"]
    assert game.to_json()["players"][1]["damage"] == ["yellow", "yellow"]
    # A replay of the recorded keys reaches the same state.
    assert game.replay(game.history).to_json() == game.to_json()


def test_option_keys_are_the_short_stable_words() -> None:
    game = position()
    assert keys(game) == ["run", "grab", "shoot", "newton-red", "teleporter-blue", "end"]


def test_view_hides_others_powerups_loaded_weapons_scores_and_the_decks() -> None:
    game = position()
    view = game.view("yellow")
    me, blue, grey = view["players"]
    assert me["powerups"] == ["newton-red", "teleporter-blue"]
    assert me["weapons"] == [{"id": "lock-rifle", "loaded": True}, {"id": "machine-gun", "loaded": False}]
    # Others: powerups hidden (the count shows), loaded weapons face down, unloaded face up.
    assert blue["powerups"] is None and blue["powerup_count"] == 1
    assert blue["weapons"] == [{"id": None, "loaded": True}, {"id": "shotgun", "loaded": False}]
    assert grey["weapons"] == [{"id": None, "loaded": True}]
    assert blue["score"] is None and grey["score"] is None
    # Deck order is hidden: only their sizes.
    full = game.to_json()
    assert view["decks"]["weapons"] == len(full["decks"]["weapons"])
    assert view["decks"]["powerups"] == len(full["decks"]["powerups"])
    assert view["decks"]["ammo"] == len(full["decks"]["ammo"])
    # The pending options belong to the decider only.
    assert view["pending"]["options"]
    assert "options" not in game.view("blue")["pending"]
    # Nothing secret leaks anywhere in another player's view.
    text = str(game.view("grey"))
    for secret in ("newton-red", "teleporter-blue", "tagback-grenade-yellow", "lock-rifle", "zx-2"):
        assert secret not in text


def test_a_spectator_sees_no_private_card_and_the_view_is_a_copy() -> None:
    game = position()
    view = game.view(None)
    assert all(p["powerups"] is None for p in view["players"])
    view["players"][0]["square"] = "r0c0"
    assert game.to_json()["players"][0]["square"] == "r1c2"


def test_to_json_reports_the_documented_state() -> None:
    game = Game.new(GameConfig(players=FIGURES[:3], arena="arena_10", skulls=6, ending="sudden_death"), seed=2)
    state = game.to_json()
    for field in (
        "arena",
        "skulls",
        "ending",
        "turn",
        "active",
        "first_player",
        "frenzy",
        "over",
        "ranking",
        "skulls_left",
        "killshot_track",
        "players",
        "racks",
        "ammo_tiles",
        "decks",
        "pending",
    ):
        assert field in state
    assert (state["arena"], state["skulls"], state["ending"]) == ("arena_10", 6, "sudden_death")
    assert [p["colour"] for p in state["players"]] == ["yellow", "blue", "grey"]


def test_undo_goes_back_one_decision_within_the_players_own_choices() -> None:
    game = position()
    play(game, "run")
    before_move = game.to_json()
    play(game, "r1c3")
    assert game.can_undo
    back = game.undo()
    assert back.to_json() == before_move
