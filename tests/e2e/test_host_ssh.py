"""`adrenaline host --ssh`: three people with the stock OpenSSH client, each in their own terminal.

One sets up a table, two join by its code, they play some turns (each pressing keys only when
the host says it is their decision), one drops and comes back to the same seat and decision.
Then what the SSH door must refuse: running a command, sftp, and port forwarding.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adrenaline_tui.rules import Game, SaveError

from .terminal import Tmux, adrenaline_command, have_tmux

pytestmark = [
    pytest.mark.skipif(not have_tmux(), reason="tmux is not installed"),
    pytest.mark.skipif(shutil.which("ssh") is None, reason="ssh is not installed (openssh-client)"),
]

SSH_OPTIONS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
WAIT = 30.0


class RunningHost:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.log = folder / "host.log"
        command = [*adrenaline_command().split(), "host", "--ssh", "127.0.0.1:0", "--data", str(folder / "data")]
        command += ["--bot-delay", "0.05"]
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        self.process = subprocess.Popen(command, stdout=self.log.open("w"), stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            found = re.search(r"ssh -p (\d+)", self.log.read_text())
            if found:
                self.port = int(found.group(1))
                return
            assert self.process.poll() is None, self.log.read_text()
            time.sleep(0.1)
        raise AssertionError(f"the host never said its port:\n{self.log.read_text()}")

    def ssh(self, user: str) -> str:
        return " ".join(["ssh", "-tt", *SSH_OPTIONS, "-p", str(self.port), f"{user}@127.0.0.1"])

    def game(self, code: str) -> Game | None:
        try:
            return Game.load(self.folder / "data" / "tables" / f"{code}.json")
        except SaveError:
            return None

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = RunningHost(tmp_path)
    try:
        yield running
    finally:
        running.stop()


def _settled(host: RunningHost, code: str, at_least: int) -> Game:
    """The saved game once it has reached `at_least` decisions and stopped moving."""
    deadline = time.monotonic() + WAIT
    last = None
    while time.monotonic() < deadline:
        game = host.game(code)
        if game is not None and len(game.history) >= at_least:
            if last is not None and len(game.history) == len(last.history):
                return game
            last = game
        time.sleep(0.3)
    raise AssertionError(f"the game never reached {at_least} decisions")


def test_three_people_play_over_ssh_and_one_comes_back(host: RunningHost) -> None:
    players = {name: Tmux(host.ssh(name)) for name in ("ann", "bob", "cat")}
    try:
        for t in players.values():
            t.wait_for("Connected as", WAIT)
        ann = players["ann"]
        ann.send("C-n")  # set up a table: three people (the form's default)
        code = re.search(r"Table ([A-Z0-9]{5}):", ann.wait_for("(you)", WAIT)).group(1)
        for name in ("bob", "cat"):
            players[name].send(code, "Enter")
            players[name].wait_for("Sit:", WAIT)
            players[name].send("Enter")  # the first free seat has the focus
            players[name].wait_for(f"{name} (you)", WAIT)
        ann.wait_for("Start the game", WAIT)
        ann.send("Enter")
        seat_of = {"yellow": "ann", "blue": "bob", "grey": "cat"}
        for t in players.values():
            t.wait_for("view", WAIT)
        decisions = 0
        for _ in range(12):
            game = _settled(host, code, decisions)
            d = game.pending
            person = players[seat_of[d.player]]
            others = [t for n, t in players.items() if n != seat_of[d.player]]
            person.wait_for(" 1  ", WAIT)
            # A key from someone whose decision it is not changes nothing.
            others[0].send("1")
            time.sleep(0.3)
            assert len(_settled(host, code, decisions).history) == decisions
            person.send("1")
            decisions += 1
        # The one deciding now drops (the terminal closes) and comes back to the same decision.
        game = _settled(host, code, decisions)
        name = seat_of[game.pending.player]
        prompt = game.pending.prompt
        players[name].close()
        players[name] = Tmux(host.ssh(name))
        players[name].wait_for("Connected as", WAIT)
        players[name].send(code, "Enter")
        players[name].wait_for("Sit:", WAIT)
        players[name].send("Enter")
        screen = players[name].wait_for(" 1  ", WAIT)
        assert prompt.split(":")[0] in screen
        assert len(_settled(host, code, decisions).history) == decisions
        players[name].send("1")
        _settled(host, code, decisions + 1)
    finally:
        for t in players.values():
            t.close()


def test_the_door_offers_a_terminal_and_nothing_else(host: RunningHost, tmp_path: Path) -> None:
    base = ["ssh", *SSH_OPTIONS, "-o", "BatchMode=yes", "-p", str(host.port)]
    ran = subprocess.run([*base, "play@127.0.0.1", "id"], capture_output=True, text=True, timeout=WAIT)
    assert ran.returncode != 0 and "uid=" not in ran.stdout
    if shutil.which("sftp"):
        sftp = [
            "sftp",
            *SSH_OPTIONS,
            "-o",
            "BatchMode=yes",
            "-P",
            str(host.port),
            "play@127.0.0.1",
        ]
        ran = subprocess.run(sftp, input="ls\n", capture_output=True, text=True, timeout=WAIT)
        assert ran.returncode != 0
    # -L: the forward is asked for when something connects to it; the door says no.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        local = s.getsockname()[1]
    forward = subprocess.Popen(
        [*base, "-N", "-L", f"{local}:127.0.0.1:{host.port}", "play@127.0.0.1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        got = b""
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", local), timeout=5) as c:
                    c.settimeout(5)
                    try:
                        got = c.recv(100)
                    except (TimeoutError, ConnectionError):
                        got = b""
                break
            except ConnectionRefusedError:
                time.sleep(0.1)
        assert not got.startswith(b"SSH-"), "the forward reached the SSH port"
    finally:
        forward.terminate()
        forward.wait(timeout=10)
    assert sys.executable  # the host is still there for the next person
    assert host.process.poll() is None
