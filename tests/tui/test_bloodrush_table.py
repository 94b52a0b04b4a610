"""Bloodrush at the shell's table, played through the keys (issue 24): a whole game against
computers, hot-seat privacy of red cards, undo, autosave, and a save found by Load and Continue."""

from __future__ import annotations

import time
from typing import Any

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS, ActionPanel

from .helpers import make_app, screen_name, screen_text, settings, settle


async def _wait_for_person(pilot, app, limit: int = 400) -> None:
    """Until the person at the keyboard has a decision, or the game is over."""
    for _ in range(limit):
        screen = app.screen
        if screen_name(app) == "BloodrushGameOver":
            return
        if isinstance(screen, BloodrushTable) and screen.view and screen.view.get("pending"):
            return
        await pilot.pause(0.01)


def _key_of(view: dict[str, Any], key: str) -> str:
    keys = [o["key"] for o in view["pending"]["options"]]
    return HOTKEYS[keys.index(key)]


async def test_a_whole_game_against_three_computers_by_keys() -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "2  New game: Bloodrush" in screen_text(app)
        await pilot.press("2")
        await settle(pilot)
        assert screen_name(app) == "TitleSetupScreen"
        assert "Violet, a vampire" in screen_text(app) and "Computer (normal)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, BloodrushTable)
        session = table.session
        assert session.kinds == {"scarlet": "human", "violet": "normal", "amber": "normal", "teal": "normal"}
        decided = 0
        for _ in range(500):
            await _wait_for_person(pilot, app)
            if screen_name(app) == "BloodrushGameOver":
                break
            await pilot.press("1")
            decided += 1
            await settle(pilot)
        assert screen_name(app) == "BloodrushGameOver"
        assert decided > 3
        text = screen_text(app)
        assert "Game over" in text and "Winner:" in text
        game = session.game
        assert game.over
        for place in game.ranking:
            assert game.name(place["seat"]) in text
        session.flush()
        # Autosaved after every decision: the save replays to this very game, and is marked over.
        saved = Game.load(session.path)
        assert saved.history == game.history and saved.over
        assert storage.read_table(session.path)["over"] is True
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        # The past-games list says whose game it was and who won, from the table sidecar.
        await pilot.press("w")
        await settle(pilot)
        winners = " and ".join(game.name(r["seat"]) for r in game.ranking if r["place"] == 1)
        assert "Bloodrush: 4 vampires" in screen_text(app) and f"won by {winners}" in screen_text(app)
        # ... and opens it in Bloodrush's replay viewer, from its start, seen by a spectator.
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "BloodrushReview"
        total = len(game.history)
        assert f"decision 0 of {total}" in screen_text(app) and "seen by a spectator" in screen_text(app)
        await pilot.press("right", "right", "v")
        await settle(pilot)
        assert f"decision 2 of {total}" in screen_text(app) and "seen by Scarlet" in screen_text(app)
        await pilot.press("end")
        await settle(pilot)
        assert f"decision {total} of {total}" in screen_text(app)
        # F1 here tells Bloodrush's town and turn, not the first title's figures.
        await pilot.press("f1")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        assert "The town" in screen_text(app) and "Figures" not in screen_text(app)


async def test_setup_offers_the_titles_options_and_the_4_1_variant_by_keys() -> None:
    app = make_app(seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        # Down to the Mozzie player option, Right to "yes": five seats, the last steers the Mozzie.
        await pilot.press("down", "right")
        await settle(pilot)
        text = screen_text(app)
        assert "5 players" in text and "Ivory, steers the Mozzie" in text
        # Four players cannot be 4+1: said, and Enter does not start.
        await pilot.press("up", "left")
        await settle(pilot)
        assert "4 players" in screen_text(app) and "4 vampires + 1" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "TitleSetupScreen"
        await pilot.press("right")
        await settle(pilot)
        # The person takes the Mozzie's seat: down past Burst and four vampires, Left twice
        # (normal -> easy -> Person); Scarlet becomes a computer (Right: Person -> easy).
        await pilot.press("down", "down", "down", "right")
        for _ in range(4):
            await pilot.press("down")
        await pilot.press("left", "left")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, BloodrushTable)
        session = table.session
        assert session.game.config.mozzie_player == "ivory"
        assert session.kinds["ivory"] == "human" and session.kinds["scarlet"] == "easy"
        steered = 0
        for _ in range(800):
            await _wait_for_person(pilot, app)
            if screen_name(app) == "BloodrushGameOver":
                break
            view = app.screen.view
            assert view["seat"] == "ivory"  # the only person: the screen is always theirs
            steered += view["pending"]["kind"] == "mozzie"
            await pilot.press("1")
            await settle(pilot)
        assert screen_name(app) == "BloodrushGameOver"
        assert steered > 0
        # The Mozzie's player is ranked with nobody.
        assert "Ivory" not in screen_text(app).split("vampire", 1)[1]


