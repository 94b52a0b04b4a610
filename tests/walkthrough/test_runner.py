"""The lesson runner: refusing off-goal keys with a reason, retrying, skipping, highlights, progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adrenaline_tui.walkthrough import LessonRunner, Progress, load_lesson, progress_path
from adrenaline_tui.walkthrough.lesson import lessons_dir

MOVING = lessons_dir() / "01-moving.yaml"
GRABBING = lessons_dir() / "02-grabbing.yaml"


def runner_at_first_play(path: Path = MOVING, progress: Progress | None = None) -> LessonRunner:
    runner = LessonRunner(load_lesson(path), progress)
    while not runner.step.plays:
        assert runner.proceed().outcome == "reached"
    return runner


def play_to_the_end(runner: LessonRunner) -> None:
    """Press what each step intends, read each reading step, until the lesson is over."""
    while not runner.finished:
        if runner.step.plays:
            for key in runner.step.intended():
                runner.press(key)
        else:
            runner.proceed()


def test_an_off_goal_option_is_explained_not_played():
    runner = runner_at_first_play()
    assert runner.task == "Run around to r1c2."
    before = runner.game.to_json()
    result = runner.press("grab")
    assert result.outcome == "off_goal"
    assert result.message == "Grabbing is allowed here too, but this step is about running. Choose Run around."
    assert result.events == ()
    assert runner.game.to_json() == before
    # the same reason is shown on the option before it is pressed
    grab = next(c for c in runner.choices() if c.key == "grab")
    assert not grab.on_goal and grab.note == result.message
    run = next(c for c in runner.choices() if c.key == "run")
    assert run.on_goal and run.intended and run.note == ""


def test_an_unlisted_off_goal_option_gets_a_generated_reason():
    runner = runner_at_first_play()
    runner.press("run")
    result = runner.press("r0c2")
    assert result.outcome == "off_goal"
    assert result.message == (
        "'Move to r0c2 (3 away)' is allowed here, but it is not what this step is about. Run around to r1c2."
    )
    assert runner.game.players["yellow"].square == "r2c3"
    # retried: the right square reaches the goal and the next step is shown
    result = runner.press("r1c2")
    assert result.outcome == "reached" and result.message == "Two moves, both inside the yellow room."
    assert runner.narration.startswith("Distance in this game counts moves")


def test_a_key_the_engine_refuses_gets_the_engines_reason():
    runner = runner_at_first_play()
    runner.press("run")
    result = runner.press("r0c0")  # 5 moves away: not an option at all
    assert result.outcome == "illegal"
    assert "r0c0 is 5 moves away; a run goes 3." in result.message
    assert runner.game.players["yellow"].square == "r2c3"


def test_retry_puts_the_step_back_where_it_started():
    runner = runner_at_first_play(GRABBING)
    runner.press("grab")
    assert runner.decision.kind == "grab"
    runner.retry()
    assert runner.decision.kind == "action" and runner.game.history == []
    assert runner.press("grab").outcome == "progress"
    assert runner.press("r1c2").outcome == "reached"


def test_a_reading_step_waits_for_proceed_and_a_playing_step_for_keys():
    runner = LessonRunner(load_lesson(MOVING))
    assert not runner.waiting and runner.task == "" and runner.hint == ""
    assert runner.press("run").outcome == "read_first"
    assert runner.proceed().outcome == "reached"
    assert runner.waiting
    result = runner.proceed()
    assert result.outcome == "read_first" and "Run around" in result.message


def test_highlights_follow_the_figures():
    runner = runner_at_first_play()
    assert runner.highlight().squares == frozenset(runner.game.arena.within("r2c3", 3))
    runner.press("run")
    runner.press("r1c2")
    sight = runner.highlight()  # "sight: yellow" from where yellow now stands
    assert sight.rooms == {"yellow", "blue"}
    assert sight.figures == {"blue", "grey"}
    assert "r0c1" in sight.squares and "r0c3" not in sight.squares


def test_explain_uses_the_lessons_game():
    runner = runner_at_first_play()
    why = runner.explain("grey")
    assert why.why[0].startswith("Dozer stands on r0c3, in the green room")


def test_progress_is_remembered_between_runs(home):
    lesson = load_lesson(MOVING)
    runner = LessonRunner(lesson, Progress.load())
    runner.skip()
    assert runner.finished and runner.skipped
    assert Progress.load().status("moving") == "skipped"
    runner = LessonRunner(lesson, Progress.load())
    play_to_the_end(runner)
    saved = json.loads(progress_path().read_text())
    assert saved["done"] == ["moving"] and saved["skipped"] == []
    assert progress_path().parent == home
    assert Progress.load().status("moving") == "done"
    # skipping a finished lesson later does not forget that it was finished
    LessonRunner(lesson, Progress.load()).skip()
    assert Progress.load().status("moving") == "done"


def test_on_finish_is_called_once():
    finished = []
    runner = LessonRunner(load_lesson(MOVING), on_finish=finished.append)
    play_to_the_end(runner)
    assert [lesson.id for lesson in finished] == ["moving"]
    assert runner.press("run").outcome == "finished"


@pytest.mark.parametrize("content", ["", "not json", "[1, 2]", '{"format": "something-else", "done": ["x"]}'])
def test_an_unreadable_progress_file_means_nothing_done_yet(home, content):
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text(content)
    progress = Progress.load()
    assert progress.done == set() and progress.seen == set()
    progress.mark_done("moving")
    assert json.loads(path.read_text())["done"] == ["moving"]


def test_progress_writes_atomically(home):
    progress = Progress.load()
    progress.mark_done("moving")
    progress.mark_offered(["railgun", "railgun"])
    assert sorted(p.name for p in home.iterdir()) == ["learn.json"]  # no temporary file left behind
    assert Progress.load().seen == {"moving", "railgun"}
