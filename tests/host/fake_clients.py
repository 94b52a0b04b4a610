"""Stand-ins for `adrenaline client` behind a door, reporting what the door passed on.

`web [--stubborn]`: speaks textual-serve's packets (what the web door starts per tab): says
its pid and the size it was started with, then every packet it receives, each as one JSON data
packet; it quits when told to unless stubborn. `pty`: on a pseudo-terminal (what the SSH door
starts): prints the terminal's size at start and at every window change.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time


def _web(stubborn: bool) -> None:
    out = sys.stdout.buffer

    def say(message: dict) -> None:
        payload = json.dumps(message).encode()
        out.write(b"D" + len(payload).to_bytes(4, "big") + payload)
        out.flush()

    out.write(b"__GANGLION__\n")
    say(
        {
            "pid": os.getpid(),
            "size": [os.environ.get("COLUMNS"), os.environ.get("ROWS")],
            "peer": os.environ.get("SSH_CONNECTION"),
        }
    )
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return
        payload = stdin.read(int.from_bytes(head[1:], "big"))
        kind = head[:1].decode()
        if kind == "M":
            meta = json.loads(payload)
            say({"meta": meta})
            if meta.get("type") == "quit" and not stubborn:
                return
        else:
            say({"data": payload.decode("utf-8")})


def _pty() -> None:
    def report(*_: object) -> None:
        columns, rows = os.get_terminal_size(0)
        os.write(1, f"size {columns} {rows}\n".encode())  # no buffer: a signal may come mid-write

    signal.signal(signal.SIGWINCH, report)
    report()
    while True:
        time.sleep(1)


if __name__ == "__main__":
    if sys.argv[1] == "web":
        _web("--stubborn" in sys.argv)
    else:
        _pty()
