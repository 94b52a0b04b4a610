"""What a connected player costs in memory: the client process the host starts per player.

Starts `adrenaline host`, then `--players` clients (`adrenaline client`, each on a
pseudo-terminal of 80x24, as the SSH door runs them), waits until each has drawn its lobby,
and reads each client's /proc/PID/smaps_rollup: RSS (counts shared pages in full), PSS (shared
pages divided between their users) and USS (pages no other process shares: what one more
player costs). With `--forked`, the clients are instead forked from one parent that imported
the client's modules first (a pre-imported parent, a zygote): their code pages are then shared.

    python benchmarks/client_memory.py [--players 5] [--forked]
"""

from __future__ import annotations

import argparse
import gc
import os
import pty
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def rollup(pid: int) -> dict[str, int]:
    """KiB by field of /proc/PID/smaps_rollup."""
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    return {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", text, re.M)}


def drawn(fd: int, seconds: float = 60.0) -> int:
    """Read what the client draws until it has drawn something and paused; returns the bytes read."""
    total, deadline, quiet_since = 0, time.monotonic() + seconds, None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            total += len(chunk)
            quiet_since = None
        elif total > 2000:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since > 1.0:
                break
    return total


def client_command(sock: Path) -> list[str]:
    return [sys.executable, "-I", "-m", "adrenaline_tui", "client", "--socket", str(sock), "--name", "bench"]


def start_on_pty(command: list[str]) -> tuple[int, int]:
    """A child on a new pseudo-terminal of 80x24: (pid, the terminal's master end)."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, env)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def forked_clients(sock: Path, players: int) -> list[tuple[int, int]]:
    """Clients forked from this process after it imported the client app (a zygote)."""
    from adrenaline_tui import cli  # imported before the fork: its pages are shared
    from adrenaline_tui.tui import remote_app  # noqa: F401

    # Objects made before the fork stay out of the collector's walks, which would write to
    # (and so copy) every page holding one.
    gc.freeze()
    out = []
    for _ in range(players):
        pid, fd = pty.fork()
        if pid == 0:
            sys.argv = client_command(sock)[3:]
            os.environ["TERM"] = "xterm-256color"
            code = cli.main(["client", "--socket", str(sock), "--name", "bench"])
            os._exit(code or 0)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        out.append((pid, fd))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--forked", action="store_true", help="fork the clients from a pre-imported parent")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="adrenaline-bench-clients-"))
    sock = folder / "host.sock"
    host = subprocess.Popen(
        [sys.executable, "-m", "adrenaline_tui", "host", "--data", str(folder / "data"), "--socket", str(sock)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    clients: list[tuple[int, int]] = []
    try:
        while not sock.exists():
            time.sleep(0.05)
        if args.forked:
            clients = forked_clients(sock, args.players)
        else:
            clients = [start_on_pty(client_command(sock)) for _ in range(args.players)]
        for _, fd in clients:
            drawn(fd)
        figures = [rollup(pid) for pid, _ in clients]
        uss = [f["Private_Clean"] + f["Private_Dirty"] for f in figures]
        pss = [f["Pss"] for f in figures]
        rss = [f["Rss"] for f in figures]
        how = "forked from a pre-imported parent" if args.forked else "each its own interpreter (today)"
        print(f"{args.players} clients in their lobby, {how}:")
        print(
            f"  per client: USS {statistics.mean(uss) / 1024:.1f} MiB, PSS {statistics.mean(pss) / 1024:.1f} MiB,"
            f" RSS {statistics.mean(rss) / 1024:.1f} MiB"
        )
        if args.forked:
            parent = rollup(os.getpid())
            print(f"  the parent, once: USS {(parent['Private_Clean'] + parent['Private_Dirty']) / 1024:.1f} MiB")
    finally:
        for pid, fd in clients:
            os.kill(pid, signal.SIGTERM)
            os.close(fd)
        for pid, _ in clients:
            os.waitpid(pid, 0)
        host.terminate()
        host.wait(timeout=20)


if __name__ == "__main__":
    main()
