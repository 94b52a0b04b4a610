"""The action: paying blood to step, walls, wraparound, feeding, hidden hazards, special tiles."""

import pytest

from adrenaline_tui.titles.bloodrush import IllegalChoice

from .helpers import kinds, scenario, state


def test_paying_1_blood_moves_one_orthogonal_step():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 5}})
    assert {k for k in g.pending.keys if k.startswith("move:")} == {"move:n", "move:e", "move:s", "move:w"}
    g.choose("move:n")
    assert state(g) == state(g) | {"square": "d3", "blood": 4}
    assert (g.pending.player, g.pending.kind) == ("scarlet", "mozzie")


def test_ruling_no_move_with_the_last_blood():
    """Paying the last blood would eliminate the vampire before its step: not offered."""
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 1}})
    assert not [k for k in g.pending.keys if k.startswith("move:")]
    assert {"draw", "collect"} <= set(g.pending.keys)


def test_vampires_are_walls_but_the_graveyard_holds_them_all():
    g = scenario(vampires={"scarlet": {"square": "d3", "blood": 5}, "violet": {"square": "c3"}})
    assert "move:w" not in g.pending.keys
    g2 = scenario(vampires={"scarlet": {"square": "d3"}, "violet": {"square": "d4"}})
    assert "move:s" in g2.pending.keys
    g2.choose("move:s")
    assert state(g2)["square"] == state(g2, "violet")["square"] == "d4"


def test_ruling_the_mozzie_is_a_wall_for_vampires():
    g = scenario(vampires={"scarlet": {"square": "e3"}}, mozzie={"square": "e2", "heading": "s"})
    assert "move:n" not in g.pending.keys


def test_wraparound_from_any_edge_to_the_opposite_edge():
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}})
    g.choose("move:w")
    assert state(g)["square"] == "g1"
    g = scenario(vampires={"scarlet": {"square": "a1", "blood": 5}})
    g.choose("move:n")
    assert state(g)["square"] == "a7" and state(g)["humans"] == ["red-1"]


def test_stepping_on_a_human_collects_it_and_gains_5_blood():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 5}}, humans={"d3": "blue-4", "a7": "red-1"})
    g.choose("move:n")
    s = g.to_json()
    assert s["vampires"]["scarlet"]["blood"] == 9  # 5 - 1 + 5
    assert s["vampires"]["scarlet"]["humans"] == ["blue-4"]
    assert s["humans"] == {"a7": "red-1"}


def test_feeding_stops_at_10_blood_and_does_not_burst():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 8}}, humans={"d3": "blue-4", "a7": "red-1"})
    g.choose("move:n")
    assert state(g)["blood"] == 10 and state(g)["bursts"] == 0 and state(g)["square"] == "d3"


def test_hidden_hazard_a_damage_tile_under_a_human_costs_blood_before_feeding():
    g = scenario(vampires={"scarlet": {"square": "a4", "blood": 5}}, humans={"a3": "green-5", "a7": "red-1"})
    events = g.choose("move:n")
    changes = [e.data["change"] for e in events if e.kind == "blood"]
    assert changes == [-1, -2, 5]
    assert kinds(events).index("fed") > [i for i, e in enumerate(events) if e.kind == "blood"][1]
    assert state(g)["blood"] == 7 and state(g)["humans"] == ["green-5"]


def test_ruling_a_hidden_hazard_that_drains_the_last_blood_eliminates_before_feeding():
    g = scenario(
        seats=["scarlet", "violet", "amber"],
        vampires={"scarlet": {"square": "a4", "blood": 3}},
        humans={"a3": "green-5", "a7": "red-1"},
    )
    g.choose("move:n")
    s = g.to_json()
    assert s["vampires"]["scarlet"]["alive"] is False and s["vampires"]["scarlet"]["humans"] == []
    assert s["humans"]["a3"] == "green-5"
    assert g.pending.player == "violet"  # the eliminated vampire's turn ends at once


def test_a_damage_tile_costs_its_blood():
    g = scenario(vampires={"scarlet": {"square": "a4", "blood": 5}})
    g.choose("move:n")
    assert state(g)["blood"] == 2 and state(g)["square"] == "a3"


def test_a_clocks_tile_moves_time():
    g = scenario(vampires={"scarlet": {"square": "d3", "blood": 5}}, time=2)
    g.choose("move:n")
    assert g.to_json()["time"]["index"] == 3 and state(g)["square"] == "d2"


def test_a_steps_tile_gives_free_steps_which_may_stop():
    g = scenario(vampires={"scarlet": {"square": "c2", "blood": 5}})
    g.choose("move:n")  # onto c1, a Steps tile
    assert g.pending.kind == "step" and "stop" in g.pending.keys
    g.choose("w")
    g.choose("w")  # two free steps: b1, a1
    assert state(g)["square"] == "a1" and state(g)["blood"] == 4
    assert g.pending.kind == "mozzie"


def test_ruling_the_stopping_rule_beats_free_steps_under_a_human():
    g = scenario(vampires={"scarlet": {"square": "c2", "blood": 5}}, humans={"c1": "red-2", "a7": "red-1"})
    g.choose("move:n")
    assert state(g)["humans"] == ["red-2"] and g.pending.kind == "mozzie"


def test_ruling_a_steps_tile_gives_its_steps_once_per_movement():
    g = scenario(vampires={"scarlet": {"square": "b1", "blood": 5}})
    g.choose("move:e")  # c1: 2 free steps
    g.choose("w")  # b1
    g.choose("e")  # c1 again: no more
    assert g.pending.kind == "mozzie" and state(g)["square"] == "c1"


def test_collect_1_blood_but_never_beyond_10():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 5}})
    g.choose("collect")
    assert state(g)["blood"] == 6
    full = scenario(vampires={"scarlet": {"square": "d4", "blood": 10}})
    assert "collect" not in full.pending.keys
    with pytest.raises(IllegalChoice):
        full.choose("collect")


def test_ruling_a_vampire_with_no_action_open_passes():
    g = scenario(
        seats=["scarlet", "violet", "amber", "teal"],
        vampires={
            "scarlet": {"square": "b3", "blood": 10},
            "violet": {"square": "b2"},
            "amber": {"square": "c3"},
            "teal": {"square": "a3"},
        },
        mozzie={"square": "b4", "heading": "s"},
        deck=[],
        dice=[1],
    )
    # The only answer, so the engine gives it: the turn goes straight on to the Mozzie.
    assert [e.kind for e in g.events][-1] == "passed"
    assert state(g)["blood"] == 10 and g.pending.kind == "mozzie" and g.history == []


def test_no_draw_when_every_card_is_set_aside():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 5}}, deck=[])
    assert "draw" not in g.pending.keys
