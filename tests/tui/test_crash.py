"""An error nobody expected ends the app with one line, never a traceback (issue 22, finding 4).

The traceback (Textual prints it with its locals: paths, the game's state) goes to a log on the
machine; the terminal, which may be a guest's over SSH, gets what kind of error and where.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adrenaline_tui.tui import crash
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.remote_app import RemoteApp


class Boom(Exception):
    pass


def _printed(capsys: pytest.CaptureFixture[str]) -> str:
    """What the app printed on leaving, its lines (wrapped at the terminal's width) joined."""
    return " ".join(capsys.readouterr().err.split())


def _unfolded(text: str) -> str:
    """`text` without its spaces: Rich folds a word longer than the terminal (a long path, as
    under pytest-xdist's folders) in the middle, which joining lines with a space cannot undo."""
    return "".join(text.split())


async def _crash(app: AdrenalineApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def fail() -> None:
            secret = "blue holds a Newton"  # a local a traceback with locals would print  # noqa: F841
            raise Boom("the table fell over")

        app.call_later(fail)
        await pilot.pause()
        await pilot.pause()


async def test_a_local_game_says_one_line_and_logs_the_traceback(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("ADRENALINE_HOME", str(tmp_path))
    app = AdrenalineApp()
    with pytest.raises(Boom):
        await _crash(app)
    shown = _printed(capsys)
    said = (
        f"adrenaline: stopped by an error the game did not expect (Boom); the details are in {tmp_path / 'crash.log'}."
    )
    assert _unfolded(shown) == _unfolded(said)
    log = (tmp_path / "crash.log").read_text()
    assert "Boom: the table fell over" in log and "in fail" in log
    assert "Newton" not in log  # no locals, even in the log


async def test_a_hosted_client_names_no_path_on_the_host(tmp_path: Path, capsys) -> None:
    app = RemoteApp(tmp_path / "host" / "h.sock", "ann")
    with pytest.raises(Boom):
        await _crash(app)
    shown = _printed(capsys)
    assert "Traceback" not in shown and str(tmp_path) not in shown
    assert shown.endswith("(Boom); the details are in the host's log.")
    assert "Boom: the table fell over" in (tmp_path / "host" / "client-errors.log").read_text()


def test_the_log_never_grows_past_its_limit(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(crash, "MAX_LOG", 2000)
    log = tmp_path / "crash.log"
    for i in range(50):
        try:
            raise Boom(f"number {i}")
        except Boom as exc:
            assert crash.record(log, exc) == log
    assert log.stat().st_size <= 2000 and log.with_name("crash.log.1").stat().st_size <= 2000
    assert "number 49" in log.read_text()


def test_a_link_planted_as_the_log_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("kept")
    (tmp_path / "crash.log").symlink_to(target)
    assert crash.record(tmp_path / "crash.log", Boom("x")) is None
    assert target.read_text() == "kept"
