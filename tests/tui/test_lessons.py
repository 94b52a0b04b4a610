"""Learn to play, through the keyboard: the lesson list, every lesson played as a person would
(the key the hint on screen names, or the first option that is not dimmed; 1 to read on), a
wrong choice explained and retried, skipping, and the way back."""

from __future__ import annotations

import re

from textual.pilot import Pilot

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.lesson_presenter import MORE
from adrenaline_tui.tui.widgets import ActionPanel
from adrenaline_tui.tui.widgets.lesson_panel import LessonPanel
from adrenaline_tui.walkthrough import Progress, load_lessons

from .helpers import screen_name, screen_text, settings, settle

LESSONS = load_lessons()
BASICS = [lesson for lesson in LESSONS if lesson.kind == "basics"]
PRESS = re.compile(r"\bPress (\w): ")


def learn_app() -> AdrenalineApp:
    return AdrenalineApp(learn=True, settings=settings(), bot_delay=0.0, seed=1, save_settings=False)


def lesson_screen(app: AdrenalineApp):
    from adrenaline_tui.tui.screens.lesson import LessonScreen

    assert isinstance(app.screen, LessonScreen), f"not in a lesson but on {screen_name(app)}"
    return app.screen


def key_to_press(app: AdrenalineApp) -> str:
    """What a person does: the key the hint names, else the first option not dimmed."""
    screen = lesson_screen(app)
    hint = screen.query_one(LessonPanel).state.hint
    found = PRESS.search(hint)
    if found:
        return found[1]
    state = screen.query_one(ActionPanel).state
    first = next(i for i in range(len(state.labels)) if i not in state.dimmed)
    return "123456789abcdefghijk"[first]


SCROLLBAR = str.maketrans(dict.fromkeys("▁▂▃▄▅▆▇█", " "))  # and the done / refused bar
SENTENCE = re.compile(r"(?<=[.!?:])\s+")


def panel_words(app: AdrenalineApp) -> str:
    """The lesson panel's text as the terminal shows it now: the cells of its region, the
    lines joined by spaces."""
    screen = lesson_screen(app)
    region = screen.query_one(LessonPanel).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right].translate(SCROLLBAR).split()) for line in lines)


def sentences(app: AdrenalineApp) -> list[str]:
    """Every sentence the panel holds now: what just happened, the narration, the task."""
    state = lesson_screen(app).query_one(LessonPanel).state
    parts = (state.feedback, *state.happened, state.narration, state.task)
    return [" ".join(s.split()) for part in parts for s in SENTENCE.split(part) if s.strip()]


def named_keys(app: AdrenalineApp) -> set[str]:
    from adrenaline_tui.tui.widgets.key_bar import KeyBar

    return {key.key for key in app.screen.query_one(KeyBar).state}


async def read_it_all(pilot: Pilot, app: AdrenalineApp, where: str) -> None:
    """Each sentence of the panel is on screen, or comes on screen with the keys the screen names
    (PageDown / PageUp on the key line, or "Read on" in the list) without anything being played."""
    screen = lesson_screen(app)
    history = list(screen.runner.game.history)
    wanted = sentences(app)
    seen = panel_words(app)
    went_up = False
    for _ in range(16):
        missing = [s for s in wanted if s not in seen]
        if not missing:
            break
        keys = named_keys(app)
        if "pagedown" in keys and not went_up:
            await pilot.press("pagedown")
        elif "pageup" in keys:
            went_up = True  # the rest is above: back up to the top
            await pilot.press("pageup")
        elif screen.query_one(ActionPanel).state.labels == (MORE,):
            await pilot.press("1")
        else:
            raise AssertionError(f"{where}: no key named reads on to {missing[0]!r}; on screen: {seen!r}")
        await pilot.pause()
        await pilot.pause()
        seen += " " + panel_words(app)
    else:
        raise AssertionError(f"{where}: never read {missing[0]!r}")
    assert screen.runner.game.history == history, f"{where}: reading played something"


