"""Complete games through the keyboard, from the title screen to the final standings."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session, play_to_the_end, screen_name, screen_text, settle


async def test_enter_enter_enter_starts_a_game_with_the_defaults() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        await pilot.press("enter")
        await settle(pilot)
        table = app.table()
        assert table is not None
        game = table.session.game
        assert len(game.seats) == 3 and game.config.arena == "arena_11a"
        assert list(table.session.kinds.values()).count(HUMAN) == 1
        # One person and two computers: no hand-off, the person is asked straight away.
        for _ in range(50):
            await settle(pilot)
            if game.pending is not None and table.session.is_human(game.pending.player):
                break
        assert screen_name(app) == "TableScreen"
        assert "D-struct-or" in screen_text(app)


async def test_one_person_and_two_computers_play_a_whole_game() -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, seed=4)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_to_the_end(pilot, seed=1)
        assert "ScoringScreen" in seen
        assert "HandoffScreen" not in seen
        text = screen_text(app)
        assert "Final standings" in text
        ranking = session.game.ranking
        assert ranking and all(session.game.name(r["player"]) in text for r in ranking)


async def test_three_people_hot_seat_hand_the_keyboard_on_every_turn() -> None:
    session = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN}, seed=8, arena="arena_10")
    app = make_app(session)
    async with app.run_test(size=(100, 30)) as pilot:
        seen = await play_to_the_end(pilot, seed=2, stop=lambda app: session.game.turn >= 7)
        assert seen.count("HandoffScreen") >= 6
        # Every turn began behind a hand-off: the screen before each new turn's first key was one.
        assert seen[0] == "HandoffScreen"


async def test_a_person_can_undo_within_their_turn() -> None:
    session = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN}, seed=8)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = session.game
        for _ in range(20):
            await settle(pilot)
            if screen_name(app) == "HandoffScreen":
                await pilot.press("enter")
            elif game.pending.kind == "spawn":
                await pilot.press("1")
            elif game.pending.kind == "action":
                break
        table = app.table()
        before = session.game.to_json()
        await pilot.press("1")  # run
        await settle(pilot)
        assert session.game.pending.kind == "run"
        await pilot.press("u")
        await settle(pilot)
        assert session.game.to_json() == before
        assert table.session.game is session.game
