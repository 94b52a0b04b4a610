"""The host's own programs run the installed game, never a copy in the folder it was started in.

`python -m adrenaline_tui client` looked in the current folder first: a host started in a
checkout of another version ran that version's client for every guest (found by playing over
SSH: its clients spoke protocol 1 to a protocol 2 host and never got in), and a host started
in a folder others can write (/tmp) would run whatever was planted there as the host's user.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from adrenaline_tui.host.ssh import SSHDoor
from adrenaline_tui.host.web import client_command

PLANTED = "print('PLANTED CODE RAN')\n"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A folder holding a package of the game's name whose every entry point says it ran."""
    package = tmp_path / "adrenaline_tui"
    (package / "host").mkdir(parents=True)
    for module in ("__init__.py", "__main__.py", "host/__init__.py", "host/web.py"):
        (package / module).write_text(PLANTED)
    return tmp_path


def _output_from(command: list[str], cwd: Path) -> str:
    # The real program, given no terminal, ends (or is stopped) soon: what matters is which ran.
    try:
        out = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        return (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    return out.stdout + out.stderr


@pytest.mark.parametrize("door", ["ssh", "web"])
def test_a_client_started_in_a_folder_with_another_copy_runs_the_installed_game(
    door: str, planted: Path, tmp_path: Path
) -> None:
    socket = tmp_path / "no-host.sock"
    if door == "ssh":
        command = SSHDoor(tmp_path / "data", socket).client_command("ann")
    else:
        command = client_command(socket)
    assert "PLANTED CODE RAN" not in _output_from(command, planted)
    # The same command without isolation would have run it: the check can fail.
    plain = [part for part in command if part != "-I"]
    assert "PLANTED CODE RAN" in _output_from(plain, planted)
