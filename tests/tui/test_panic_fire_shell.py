"""Panic Fire through the shell's title hook: the title screen offers it, its setup starts its
table, Esc leaves it saved, Continue and Load take it up again, and the lists describe its saves."""

from __future__ import annotations

from pathlib import Path

from adrenaline_tui.tui import storage

from .helpers import make_app, screen_name, screen_text, settle


async def test_the_title_screen_opens_panic_fire_and_continue_takes_it_up_again(home: Path) -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "3  New game: Panic Fire" in screen_text(app)
        await pilot.press("3")
        await settle(pilot)
        assert screen_name(app) == "TitleSetupScreen" and "Computer (easy)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert type(table).__module__ == "adrenaline_tui.titles.panic_fire.ui.table_screen"
        assert "Panic Fire" in screen_text(app) and "SCARLET (you)" in screen_text(app)
        assert table.people == ("scarlet",) and set(table.referee.players) == {"violet", "amber", "teal"}
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        path = table.session.path
        assert path is not None and path.parent == storage.saves_dir()
        info = storage.save_info(path)
        assert info.title == "Panic Fire" and info.players == ("scarlet", "violet", "amber", "teal")
        assert "Panic Fire:" in info.label and not info.over
        await pilot.press("c")
        await settle(pilot)
        again = app.screen
        assert type(again).__name__ == "TableScreen" and again.session.path == path
        assert again.game.log == table.game.log


async def test_load_of_a_broken_panic_fire_save_is_one_line_and_changes_nothing(home: Path) -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    bad = folder / "bad.json"
    bad.write_text('{"format": "panic-fire-save", "version": 1, "seed": "x", "log": []}')
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.open_game(bad) is False
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
    assert bad.read_text().startswith('{"format": "panic-fire-save"')


async def test_f1_on_the_replay_tells_panic_fire_not_the_first_title(home: Path) -> None:
    from adrenaline_tui.titles.panic_fire.game import Game
    from adrenaline_tui.titles.panic_fire.players import make_player
    from adrenaline_tui.titles.panic_fire.referee import play
    from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen

    g = Game.new({"seats": ["scarlet", "violet"], "rounds": 1}, 3)
    play(g, {s: make_player("normal", n) for n, s in enumerate(g.config.seats)})
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ReviewScreen(g))
        await settle(pilot)
        await pilot.press("space", "f1")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        assert "The game" in screen_text(app) and "Figures" not in screen_text(app)
