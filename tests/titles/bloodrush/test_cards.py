"""The cards: black ones roll the die and resolve; red ones are kept or played."""

import pytest

from adrenaline_tui.titles.bloodrush.views import events_for

from .helpers import DAWN, scenario, state


def test_coyote_snack_takes_the_die_in_blood():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 5}}, deck=["coyote_snack"], dice=[4])
    g.choose("draw")
    assert state(g)["blood"] == 9
    assert g.to_json()["discard"] == ["coyote_snack"]


def test_burst_exceeding_10_blood_returns_to_the_graveyard_with_1():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 7}}, deck=["coyote_snack"], dice=[6])
    g.choose("draw")
    assert (state(g)["blood"], state(g)["square"], state(g)["bursts"]) == (1, "d4", 1)
    assert state(g)["alive"] is True
    assert g.pending.kind == "mozzie"  # the turn goes on


def test_exactly_10_blood_does_not_burst():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 4}}, deck=["coyote_snack"], dice=[6])
    g.choose("draw")
    assert (state(g)["blood"], state(g)["square"], state(g)["bursts"]) == (10, "a1", 0)


def test_ruling_setting_burst_eliminated_reads_the_burst_as_an_elimination():
    g = scenario(
        seats=["scarlet", "violet", "amber"],
        burst="eliminated",
        vampires={"scarlet": {"square": "a1", "blood": 7}},
        deck=["coyote_snack"],
        dice=[6],
    )
    g.choose("draw")
    assert state(g)["alive"] is False and g.pending.player == "violet"


def test_donkey_ride_moves_exactly_the_die_for_free():
    g = scenario(vampires={"scarlet": {"square": "b4", "blood": 5}}, deck=["donkey_ride"], dice=[3])
    g.choose("draw")
    assert g.pending.kind == "step" and "stop" not in g.pending.keys
    g.choose("s")
    g.choose("e")
    g.choose("e")  # b5, c5, d5
    assert (state(g)["square"], state(g)["blood"]) == ("d5", 5)
    assert g.pending.kind == "mozzie"


def test_donkey_ride_stops_on_a_human_with_steps_left():
    g = scenario(
        vampires={"scarlet": {"square": "b4", "blood": 5}},
        deck=["donkey_ride"],
        dice=[5],
        humans={"c4": "blue-1", "a7": "red-1"},
    )
    g.choose("draw")
    g.choose("e")
    assert (state(g)["square"], state(g)["blood"], state(g)["humans"]) == ("c4", 10, ["blue-1"])
    assert g.pending.kind == "mozzie"


def test_time_energy_moves_time_by_the_die():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, deck=["time_energy"], dice=[3], time=1)
    g.choose("draw")
    assert g.to_json()["time"]["index"] == 4


def test_an_empty_deck_shuffles_the_discards():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, deck=[], discard=["time_energy"], dice=[2])
    g.choose("draw")
    assert g.to_json()["time"]["index"] == 2 and g.to_json()["discard"] == ["time_energy"]


def test_a_red_card_drawn_is_kept_in_secret_or_played():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, deck=["giant_umbrella"])
    events = g.choose("draw")
    assert g.pending.kind == "red-card" and set(g.pending.keys) == {"keep", "play:giant_umbrella"}
    assert "giant_umbrella" not in str(events_for("violet", events))
    assert "Giant Umbrella" in str(events_for("scarlet", events))
    g.choose("keep")
    assert state(g)["hand"] == ["giant_umbrella"]
    assert "hand" not in g.view("violet")["vampires"]["scarlet"]
    assert g.view("violet")["vampires"]["scarlet"]["hand_count"] == 1


def test_bug_commander_makes_the_next_steersman_fly_straight():
    g = scenario(vampires={"scarlet": {"square": "d4", "hand": ["bug_commander"]}, "violet": {"square": "d4"}})
    g.choose("collect")
    assert set(g.pending.keys) == {"straight", "left", "right", "play:bug_commander"}
    g.choose("straight")
    g.choose("play:bug_commander")  # the end-of-turn window
    assert g.pending.player == "violet"
    assert g.to_json()["straight_only_by"] == "scarlet"
    events = g.choose("collect")
    # Straight is violet's only answer, so the engine gives it: the Mozzie keeps heading south.
    assert "mozzie-moved" in [e.kind for e in events] and g.to_json()["mozzie"]["heading"] == "s"
    assert g.to_json()["straight_only_by"] is None  # used up by violet's flight


