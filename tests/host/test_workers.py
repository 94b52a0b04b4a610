"""A host over worker processes (host/front_door.py, host/worker.py), through the real processes:
tables live in worker processes behind the front door, limits that count across tables hold over
every worker, and a worker killed mid-game (kill -9) loses no person's decision."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adrenaline_tui.host.front_door import FrontDoor
from adrenaline_tui.host.routing import owned_by, worker_of
from adrenaline_tui.wire import limits, protocol
from tests.host.test_abandoned_tables import connect_from
from tests.host.wire import SEATS, Wire, asks, my_question, open_table

WORKERS = 2


@pytest.fixture
async def door(tmp_path: Path) -> AsyncIterator[tuple[FrontDoor, Path]]:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    sock = folder / "host.sock"
    front = FrontDoor(folder / "tables", WORKERS, bot_delay=0.0, computer="random", rate=10_000.0)
    await front.start()
    server = await asyncio.start_unix_server(front.serve, str(sock), limit=protocol.MAX_CLIENT_LINE + 1)
    try:
        yield front, sock
    finally:
        server.close()
        await front.close()


def pid_of(front: FrontDoor, code: str) -> int:
    process = front.owner(code).process
    assert process is not None and process.returncode is None
    return process.pid


CREATE = {"type": "create", "title": "adrenaline", "arena": "arena_10", "skulls": 5, "ending": "frenzy"}


def test_a_code_routes_to_one_worker_and_each_worker_makes_only_its_own() -> None:
    codes = [f"{a}{b}AAA" for a in "ABCDEFGH" for b in "JKLMNPQR"]
    for count in (1, 2, 3, 5):
        for code in codes:
            owners = [i for i in range(count) if owned_by(i, count)(code)]
            assert owners == [worker_of(code, count)]
    # Spread over both workers, not all on one.
    assert {worker_of(c, 2) for c in codes} == {0, 1}


async def test_tables_live_in_the_worker_their_code_routes_to(door: tuple[FrontDoor, Path]) -> None:
    _front, sock = door
    codes = []
    wires = []
    for k in range(4):
        w = await connect_from(sock, f"198.51.100.{k + 1}", f"c{k}")
        wires.append(w)
        await w.send(CREATE | {"seats": SEATS})
        codes.append((await w.expect("created"))["code"])
    # Creates went to the worker with the fewest clients: both workers hold tables.
    assert {worker_of(c, WORKERS) for c in codes} == {0, 1}
    # Anyone reaches any table by its code, whichever worker holds it; the worker answers.
    looker = await connect_from(sock, "198.51.100.9", "looker")
    for code in codes:
        await looker.send({"type": "look", "code": code})
        table = await looker.expect("table", code=code)
        assert [s["colour"] for s in table["seats"]] == [s["colour"] for s in SEATS]
    # Sitting at a table of one worker and then looking at one of the other's from there.
    other = next(c for c in codes if worker_of(c, WORKERS) != worker_of(codes[0], WORKERS))
    await looker.send({"type": "join", "code": codes[0], "seat": "blue"})
    await looker.expect("joined", code=codes[0])
    await looker.send({"type": "look", "code": other})
    assert (await looker.expect("table", code=other))["code"] == other
    # ... and a join elsewhere is refused as a host alone refuses it.
    await looker.send({"type": "join", "code": other, "seat": "blue"})
    assert (await looker.expect("error", about="join"))["reason"] == "leave this table first"
    # Back in the lobby, the same connection sits at the other worker's table.
    await looker.send({"type": "leave"})
    await looker.expect("left", code=codes[0])
    await looker.send({"type": "join", "code": other, "seat": "blue"})
    await looker.expect("joined", code=other)
    await looker.send({"type": "chat", "text": "hello"})
    assert (await looker.expect("chat"))["text"] == "hello"
    for w in [*wires, looker]:
        await w.close()


async def test_wrong_codes_count_over_every_worker(door: tuple[FrontDoor, Path]) -> None:
    _front, sock = door
    owner = await connect_from(sock, "198.51.100.2", "owner")
    await owner.send(CREATE | {"seats": SEATS})
    code = (await owner.expect("created"))["code"]
    guesser = await connect_from(sock, "203.0.113.9", "guesser")
    wrong = [f"WRNG{c}" for c in "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" if f"WRNG{c}" != code]
    # Wrong codes that route to both workers, alternately.
    by_worker = [[c for c in wrong if worker_of(c, WORKERS) == i] for i in range(WORKERS)]
    guesses = [by_worker[i % WORKERS][i // WORKERS] for i in range(limits.WRONG_CODES_FREE)]
    for i, guess in enumerate(guesses):
        await guesser.send({"type": "look" if i % 2 else "join", "code": guess, "seat": None})
        assert "no table" in (await guesser.expect("error"))["reason"]
    await guesser.send({"type": "look", "code": code})
    assert "too many wrong table codes" in (await guesser.expect("error", about="look"))["reason"]
    # Another connection of the address, to the other worker, is refused as well.
    again = await connect_from(sock, "203.0.113.9", "again")
    await again.send({"type": "join", "code": code, "seat": "blue"})
    assert "too many wrong table codes" in (await again.expect("error", about="join"))["reason"]
    # The table's own creator is no guesser.
    await owner.send({"type": "join", "code": code, "seat": "yellow"})
    await owner.expect("joined")
    for w in (owner, guesser, again):
        await w.close()


async def test_an_address_keeps_a_bounded_number_of_games_going_over_every_worker(
    door: tuple[FrontDoor, Path],
) -> None:
    _front, sock = door
    one_person = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
    one_person.append({"colour": "grey", "kind": "computer"})
    wires: list[Wire] = []
    codes = []
    for k in range(limits.LIVE_GAMES_PER_ADDRESS + 1):
        w = await connect_from(sock, "192.0.2.7", f"p{k}")
        wires.append(w)
        await w.send(CREATE | {"seats": one_person})
        code = (await w.expect("created"))["code"]
        codes.append(code)
        await w.send({"type": "join", "code": code, "seat": "yellow"})
        await w.expect("joined")
        await w.send({"type": "start"})
        if k < limits.LIVE_GAMES_PER_ADDRESS:
            await w.expect("state")
    # The games going on are spread over both workers: no single worker saw the address's limit.
    assert {worker_of(c, WORKERS) for c in codes[:-1]} == {0, 1}
    reason = (await wires[-1].expect("error", about="start"))["reason"]
    assert f"{limits.LIVE_GAMES_PER_ADDRESS} games from your address" in reason
    # Another address starts as many as it likes within its own.
    other = await connect_from(sock, "192.0.2.8", "other")
    await other.send(CREATE | {"seats": one_person})
    code = (await other.expect("created"))["code"]
    await other.send({"type": "join", "code": code, "seat": "yellow"})
    await other.expect("joined")
    await other.send({"type": "start"})
    await other.expect("state")
    for w in [*wires, other]:
        await w.close()


def log_of(wire: Wire) -> list[Any]:
    """The event log a client holds after the states it has read (each replaces from `events_from`)."""
    log: list[Any] = []
    for msg in wire.inbox[: wire.seen]:
        if msg["type"] == "state":
            log = log[: msg["events_from"]] + msg["events"]
    return log


async def answer(person: Wire, state: dict[str, Any]) -> None:
    key = state["view"]["pending"]["options"][0]["key"]
    await person.send({"type": "choose", "key": key, "decision": state["decisions"]})


async def test_a_worker_killed_mid_game_loses_no_decision_of_a_person(door: tuple[FrontDoor, Path]) -> None:
    front, sock = door
    code, person = await open_table(sock)
    watcher = await connect_from(sock, "198.51.100.77", "watcher")
    await watcher.send({"type": "join", "code": code, "seat": None})
    await watcher.expect("joined")
    state = await my_question(person)
    for _ in range(3):  # a few decisions first: the game is under way
        assert state is not None
        await answer(person, state)
        state = await my_question(person)
    assert state is not None
    answered = state["decisions"]
    await answer(person, state)
    # The result of the person's decision has arrived: the worker dies at once.
    await person.expect("state")
    known = log_of(person)
    await watcher.drain_ready()
    watcher.seen = len(watcher.inbox)  # from here on: what the watcher is sent after the kill
    victim = pid_of(front, code)
    since_kill = len(person.inbox)
    os.kill(victim, signal.SIGKILL)
    # The same connection is sat down again at its seat by the front door, and sent the game
    # again from its first event: the person's decision is in it.
    while True:
        again = await person.expect("state")
        if again["events_from"] == 0:
            break
    assert pid_of(front, code) != victim
    assert again["events"][: len(known)] == known
    # Told why the whole game came again (its own line; not only "person sits at ...").
    told = f"Table {code} was taken up again after the host restarted its process: nothing was lost"
    while not any(m["type"] == "chat" and m["text"] == told for m in person.inbox[since_kill:]):
        await person._one()
    if asks(again):
        assert again["decisions"] > answered  # not asked the answered question again

    # The game goes on for the person, and the spectator is back at the table too: it is sent
    # the whole game again at the next public point.
    async def play_on() -> None:
        state: dict[str, Any] | None = again
        for _ in range(5):
            state = await my_question(person, state)
            if state is None:
                return
            await answer(person, state)
            state = None

    playing = asyncio.create_task(play_on())
    while (await watcher.expect("state"))["events_from"] != 0:
        pass
    await playing
    for w in (person, watcher):
        with contextlib.suppress(ConnectionError):
            await w.close()
