"""`adrenaline host --ssh`: three people with the stock OpenSSH client, each in their own terminal.

One sets up a table, two join by its code, they play some turns (each pressing keys only when
the host says it is their decision), one drops and comes back to the same seat and decision.
At a table set up from a scenario, a shot draws an out-of-turn Tagback question and a kill a
respawn question, each on the screen of the person it belongs to only.
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

from adrenaline_tui import journal
from adrenaline_tui.rules import Game, SaveError
from adrenaline_tui.tui.session import HUMAN, Session
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

from .terminal import Tmux, adrenaline_command, end_process, have_tmux

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
            # Once the clients' zygote is ready, so that the door's clients are what it forks
            # (before, they are programs of their own).
            if found and "zygote is ready" in self.log.read_text():
                self.port = int(found.group(1))
                return
            assert self.process.poll() is None, self.log.read_text()
            time.sleep(0.1)
        raise AssertionError(f"the host never said its port:\n{self.log.read_text()}")

    def ssh(self, user: str) -> str:
        return " ".join(["ssh", "-tt", *SSH_OPTIONS, "-p", str(self.port), f"{user}@127.0.0.1"])

    def game(self, code: str) -> Game | None:
        path = self.folder / "data" / "tables" / f"{code}.json"
        try:
            # The host's save is a snapshot and a journal of the decisions since (journal.py).
            return Game.load(path).replay(journal.read(path)["choices"])
        except (SaveError, ValueError, OSError):
            return None

    def stop(self) -> None:
        end_process(self.process)


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
        ann.send("C-n")  # set up a table in Adrenaline's own setup: three people
        ann.wait_for("Start the game (Enter)", WAIT)
        # From Start, Tab goes round to the seats: the 2nd's Player (6 on), then the 3rd's (3 on).
        ann.send(*["Tab"] * 6, "Left", "Left", *["Tab"] * 3, "Left", "Left")  # normal, easy, Person
        ann.wait_for("3. Dozer            ◀ Z Dozer (grey)         ▶ ◀ Person", WAIT)
        ann.send("Enter")
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


# Yellow (ann) shoots blue (bob, holding a Tagback Grenade, in sight) with the Lock Rifle, then
# finishes grey (cat, 10 damage, also in sight) with the ZX-2; grey respawns at the end of the turn
# (the Teleporter on top of the deck makes the respawn question's answers known).
TAGBACK_AND_RESPAWN = {
    "arena": "arena_11a",
    # What a hosted table plays with (host/tables.py).
    "tagback_prompt": "all",
    "end_turn_prompt": "always",
    "spawn_prompt": "always",
    "players": [
        {
            "colour": "yellow",
            "square": "r1c1",
            "weapons": ["lock-rifle", "zx-2"],
            "ammo": {"red": 0, "blue": 0, "yellow": 0},
        },
        {"colour": "blue", "square": "r1c0", "powerups": ["tagback-grenade-blue"]},
        {"colour": "grey", "square": "r1c0", "damage": ["blue"] * 10, "powerups": ["newton-red"]},
    ],
    "active": "yellow",
    "decks": {"powerups": ["teleporter-blue"]},
}
SCENARIO_CODE = "TAGBK"


def _answer(d, targets: list[str]) -> str:
    """The answer the scenario's story needs to the pending decision `d`."""
    keys = [o.key for o in d.options]
    if d.kind == "action":
        return "shoot" if "shoot" in keys else "end"  # a hosted table always asks to end the turn
    if d.kind == "weapon":
        return "lock-rifle" if "lock-rifle" in keys else "zx-2"
    if d.kind == "effect":
        return "basic"
    if d.kind == "target":
        return targets.pop(0)
    if d.kind == "tagback":
        return "tagback-grenade-blue" if "tagback-grenade-blue" in keys else "pass"
    if d.kind == "respawn":
        return "teleporter-blue"
    raise AssertionError(f"the scenario did not expect {d.kind} for {d.player}: {keys}")


