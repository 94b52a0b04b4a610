"""Over SSH: a real sshd on a loopback port with throwaway keys, set up with the README's recipe.

The `Match User` block is copied out of README.md (only the account name and the game's path are
put in), so the text people follow is the text tested. sshd runs as the test user, which can
apply `Match User` to itself; the server also has the common `Subsystem sftp internal-sftp`,
which never passes through a login shell. Then:
- `ssh -t` plays the game under the common TERM values, even when a command is given;
- a hostile guest's sftp, scp (both protocols, both ways), `ssh -T`, `ssh host id`,
  `ssh host cat /etc/passwd` and `-L`, `-R`, `-W` forwarding reach nothing but the game, which
  refuses to start without a terminal, or are refused; and no game is left running;
- the same requests against the same server without the block do get through, so these tests
  can tell a protected account from an open one.
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .terminal import REPO, Tmux, adrenaline_command, end_process, have_tmux

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)
README = REPO / "README.md"
# The names the README's block uses, replaced by the test's.
README_ACCOUNT = "Match User adrenaline"
README_GAME = "/opt/adrenaline/bin/adrenaline"

pytestmark = [
    pytest.mark.skipif(SSHD is None, reason="sshd is not installed (openssh-server)"),
    pytest.mark.skipif(
        any(shutil.which(tool) is None for tool in ("ssh", "sftp", "scp", "ssh-keygen")),
        reason="ssh, sftp, scp or ssh-keygen is not installed (openssh-client)",
    ),
]
needs_tmux = pytest.mark.skipif(not have_tmux(), reason="tmux is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def readme_match_block() -> str:
    """The `Match User` block of the README's SSH recipe, exactly as documented."""
    blocks = re.findall(r"^```\n(Match User .*?)^```$", README.read_text(), flags=re.M | re.S)
    assert len(blocks) == 1, "README.md should hold exactly one sshd_config Match block"
    block = blocks[0]
    assert block.count(README_ACCOUNT) == 1 and block.count(README_GAME) == 1
    return block


