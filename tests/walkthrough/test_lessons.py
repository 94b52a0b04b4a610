"""Every lesson, played by pressing its intended keys: each goal is reached and the next step shown.

And at every decision of every step, each option the step does not want is refused with an
explanation while the position stays as it was, so the learner can try again.
"""

from __future__ import annotations

import pytest

from adrenaline_tui.walkthrough import LessonRunner, Progress
from adrenaline_tui.walkthrough.lesson import ANY_KEY
from tests.walkthrough.conftest import all_lessons

LESSONS = all_lessons()


def _key(runner: LessonRunner, pattern: tuple[str, ...]) -> str:
    if pattern[0] == ANY_KEY:
        return runner.decision.options[0].key
    return pattern[0]


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_the_lesson_plays_through_with_its_intended_keys(lesson, home):
    progress = Progress.load()
    runner = LessonRunner(lesson, progress)
    for i, step in enumerate(lesson.steps):
        assert runner.index == i and runner.narration == step.say
        assert runner.position == f"Step {i + 1} of {len(lesson.steps)}"
        if not step.plays:
            result = runner.proceed()
        else:
            assert runner.task and runner.waiting
            for n, pattern in enumerate(step.keys):
                if pattern[0] != ANY_KEY:
                    # the hint names the option to press, and choices() marks it as the intended one
                    intended = [c.key for c in runner.choices() if c.intended]
                    assert intended == [pattern[0]], runner.hint
                    assert f"({pattern[0]})" in runner.hint
                result = runner.press(_key(runner, pattern))
                assert result.accepted, (step.task, result.outcome, result.message)
                if n < len(step.keys) - 1:
                    assert result.outcome == "progress", f"goal reached early at key {n + 1}: {step.task}"
            assert runner.missing() == [] or runner.index == i + 1
        last = i == len(lesson.steps) - 1
        assert result.outcome == ("finished" if last else "reached"), (step.task, result.outcome, result.message)
        assert result.message == step.done
        if not last:
            assert runner.index == i + 1 and runner.narration == lesson.steps[i + 1].say
    assert runner.finished and runner.position == "Done"
    assert Progress.load().status(lesson.id) == "done"


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_other_option_is_explained_and_the_step_can_be_retried(lesson):
    runner = LessonRunner(lesson)
    refused = 0
    while not runner.finished:
        step = runner.step
        if not step.plays:
            runner.proceed()
            continue
        for pattern in step.keys:
            d = runner.decision
            before = list(runner.game.history)
            for choice in runner.choices():
                if choice.on_goal:
                    continue
                result = runner.press(choice.key)
                assert result.outcome == "off_goal" and result.message, choice
                assert choice.note == result.message
                assert runner.game.history == before and runner.decision == d  # nothing was played
                refused += 1
            result = runner.press(_key(runner, pattern))
            assert result.accepted, result
            if runner.step is not step:
                break
    assert refused, "a lesson where no option is ever off the goal teaches no choice"
