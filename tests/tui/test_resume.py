"""Never lose a game: a kill, a quit, and `--continue` brings back exactly the same game."""

from __future__ import annotations

import os
from pathlib import Path

from adrenaline_tui.tui import storage
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN

from .helpers import choose_key, make_app, scenario_session, screen_name, screen_text, settings, settle


def kill_scenario() -> dict:
    return {
        "arena": "arena_11a",
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c1", "weapons": ["lock-rifle"]},
            {
                "colour": "blue",
                "name": "Ben",
                "square": "r1c0",
                "damage": ["grey"] * 5 + ["yellow"] * 5,
                "powerups": ["newton-blue"],
            },
            {"colour": "grey", "name": "Cat", "square": "r2c3"},
        ],
        "active": "yellow",
    }


async def test_resume_after_a_kill_restores_the_game_exactly(home: Path) -> None:
    session = scenario_session(kill_scenario(), {"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann takes the keyboard
        await settle(pilot)
        await choose_key(pilot, "shoot")
        while session.game.pending.kind != "action":
            keys = session.game.pending.keys
            await choose_key(pilot, next((k for k in ("blue", "done", "basic") if k in keys), keys[0]))
        assert any(e.kind == "killshot" for e in session.game.events)
        await choose_key(pilot, "end")
        # Ben's board is scored in the open...
        assert screen_name(app) == "ScoringScreen"
        text = screen_text(app)
        assert "Ben's board" in text and "first blood" in text and "most damage" in text
        await pilot.press("enter")
        await settle(pilot)
        # ...then Ben is called to the keyboard to respawn. Quit right there.
        assert screen_name(app) == "HandoffScreen" and session.game.pending.kind == "respawn"
        before = session.game.to_json()
        await pilot.press("ctrl+q")
    assert storage.latest_unfinished().path == session.path

    again = AdrenalineApp(settings=settings(), bot_delay=0.0, continue_game=True, save_settings=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = again.table()
        assert table is not None
        assert table.session.game.to_json() == before
        assert table.session.kinds == {"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN}
        assert screen_name(again) == "HandoffScreen" and "Pass the keyboard to Ben" in screen_text(again)


async def test_title_screen_continue_and_load(home: Path) -> None:
    session = scenario_session(kill_scenario(), {"yellow": HUMAN, "blue": "random", "grey": "random"})
    session.flush()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Continue: Ann, Ben, Cat" in screen_text(app)
        await pilot.press("l")
        await settle(pilot)
        assert screen_name(app) == "LoadScreen"
        await pilot.press("enter")
        await settle(pilot)
        assert app.table() is not None
        assert app.table().session.game.to_json() == session.game.to_json()
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        await pilot.press("c")
        await settle(pilot)
        assert app.table().session.path == session.path


async def test_a_broken_save_is_reported_in_one_line(home: Path) -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text('{"format": "adrenaline-save", "version": 1, "config": {"players": []}}')
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.open_game(folder / "bad.json")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        messages = [n.message for n in app._notifications]
        assert any("bad.json" in m and "\n" not in m for m in messages), messages


async def test_continue_and_the_title_read_no_save_past_the_game_they_open(home: Path, monkeypatch) -> None:
    """A folder of finished games is not read through at start: `--continue` and the title's
    Continue read saves newest first and stop at the game in progress."""
    session = scenario_session(kill_scenario(), {"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN})
    session.flush()
    assert session.path is not None
    modified = session.path.stat().st_mtime
    for n in range(1, 6):  # five finished games, older than the one in progress
        finished = session.path.with_name(f"finished-{n}.json")
        finished.write_bytes(session.path.read_bytes())
        storage.write_table(finished, {**storage.read_table(session.path), "over": True})
        os.utime(finished, (modified - 100 * n, modified - 100 * n))
    read: list[Path] = []
    save_info = storage.save_info
    monkeypatch.setattr(storage, "save_info", lambda path, when=None: read.append(path) or save_info(path, when))

    again = AdrenalineApp(settings=settings(), bot_delay=0.0, continue_game=True, save_settings=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = again.table()
        assert table is not None and table.session.path == session.path
    assert read == [session.path]

    read.clear()
    title = make_app()
    async with title.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Continue: Ann, Ben, Cat" in screen_text(title)
    assert read == [session.path]
    assert len(storage.list_saves()) == 6  # the load list still reads them all
