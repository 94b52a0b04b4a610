"""One lesson per weapon, and which of them to offer when a weapon shows up in a game."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.cards import load_cards
from adrenaline_tui.walkthrough import LessonRunner, Progress, visible_weapons, weapon_lessons_to_offer
from adrenaline_tui.walkthrough.lesson_files import lessons_dir
from adrenaline_tui.walkthrough.offers import weapon_lesson_files, weapons_to_offer
from tests.walkthrough.conftest import all_lessons

CARDS = load_cards()


def test_every_weapon_has_a_lesson_in_card_order():
    weapons = [lesson.weapon for lesson in all_lessons() if lesson.kind == "weapon"]
    assert weapons == list(CARDS.weapons)


def test_each_weapon_lesson_says_the_cost_printed_on_the_card():
    for lesson in all_lessons():
        if lesson.weapon is None:
            continue
        weapon = CARDS.weapons[lesson.weapon]
        intro = lesson.steps[0].say
        assert weapon.name in intro
        said = re.search(r"costs (a single \w+|\w+(?: \+ \w+)*)", intro)
        assert said, lesson.id
        cubes = said[1].removeprefix("a single ").split(" + ")
        assert tuple(cubes) == weapon.cost, lesson.id


def test_each_weapon_lesson_fires_every_effect_and_mode_of_its_weapon():
    for lesson in all_lessons():
        if lesson.weapon is None:
            continue
        assert [w.id for w in lesson.game().players[lesson.learner].weapons] == [lesson.weapon]
        runner = LessonRunner(lesson)
        fired = set()
        while not runner.finished:
            if runner.step.plays:
                results = [runner.press(key) for key in runner.step.intended()]
            else:
                results = [runner.proceed()]
            for result in results:
                fired |= {
                    e.data["effect"] for e in result.events if e.kind == "effect" and e.data["weapon"] == lesson.weapon
                }
        assert fired == set(CARDS.weapons[lesson.weapon].effect_ids), lesson.id


def game_with_racks(racks: dict[str, list[str]], **me) -> Game:
    return Game.from_scenario(
        {
            "arena": "arena_12",
            "racks": racks,
            "players": [
                {"colour": "yellow", "square": "r1c2", **me},
                {"colour": "blue", "square": "r0c0", "weapons": ["railgun", {"id": "shotgun", "loaded": False}]},
                {"colour": "grey", "square": "r2c0"},
            ],
        }
    )


def test_lessons_are_offered_for_the_weapons_on_the_racks():
    game = game_with_racks(
        {
            "red": ["furnace", "heatseeker", None],
            "blue": ["lock-rifle"],
            "yellow": ["zx-2", "cyberblade", "sledgehammer"],
        }
    )
    offered = [lesson.weapon for lesson in weapon_lessons_to_offer(game, set(), all_lessons())]
    # racks first; then the one weapon in a hand that everybody can see (an unloaded one)
    assert offered == ["furnace", "heatseeker", "lock-rifle", "zx-2", "cyberblade", "sledgehammer", "shotgun"]
    assert "railgun" not in visible_weapons(game)  # loaded in Banshee's hand: hidden


def test_a_players_view_shows_their_own_weapons_too():
    game = game_with_racks({"red": ["furnace"], "blue": ["lock-rifle"], "yellow": ["zx-2"]})
    assert "railgun" in visible_weapons(game.view("blue"))
    assert "railgun" not in visible_weapons(game.view("yellow"))


def test_lessons_already_seen_are_not_offered_again(home):
    game = game_with_racks({"red": ["furnace", "heatseeker"], "blue": ["lock-rifle"], "yellow": ["zx-2"]})
    progress = Progress.load()
    progress.mark_done("furnace")
    progress.mark_skipped("lock-rifle")
    progress.mark_offered(["zx-2"])
    offered = [lesson.weapon for lesson in weapon_lessons_to_offer(game, Progress.load().seen, all_lessons())]
    assert offered == ["heatseeker", "shotgun"]


def test_offering_without_loading_a_lesson_offers_what_the_loaded_lessons_would(home):
    """The table decides its offers from the lesson files' `weapon` and `id` fields alone."""
    files = weapon_lesson_files()
    loaded = {lesson.weapon: lesson for lesson in all_lessons() if lesson.weapon}
    assert {w: (f.lesson_id, f.path.name) for w, f in files.items()} == {
        w: (lesson.id, Path(lesson.source).name) for w, lesson in loaded.items()
    }
    game = game_with_racks({"red": ["furnace", "heatseeker"], "blue": ["lock-rifle"], "yellow": ["zx-2"]})
    progress = Progress.load()
    progress.mark_done("furnace")
    progress.mark_skipped("lock-rifle")
    for seen in (set(), Progress.load().seen):
        expected = [lesson.weapon for lesson in weapon_lessons_to_offer(game, seen, all_lessons())]
        assert weapons_to_offer(game, seen, files) == expected
    assert weapons_to_offer(game, Progress.load().seen, files) == ["heatseeker", "zx-2", "shotgun"]


@pytest.mark.parametrize(
    "planted",
    [
        [["furnace", "evil", "../../../etc/passwd"]],  # a file outside the lessons folder
        [["furnace", "evil", "nowhere.yaml"]],  # a file that is not there
        {"furnace": "evil"},  # not the shape written
        [["furnace", "evil"]],
        [["furnace", 3, "x.yaml"]],
    ],
)
def test_the_weapon_lesson_index_trusts_nothing_in_the_cache(tmp_path, monkeypatch, planted):
    """Which weapons have a lesson is kept in the data cache, which others may be able to
    write: an entry naming anything but a lesson file of the folder is read again from the files."""
    folder = tmp_path / "lessons"
    shutil.copytree(lessons_dir() / "weapons", folder / "weapons")
    monkeypatch.setenv("ADRENALINE_CACHE", str(tmp_path / "cache"))
    read = weapon_lesson_files.__wrapped__
    files = read(folder)
    assert files["furnace"].path == folder / "weapons" / files["furnace"].path.name
    (entry,) = (tmp_path / "cache").glob("lesson-index-weapons-*.json")
    assert read(folder) == files  # from the entry
    entry.write_text(json.dumps(planted))
    assert read(folder) == files


def test_a_renamed_weapon_lesson_file_is_indexed_again(tmp_path, monkeypatch):
    """A lesson without an `id` takes its id from its file name, which the cache key (the
    files' contents) does not cover."""
    folder = tmp_path / "lessons"
    shutil.copytree(lessons_dir() / "weapons", folder / "weapons")
    monkeypatch.setenv("ADRENALINE_CACHE", str(tmp_path / "cache"))
    read = weapon_lesson_files.__wrapped__
    first = next(p for p in sorted((folder / "weapons").glob("*.yaml")))
    text = first.read_text(encoding="utf-8")
    first.write_text(re.sub(r"(?m)^id:.*\n", "", text), encoding="utf-8")
    before = read(folder)
    weapon = next(w for w, f in before.items() if f.path == first)
    first.rename(first.with_name("99-renamed.yaml"))
    after = read(folder)
    assert (before[weapon].lesson_id, after[weapon].lesson_id) == (before[weapon].lesson_id, "renamed")
    assert after[weapon].path.name == "99-renamed.yaml"
