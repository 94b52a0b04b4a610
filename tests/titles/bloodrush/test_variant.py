"""The 4+1 variant: a fifth player controls only the Mozzie."""

from adrenaline_tui.titles.bloodrush import Game

from .helpers import DAWN, scenario, state

SEATS = ["scarlet", "violet", "amber", "teal", "bug"]


def test_the_mozzie_player_has_no_vampire_and_no_blood_but_places_humans():
    g = Game.new({"seats": SEATS, "mozzie_player": "bug", "first": "scarlet"}, 4)
    assert set(g.to_json()["vampires"]) == {"scarlet", "violet", "amber", "teal"}
    placers = []
    while g.pending.kind == "place-human":
        placers.append(g.pending.player)
        g.choose(g.pending.keys[0])
    assert placers == SEATS * 2
    assert g.pending.player == "violet"  # Player 2 places the Mozzie, as in the standard game


def test_vampires_only_act_and_the_mozzie_player_steers_on_their_own_turn():
    g = scenario(seats=SEATS, mozzie_player="bug", active="teal", vampires={"teal": {"square": "a1"}}, dice=[2])
    g.choose("collect")
    assert (g.pending.player, g.pending.kind) == ("bug", "mozzie")
    assert state(g, "teal")["blood"] == 6
    g.choose("left")  # heading south, left is east
    assert g.to_json()["mozzie"] == g.to_json()["mozzie"] | {"square": "g1", "heading": "e"}
    assert (g.pending.player, g.pending.kind) == ("scarlet", "action")


def test_time_effects_still_fall_on_the_vampires_in_the_variant():
    g = scenario(seats=SEATS, mozzie_player="bug", active="teal", vampires={"teal": {"square": "a1"}}, time=DAWN)
    g.choose("collect")
    assert state(g, "teal")["blood"] == 4  # 5 + 1 - 2


def test_the_mozzie_player_is_not_ranked():
    g = scenario(
        seats=SEATS,
        mozzie_player="bug",
        vampires={"scarlet": {"square": "d4"}},
        humans={"d3": "red-5"},
    )
    g.choose("move:n")
    assert next(r["seat"] for r in g.to_json()["ranking"]) == "scarlet"
    assert "bug" not in [r["seat"] for r in g.to_json()["ranking"]]
