"""Mozzie control: straight, left or right (no U-turn), roll and move; what it meets."""

from .helpers import kinds, scenario, state


def test_the_mozzie_turns_straight_left_or_right_never_back():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, mozzie={"square": "e1", "heading": "n"}, dice=[1])
    g.choose("collect")
    assert g.pending.keys == ["straight", "left", "right"]
    assert [o.label for o in g.pending.options] == ["Straight (fly north)", "Left (fly west)", "Right (fly east)"]
    g.choose("left")
    assert g.to_json()["mozzie"]["square"] == "d1" and g.to_json()["mozzie"]["heading"] == "w"


def test_the_mozzie_moves_the_die_and_wraps_around():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, mozzie={"square": "e6", "heading": "s"}, dice=[3])
    g.choose("collect")
    g.choose("straight")  # e7, e1, e2
    assert g.to_json()["mozzie"]["square"] == "e2"


def test_the_texts_example_a_mozzie_1_tile_from_a_human_rolling_2_stops_on_it():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}},
        mozzie={"square": "e2", "heading": "s"},
        humans={"e3": "green-4", "a7": "red-1"},
        dice=[2],
    )
    g.choose("collect")
    events = g.choose("straight")
    s = g.to_json()
    assert s["mozzie"]["square"] == "e3"
    assert [e.data["square"] for e in events if e.kind == "mozzie-moved"] == ["e3"]
    assert s["humans"] == {"a7": "red-1"} and s["eaten"] == ["green-4"]


def test_the_mozzie_drains_a_vampire_to_1_and_returns_to_its_start():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "e4", "blood": 8}},
        mozzie={"square": "e2", "heading": "s", "start": "g7"},
        dice=[5],
    )
    g.choose("collect")
    g.choose("straight")
    assert state(g, "violet")["blood"] == 1 and state(g, "violet")["square"] == "e4"
    assert g.to_json()["mozzie"]["square"] == "g7"


def test_the_mozzie_flies_over_the_graveyard_without_spending_a_step():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "d4"}},
        mozzie={"square": "d2", "heading": "s"},
        dice=[2],
    )
    g.choose("collect")
    events = g.choose("straight")
    assert [e.data["square"] for e in events if e.kind == "mozzie-moved"] == ["d3", "d5"]
    assert state(g, "violet")["blood"] == 5


def test_the_mozzie_on_a_damage_tile_hurts_everyone_but_the_graveyard_and_the_mine():
    g = scenario(
        seats=["scarlet", "violet", "amber", "teal"],
        vampires={
            "scarlet": {"square": "d4", "blood": 5},  # graveyard: safe
            "violet": {"square": "d7", "blood": 5},  # mine: safe
            "amber": {"square": "b2", "blood": 5},  # a building shelters from dawn, not from this
            "teal": {"square": "c3", "blood": 5},
        },
        mozzie={"square": "f5", "heading": "e"},
        dice=[1],
    )
    g.choose("collect")
    g.choose("straight")
    blood = {s: v["blood"] for s, v in g.to_json()["vampires"].items()}
    assert blood == {"scarlet": 6, "violet": 5, "amber": 3, "teal": 3}


def test_the_mozzie_on_a_clocks_tile_moves_time_and_on_a_steps_tile_flies_on():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, mozzie={"square": "e4", "heading": "e"}, dice=[1], time=3)
    g.choose("collect")
    g.choose("straight")
    assert g.to_json()["mozzie"]["square"] == "f4" and g.to_json()["time"]["index"] == 4
    g = scenario(vampires={"scarlet": {"square": "d4"}}, mozzie={"square": "f3", "heading": "e"}, dice=[1])
    g.choose("collect")
    events = g.choose("straight")  # g3 (Steps: 2 more), a3 (Damage), b3
    assert [e.data["square"] for e in events if e.kind == "mozzie-moved"] == ["g3", "a3", "b3"]
    assert "free-steps" in kinds(events)


def test_ruling_the_mozzie_damage_kills_and_ends_the_game_at_once():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "a1", "blood": 2}},
        mozzie={"square": "f5", "heading": "e"},
        dice=[3],
    )
    g.choose("collect")
    g.choose("straight")
    s = g.to_json()
    assert s["over"] and s["end_reason"] == "survival" and s["ranking"][0]["seat"] == "scarlet"
    assert s["mozzie"]["square"] == "g5"  # it stopped where the game ended


def test_ruling_a_drained_vampire_standing_on_the_damage_tile_pays_first():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "g5", "blood": 8}},
        mozzie={"square": "f5", "heading": "e", "start": "a1"},
        dice=[2],
    )
    g.choose("collect")
    events = g.choose("straight")
    assert [e.kind for e in events if e.kind in ("blood", "drained")][-2:] == ["blood", "drained"]
    assert state(g, "violet")["blood"] == 1 and g.to_json()["mozzie"]["square"] == "a1"


def test_ruling_a_special_tile_works_on_every_step_that_enters_it_not_only_the_last():
    g = scenario(
        vampires={"scarlet": {"square": "d4"}, "violet": {"square": "c3", "blood": 6}},
        mozzie={"square": "f5", "heading": "e"},
        dice=[3],
    )
    g.choose("collect")
    events = g.choose("straight")  # g5 (Damage), a5 (Steps: 2 more), b5, c5, d5
    assert [e.data["square"] for e in events if e.kind == "mozzie-moved"] == ["g5", "a5", "b5", "c5", "d5"]
    assert state(g, "violet")["blood"] == 4
