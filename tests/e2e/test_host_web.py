"""`adrenaline host --web`: the page loads in headless Chromium and its client reaches the lobby.

The lobby is drawn in a terminal inside the page (xterm.js), so the test does not read it
there: it checks that the browser's tab started a client that said hello to the host, which
the client does from its lobby once it is on screen.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from adrenaline_tui.host.web import OPEN_LINE

from .terminal import adrenaline_command, end_process

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WAIT = 40.0

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed"),
    pytest.mark.skipif(importlib.util.find_spec("textual_serve") is None, reason="textual-serve is not installed"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_web_page_starts_a_client_in_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "host.log"
    command = [*adrenaline_command().split(), "host", "--web", f"127.0.0.1:{port}", "--data", str(tmp_path / "d")]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    host = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env)
    browser = None
    try:
        deadline = time.monotonic() + WAIT
        while OPEN_LINE not in log.read_text():
            assert time.monotonic() < deadline and host.poll() is None, log.read_text()
            time.sleep(0.2)
        browser = subprocess.Popen(
            [
                CHROMIUM,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                f"--user-data-dir={tmp_path / 'chromium'}",
                "--remote-debugging-port=0",
                f"http://127.0.0.1:{port}/",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while not re.search(r"client \d+ is guest", log.read_text()):
            assert time.monotonic() < deadline, f"no client from the page; the host said:\n{log.read_text()}"
            time.sleep(0.2)
    finally:
        if browser is not None:
            browser.kill()
            browser.wait(timeout=10)
        end_process(host, timeout=15)