def _hidden_deal(card: str) -> dict[str, Any]:
    """Two people and a computer; Scarlet's red card is `card`, everything else the same."""
    return {
        "seats": ["scarlet", "violet", "amber"],
        "active": "scarlet",
        "time": 1,
        "mozzie": {"square": "a1", "heading": "e"},
        "humans": {"c6": "red-3", "f2": "blue-2", "b5": "green-4"},
        "vampires": {
            "scarlet": {"square": "c3", "blood": 5, "hand": [card]},
            "violet": {"square": "e5", "blood": 5, "hand": ["bug_commander"]},
            "amber": {"square": "d4", "blood": 5},
        },
        "deck": ["coyote_snack", "donkey_ride", "time_energy", "coyote_snack"],
        "dice": [2, 3, 1, 2, 3],
    }


async def _screens_for_violet(card: str) -> tuple[str, list[str]]:
    """What Scarlet sees, and every screen from Scarlet's last decision to Violet's first."""
    game = Game.from_scenario(_hidden_deal(card), seed=4)
    session = BloodrushSession(game, {"scarlet": "human", "violet": "human", "amber": "normal"})
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(BloodrushTable(session))
        await settle(pilot)
        # Two people: the keyboard goes to Scarlet first.
        assert screen_name(app) == "BloodrushHandoff"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.view["seat"] == "scarlet"
        scarlet_screen = screen_text(app)
        for key in ("collect", "straight", "end"):
            await _wait_for_person(pilot, app)
            assert app.screen.view["seat"] == "scarlet"
            await pilot.press(_key_of(app.screen.view, key))
            await settle(pilot)
            seen.append(screen_text(app))
        for _ in range(50):
            if screen_name(app) == "BloodrushHandoff":
                break
            await pilot.pause(0.01)
        assert screen_name(app) == "BloodrushHandoff"
        seen.append(screen_text(app))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.view["seat"] == "violet"
        seen.append(screen_text(app))
    return scarlet_screen, seen


async def test_in_hot_seat_one_persons_red_cards_never_show_for_another() -> None:
    mask_own, mask_seen = await _screens_for_violet("mask_of_immunity")
    ride_own, ride_seen = await _screens_for_violet("carriage_ride")
    # Scarlet sees her own card (so a card on screen would be caught below) ...
    assert "Mask of Immunity" in mask_own and "Carriage Ride" in ride_own
    assert mask_own != ride_own
    # ... and from her last decision on, nothing shown differs with it, hand-off included.
    assert "Pass the keyboard to Violet" in mask_seen[-2]
    assert "Bug Commander" in mask_seen[-1]  # Violet's own card, on Violet's screen
    for a, b in zip(mask_seen[-2:], ride_seen[-2:], strict=True):
        assert a == b
        assert "Mask of Immunity" not in a and "Carriage Ride" not in b