async def play_step(pilot: Pilot, app: AdrenalineApp) -> None:
    """Play the step on screen to its end, checking the goal is reached and the next step shown."""
    screen = lesson_screen(app)
    runner = screen.runner
    lesson, index = runner.lesson, runner.index
    step = lesson.steps[index]
    where = f"{lesson.id} step {index + 1} ({step.task or 'reading'})"
    assert f"Step {index + 1} of {len(lesson.steps)}" in screen_text(app), where
    for _ in range(40):
        if runner.index != index or runner.finished:
            break
        await read_it_all(pilot, app, f"{where}, at {runner.game.pending.kind if runner.waiting else 'reading'}")
        if screen.query_one(ActionPanel).state.labels == (MORE,):
            await pilot.press("1")  # the text did not fit: read on before the options come
            await pilot.pause()
        elif step.plays:
            assert step.task in screen.query_one(LessonPanel).state.task, where
            before = list(runner.game.history)
            key = key_to_press(app)
            await pilot.press(key)
            await pilot.pause()
            assert runner.game.history != before or runner.index != index, f"{where}: {key} played nothing"
        else:
            await pilot.press("1")  # Continue (or read on, while the text does not fit)
            await pilot.pause()
    else:
        raise AssertionError(f"{where}: never finished")
    assert runner.finished or runner.index == index + 1, where
    text = screen_text(app)
    if step.done:
        assert screen.query_one(LessonPanel).state.feedback == step.done, where
    if not runner.finished:
        assert f"Step {index + 2} of {len(lesson.steps)}" in text, where


async def test_every_lesson_plays_through_with_the_keys_on_screen_and_reads_completely() -> None:
    """At 80x24 every sentence of every step (at each of its decisions) can be read: on screen,
    or brought there by a key the screen names."""
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LessonListScreen"
        await pilot.press("enter")
        await settle(pilot)
        for n, lesson in enumerate(LESSONS):
            screen = lesson_screen(app)
            assert screen.lesson.id == lesson.id, "the lessons come in order"
            while not screen.runner.finished:
                await play_step(pilot, app)
            await read_it_all(pilot, app, f"{lesson.id}: the end")
            text = screen_text(app)
            assert "Lesson complete" in text, lesson.id
            assert Progress.load().status(lesson.id) == "done"
            labels = screen.query_one(ActionPanel).state.labels
            if n + 1 < len(LESSONS):
                nxt = labels.index(f"Next lesson: {LESSONS[n + 1].title}")
                if lesson is BASICS[-1]:
                    assert labels[0] == "Start a game" and "Basics done: 9 of 9" in text
                await pilot.press("123456789"[nxt])
                await settle(pilot)
        assert labels == ("Back to the lessons",)
        await pilot.press("1")
        await settle(pilot)
        assert screen_name(app) == "LessonListScreen"
        assert "Every lesson is done" in screen_text(app)


async def test_a_wrong_choice_is_explained_and_the_step_can_be_retried() -> None:
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "1")  # the first lesson; read its first step
        await settle(pilot)
        screen = lesson_screen(app)
        game = screen.runner.game
        assert "Task: Run around to r1c2." in screen_text(app)
        panel = screen.query_one(ActionPanel)
        grab = panel.state.labels.index("Grab stuff here or 1 square away")
        assert grab in panel.state.dimmed and 0 not in panel.state.dimmed  # listed, dimmed
        await pilot.press(str(grab + 1))
        await settle(pilot)
        text = screen_text(app)
        shown = screen.query_one(LessonPanel).state
        assert shown.feedback_kind == "refused" and shown.feedback.startswith("Grabbing is allowed here too")
        assert "✗ Grabbing is allowed here too" in text
        assert game.players["yellow"].square == "r2c3" and game.history == []  # nothing was played
        assert "Step 2 of 5" in text
        await pilot.press("1")  # Run around: now the squares
        await settle(pilot)
        assert game.pending.kind == "run"
        await pilot.press("r")  # retry: back to the start of the step
        await settle(pilot)
        runner = screen.runner
        assert runner.game.pending.kind == "action" and runner.game.history == []
        assert "Back to the start of this step." in screen_text(app)
        await pilot.press(key_to_press(app))
        await settle(pilot)
        await pilot.press(key_to_press(app))
        await settle(pilot)
        assert runner.index == 2 and "✓ Two moves, both inside the yellow" in screen_text(app)


