"""Random and malformed messages against a live host: it keeps serving and nothing is lost."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from adrenaline_tui.host.server import RATE
from adrenaline_tui.wire import protocol
from tests.host.wire import Wire, decider, seated_table, start_host, stop_host

ROUNDS = 300


def _junk(rng: random.Random, code: str, n: int) -> bytes:
    """A line a broken or hostile client might send."""
    kind = rng.randrange(9)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b"") + b"\n"
    if kind == 1:
        return b"[" * 5000 + b"\n"  # deep nesting
    if kind == 2:
        return b"{" + b'"a":1,' * rng.randrange(1000) + b'"type":"chat","text":"x"}\n'
    values: list[Any] = [None, 0, -1, 10**30, 1.5, "", "x" * 300, [], {}, True, code, "yellow", "run", n, n + 1]
    fields = ["type", "v", "name", "code", "seat", "key", "decision", "text", "arena", "skulls", "ending", "seats"]
    msg: dict[str, Any] = {f: rng.choice(values) for f in rng.sample(fields, rng.randrange(len(fields)))}
    if kind < 7:
        msg["type"] = rng.choice([*protocol.PARSERS, "x", "", 5])
    if kind == 8:
        msg["seats"] = [{"colour": rng.choice(["yellow", "red", 3]), "kind": rng.choice(["human", "x"])}] * 4
    return json.dumps(msg).encode() + b"\n"


async def test_a_fuzzed_host_keeps_serving_and_loses_nothing(tmp_path: Path) -> None:
    sock = tmp_path / "h.sock"
    # The real message rate: the fuzzers run into it, the players' clients do not.
    host, server = await start_host(tmp_path / "tables", sock, rate=RATE)
    try:
        code, wires = await seated_table(sock)
        table = host.tables[code]
        rng = random.Random(5)
        fuzzers = [await Wire.connect(sock, f"f{i}") for i in range(2)]
        await fuzzers[1].send({"type": "join", "code": code, "seat": None})
        raw = await Wire.connect(sock, "raw")
        n = 0
        chosen: list[str] = []
        for i in range(ROUNDS):
            fuzzer = fuzzers[i % 2]
            await fuzzer.send_raw(_junk(rng, code, n))
            if i % 50 == 0:  # a player answers between bursts of junk
                got = await decider(wires, n)
                assert got is not None
                colour, state = got
                n = state["decisions"]
                key = state["view"]["pending"]["options"][0]["key"]
                await wires[colour].send({"type": "choose", "key": key, "decision": n})
                chosen.append(key)
                n += 1
        # A line cut off without its end, then the connection closed: nothing changes.
        await raw.send_raw(b'{"type":"choose","key":"run","deci')
        await raw.close()
        assert await decider(wires, n) is not None
        assert table.session.game.history[-len(chosen) :] == chosen
        assert code in host.tables and table.session is not None
        # Every player is still connected and the host still answers.
        for w in wires.values():
            await w.send({"type": "ping"})
            await w.expect("pong")
        assert all(h.connected for h in table.holders.values())
    finally:
        await stop_host(host, server)
