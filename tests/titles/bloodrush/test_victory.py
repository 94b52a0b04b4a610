"""The end: the last vampire standing, or every human consumed; then the victory order."""

from adrenaline_tui.titles.bloodrush.scoring import colour_bonus

from .helpers import DAWN, scenario


def test_colour_bonus_2_of_a_colour_is_1_and_3_or_more_is_3():
    assert colour_bonus(["red"]) == 0
    assert colour_bonus(["red", "red"]) == 1
    assert colour_bonus(["red", "red", "red"]) == 3
    assert colour_bonus(["red"] * 4) == 3
    assert colour_bonus(["red", "red", "blue", "blue", "blue", "green"]) == 4


def test_the_game_ends_when_the_last_human_is_taken_and_a_tied_count_goes_to_points():
    g = scenario(
        vampires={
            "scarlet": {"square": "d4", "humans": ["red-1"]},
            "violet": {"square": "a1", "humans": ["green-5", "green-4"]},
        },
        humans={"d3": "blue-1"},
    )
    g.choose("move:n")
    s = g.to_json()
    assert s["over"] and s["end_reason"] == "collection"
    # Two humans each: violet's 5 + 4 + 1 (two green) = 10 beats scarlet's 1 + 1 = 2.
    assert [(r["seat"], r["place"], r["humans"], r["points"]) for r in s["ranking"]] == [
        ("violet", 1, 2, 10),
        ("scarlet", 2, 2, 2),
    ]


def test_most_humans_wins_whatever_the_points():
    g = scenario(
        vampires={
            "scarlet": {"square": "d4", "humans": ["red-1", "red-2"]},
            "violet": {"square": "a1", "humans": ["green-5", "blue-2"]},
        },
        humans={"d3": "red-3"},
    )
    g.choose("move:n")
    ranking = g.to_json()["ranking"]
    # scarlet 3 humans: 1+2+3 + 3 (three red) = 9; violet 2 humans.
    assert [(r["seat"], r["humans"], r["points"]) for r in ranking] == [("scarlet", 3, 9), ("violet", 2, 7)]


def test_equal_counts_rank_by_points_then_blood():
    g = scenario(
        vampires={
            "scarlet": {"square": "d4", "blood": 3, "humans": ["red-1"]},
            "violet": {"square": "a1", "blood": 9, "humans": ["red-5", "blue-4"]},
        },
        humans={"d3": "red-2"},
        mozzie={"square": "e1", "heading": "s"},
    )
    g.choose("move:n")  # scarlet: red-1 + red-2 = 3 + 1 = 4 points; violet: 9 points
    r = g.to_json()["ranking"]
    assert [(x["seat"], x["place"], x["points"]) for x in r] == [("violet", 1, 9), ("scarlet", 2, 4)]
    g = scenario(
        vampires={
            "scarlet": {"square": "d4", "blood": 3, "humans": ["blue-4"]},
            "violet": {"square": "a1", "blood": 9, "humans": ["red-5", "blue-1"]},
        },
        humans={"d3": "red-2"},
    )
    g.choose("move:n")  # scarlet: 4 + 2 = 6 points, blood 7; violet 6 points, blood 9
    r = g.to_json()["ranking"]
    assert [(x["seat"], x["place"], x["points"], x["blood"]) for x in r] == [("violet", 1, 6, 9), ("scarlet", 2, 6, 7)]


def test_survival_victory_beats_any_collection():
    g = scenario(
        seats=["scarlet", "violet", "amber"],
        vampires={
            "scarlet": {"square": "a1", "blood": 1},
            "violet": {"eliminated": True, "humans": ["red-1", "red-2", "red-3"]},
            "amber": {"square": "b3", "blood": 5, "humans": ["blue-1", "blue-2", "blue-4"]},
        },
        humans={"a7": "green-3"},
        time=DAWN,
        dice=[1],
    )
    g.choose("collect")
    g.choose("straight")  # scarlet ends on 2 blood at dawn: eliminated
    r = g.to_json()["ranking"]
    assert r[0]["seat"] == "amber" and g.to_json()["end_reason"] == "survival"
    # Ruling: the eliminated rank below, the later one first.
    assert [x["seat"] for x in r] == ["amber", "scarlet", "violet"]


def test_the_mozzie_eating_the_last_human_ends_the_game():
    g = scenario(
        vampires={"scarlet": {"square": "d4", "humans": ["red-1"]}, "violet": {"square": "a1"}},
        humans={"e2": "blue-1"},
        dice=[1],
    )
    g.choose("collect")
    g.choose("straight")
    s = g.to_json()
    assert s["over"] and s["end_reason"] == "collection" and s["ranking"][0]["seat"] == "scarlet"
    assert g.pending is None