async def test_undo_takes_back_a_move_but_not_a_roll() -> None:
    game = Game.from_scenario(_hidden_deal("mask_of_immunity"), seed=4)
    session = BloodrushSession(game, {"scarlet": "human", "violet": "normal", "amber": "normal"})
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(BloodrushTable(session))
        await settle(pilot)
        await pilot.press(_key_of(app.screen.view, "move:e"))
        await settle(pilot)
        assert session.game.view(None)["vampires"]["scarlet"]["square"] == "d3"
        await pilot.press("u")
        await settle(pilot)
        assert session.game.view(None)["vampires"]["scarlet"] == {
            **session.game.view(None)["vampires"]["scarlet"],
            "square": "c3",
            "blood": 5,
        }
        assert session.game.history == []
        # Collecting, then steering the Mozzie (a die is rolled): the roll cannot be taken back.
        await pilot.press(_key_of(app.screen.view, "collect"))
        await settle(pilot)
        await pilot.press(_key_of(app.screen.view, "straight"))
        await settle(pilot)
        before = list(session.game.history)
        assert not session.can_undo("scarlet")
        await pilot.press("u")
        await settle(pilot)
        assert session.game.history == before


async def test_a_bloodrush_save_is_listed_continued_and_loaded() -> None:
    session = BloodrushSession.start(
        4,
        {"mozzie_player": "no", "burst": "graveyard"},
        {"scarlet": "human", "violet": "easy", "amber": "easy", "teal": "easy"},
        seed=9,
    )
    while session.computer_to_move or session.game.pending.player != "scarlet" or len(session.game.history) < 6:
        d = session.game.pending
        session.choose(session.computer_choice() if session.computer_to_move else d.keys[0])
    session.flush()
    info = storage.save_info(session.path)
    assert info.readable and info.title == "Bloodrush" and "Bloodrush: 4 vampires" in info.label
    assert storage.latest_unfinished().path == session.path
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, continue_game=True, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, BloodrushTable)
        assert table.session.game.history == session.game.history
        assert table.session.kinds == session.kinds
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Continue: Bloodrush: Scarlet, Violet, Amber, Teal" in screen_text(app)
        await pilot.press("l")
        await settle(pilot)
        assert "Bloodrush: 4 vampires" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BloodrushTable)
        assert app.screen.session.game.history == session.game.history


async def test_explain_and_the_rules_at_the_table_are_bloodrushs() -> None:
    game = Game.from_scenario(_hidden_deal("mask_of_immunity"), seed=4)
    session = BloodrushSession(game, {"scarlet": "human", "violet": "normal", "amber": "normal"})
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(BloodrushTable(session))
        await settle(pilot)
        keys = [o["key"] for o in app.screen.view["pending"]["options"]]
        await pilot.press(*["down"] * keys.index("collect"))
        await pilot.press("x")
        await settle(pilot)
        text = screen_text(app)
        assert screen_name(app) == "ExplainScreen"
        assert "Collect 1 blood  ✓ allowed" in text
        await pilot.press("escape", "c")
        await settle(pilot)
        assert screen_name(app) == "RulesScreen"
        assert "Wraparound" in screen_text(app) and "weapon" not in screen_text(app).lower()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, BloodrushTable)
        # F1 speaks of this game's town, not of Adrenaline's arena.
        await pilot.press("f1")
        await settle(pilot)
        assert "The town" in screen_text(app) and "killshot" not in screen_text(app)


async def test_the_log_says_why_each_thing_happened() -> None:
    game = Game.from_scenario(_hidden_deal("mask_of_immunity"), seed=4)
    session = BloodrushSession(game, {"scarlet": "human", "violet": "normal", "amber": "normal"})
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(BloodrushTable(session))
        await settle(pilot)
        await pilot.press(_key_of(app.screen.view, "move:w"))
        await settle(pilot)
        await pilot.press(_key_of(app.screen.view, "straight"))
        await _wait_for_person(pilot, app)
        await pilot.press("l")
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        labels = [t.label for t in app.screen.topics]
        # Newest first, and the step's price is there with its reason.
        assert labels[0] == session.game.events[-1].text
        await pilot.press(*["down"] * labels.index("Scarlet loses 1 blood (paid to move)"))
        await settle(pilot)
        assert "A step costs 1 blood" in screen_text(app)


