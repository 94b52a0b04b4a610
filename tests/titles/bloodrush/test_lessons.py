"""Bloodrush's lessons: each one loads, every scripted key is legal when it is pressed, every step
starts on the decision it expects, and each step's goal (exact blood, squares, time) holds."""

from pathlib import Path

import pytest
import yaml

from adrenaline_tui.titles.bloodrush.errors import DataError
from adrenaline_tui.titles.bloodrush.lesson import LESSONS, load_lesson, load_lessons
from adrenaline_tui.titles.bloodrush.lesson_runner import LessonRunner, play_through
from adrenaline_tui.walkthrough.runner import LessonRunner as AdrenalineRunner

LESSON_IDS = [lesson.id for lesson in load_lessons()]


def test_there_are_the_three_lessons_the_issue_asks_for_and_the_red_cards():
    assert LESSON_IDS == [
        "bloodrush-moving",
        "bloodrush-feeding-and-the-burst",
        "bloodrush-the-mozzie-and-time",
        "bloodrush-red-cards",
    ]


def test_no_lesson_id_is_also_an_adrenaline_lessons_id():
    """Lesson progress is one file for every title, keyed by lesson id."""
    from adrenaline_tui.walkthrough.lesson import load_lessons as adrenaline_lessons

    assert not set(LESSON_IDS) & {lesson.id for lesson in adrenaline_lessons()}


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_lesson_plays_through_with_its_intended_keys(lesson_id):
    lesson = next(le for le in load_lessons() if le.id == lesson_id)
    assert play_through(lesson) == []


def _run_to_end(lesson_id):
    lesson = next(le for le in load_lessons() if le.id == lesson_id)
    runner = LessonRunner(lesson)
    while not runner.finished:
        step = runner.step
        if not step.plays:
            runner.proceed()
            continue
        for pattern in step.keys:
            assert runner.decision.option(pattern[0]) is not None, (runner.position, pattern)
            assert runner.press(pattern[0]).accepted
    return runner


def test_moving_ends_on_a2_across_two_edges_with_exact_blood_and_time():
    view = _run_to_end("bloodrush-moving").view
    me = view["vampires"]["scarlet"]
    assert (me["square"], me["blood"], me["humans"]) == ("a2", 8, ["red-1"])
    assert view["time"]["label"] == "10 pm" and view["mozzie"]["square"] == "b6"


def test_feeding_and_the_burst_ends_in_the_graveyard_with_1_blood_and_the_banker():
    view = _run_to_end("bloodrush-feeding-and-the-burst").view
    me = view["vampires"]["scarlet"]
    assert (me["square"], me["blood"], me["bursts"], me["humans"]) == ("d4", 1, 1, ["blue-4"])
    assert "b7" not in view["humans"]


def test_the_mozzie_and_time_ends_in_a_survival_victory_at_dawn():
    runner = _run_to_end("bloodrush-the-mozzie-and-time")
    view = runner.view
    assert view["over"] and view["end_reason"] == "survival" and view["ranking"][0]["seat"] == "scarlet"
    assert view["time"]["label"] == "5 am (dawn)"
    assert view["vampires"]["scarlet"]["blood"] == 5 and view["vampires"]["violet"]["alive"] is False


def test_red_cards_ends_with_every_card_spent_and_no_blood_lost_to_the_dawn():
    view = _run_to_end("bloodrush-red-cards").view
    me = view["vampires"]["scarlet"]
    assert (me["square"], me["blood"], me["hand_count"], me["humans"]) == ("a2", 8, 0, ["blue-4"])
    assert view["vampires"]["violet"]["blood"] == 4 and view["time"]["label"] == "4 am (first light)"
    assert sorted(view["discard"]) == ["bug_commander", "carriage_ride", "giant_umbrella", "mask_of_immunity"]


def test_a_step_the_engine_refuses_is_explained_and_changes_nothing():
    runner = LessonRunner(load_lesson(LESSONS / "01-moving.yaml"))
    runner.proceed()
    runner.proceed()
    result = runner.press("move:e")  # the Mozzie is on b4
    assert result.outcome == "illegal"
    assert "The Mozzie is on b4: figures are walls" in result.message
    off = runner.press("collect")
    assert off.outcome == "off_goal" and off.message.startswith("Collecting is allowed")
    assert runner.view["vampires"]["scarlet"]["blood"] == 5 and runner.game.history == []


def _broken(tmp_path: Path, change) -> Path:
    data = yaml.safe_load((LESSONS / "01-moving.yaml").read_text())
    change(data)
    path = tmp_path / "01-moving.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_play_through_finds_a_goal_the_keys_do_not_reach(tmp_path):
    def wrong_blood(d):
        d["steps"][2]["goal"]["vampires"]["scarlet"]["blood"] = 5

    problems = play_through(load_lesson(_broken(tmp_path, wrong_blood)))
    assert problems == ["step 3: goal not reached: scarlet's blood is 4, not 5"]


def test_play_through_finds_a_step_expecting_the_wrong_decision(tmp_path):
    def wrong_expect(d):
        d["steps"][3]["expect"] = {"kind": "action", "player": "scarlet"}

    problems = play_through(load_lesson(_broken(tmp_path, wrong_expect)))
    assert problems == ["step 4: expects a kind 'action', the game asks 'mozzie'"]


def test_play_through_finds_a_key_that_is_not_legal(tmp_path):
    def illegal(d):
        d["steps"][2]["keys"] = ["move:s"]  # Violet stands there

    problems = play_through(load_lesson(_broken(tmp_path, illegal)))
    assert problems[0].startswith("step 3: key 1 'move:s' refused (illegal)")


def test_a_broken_lesson_names_the_lesson_and_the_field(tmp_path):
    def bad_square(d):
        d["steps"][2]["goal"]["vampires"]["scarlet"]["square"] = "z9"

    with pytest.raises(DataError, match=r"lesson 'bloodrush-moving'.*steps.2.goal.vampires.scarlet.square"):
        load_lesson(_broken(tmp_path, bad_square))

    def no_expect(d):
        del d["steps"][2]["expect"]

    with pytest.raises(DataError, match="expect"):
        load_lesson(_broken(tmp_path, no_expect))


def test_the_runner_offers_everything_adrenalines_lesson_runner_does():
    """One lesson screen drives either title: every public name of Adrenaline's runner is here."""
    public = {n for n in dir(AdrenalineRunner) if not n.startswith("_")}
    assert public - set(dir(LessonRunner)) == set()