async def test_skipping_a_lesson_is_remembered_and_the_list_says_so() -> None:
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert f"Basics done: 0 of {len(BASICS)}. Next: {BASICS[0].title}" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        text = screen_text(app)
        assert "Lesson skipped" in text and "You skipped" in text
        assert Progress.load().status(BASICS[0].id) == "skipped"
        await pilot.press("escape")
        await settle(pilot)
        text = screen_text(app)
        assert screen_name(app) == "LessonListScreen"
        assert re.search(rf"» +1\. {re.escape(BASICS[0].title)} +skipped", text), text
        assert f"Next: {BASICS[1].title}" in text  # new lessons first, the skipped one later
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"


async def test_learn_is_on_the_title_screen() -> None:
    from .helpers import make_app

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Tutorial: learn to play" in screen_text(app)
        await pilot.press("t")
        await settle(pilot)
        # Which game first (tests/tui/test_tutorial.py); Adrenaline's lessons are the first.
        assert screen_name(app) == "TutorialScreen"
        await pilot.press("1")
        await settle(pilot)
        assert screen_name(app) == "LessonListScreen"
        assert "Moving and what you can see" in screen_text(app)


async def test_explaining_in_a_lesson_and_reading_on() -> None:
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "1", "1", "4")  # lesson 1: read, run to r1c2
        await settle(pilot)
        screen = lesson_screen(app)
        assert screen.runner.index == 2
        # the sight step is longer than the panel at 80x24: 1 reads on before it continues
        assert screen.query_one(ActionPanel).state.labels == ("Read on (more below)",)
        await pilot.press("1")
        await settle(pilot)
        assert screen.runner.index == 2
        assert screen.query_one(ActionPanel).state.labels == ("Continue",)
        await pilot.press("x")
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        await pilot.press("down")  # from the first topic (Banshee) to Dozer
        await settle(pilot)
        shown = app.screen.shown
        assert shown.subject == "Dozer" and "Dozer stands on r0c3" in screen_text(app)
        assert "the door into it is on r1c3, not on your square" in shown.why[0]
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "LessonScreen"


async def test_a_step_whose_text_does_not_fit_shows_its_options_once_read() -> None:
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        third = BASICS[2]
        app.open_lesson(third)
        await settle(pilot)
        screen = lesson_screen(app)
        runner = screen.runner
        await pilot.press("1")  # read the first step
        await settle(pilot)
        await pilot.press("3", "1")  # shoot Dozer with the Lock Rifle: the second lock's step
        await pilot.press("2")
        await settle(pilot)
        assert runner.index == 2 and runner.waiting
        # "Dozer takes 2 damage tokens": Dozer's board is on screen though the step is Banshee's.
        assert "Dozer takes 2 damage" in screen.query_one(LessonPanel).state.feedback
        assert screen._boards["grey"].display
        panel = screen.query_one(ActionPanel)
        # the done text, what happened and the narration are taller than the panel at 80x24
        # the hint naming the option's key keeps its place but is not drawn
        assert panel.state.labels == (MORE,) and screen.query_one(LessonPanel).state.hint_held
        assert "Press 1" not in screen_text(app)
        assert screen.view["pending"] is None  # and the map shows no option keys meanwhile
        await pilot.press("3")  # an option key of the hidden list does nothing
        await settle(pilot)
        assert runner.index == 2 and runner.game.history == ["shoot", "lock-rifle", "grey"]
        for _ in range(5):
            if panel.state.labels != (MORE,):
                break
            await pilot.press("1")
            await settle(pilot)
        assert "Press 1" in screen.query_one(LessonPanel).state.hint
        assert panel.state.labels[0].startswith("With second lock")


async def test_help_in_a_lesson_lists_its_keys_and_every_binding_has_an_id() -> None:
    from adrenaline_tui.tui.screens.lesson import LessonScreen
    from adrenaline_tui.tui.screens.lessons import LessonListScreen

    assert all(b.id for b in (*LessonScreen.BINDINGS, *LessonListScreen.BINDINGS))
    app = learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = screen_text(app)
        assert screen_name(app) == "HelpScreen"
        assert "Retry step" in text and "Skip lesson" in text and "scroll the lesson's text" in text