async def _hot_seat_frames(card: str, decisions: int = 40) -> list[tuple[str | None, str]]:
    """Three people play the same way whatever Scarlet's hidden card (nobody plays a red card):
    every frame, with whose view it is (None: a hand-off or public information)."""
    deal = _hidden_deal(card)
    deal["deck"] = ["coyote_snack", "donkey_ride", "giant_umbrella", "time_energy", "coyote_snack"] * 2 + [
        "coyote_snack"
    ] * 8
    deal["dice"] = [2, 3, 1, 2, 3, 1, 2, 3] * 6
    game = Game.from_scenario(deal, seed=4)
    session = BloodrushSession(game, dict.fromkeys(("scarlet", "violet", "amber"), "human"))
    app = AdrenalineApp(settings=settings(), bot_delay=0.0, seed=1, save_settings=False)
    frames: list[tuple[str | None, str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(BloodrushTable(session))
        await settle(pilot)
        for _ in range(decisions):
            if session.game.over:
                break
            if screen_name(app) == "BloodrushHandoff":
                frames.append((None, screen_text(app)))
                await pilot.press("enter")
                await settle(pilot)
                continue
            view = app.screen.view
            frames.append((view.get("seat"), screen_text(app)))
            keys = [o["key"] for o in view["pending"]["options"]]
            key = next(k for k in keys if not k.startswith("play:"))
            await pilot.press(HOTKEYS[keys.index(key)] if keys.index(key) < len(HOTKEYS) else "enter")
            await settle(pilot)
    return frames


async def test_a_hot_seat_game_looks_the_same_to_the_others_whatever_one_hidden_card() -> None:
    mask = await _hot_seat_frames("mask_of_immunity")
    ride = await _hot_seat_frames("carriage_ride")
    assert [seat for seat, _ in mask] == [seat for seat, _ in ride]
    assert {"scarlet", "violet", "amber", None} <= {seat for seat, _ in mask}
    # Scarlet's own screens differ (her card is on them); nobody else's, hand-offs included.
    assert any(a != b for (seat, a), (_, b) in zip(mask, ride, strict=True) if seat == "scarlet")
    others = [(a, b) for (seat, a), (_, b) in zip(mask, ride, strict=True) if seat != "scarlet"]
    assert len(others) > 10
    for a, b in others:
        assert a == b


async def test_a_bloodrush_lesson_from_its_setup_by_keys() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert "t Learn to play" in screen_text(app)  # the key line names it
        await pilot.press("t")
        await settle(pilot)
        assert screen_name(app) == "BloodrushLessons" and "Moving and the wraparound" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == "BloodrushLesson"
        runner = screen.runner
        for _ in range(40):
            if runner.finished:
                break
            if runner.waiting:
                keys = [c.key for c in runner.choices()]
                # The cursor starts on the option the step means: Enter plays it.
                assert screen.query_one(ActionPanel).cursor == keys.index(runner.intended_key())
                await pilot.press("enter")
            else:
                await pilot.press("1")  # Go on
            await settle(pilot)
        assert runner.finished and not runner.skipped
        assert "You finished this lesson" in screen_text(app)
        assert app.progress.status(runner.lesson.id) == "done"
        await pilot.press("2")  # back to the lessons
        await settle(pilot)
        assert screen_name(app) == "BloodrushLessons" and "(done)" in screen_text(app)


async def test_when_the_person_is_out_the_table_says_so_and_f_lets_the_computers_finish() -> None:
    deal = _hidden_deal("mask_of_immunity")
    deal["vampires"]["scarlet"] = {"square": "b3", "blood": 3}  # west of b3: a Damage 2 tile
    game = Game.from_scenario(deal, seed=4)
    session = BloodrushSession(game, {"scarlet": "human", "violet": "normal", "amber": "normal"})
    app = AdrenalineApp(settings=settings(bot_delay=0.2), seed=1, save_settings=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(BloodrushTable(session))
        await settle(pilot)
        table = app.screen
        await pilot.press(_key_of(table.view, "move:w"))
        await settle(pilot)
        assert not session.game.view(None)["vampires"]["scarlet"]["alive"]
        assert any("You are out" in n.message for n in app._notifications)
        await pilot.press("f")
        assert table.fast
        # At full speed no computer decision waits for the pace: each is due as it is asked.
        moves = session.moves
        for _ in range(200):
            if session.moves > moves + 1:
                break
            await pilot.pause(0.02)
        assert table._due <= time.monotonic()
        for _ in range(1500):
            if session.game.over:
                break
            await pilot.pause(0.02)
        assert session.game.over
