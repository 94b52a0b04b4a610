"""Over SSH: a real sshd on a loopback port with throwaway keys, `ssh -t` into `adrenaline`.

The game runs on the far side of a real pseudo-terminal under the common TERM values, the way
a shared machine offers it.
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .terminal import REPO, Tmux, adrenaline_command, have_tmux

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)

pytestmark = [
    pytest.mark.skipif(not have_tmux(), reason="tmux is not installed"),
    pytest.mark.skipif(SSHD is None, reason="sshd is not installed (openssh-server)"),
    pytest.mark.skipif(shutil.which("ssh") is None, reason="ssh is not installed (openssh-client)"),
    pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sshd:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.user = getpass.getuser()
        host_key = folder / "host_key"
        self.client_key = folder / "client_key"
        for key in (host_key, self.client_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
        authorized = folder / "authorized_keys"
        authorized.write_text(self.client_key.with_suffix(".pub").read_text())
        authorized.chmod(0o600)
        config = folder / "sshd_config"
        config.write_text(
            "\n".join(
                [
                    f"Port {self.port}",
                    "ListenAddress 127.0.0.1",
                    f"HostKey {host_key}",
                    f"AuthorizedKeysFile {authorized}",
                    f"PidFile {folder / 'sshd.pid'}",
                    "PubkeyAuthentication yes",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PermitRootLogin prohibit-password",
                    "UsePAM no",
                    "StrictModes no",
                    "PermitTTY yes",
                    "LogLevel ERROR",
                ]
            )
            + "\n"
        )
        if os.geteuid() == 0:
            Path("/run/sshd").mkdir(parents=True, exist_ok=True)  # privilege separation directory
        self.log = folder / "sshd.log"
        self.proc = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=self.log.open("w")
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.skip(f"sshd would not start: {self.log.read_text().strip()[:200]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        pytest.skip("sshd did not start listening")

    def ssh_command(self, remote: str, term: str) -> str:
        options = (
            f"-p {self.port} -i {self.client_key} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
            "-o LogLevel=ERROR -o BatchMode=yes -o IdentitiesOnly=yes"
        )
        return f"TERM={term} ssh -t {options} {self.user}@127.0.0.1 '{remote}'"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    server = Sshd(tmp_path_factory.mktemp("sshd"))
    yield server
    server.stop()


@pytest.mark.parametrize("term", ["xterm-256color", "xterm", "screen-256color", "tmux-256color", "linux"])
def test_play_a_few_moves_over_ssh(sshd: Sshd, tmp_path: Path, term: str) -> None:
    home = tmp_path / "home"
    remote = f"cd {REPO} && ADRENALINE_HOME={home} ADRENALINE_BOT_DELAY=0 ADRENALINE_SEED=7 {adrenaline_command()}"
    terminal = Tmux(sshd.ssh_command(remote, term), 80, 24)
    try:
        terminal.wait_for("New game", timeout=30)
        terminal.send("Enter")
        terminal.wait_for("Start the game")
        terminal.send("Enter")
        screen = terminal.wait_for("D-struct-or: ")
        if "D-struct-or: discard a powerup" in screen:
            terminal.send("1")
        terminal.wait_for("D-struct-or: choose an action")
        terminal.send("1")
        terminal.wait_for("Run: where to?")
        terminal.send("1")
        terminal.wait_for("D-struct-or moves")
        terminal.send("Escape")
        terminal.wait_for("Continue: D-struct-or")
        terminal.send("q")
        terminal.wait_for("EXITED 0")
    finally:
        terminal.close()
    saves = [p for p in (home / "saves").glob("*.json") if not p.name.endswith(".table.json")]
    assert len(saves) == 1