class Sshd:
    """sshd as the test user on a free loopback port; `recipe` applies the README's block."""

    def __init__(self, folder: Path, *, recipe: bool) -> None:
        self.folder = folder
        self.port = free_port()
        self.user = getpass.getuser()
        self.pids = folder / "game-pids"
        host_key = folder / "host_key"
        self.client_key = folder / "client_key"
        for key in (host_key, self.client_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
        self.authorized = folder / "authorized_keys"
        self.use_home(folder / "home")
        # The installed game as the tests run it: it notes its process id (exec keeps it) so the
        # tests can check that no game is left running, and uses the test run's data cache.
        game = folder / "game"
        cache = os.environ.get("ADRENALINE_CACHE", "off")
        game.write_text(
            f"#!/bin/sh\necho $$ >> {self.pids}\ncd {REPO}\n"
            f"exec env ADRENALINE_CACHE={cache} ADRENALINE_BOT_DELAY=0 ADRENALINE_SEED=7 {adrenaline_command()}\n"
        )
        game.chmod(0o755)
        lines = [
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {host_key}",
            f"AuthorizedKeysFile {self.authorized}",
            f"PidFile {folder / 'sshd.pid'}",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            "UsePAM no",
            "StrictModes no",
            "LogLevel ERROR",
            "Subsystem sftp internal-sftp",  # sftp inside sshd: no login shell in the way
            "PermitUserEnvironment ADRENALINE_HOME",  # the README's per-key game folder
        ]
        config = "\n".join(lines) + "\n"
        if recipe:
            block = readme_match_block()
            config += block.replace(README_ACCOUNT, f"Match User {self.user}").replace(README_GAME, str(game))
        (folder / "sshd_config").write_text(config)
        if os.geteuid() == 0:
            Path("/run/sshd").mkdir(parents=True, exist_ok=True)  # privilege separation directory
        self.log = folder / "sshd.log"
        self.proc = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(folder / "sshd_config")], stdout=subprocess.DEVNULL, stderr=self.log.open("w")
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            # sshd is installed, so a server that will not start is a failure, never a skip:
            # CI installs openssh to run exactly these tests.
            assert self.proc.poll() is None, f"sshd would not start: {self.log.read_text().strip()[:500]}"
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("sshd did not start listening")

    def use_home(self, home: Path) -> None:
        """The game folder of the next sessions, set per key as the README describes."""
        key = self.client_key.with_suffix(".pub").read_text().strip()
        self.authorized.write_text(f'environment="ADRENALINE_HOME={home}" {key}\n')
        self.authorized.chmod(0o600)

    def options(self, port_flag: str = "-p") -> list[str]:
        return [
            port_flag,
            str(self.port),
            "-i",
            str(self.client_key),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "BatchMode=yes",
            "-o",
            "IdentitiesOnly=yes",
        ]

    @property
    def host(self) -> str:
        return f"{self.user}@127.0.0.1"

    def ssh(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["ssh", *self.options(), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout
        )

    def ssh_command(self, remote: str, term: str) -> str:
        """A shell command line for `ssh -t` (run in tmux, which gives it a terminal)."""
        return f"TERM={term} ssh -t {' '.join(self.options())} {self.host} '{remote}'"

    def games_started(self) -> int:
        """How many sessions ran the game so far (the recipe's ForceCommand)."""
        return len(self.pids.read_text().split()) if self.pids.exists() else 0

    def games_left_running(self) -> list[int]:
        """Games started through the account that are still running after a generous wait."""
        pids = [int(p) for p in self.pids.read_text().split()] if self.pids.exists() else []
        deadline = time.monotonic() + 60
        while True:
            running = [p for p in pids if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]
            if not running or time.monotonic() > deadline:
                return running
            time.sleep(0.2)

    def stop(self) -> None:
        end_process(self.proc)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    server = Sshd(tmp_path_factory.mktemp("sshd"), recipe=True)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def open_sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    """The same server without the README's block: what the recipe protects against."""
    server = Sshd(tmp_path_factory.mktemp("open-sshd"), recipe=False)
    yield server
    server.stop()


# ------------------------------------------------------------------------------ playing
@needs_tmux
@pytest.mark.parametrize("term", ["xterm-256color", "xterm", "screen-256color", "tmux-256color", "linux"])
def test_play_a_few_moves_over_ssh(sshd: Sshd, tmp_path: Path, term: str) -> None:
    home = tmp_path / "home"
    sshd.use_home(home)
    # A command given with -t is ignored (ForceCommand): the game starts.
    terminal = Tmux(sshd.ssh_command("sh -i", term), 80, 24)
    try:
        terminal.wait_for("New game", timeout=60)
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


# ------------------------------------------------------------------------ hostile guests
def test_ssh_without_a_terminal_gets_one_line_and_no_game(sshd: Sshd) -> None:
    done = sshd.ssh("-T", sshd.host)
    assert done.returncode == 2
    assert "needs a terminal" in done.stderr and done.stdout == ""
    assert sshd.games_left_running() == []


@pytest.mark.parametrize("command", ["id", "cat /etc/passwd", "sh -c 'echo ran > /tmp/adrenaline-ssh-test'"])
def test_a_command_runs_the_game_not_the_command(sshd: Sshd, command: str) -> None:
    done = sshd.ssh(sshd.host, command)
    assert done.returncode == 2
    assert "needs a terminal" in done.stderr
    assert done.stdout == ""  # no `uid=`, no password file
    assert not Path("/tmp/adrenaline-ssh-test").exists()
    assert sshd.games_left_running() == []


def sftp(server: Sshd, batch: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sftp", *server.options("-P"), "-b", "-", server.host],
        input=batch,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_sftp_reaches_nothing(sshd: Sshd, tmp_path: Path) -> None:
    stolen, planted = tmp_path / "passwd", tmp_path / "planted"
    upload = tmp_path / "upload"
    upload.write_text("a guest's file\n")
    started = sshd.games_started()
    done = sftp(sshd, f"get /etc/passwd {stolen}\nput {upload} {planted}\n")
    assert done.returncode != 0
    assert sshd.games_started() == started + 1  # the subsystem request ran the game, not sftp
    assert not stolen.exists() and not planted.exists()
    assert sshd.games_left_running() == []


@pytest.mark.parametrize("protocol", [[], ["-O"]], ids=["sftp protocol", "scp protocol"])
def test_scp_reaches_nothing(sshd: Sshd, tmp_path: Path, protocol: list[str]) -> None:
    stolen, planted = tmp_path / "passwd", tmp_path / "planted"
    upload = tmp_path / "upload"
    upload.write_text("a guest's file\n")
    scp = ["scp", *protocol, *sshd.options("-P")]
    started = sshd.games_started()
    down = subprocess.run([*scp, f"{sshd.host}:/etc/passwd", str(stolen)], capture_output=True, timeout=120)
    up = subprocess.run([*scp, str(upload), f"{sshd.host}:{planted}"], capture_output=True, timeout=120)
    assert down.returncode != 0 and up.returncode != 0
    assert sshd.games_started() == started + 2  # each request ran the game, not scp or sftp
    assert not stolen.exists() and not planted.exists()
    assert sshd.games_left_running() == []


class Listener:
    """A TCP service on the test machine that counts the connections it receives."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.sock.settimeout(0.2)
        self.connections = 0
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.sendall(b"secret service\n")
            conn.close()

    def close(self) -> None:
        self.running = False
        self.thread.join()
        self.sock.close()


@pytest.fixture
def service() -> Iterator[Listener]:
    listener = Listener()
    yield listener
    listener.close()


def test_stdio_forwarding_is_refused(sshd: Sshd, service: Listener) -> None:
    done = sshd.ssh("-W", f"127.0.0.1:{service.port}", sshd.host)
    assert done.returncode != 0
    assert "forwarding failed" in done.stderr  # logged in, then refused
    assert "secret service" not in done.stdout
    assert service.connections == 0


def test_local_forwarding_is_refused(sshd: Sshd, service: Listener) -> None:
    local = free_port()
    forward = f"127.0.0.1:{local}:127.0.0.1:{service.port}"
    client = subprocess.Popen(
        # ssh keeps the first value it is given for an option: VERBOSE, not options()' ERROR
        ["ssh", "-o", "LogLevel=VERBOSE", *sshd.options(), "-N", "-L", forward, sshd.host],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        received = b"not connected"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # until the client listens on its side
            try:
                with socket.create_connection(("127.0.0.1", local), timeout=5) as conn:
                    conn.settimeout(30)
                    received = conn.recv(100)
                break
            except ConnectionRefusedError:
                time.sleep(0.2)
        assert received == b""  # the client took the connection; the server refused to carry it
        assert service.connections == 0
    finally:
        end_process(client)
        err = client.stderr.read() if client.stderr else b""
    assert b"Authenticated" in err and b"administratively prohibited" in err  # logged in, then refused


def test_remote_forwarding_is_refused(sshd: Sshd, service: Listener) -> None:
    remote = free_port()
    done = sshd.ssh(
        "-N", "-o", "ExitOnForwardFailure=yes", "-R", f"127.0.0.1:{remote}:127.0.0.1:{service.port}", sshd.host
    )
    assert done.returncode != 0
    assert "forwarding failed" in done.stderr
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", remote), timeout=5).close()


# ------------------------------------------------- the same requests without the recipe
def test_without_the_recipe_the_same_requests_get_through(open_sshd: Sshd, tmp_path: Path) -> None:
    """The tests above can fail: on the same server without the README's block, a command runs
    and sftp copies the password file out."""
    assert "uid=" in open_sshd.ssh(open_sshd.host, "id").stdout
    assert "root:" in open_sshd.ssh(open_sshd.host, "cat /etc/passwd").stdout
    stolen = tmp_path / "passwd"
    assert sftp(open_sshd, f"get /etc/passwd {stolen}\n").returncode == 0
    assert stolen.read_text() == Path("/etc/passwd").read_text()