def test_bug_commander_does_not_bind_the_one_who_played_it():
    g = scenario(vampires={"scarlet": {"square": "d4", "hand": ["bug_commander"]}})
    g.choose("play:bug_commander")
    g.choose("collect")
    assert {"left", "right"} <= set(g.pending.keys)


def test_giant_umbrella_prevents_the_dawn_penalty():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5, "hand": ["giant_umbrella"]}}, time=DAWN, dice=[1])
    g.choose("collect")
    g.choose("straight")
    g.choose("end")
    assert g.pending.kind == "dawn" and set(g.pending.keys) == {"take", "play:giant_umbrella"}
    g.choose("play:giant_umbrella")
    assert state(g)["blood"] == 6 and state(g)["hand"] == []


def test_a_red_card_holder_is_asked_at_dawn_whatever_the_card():
    """Being asked shows no more than the hand's size (ruling)."""
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5, "hand": ["carriage_ride"]}}, time=DAWN, dice=[1])
    g.choose("collect")
    g.choose("straight")
    g.choose("end")
    assert g.pending.kind == "dawn" and g.pending.keys == ["take"]
    g.choose("take")
    assert state(g)["blood"] == 4


def test_mask_of_immunity_prevents_a_damage_tile():
    g = scenario(vampires={"scarlet": {"square": "a4", "blood": 5, "hand": ["mask_of_immunity"]}})
    g.choose("move:n")
    assert g.pending.kind == "damage" and set(g.pending.keys) == {"take", "play:mask_of_immunity"}
    g.choose("play:mask_of_immunity")
    assert state(g)["blood"] == 4


def test_mask_of_immunity_prevents_the_mozzies_damage_tile_on_another_turn():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "c5", "blood": 5, "hand": ["mask_of_immunity"]}},
        mozzie={"square": "f5", "heading": "e"},
        dice=[1],
    )
    g.choose("collect")
    g.choose("straight")  # f5 -> g5, a Damage tile
    assert (g.pending.player, g.pending.kind) == ("violet", "damage")
    g.choose("play:mask_of_immunity")
    assert state(g, "violet")["blood"] == 5 and state(g)["blood"] == 6  # scarlet is in the graveyard


def test_ruling_mask_of_immunity_does_not_stop_the_dawn_or_the_drain():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5, "hand": ["mask_of_immunity"]}}, time=DAWN, dice=[1])
    g.choose("play:mask_of_immunity")
    g.choose("collect")
    g.choose("straight")
    assert state(g)["blood"] == 4  # 5 + 1 - 2


def test_carriage_ride_moves_a_human_one_tile_in_any_direction():
    g = scenario(
        vampires={"scarlet": {"square": "b3", "hand": ["carriage_ride"]}}, humans={"d5": "red-5", "a7": "red-1"}
    )
    g.choose("play:carriage_ride")
    assert g.pending.kind == "carriage-human" and set(g.pending.keys) == {"d5", "a7"}
    g.choose("d5")
    # Any direction, diagonals too; never onto the graveyard (d4).
    assert set(g.pending.keys) == {"e", "s", "w", "ne", "se", "sw", "nw"}
    g.choose("nw")
    assert g.to_json()["humans"] == {"c4": "red-5", "a7": "red-1"}
    assert g.pending.kind == "action"  # playing a red card is not the action
    assert "play:carriage_ride" not in g.pending.keys


@pytest.mark.parametrize("card", ["bug_commander", "giant_umbrella", "mask_of_immunity", "carriage_ride"])
def test_red_cards_can_be_played_before_the_action_and_at_the_end_of_the_turn(card):
    g = scenario(vampires={"scarlet": {"square": "b3", "hand": [card, card]}}, humans={"d5": "red-5", "a7": "red-1"})
    assert f"play:{card}" in g.pending.keys
    g.choose("collect")
    g.choose("straight")
    assert g.pending.kind == "end" and f"play:{card}" in g.pending.keys


def test_ruling_a_mask_played_ahead_shields_its_player_for_the_rest_of_the_turn():
    g = scenario(vampires={"scarlet": {"square": "a4", "blood": 5, "hand": ["mask_of_immunity"]}})
    g.choose("play:mask_of_immunity")
    events = g.choose("move:n")  # onto a3, a Damage tile: no question, no loss
    assert "protected" in [e.kind for e in events]
    assert state(g)["blood"] == 4 and g.pending.kind == "mozzie"
