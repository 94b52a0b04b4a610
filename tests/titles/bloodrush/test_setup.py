"""Setup phases 1-3: turn order, human placement, the Mozzie, the vampires, dusk, the deck."""

import pytest

from adrenaline_tui.titles.bloodrush import Config, ConfigError, Game, IllegalChoice
from adrenaline_tui.titles.bloodrush.board import Board
from adrenaline_tui.titles.bloodrush.components import load_components


def test_player_1_is_drawn_with_the_seed_and_the_order_runs_clockwise():
    g = Game.new({"seats": ["a", "b", "c", "d"]}, 3)
    first = g.order[0]
    seats = ["a", "b", "c", "d"]
    i = seats.index(first)
    assert g.order == seats[i:] + seats[:i]
    assert Game.new({"seats": ["a", "b", "c", "d"]}, 3).order == g.order


def test_a_chosen_player_1_starts_and_the_next_seat_is_player_2():
    g = Game.new({"seats": ["a", "b", "c"], "first": "b"}, 1)
    assert g.order == ["b", "c", "a"]
    assert g.pending.player == "b" and g.pending.kind == "place-human"


def test_humans_are_placed_in_turn_order_from_the_face_up_top_never_next_to_the_graveyard():
    g = Game.new({"seats": ["a", "b", "c"], "first": "a"}, 5)
    placers = []
    while g.pending.kind == "place-human":
        d = g.pending
        # The stack is face up: everyone sees its top tile, and only that one.
        assert g.view("b")["stack_top"] == g.to_json()["stack"][-1]
        assert "stack" not in g.view("b")
        keys = set(d.keys)
        assert not keys & {"d4", "d3", "d5", "c4", "e4"}
        placers.append(d.player)
        g.choose(d.keys[-1])
    assert placers == ["a", "b", "c"] * 3 + ["a"]
    assert len(g.to_json()["humans"]) == 10


def test_humans_may_stand_on_special_tiles_buildings_and_the_mine():
    g = Game.new({"seats": ["a", "b"], "first": "a"}, 5)
    assert {"c1", "f1", "d2", "b2", "d7"} <= set(g.pending.keys)


def test_player_2_places_the_mozzie_anywhere_but_the_graveyard_and_the_humans_then_dusk():
    g = Game.new({"seats": ["a", "b", "c"], "first": "a"}, 5)
    while g.pending.kind == "place-human":
        g.choose(g.pending.keys[0])
    d = g.pending
    assert (d.player, d.kind) == ("b", "place-mozzie")
    humans = set(g.to_json()["humans"])
    assert "d4" not in d.keys and not humans & set(d.keys)
    assert len(d.keys) == 49 - 1 - 10
    g.choose("e7")
    assert g.pending.kind == "mozzie-heading" and g.pending.player == "b"
    g.choose("w")
    s = g.to_json()
    assert s["mozzie"] == {"square": "e7", "heading": "w", "start": "e7"}
    assert {v["square"] for v in s["vampires"].values()} == {"d4"}
    assert {v["blood"] for v in s["vampires"].values()} == {5}
    # Time was set to dusk; Player 1's first turn then moves it an hour.
    assert [e.data["to"] for e in g.events if e.kind == "time"] == [1]
    assert s["time"]["label"] == "10 pm"
    assert sorted(s["deck"]) == sorted(
        ["coyote_snack"] * 15 + ["donkey_ride"] * 10 + ["time_energy"] * 5
        + ["bug_commander", "giant_umbrella", "mask_of_immunity", "carriage_ride"] * 2
    )  # fmt: skip
    assert (g.pending.player, g.pending.kind) == ("a", "action")


def test_ruling_adjacent_to_the_graveyard_counts_across_the_wrapped_edge(tmp_path):
    """The tiles "immediately adjacent" are the orthogonal ones, across a wrapped edge too."""
    for name in ("time.yaml", "humans.yaml", "deck.yaml"):
        (tmp_path / name).write_text(_data(name), encoding="utf-8")
    (tmp_path / "board.yaml").write_text(
        "name: corner\ngrid:\n  - 'G . . .'\n  - '. . . .'\n  - '. . . M'\n  - '. . . .'\n"
        "legend:\n  '.': {kind: plain}\n  G: {kind: graveyard}\n  M: {kind: mine}\n",
        encoding="utf-8",
    )
    board = Board(load_components(tmp_path))
    banned = set(board.squares) - set(board.human_squares())
    assert banned == {"a1", "b1", "a2", "d1", "a4"}


def _data(name):
    from adrenaline_tui.titles.bloodrush.components import DATA

    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "config",
    [
        {"seats": ["a"]},
        {"seats": ["a", "b", "c", "d", "e", "f"]},
        {"seats": ["a", "b", "c"], "mozzie_player": "a"},
        {"seats": ["a", "a"]},
        {"seats": ["a", "b"], "burst": "explode"},
    ],
)
def test_settings_that_cannot_make_a_game_are_refused(config):
    with pytest.raises(ConfigError):
        Config.from_dict(config)


def test_an_illegal_placement_raises_and_changes_nothing():
    g = Game.new({"seats": ["a", "b"]}, 2)
    before = g.to_json()
    with pytest.raises(IllegalChoice, match="'d4' is not a legal choice"):
        g.choose("d4")
    assert g.to_json() == before and g.history == []
