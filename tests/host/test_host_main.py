"""`adrenaline host` itself: addresses, its socket, resuming, one host per socket."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adrenaline_tui.cli import build_parser
from adrenaline_tui.host.main import parse_address, run_host
from tests.host.wire import Wire


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:2222", ("127.0.0.1", 2222)),
        ("0.0.0.0", ("0.0.0.0", 2222)),
        ("2300", ("127.0.0.1", 2300)),
        ("[::1]:2201", ("::1", 2201)),
        ("localhost:0", ("localhost", 0)),
    ],
)
def test_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text, 2222) == expected


@pytest.mark.parametrize("text", ["host:port", "1.2.3.4:99999", ":22", "1.2.3.4:-1"])
def test_bad_addresses_say_why(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text, 2222)


def test_join_and_host_parse() -> None:
    args = build_parser().parse_args(["join", "--name", "ann"])
    assert args.name == "ann" and args.socket is None
    args = build_parser().parse_args(["host", "--ssh", "127.0.0.1:2222", "--bot-delay", "0"])
    assert args.ssh == "127.0.0.1:2222" and args.bot_delay == 0


async def test_a_host_serves_its_socket_and_a_second_host_is_refused(tmp_path: Path, capsys) -> None:
    ready: asyncio.Future[dict[str, object]] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    task = asyncio.create_task(run_host(tmp_path / "data", ready=ready, stop=stop, bot_delay=0))
    info = await asyncio.wait_for(ready, 20)
    sock = Path(str(info["socket"]))
    assert sock.stat().st_mode & 0o077 == 0 and (tmp_path / "data").stat().st_mode & 0o077 == 0
    w = await Wire.connect(sock)
    await w.send({"type": "ping"})
    await w.expect("pong")
    assert await run_host(tmp_path / "data", bot_delay=0) == 1
    assert "already running" in capsys.readouterr().err
    stop.set()
    assert await asyncio.wait_for(task, 20) == 0
    assert not sock.exists()


def test_the_host_raises_its_open_files_limit_towards_the_hard_limit() -> None:
    """A worker holds a socket a person and a journal a table: 1,024 open files is a few
    hundred tables. Run in a child, whose limits are its own."""
    import subprocess
    import sys

    code = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "from adrenaline_tui.host.main import more_open_files, OPEN_FILES_WANTED\n"
        "now = more_open_files()\n"
        "want = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_WANTED)\n"
        "assert now == resource.getrlimit(resource.RLIMIT_NOFILE)[0] == max(256, want), (now, hard)\n"
        "print('raised', now)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "raised" in done.stdout, done.stderr
