"""The engine contract: illegal keys, saves and replay, views, bad data and bad scenarios."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adrenaline_tui.titles.bloodrush import DataError, Game, IllegalChoice, SaveError
from adrenaline_tui.titles.bloodrush.components import DATA, load_components

from .helpers import scenario


def random_game(seed, seats=("a", "b", "c"), stop=None, **config):
    g = Game.new({"seats": list(seats), **config}, seed)
    rng = random.Random(seed)
    while g.pending is not None and (stop is None or len(g.history) < stop):
        g.choose(rng.choice(g.pending.keys))
    return g


def test_an_illegal_key_raises_a_clear_error_and_changes_nothing():
    g = scenario(vampires={"scarlet": {"square": "d4", "blood": 1}})
    before = g.to_json()
    with pytest.raises(
        IllegalChoice, match=r"'move:n' is not a legal choice for 'Choose your action'; legal keys: draw"
    ):
        g.choose("move:n")
    assert g.to_json() == before
    g.choose("collect")  # the game goes on as if nothing happened


def test_a_save_is_config_seed_and_keys_and_loads_to_the_same_game(tmp_path):
    g = random_game(7, stop=40)
    path = tmp_path / "game.json"
    g.save(path)
    data = json.loads(path.read_text())
    assert set(data) == {"format", "version", "title", "config", "seed", "scenario", "choices"}
    assert data["choices"] == g.history and data["title"] == "bloodrush"
    again = Game.load(path)
    assert again.to_json() == g.to_json() and again.pending == g.pending


def test_a_scenario_game_saves_and_loads(tmp_path):
    g = scenario(vampires={"scarlet": {"square": "d4"}})
    g.choose("collect")
    g.save(tmp_path / "s.json")
    assert Game.load(tmp_path / "s.json").to_json() == g.to_json()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("not json", "not JSON"),
        ('{"format": "adrenaline-save"}', "not a Bloodrush save"),
        ('{"format": "bloodrush-save", "version": 1, "seed": 1, "config": {"seats": ["a"]}, "choices": []}', "2 to 5"),
        ('{"format": "bloodrush-save", "version": 1, "seed": 1, "config": {}, "choices": ["zz"]}', "choice 1"),
    ],
)
def test_a_bad_save_is_one_line_and_the_file_is_left_alone(tmp_path, content, problem):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=problem) as info:
        Game.load(path)
    assert "\n" not in str(info.value) and path.read_text() == content


def test_replay_reproduces_the_game_at_any_point():
    g = random_game(11, seats=("a", "b", "c", "d"))
    for cut in (0, 5, 17, len(g.history) // 2, len(g.history)):
        part = g.replay(g.history[:cut])
        assert part.history == g.history[:cut]
    assert g.replay().to_json() == g.to_json()


def test_a_view_hides_other_hands_the_deck_order_and_the_stack():
    g = scenario(
        vampires={"scarlet": {"square": "d4", "hand": ["mask_of_immunity"]}, "violet": {"hand": ["carriage_ride"]}}
    )
    v = g.view("violet")
    text = json.dumps(v)
    assert "mask_of_immunity" not in text
    assert v["vampires"]["violet"]["hand"] == ["carriage_ride"]
    assert v["vampires"]["scarlet"]["hand_count"] == 1
    assert "deck" not in v and v["deck_count"] == len(g.to_json()["deck"])
    assert "pending" not in v  # scarlet's options would name her cards
    assert g.view("scarlet")["pending"]["kind"] == "action"
    assert "mask_of_immunity" not in json.dumps(g.view(None))


def test_ruling_die_results_in_a_scenario_come_before_the_rng():
    g = scenario(vampires={"scarlet": {"square": "d4"}}, deck=["coyote_snack", "coyote_snack"], dice=[2])
    g.choose("draw")
    assert g.to_json()["vampires"]["scarlet"]["blood"] == 7 and g.to_json()["forced_dice"] == []


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"mozzie": {"square": "d4", "heading": "s"}}, "mozzie"),
        ({"humans": {"d4": "red-1"}}, "humans.d4"),
        ({"humans": {"a7": "nobody"}}, "humans.a7"),
        ({"vampires": {"scarlet": {"square": "a7"}}}, "vampires.scarlet.square"),
        ({"vampires": {"scarlet": {"blood": 11}}}, "vampires.scarlet.blood"),
        ({"vampires": {"scarlet": {"hand": ["coyote_snack"]}}}, "vampires.scarlet.hand"),
        ({"deck": ["bug_commander"] * 3}, "deck"),
        ({"dice": [7]}, "dice"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_scenario_names_its_field(fields, field):
    with pytest.raises(DataError) as info:
        scenario(**fields)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("name", "old", "new", "field"),
    [
        ("board.yaml", '  - ". B . C . B ."', '  - ". B . C . B"', "grid.1"),
        ("board.yaml", '"G": {kind: graveyard}', '"G": {kind: cemetery}', "legend.G.kind"),
        ("board.yaml", "{kind: damage, blood: 2}", "{kind: damage}", "legend.D.blood"),
        (
            "time.yaml",
            '{label: "midnight", symbol: moon, blood: 2}',
            '{label: "midnight", symbol: moon, blood: 0}',
            "spaces.3.blood",
        ),
        ("humans.yaml", "value: 5, name: Sheriff", "value: 6, name: Sheriff", "tiles.3.value"),
        (
            "deck.yaml",
            "coyote_snack: {count: 15, colour: black}",
            "coyote_snack: {count: 15, colour: red}",
            "cards.coyote_snack.colour",
        ),
        ("deck.yaml", "  time_energy: {count: 5, colour: black}\n", "", "cards.time_energy"),
        ("deck.yaml", "die: [1, 2, 3, 4, 5, 6]", "die: [0, 1]", "die.0"),
    ],
)
def test_a_bad_data_file_names_the_file_and_the_field(tmp_path, name, old, new, field):
    for f in ("board.yaml", "time.yaml", "humans.yaml", "deck.yaml"):
        text = (DATA / f).read_text(encoding="utf-8")
        if f == name:
            assert old in text
            text = text.replace(old, new)
        (tmp_path / f).write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_components(tmp_path)
    assert info.value.path == str(tmp_path / name) and info.value.field == field


def test_the_shipped_data_has_the_texts_counts():
    c = load_components()
    assert len(c.humans) == 10 and {h.value for h in c.humans} == {1, 2, 3, 4, 5}
    assert (c.cards["coyote_snack"], c.cards["donkey_ride"], c.cards["time_energy"]) == (15, 10, 5)
    assert c.tiles[c.graveyard].kind == "graveyard"
    assert c.time[0].label.endswith("(dusk)")


def test_a_scenario_file_builds_its_position_and_plays_the_texts_example():
    from pathlib import Path

    g = Game.from_scenario(Path(__file__).with_name("scenarios") / "texts_example.yaml")
    s = g.to_json()
    assert (s["active"], s["time"]["label"], s["deck"]) == ("violet", "11 pm", ["coyote_snack", "time_energy"])
    g.choose("collect")
    g.choose("straight")  # the die shows 2; the human is 1 tile away
    s = g.to_json()
    assert s["mozzie"]["square"] == "e3" and s["eaten"] == ["green-4"]
    assert s["vampires"]["amber"]["blood"] == 3  # the remaining step would have drained amber on e4


def test_a_scenario_file_that_is_not_yaml_is_a_data_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("seats: [a, b\n")
    with pytest.raises(DataError, match="not a valid YAML"):
        Game.from_scenario(bad)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(["a1", "d4", "red-1", "scarlet", "n", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["a1", "scarlet", "square", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = [
    "seats",
    "active",
    "time",
    "mozzie",
    "humans",
    "eaten",
    "vampires",
    "deck",
    "discard",
    "dice",
    "names",
    "burst",
]


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON, where=st.sampled_from(["scenario", "vampire"]))
def test_any_bad_value_in_a_saved_scenario_is_a_one_line_save_error(field, value, where):
    from adrenaline_tui.titles.bloodrush.saves import from_save_data

    s = {
        "seats": ["scarlet", "violet"],
        "mozzie": {"square": "e1", "heading": "s"},
        "humans": {"a7": "red-1"},
        "vampires": {"scarlet": {"square": "b2"}},
    }
    if where == "scenario":
        s[field] = value
    else:
        s["vampires"]["scarlet"][field] = value
    data = {"format": "bloodrush-save", "version": 1, "seed": 1, "config": {}, "scenario": s, "choices": []}
    try:
        from_save_data(data)
    except SaveError as exc:
        assert "\n" not in str(exc)
