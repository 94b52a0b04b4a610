"""Start-up checks of the interactive commands: a broken setting or a missing terminal gets one
line on stderr and exit status 2, never a traceback or a game running on nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adrenaline_tui.cli import main

ADRENALINE = [sys.executable, "-m", "adrenaline_tui"]


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("ADRENALINE_BOT_DELAY", "fast"),
        ("ADRENALINE_BOT_DELAY", "nan"),
        ("ADRENALINE_BOT_DELAY", "inf"),
        ("ADRENALINE_BOT_DELAY", "-1"),
        ("ADRENALINE_BOT_DELAY", "1e9"),
        ("ADRENALINE_SEED", "seven"),
        ("ADRENALINE_SEED", "1.5"),
        ("ADRENALINE_SEED", "-3"),
        ("ADRENALINE_SEED", "9" * 5000),
        ("ADRENALINE_SEED", "\u00b2"),  # a digit to str.isdigit, not to int()
        ("ADRENALINE_SEED", "\x1b]0;owned\x07"),
        ("ADRENALINE_HOME", "/etc/passwd"),
    ],
)
@pytest.mark.parametrize("command", [[], ["--continue"], ["learn"]])
def test_a_malformed_setting_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str, value: str, command: list[str]
) -> None:
    monkeypatch.setenv(variable, value)
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"adrenaline: {variable} ")
    assert "\x1b" not in err  # the value is quoted with escapes, never sent to the terminal raw


@pytest.mark.parametrize(("variable", "value"), [("ADRENALINE_BOT_DELAY", "0.25"), ("ADRENALINE_SEED", "0")])
def test_a_good_setting_passes_the_setting_checks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    assert main([]) == 2  # pytest gives no terminal: the next check stops it
    assert "needs a terminal" in capsys.readouterr().err


# `join` is what the system-sshd recipe's ForceCommand runs when a host serves the account.
@pytest.mark.parametrize("command", [[], ["--continue"], ["learn"], ["join"]])
def test_without_a_terminal_the_game_refuses_to_start(tmp_path: Path, command: list[str]) -> None:
    """`adrenaline </dev/null >/dev/null`, `ssh -T`, sftp or scp against a game account: the game
    used to start on the pipes and spin forever. The timeout is a generous bound, not a speed test."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ADRENALINE_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [*ADRENALINE, *command], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "needs a terminal" in done.stderr
    assert done.stdout == ""
    assert not (tmp_path / "home").exists()


@pytest.mark.parametrize(
    "command", [["cards"], ["check-data"], ["simulate", "--players", "3", "--skulls", "5", "--sudden-death"]]
)
def test_the_non_interactive_commands_still_work_on_pipes(command: list[str]) -> None:
    done = subprocess.run(
        [*ADRENALINE, *command], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout
