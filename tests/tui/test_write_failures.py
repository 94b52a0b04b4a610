"""A full disk or a folder the game cannot write: every failed write is said, in one line naming
the file and the reason, and the game goes on.

Tests may run as root, where a read-only folder does not stop writes: the failures here come
from a game folder below a plain file (every write there fails for everyone) or from a write
that raises the error a full disk gives.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from adrenaline_tui.rules import FIGURES, GameConfig
from adrenaline_tui.tui import session as session_module
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import HUMAN, Autosaver, Session
from adrenaline_tui.walkthrough.progress import Progress

from .helpers import make_app, new_session, screen_name, settle


@pytest.fixture
def unwritable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    home = blocker / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(home))
    return home


def disk_full(path: Path, data: str | bytes) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_new_game_where_nothing_can_be_written_starts_and_says_it_is_not_saved(unwritable_home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("enter")  # Start, with the defaults
        await settle(pilot)
        table = app.table()
        assert table is not None
        table.session.flush()
        await settle(pilot)
        said = [m for m in messages(app) if "Could not save" in m]
        assert said and str(storage.saves_dir()) in said[0] and "Not a directory" in said[0], messages(app)
        assert "not being saved" in said[0] and "\n" not in said[0]
        assert len(said) == 1  # said once, not after every decision


async def test_a_save_failing_mid_game_is_said_and_ctrl_s_and_leaving_do_not_claim_a_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    session.flush()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "TableScreen"
        monkeypatch.setattr(session_module, "write_atomic", disk_full)
        monkeypatch.setattr(session_module, "write_renamed", disk_full)
        await pilot.press("1")
        await settle(pilot)
        session.flush()
        await settle(pilot)
        said = [m for m in messages(app) if "No space left on device" in m]
        assert said and str(session.path) in said[0], messages(app)
        # The game went on.
        assert screen_name(app) == "TableScreen" and len(session.game.history) >= 1

        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not any(m.startswith("Saved to") for m in messages(app)), messages(app)
        assert "No space left on device" in messages(app)[-1]

        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        assert not any(m.startswith("Game saved") for m in messages(app)), messages(app)
        assert "NOT saved" in messages(app)[-1] and "No space left on device" in messages(app)[-1]


async def test_quitting_a_game_that_could_not_be_saved_says_so_after_the_app_is_gone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    session.flush()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(session_module, "write_atomic", disk_full)
        monkeypatch.setattr(session_module, "write_renamed", disk_full)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("ctrl+q")
    said = capsys.readouterr().err.replace("\n", "")  # printed once the terminal is given back
    assert "adrenaline: this game was NOT saved: Could not save" in said and str(session.path) in said, said


async def test_saving_working_again_is_said_too(monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    session.flush()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(session_module, "write_atomic", disk_full)
        monkeypatch.setattr(session_module, "write_renamed", disk_full)
        await pilot.press("1")
        await settle(pilot)
        session.flush()
        await settle(pilot)
        monkeypatch.undo()
        await pilot.press("1")
        await settle(pilot)
        session.flush()
        await settle(pilot)
        assert messages(app)[-1] == f"Saving works again: {session.path}"
        assert session.save_problem is None


def test_the_autosaver_tells_each_change_once_from_its_thread(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    told: list[str | None] = []
    saver = Autosaver()
    saver.on_change = told.append
    monkeypatch.setattr(session_module, "write_atomic", disk_full)
    monkeypatch.setattr(session_module, "write_renamed", disk_full)
    saver.write(tmp_path / "a.json", "{}")
    saver.write(tmp_path / "a.json", "{}")
    saver.flush()
    monkeypatch.undo()
    saver.write(tmp_path / "a.json", "{}")
    saver.close()
    assert told == [f"Could not save {tmp_path / 'a.json'}: No space left on device", None]


def test_a_session_starts_where_nothing_can_be_written(unwritable_home: Path) -> None:
    session = Session.start(GameConfig(players=FIGURES[:3]), 1, dict.fromkeys(FIGURES[:3], HUMAN))
    session.flush()
    assert session.game.pending is not None
    assert session.save_problem is not None and "Not a directory" in session.save_problem
    # Playing on writes nothing and raises nothing.
    for _ in range(30):
        session.choose(session.game.pending.keys[0])
    session.flush()


def test_a_session_starts_where_the_saves_folder_cannot_be_looked_into(monkeypatch: pytest.MonkeyPatch) -> None:
    """Path.exists raises PermissionError (not False) for a folder without search permission."""

    def no_permission(self: Path) -> bool:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(Path, "exists", no_permission)
    monkeypatch.setattr(session_module, "write_atomic", disk_full)
    monkeypatch.setattr(session_module, "write_renamed", disk_full)
    monkeypatch.setattr(storage, "write_atomic", disk_full)
    session = Session.start(GameConfig(players=FIGURES[:3]), 1, dict.fromkeys(FIGURES[:3], HUMAN))
    session.flush()
    assert session.game.pending is not None and session.save_problem is not None


def test_lesson_progress_that_cannot_be_saved_is_said_once_and_the_lesson_goes_on(unwritable_home: Path) -> None:
    told: list[str] = []
    progress = Progress.load()
    progress.on_error = told.append
    progress.mark_done("moving")
    progress.mark_done("grabbing")
    assert progress.status("moving") == "done" and progress.status("grabbing") == "done"
    assert len(told) == 1 and str(unwritable_home / "learn.json") in told[0] and "Not a directory" in told[0]


async def test_settings_that_cannot_be_saved_are_said_with_the_file(unwritable_home: Path) -> None:
    from dataclasses import replace

    app = make_app()
    app._save_settings = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.update_settings(replace(app.settings, show_points=True))
        await settle(pilot)
        assert app.settings.show_points
        assert any(str(storage.settings_path()) in m and "Not a directory" in m for m in messages(app)), messages(app)
