"""`adrenaline host --web ADDR:PORT`: the same client in a browser, through textual-serve.

textual-serve runs one `adrenaline client` process per browser tab (the choice this host makes
for SSH sessions too) and carries the screen over a websocket. It runs as a child process of
the host with its own event loop (its public API is `Server.serve()`, which owns a loop).
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path


def client_command(socket: Path) -> str:
    return shlex.join([sys.executable, "-m", "adrenaline_tui", "client", "--socket", str(socket), "--name", "guest"])


async def serve_web(address: tuple[str, int], socket: Path) -> None:
    """Run the web door until cancelled (then stop it)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adrenaline_tui.host.web", address[0], str(address[1]), str(socket)
    )
    try:
        await process.wait()
    finally:
        if process.returncode is None:
            process.terminate()
            await process.wait()


def main(argv: list[str]) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        print("adrenaline: --web needs textual-serve: pip install 'adrenaline-tui[web]'", file=sys.stderr)
        return 2
    host, port, socket = argv
    Server(client_command(Path(socket)), host=host, port=int(port), title="Adrenaline").serve()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
