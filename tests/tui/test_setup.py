"""The New game screen: a key line, arrows that move, Enter that starts."""

from __future__ import annotations

from .helpers import make_app, screen_name, screen_text, settle


async def open_setup(pilot) -> None:
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    assert screen_name(pilot.app) == "SetupScreen"


async def test_the_setup_screen_says_its_keys_and_arrows_move_between_rows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        text = screen_text(app)
        assert "↑↓ Move" in text and "Start" in text and "esc Back" in text
        assert "Start the game (Enter)" in text
        assert app.focused.id == "start"
        await pilot.press("up", "up")  # from Start: the preset, then the bot
        assert app.focused.id == "bot"
        await pilot.press("up", "up", "up", "up")  # mode, ending, skulls, arena
        assert app.focused.id == "arena"
        await pilot.press("up")  # onto the last seat, whose only field is its player kind
        assert app.focused.id == "kind-4"
        await pilot.press("up", "up", "up", "up")
        assert app.focused.id == "kind-0"
        await pilot.press("left")  # the column is kept: left/right change the value
        await pilot.press("down")
        assert app.focused.id == "kind-1"
        await pilot.press("up", "up")
        assert app.focused.id == "kind-0"


async def test_enter_on_a_value_starts_the_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("up", "up", "up", "up", "up")  # preset, bot, mode, ending, skulls
        assert app.focused.id == "skulls"
        await pilot.press("left", "enter")
        await settle(pilot)
        table = app.table()
        assert table is not None and table.session.game.config.skulls == 7


async def test_the_arena_picker_stays_narrow_on_a_wide_screen() -> None:
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#arena").size.width <= 48


async def test_enter_on_the_preset_button_applies_the_preset_and_stays() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("up")
        assert app.focused.id == "first-game"
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        assert app.screen.query_one("#skulls").value == 5


async def test_keys_are_named_in_words_with_the_ascii_glyphs() -> None:
    app = make_app(glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        keys = screen_text(app).splitlines()[-1]
        assert "enter Start" in keys and "up/down Move" in keys


async def test_keys_that_arrive_together_each_move_and_change() -> None:
    """Keys typed quickly, held down, or batched by an SSH connection arrive in one read and are
    all queued before the first is handled. Each Up must move from where the one before it
    went, and a Right right after must change that row (the focus used to move later, so three
    Ups in one read moved once and the Right changed the field the cursor had left)."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        assert app.focused.id == "start"
        for key in ("up", "up", "up", "up", "right"):  # the preset, the bot, the mode, the ending
            app.post_message(events.Key(key, None))
        await settle(pilot)
        assert app.focused.id == "ending"
        assert app.screen.query_one("#ending").value == "sudden_death"


async def test_a_seats_computers_are_listed_weakest_to_strongest_from_normal() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        seat = app.screen.query_one("#kind-1")
        assert seat.value == "normal"
        labels = [label for _, label in seat.values]
        assert labels[:5] == ["Person", "Computer (easy)", "Computer (normal)", "Computer (hard)", "Computer (random)"]
        seat.focus()
        await pilot.press("right")
        assert seat.value == "hard"
        await pilot.press("left", "left")
        assert seat.value == "easy"
