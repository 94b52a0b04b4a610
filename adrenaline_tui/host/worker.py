"""A worker process of a host: whole tables, behind the front door (host/front_door.py).

It runs today's `Host` on a Unix socket of its own that only the front door connects to (one
connection per client, relayed as it came), owning the table codes `routing.worker_of` gives it.
Its stdin and stdout are its line to the front door: stdout carries JSON lines (`{"ready": ...}`
once it listens, then `{"seq", "live"}`: the started games going on here per address, which
the front door adds up over the workers); stdin closing means the front door is gone, and so
the worker stops (saving every table) rather than live on as an orphan.

    python -I -m adrenaline_tui.host.worker FOLDER SOCKET INDEX WORKERS BOT_DELAY COMPUTER ABANDON
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import signal
import sys
from pathlib import Path
from typing import Any

from adrenaline_tui.ai.pool import collect_less
from adrenaline_tui.host.routing import owned_by
from adrenaline_tui.host.server import Host
from adrenaline_tui.wire import limits, protocol

# How often a worker tells the front door its live games when they changed, and at the latest
# (a report read out of order is dropped by its `seq`; the next one puts it right).
REPORT_SECONDS = 0.25
REPORT_ANYWAY = 5.0
# The front door limits each client's messages; a worker must not limit them a second time.
RELAYED_RATE = 1e9


def report(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


SHARE_SLACK = 1.1


async def _report_live(host: Host) -> None:
    last: dict[str, int] | None = None
    quiet = 0.0
    while True:
        await asyncio.sleep(REPORT_SECONDS)
        quiet += REPORT_SECONDS
        live = host.live_by_address()
        if live != last or quiet >= REPORT_ANYWAY:
            report({"seq": host.next_seq(), "live": live})
            last, quiet = live, 0.0


async def _until_stdin_closes() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while await reader.read(4096):
        pass


async def run_worker(
    folder: Path,
    sock: Path,
    index: int,
    workers: int,
    *,
    bot_delay: float,
    computer: str | None,
    abandon_after: float,
) -> int:
    host = Host(
        folder,
        bot_delay=bot_delay,
        computer=computer,
        abandon_after=abandon_after,
        rate=RELAYED_RATE,
        owns=owned_by(index, workers),
        front_door=True,
        # The host's table limit shared out, with a tenth to spare: creates go to the worker
        # with the fewest clients, not the fewest tables, so shares exactly of the limit turned
        # a table away at 500 while another worker had room (benchmarks/host.py --grid, 2 people
        # a table). In all a host then holds at most a tenth more than MAX_TABLES.
        max_tables=math.ceil(limits.MAX_TABLES * SHARE_SLACK / workers),
    )
    with contextlib.suppress(FileNotFoundError):
        sock.unlink()  # left by a worker that was killed
    # A relayed line may carry the front door's `elsewhere` count beyond a client's limit.
    server = await asyncio.start_unix_server(
        host.serve, str(sock), limit=protocol.MAX_CLIENT_LINE + 64, backlog=limits.SOCKET_BACKLOG
    )
    sock.chmod(0o600)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    # ctrl+c in the host's terminal reaches every process of its group: the front door stops
    # its workers itself (SIGTERM), rather than see them end first and start them again.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    orphan = asyncio.create_task(_until_stdin_closes())
    orphan.add_done_callback(lambda _: stop.set())
    reporter = asyncio.create_task(_report_live(host))
    report({"ready": index})
    try:
        await stop.wait()
    finally:
        reporter.cancel()
        orphan.cancel()
        server.close()
        for client in list(host.clients):
            client.close()
        host.close()  # every table's last decision on disk
        with contextlib.suppress(OSError):
            sock.unlink()
    return 0


def main(argv: list[str]) -> int:
    folder, sock, index, workers, bot_delay, computer, abandon = argv
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s worker {index} %(name)s: %(message)s")
    collect_less()  # its tables' games are long-lived: scanned less often (ai/pool.py)
    return asyncio.run(
        run_worker(
            Path(folder),
            Path(sock),
            int(index),
            int(workers),
            bot_delay=float(bot_delay),
            computer=computer or None,
            abandon_after=float(abandon),
        )
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