def test_tagback_and_respawn_questions_reach_only_their_own_players(tmp_path: Path) -> None:
    # The table is put where a restarted host finds its games: the host resumes it like any other
    # (no way in for a guest to set up a position; a test only writes the host's own folder).
    game = Game.from_scenario(TAGBACK_AND_RESPAWN, seed=1)
    tables = tmp_path / "data" / "tables"
    tables.mkdir(parents=True)
    session = Session(game, dict.fromkeys(game.seats, HUMAN), tables / f"{SCENARIO_CODE}.json")
    session.write_table()
    session.autosave()
    session.flush()
    host = RunningHost(tmp_path)
    players: dict[str, Tmux] = {}
    try:
        assert f"{SCENARIO_CODE}: resumed" in host.log.read_text()
        seat_of = {"yellow": "ann", "blue": "bob", "grey": "cat"}
        heroes = {"yellow": "D-struct-or", "blue": "Banshee", "grey": "Dozer"}
        for colour, name in seat_of.items():  # one after another: each sits at the first free seat
            players[name] = t = Tmux(host.ssh(name))
            t.wait_for("Connected as", WAIT)
            t.send(SCENARIO_CODE, "Enter")
            t.wait_for(f"Sit: {heroes[colour]}", WAIT)
            t.send("Enter")
            t.wait_for(f"{heroes[colour]}'s view", WAIT)
        # What the others' screens show once the host told them of the shot (or the kill).
        public_sign = {"tagback": {"blue": "marks Banshee (1)", "grey": "Dozer KILLED"}, "respawn": "DEAD, respawning"}
        questions = {"tagback": "Tagback Grenade?", "respawn": "discard a powerup to choose"}
        asked: list[tuple[str, str]] = []
        targets = ["blue", "grey"]
        for decisions in range(20):
            game = _settled(host, code=SCENARIO_CODE, at_least=decisions)
            d = game.pending
            if d.player == "blue" and d.kind == "action":
                break  # turn 2: the story is told
            key = _answer(d, targets)
            index = [o.key for o in d.options].index(key)
            owner = players[seat_of[d.player]]
            screen = owner.wait_for(d.options[index].label[:20], WAIT)
            assert d.prompt[:20] in screen
            if d.kind in questions:
                asked.append((d.kind, d.player))
                assert questions[d.kind] in screen
                sign = public_sign[d.kind]
                sign = sign[d.player] if isinstance(sign, dict) else sign
                for name, other in players.items():
                    if name != seat_of[d.player]:
                        # Their screen has this position, and the question is not on it.
                        assert questions[d.kind] not in other.wait_for(sign, WAIT), name
            owner.send(HOTKEYS[index])
        else:
            raise AssertionError("the scenario's turn never ended")
        # Bob threw his grenade (and was asked once more, with nothing left to throw), Cat was
        # asked too (hit and in sight: a hosted table asks everyone, holding one or not), then
        # Cat respawned where the discarded Teleporter said.
        assert asked == [("tagback", "blue"), ("tagback", "blue"), ("tagback", "grey"), ("respawn", "grey")]
        thrown = [e for e in game.events if e.kind == "powerup" and e.data.get("player") == "blue"]
        assert thrown, "Banshee's Tagback Grenade was never thrown"
        respawned = [e for e in game.events if e.kind == "respawn" and e.data.get("player") == "grey"]
        assert respawned and respawned[-1].data.get("discarded") == "teleporter-blue"
    finally:
        for t in players.values():
            t.close()
        host.stop()


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
        got, listening = b"", False
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", local), timeout=5) as c:
                    listening = True
                    c.settimeout(5)
                    try:
                        got = c.recv(100)
                    except (TimeoutError, ConnectionError):
                        got = b""
                break
            except ConnectionRefusedError:
                time.sleep(0.1)
        # Without this the check below would pass when ssh never got as far as listening.
        assert listening, "ssh never opened the local end of the forward"
        assert not got.startswith(b"SSH-"), "the forward reached the SSH port"
    finally:
        end_process(forward, timeout=5)
    assert sys.executable  # the host is still there for the next person
    assert host.process.poll() is None
