"""A broken lesson file is reported with its file, its lesson and the field at fault."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adrenaline_tui.rules import DataError
from adrenaline_tui.walkthrough import load_lesson, load_lessons

SCENARIO = {
    "arena": "arena_12",
    "players": [
        {"colour": "yellow", "square": "r1c2"},
        {"colour": "blue", "square": "r0c2"},
        {"colour": "grey", "square": "r1c3"},
    ],
}


def lesson(**changes) -> dict:
    base = {
        "title": "Test lesson",
        "scenario": SCENARIO,
        "steps": [
            {"say": "Read this."},
            {
                "say": "Run.",
                "task": "Run to r1c3.",
                "keys": ["run", "r1c3"],
                "goal": {"players": {"yellow": {"square": "r1c3"}}},
            },
        ],
    }
    base.update(changes)
    return base


def write(tmp_path: Path, data: dict | str, name: str = "03-test.yaml") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return path


def error(path: Path) -> DataError:
    with pytest.raises(DataError) as exc:
        load_lesson(path)
    return exc.value


def test_a_good_lesson_loads(tmp_path):
    loaded = load_lesson(write(tmp_path, lesson()))
    assert loaded.id == "test" and loaded.order == 3 and loaded.learner == "yellow"
    assert [s.plays for s in loaded.steps] == [False, True]
    assert loaded.steps[1].intended() == ["run", "r1c3"]


def test_a_missing_title_names_the_field(tmp_path):
    data = lesson()
    del data["title"]
    path = write(tmp_path, data)
    err = error(path)
    assert str(err) == f"{path}: lesson 'test': title: Field required"


def test_a_misspelt_goal_field_names_the_step(tmp_path):
    data = lesson()
    data["steps"][1]["goal"] = {"players": {"yellow": {"sqaure": "r1c3"}}}
    err = error(write(tmp_path, data))
    assert err.entry == "lesson 'test'"
    assert err.field == "steps.1.goal.players.yellow.sqaure"
    assert "Extra inputs are not permitted" in err.problem


def test_a_goal_without_keys_is_refused(tmp_path):
    data = lesson()
    del data["steps"][1]["keys"]
    err = error(write(tmp_path, data))
    assert err.field == "steps.1" and "lists the keys that reach it" in err.problem


def test_a_playing_step_needs_a_task(tmp_path):
    data = lesson()
    del data["steps"][1]["task"]
    err = error(write(tmp_path, data))
    assert err.field == "steps.1" and "needs a task" in err.problem


def test_a_scenario_mistake_names_the_player_and_field(tmp_path):
    scenario = {**SCENARIO, "players": [{**SCENARIO["players"][0], "square": "r9c9"}, *SCENARIO["players"][1:]]}
    err = error(write(tmp_path, lesson(scenario=scenario)))
    assert err.entry == "lesson 'test'"
    assert err.field == "scenario.player.yellow.square"
    assert err.problem == "r9c9 is not a square of arena_12"


def test_a_step_scenario_mistake_names_the_step(tmp_path):
    data = lesson()
    data["steps"][0]["scenario"] = {**SCENARIO, "arena": "arena_99"}
    err = error(write(tmp_path, data))
    assert err.field.startswith("steps.0.scenario")


def test_a_scenario_file_next_to_the_lesson(tmp_path):
    (tmp_path / "position.yaml").write_text(yaml.safe_dump(SCENARIO))
    loaded = load_lesson(write(tmp_path, lesson(scenario="position.yaml")))
    assert loaded.game().players["yellow"].square == "r1c2"
    err = error(write(tmp_path, lesson(scenario="missing.yaml")))
    assert err.field == "scenario" and "missing.yaml" in err.problem


def test_names_the_step_uses_must_exist(tmp_path):
    data = lesson()
    data["steps"][0]["highlight"] = {"squares": ["r3c0"]}
    err = error(write(tmp_path, data))
    assert err.field == "steps.0.highlight.squares" and "'r3c0' is not a square of arena_12" in err.problem
    data = lesson()
    data["steps"][1]["goal"] = {"events": [{"kind": "damaged", "target": "purple"}]}
    err = error(write(tmp_path, data))
    assert err.field == "steps.1.goal.events.0.target" and "'purple' is not playing" in err.problem


def test_an_unknown_weapon(tmp_path):
    err = error(write(tmp_path, lesson(weapon="laser-sword")))
    assert err.field == "weapon" and "laser-sword" in err.problem


def test_invalid_yaml_names_the_line(tmp_path):
    path = write(tmp_path, "title: x\nsteps:\n  - say: a: b\n")
    err = error(path)
    assert err.path == str(path) and err.field == "line 3" and "not valid YAML" in err.problem


def test_two_lessons_with_the_same_id(tmp_path):
    write(tmp_path, lesson(), "01-a.yaml")
    write(tmp_path, lesson(id="a"), "02-b.yaml")
    with pytest.raises(DataError) as exc:
        load_lessons(tmp_path)
    assert exc.value.field == "id" and "already used" in exc.value.problem


def test_the_shipped_lessons_come_in_the_publishers_order():
    ids = [lesson.id for lesson in load_lessons() if lesson.kind == "basics"]
    assert ids == [
        "moving",
        "grabbing",
        "shooting",
        "adrenaline",
        "killshot-and-scoring",
        "dying-and-respawning",
        "powerups",
        "final-frenzy",
        "end-of-game",
    ]


def test_the_example_in_the_docs_loads_and_plays(tmp_path):
    from adrenaline_tui.walkthrough.check import play_through

    docs = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text()
    example = docs.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "10-example.yaml"
    path.write_text(example)
    loaded = load_lesson(path)
    assert loaded.id == "example" and len(loaded.steps) == 2
    assert play_through(loaded) == []
