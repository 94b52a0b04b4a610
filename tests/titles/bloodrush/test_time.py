"""Time: Player 1 moves it each round; moons give blood and suns take it at the end of a turn."""

from .helpers import DAWN, FIRST_LIGHT, scenario, state


def end_turn(g, action="collect"):
    g.choose(action)
    g.choose("straight")


def test_player_1_advances_time_an_hour_at_the_start_of_each_of_their_turns():
    g = scenario(vampires={"scarlet": {"square": "a1"}, "violet": {"square": "b1"}}, time_advances=True, dice=[1, 1, 1])
    assert g.to_json()["time"]["index"] == 1
    end_turn(g)  # scarlet
    assert g.pending.player == "violet" and g.to_json()["time"]["index"] == 1
    end_turn(g)  # violet
    assert g.pending.player == "scarlet" and g.to_json()["time"]["index"] == 2


def test_ruling_with_player_1_eliminated_the_round_still_moves_time():
    g = scenario(
        seats=["scarlet", "violet", "amber"],
        active="violet",
        vampires={"scarlet": {"eliminated": True}, "violet": {"square": "a1"}, "amber": {"square": "b1"}},
        dice=[1, 1],
        time=4,
    )
    end_turn(g)
    end_turn(g)  # amber; the round begins again with violet
    assert g.pending.player == "violet" and g.to_json()["time"]["index"] == 5


def test_midnight_bonus_on_a_moon_at_the_end_of_the_turn():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}}, time="midnight", dice=[1])
    end_turn(g)
    assert state(g)["blood"] == 8  # 5 + 1 collected + 2 at midnight
    assert state(g, "violet")["blood"] == 5  # only the vampire whose turn it is


def test_a_midnight_bonus_past_10_bursts():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 9}}, time="midnight", dice=[1])
    end_turn(g)
    assert (state(g)["blood"], state(g)["square"], state(g)["bursts"]) == (1, "d4", 1)


def test_dawn_penalty_on_a_sun():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}}, time=DAWN, dice=[1])
    end_turn(g)
    assert state(g)["blood"] == 4  # 5 + 1 - 2


def test_no_dawn_penalty_in_the_graveyard_a_building_or_the_mine():
    for square in ("d4", "b2", "d7"):
        g = scenario(vampires={"scarlet": {"square": square, "blood": 5}}, time=FIRST_LIGHT, dice=[1])
        end_turn(g)
        assert state(g)["blood"] == 6, square


def test_the_dawn_penalty_can_eliminate():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 1}, "violet": {"square": "b1"}}, time=DAWN, dice=[1])
    g.choose("collect")
    g.choose("straight")  # 2 blood, dawn takes 2
    s = g.to_json()
    assert s["vampires"]["scarlet"]["alive"] is False and s["over"] and s["ranking"][0]["seat"] == "violet"


def test_ruling_time_goes_on_from_dawn_to_the_next_dusk():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, deck=["time_energy"], dice=[3, 1], time=7)
    g.choose("draw")
    assert g.to_json()["time"]["index"] == 1  # 7 + 3 on a track of 9 spaces
