"""Malformed scenario, arena and card files: the error names the file, the entry and the field."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from adrenaline_tui.rules import DataError, Game
from adrenaline_tui.rules.arena import load_arena_file
from adrenaline_tui.rules.cards import load_cards_file
from adrenaline_tui.rules.datafiles import arenas_dir, weapons_path

Mutation = Callable[[dict[str, Any]], None]

# --------------------------------------------------------------------------------- scenarios
SCENARIO: dict[str, Any] = {
    "arena": "arena_10",
    "players": [{"colour": "yellow", "square": "r1c0"}, {"colour": "blue"}, {"colour": "grey"}],
}


def player(i: int, **fields: Any) -> Mutation:
    return lambda d: d["players"][i].update(fields)


def top(**fields: Any) -> Mutation:
    return lambda d: d.update(fields)


SCENARIO_CASES: list[tuple[str, Mutation, str, str, str]] = [
    # (case, change, entry, field, words of the problem)
    ("damage colour", player(1, damage=["pink"]), "player blue", "damage", "'pink' is not a figure colour"),
    ("damage from absent", player(1, damage=["green"]), "player blue", "damage", "'green' is not playing"),
    ("own damage", player(1, damage=["blue"]), "player blue", "damage", "own tokens"),
    ("13 damage", player(1, damage=["grey"] * 13), "player blue", "damage", "at most 12"),
    ("too many cubes", player(0, ammo={"red": 5}), "player yellow", "ammo.red", "0-3 cubes"),
    ("too many marks", player(0, marks={"blue": 4}), "player yellow", "marks.blue", "0-3 marks"),
    ("misspelt field", player(0, sqaure="r0c0"), "player yellow", "sqaure", "not permitted"),
    ("off the arena", player(0, square="r0c3"), "player yellow", "square", "not a square of arena_10"),
    ("unknown weapon", player(0, weapons=["laser"]), "player yellow", "weapons", "unknown weapon 'laser'"),
    ("weapon twice", player(0, weapons=["lock-rifle", "lock-rifle"]), "player yellow", "weapons", "lock-rifle"),
    (
        "weapon in two hands",
        lambda d: (d["players"][0].update(weapons=["zx-2"]), d["players"][2].update(weapons=["zx-2"])),
        "player grey",
        "weapons",
        "zx-2",
    ),
    (
        "misspelt weapon field",
        player(0, weapons=[{"id": "lock-rifle", "lodaed": False}]),
        "player yellow",
        "weapons.0.lodaed",
        "not permitted",
    ),
    ("unknown powerup", player(0, powerups=["laser-red"]), "player yellow", "powerups", "unknown powerup"),
    (
        "four powerups",
        player(0, powerups=["newton-red", "newton-blue", "teleporter-red", "teleporter-blue"]),
        "player yellow",
        "powerups",
        "at most 3",
    ),
    ("skulls", top(skulls=9), "", "skulls", "less than or equal to 8"),
    ("two players", lambda d: d["players"].pop(), "", "players", "at least 3"),
    ("same colour twice", player(2, colour="yellow"), "", "players", "once"),
    ("active", top(active="pink"), "", "active", "'pink' is not playing"),
    ("first player", top(first_player="green"), "", "first_player", "'green' is not playing"),
    ("frenzy without trigger", top(frenzy=True), "", "frenzy_trigger", "names the player"),
    ("frenzy with skulls left", top(frenzy=True, frenzy_trigger="blue", skulls=5), "", "frenzy", "5 are left"),
    ("no skull and no frenzy", top(skulls=5, killshot_track=[["blue"]] * 5), "", "killshot_track", "no skull"),
    ("track", top(killshot_track=[["pink"]]), "", "killshot_track.0", "[killer]"),
    ("rack twice", top(racks={"red": ["lock-rifle", "lock-rifle"]}), "", "racks.red", "'lock-rifle'"),
    ("rack of four", top(racks={"red": ["zx-2", "thor", "railgun", "shotgun"]}), "", "racks.red", "3 slots"),
    ("tile on a spawnpoint", top(ammo_tiles={"r1c0": "YBB"}), "", "ammo_tiles.r1c0", "without a spawnpoint"),
    ("unknown tile", top(ammo_tiles={"r0c0": "XYZ"}), "", "ammo_tiles.r0c0", "'XYZ'"),
    ("unknown deck card", top(decks={"powerups": ["newton-pink"]}), "", "decks.powerups", "'newton-pink'"),
    ("discard of nothing", top(decks={"ammo_discard": ["XYZ"]}), "", "decks.ammo_discard", "'XYZ'"),
    ("arena", top(arena="arena_13"), "", "arena", "arena_10"),
]


@pytest.mark.parametrize(
    ("case", "change", "entry", "field", "words"), SCENARIO_CASES, ids=[c[0] for c in SCENARIO_CASES]
)
def test_a_malformed_scenario_names_the_file_the_entry_and_the_field(
    tmp_path: Path, case: str, change: Mutation, entry: str, field: str, words: str
) -> None:
    data = copy.deepcopy(SCENARIO)
    change(data)
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(DataError) as err:
        Game.from_scenario(path)
    e = err.value
    assert (e.path, e.entry, e.field) == (str(path), entry, field)
    assert words in e.problem
    assert str(e).startswith(f"{path}: ")


def test_a_scenario_that_is_not_yaml_or_not_a_mapping_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("players: [\n  {colour: yellow")
    with pytest.raises(DataError, match=r"broken\.yaml: line 3: not valid YAML"):
        Game.from_scenario(path)
    path.write_text("- a\n- b\n")
    with pytest.raises(DataError, match=r"broken\.yaml: a scenario is a mapping"):
        Game.from_scenario(path)
    with pytest.raises(DataError, match=r"missing\.yaml: cannot read"):
        Game.from_scenario(tmp_path / "missing.yaml")


# ------------------------------------------------------------------------------------ arenas
def arena_data() -> dict[str, Any]:
    return yaml.safe_load((arenas_dir() / "arena_10.yaml").read_text())


ARENA_CASES: list[tuple[str, Mutation, str, str]] = [
    ("door too long", lambda d: d["doors"].append(["r0c0", "r2c3"]), "doors", "not side by side"),
    ("door nowhere", lambda d: d["doors"].append(["r0c0", "r9c9"]), "doors", "r9c9"),
    ("door inside a room", lambda d: d["doors"].append(["r0c0", "r0c1"]), "doors", "inside room blue"),
    ("square off the grid", lambda d: d["squares"].update(r5c0={"room": "red"}), "squares", "r5c0"),
    ("spawn colour", lambda d: d["squares"]["r0c2"].update(spawn="green"), "squares.r0c2.spawn", "'red'"),
    ("no blue spawn", lambda d: d["squares"]["r0c2"].pop("spawn"), "squares", "one red, one blue and one yellow"),
    ("misspelt field", lambda d: d["squares"]["r0c2"].update(colour="x"), "squares.r0c2.colour", "not permitted"),
    ("player counts", lambda d: d.update(recommended_players=[2]), "recommended_players", "between 3 and 5"),
    ("no name", lambda d: d.pop("name"), "name", "required"),
    (
        "room in two pieces",
        lambda d: d["squares"]["r2c2"].update(room="blue"),
        "squares",
        "room blue is not in one piece",
    ),
]


@pytest.mark.parametrize(("case", "change", "field", "words"), ARENA_CASES, ids=[c[0] for c in ARENA_CASES])
def test_a_malformed_arena_names_the_file_the_arena_and_the_field(
    tmp_path: Path, case: str, change: Mutation, field: str, words: str
) -> None:
    data = arena_data()
    change(data)
    path = tmp_path / "arena.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(DataError) as err:
        load_arena_file(path)
    e = err.value
    assert (e.path, e.entry, e.field) == (str(path), "arena_10", field)
    assert words in e.problem


def test_an_arena_that_is_not_yaml_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "arena.yaml"
    path.write_text("id: arena_10\nsquares: {r0c0: [\n")
    with pytest.raises(DataError) as err:
        load_arena_file(path)
    assert err.value.path == str(path) and err.value.field.startswith("line ")


# ------------------------------------------------------------------------------------- cards
def cards_data() -> dict[str, Any]:
    return yaml.safe_load(weapons_path().read_text())


def lock_rifle_step(i: int, **fields: Any) -> Mutation:
    def change(d: dict[str, Any]) -> None:
        ((_kind, body),) = d["weapons"]["lock-rifle"]["effects"][0]["steps"][i].items()
        body.update(fields)

    return change


CARD_CASES: list[tuple[str, Mutation, str, str, str]] = [
    (
        "weapon colour",
        lambda d: d["weapons"]["machine-gun"].update(colour="pink"),
        "weapon 'machine-gun'",
        "colour",
        "'red'",
    ),
    (
        "cost colour",
        lambda d: d["weapons"]["lock-rifle"].update(cost=["red", "blue"]),
        "weapon 'lock-rifle'",
        "cost",
        "card colour",
    ),
    (
        "unknown step",
        lambda d: d["weapons"]["lock-rifle"]["effects"][0]["steps"].append({"explode": 3}),
        "weapon 'lock-rifle'",
        "effects.0.steps",
        "explode",
    ),
    ("damage amount", lock_rifle_step(1, amount=9), "weapon 'lock-rifle'", "effects.0.steps.1.damage.amount", "3"),
    ("unbound name", lock_rifle_step(1, to="nobody"), "weapon 'lock-rifle'", "effects.0.steps.1", "'nobody'"),
    (
        "unknown filter",
        lock_rifle_step(0, where=["telepathic"]),
        "weapon 'lock-rifle'",
        "effects.0.steps.0",
        "telepathic",
    ),
    (
        "unknown effect",
        lambda d: d["weapons"]["lock-rifle"]["effects"][1].update(after=["ghost"]),
        "weapon 'lock-rifle'",
        "effects",
        "'ghost'",
    ),
    (
        "misspelt effect field",
        lambda d: d["weapons"]["lock-rifle"]["effects"][0].update(typo=1),
        "weapon 'lock-rifle'",
        "effects.0.typo",
        "not permitted",
    ),
    ("tile cube", lambda d: d["ammo_tiles"][0].update(cubes=["green"]), "ammo tile YBB", "cubes.0", "'red'"),
    ("powerup name", lambda d: d["powerups"][1].pop("name"), "powerup newton", "name", "required"),
]


@pytest.mark.parametrize(("case", "change", "entry", "field", "words"), CARD_CASES, ids=[c[0] for c in CARD_CASES])
def test_a_malformed_card_file_names_the_file_the_card_and_the_field(
    tmp_path: Path, case: str, change: Mutation, entry: str, field: str, words: str
) -> None:
    data = cards_data()
    change(data)
    path = tmp_path / "weapons.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(DataError) as err:
        load_cards_file(path)
    e = err.value
    assert (e.path, e.entry, e.field) == (str(path), entry, field)
    assert words in e.problem
    assert not e.problem.startswith("Value error")
