"""The title screen's Tutorial offers every title's lessons through the title hook
(`TitleUI.lessons_screen`), and every title's lesson progress is in the one progress file."""

from __future__ import annotations

import json
from pathlib import Path

from adrenaline_tui.titles.registry import playable
from adrenaline_tui.tui.screens.tutorial import TutorialScreen

from .helpers import make_app, screen_name, screen_text, settle


async def test_tutorial_lists_every_title_with_lessons_and_opens_each(home: Path) -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TutorialScreen)
        text = screen_text(app)
        for n, t in enumerate(playable(), 1):
            assert f"{n}  {t.name}" in text
        opened = []
        for n in range(1, len(playable()) + 1):
            await pilot.press(str(n))
            await settle(pilot)
            opened.append((screen_name(app), screen_text(app)))
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TutorialScreen)
        assert [name for name, _ in opened] == ["LessonListScreen", "BloodrushLessons", "PanicFireLessons"]
        assert "Moving and what you can see" in opened[0][1]
        assert "Your first round, slow" in opened[2][1] and "(new)" in opened[2][1]


async def test_panic_fires_lesson_from_the_tutorial_is_recorded_in_the_one_progress_file(home: Path) -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.progress.mark_done("some-adrenaline-lesson")  # another title's progress, kept beside it
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert type(table).__module__.endswith("panic_fire.ui.table_screen")
        assert table.lesson and table.referee.pace > 1 and len(table.people) == 1
        assert "computers wait for you" in screen_text(app)
        table._lesson_done()  # what the table calls when the slow first round is over
        await pilot.press("escape")
        await settle(pilot)
        saved = json.loads(app.progress.path.read_text())
        assert {"panic_fire.first-round", "some-adrenaline-lesson"} <= set(saved["done"])
        assert app.progress.path.parent == home or home in app.progress.path.parents


async def test_learn_on_the_command_line_opens_the_named_titles_lessons(home: Path) -> None:
    from adrenaline_tui.tui.app import AdrenalineApp

    from .helpers import settings

    app = AdrenalineApp(settings=settings(), bot_delay=0.0, learn=True, game="bloodrush", save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "BloodrushLessons"
