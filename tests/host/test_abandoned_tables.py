"""Tables nobody is at: suspended after a while (out of memory, computers stopped, the save kept),
resumed by one of their players exactly where they were; started games counted per address;
the host's threads bounded whatever the number of tables (issue 22, finding 3)."""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref
from pathlib import Path

import pytest

from adrenaline_tui.host import server as host_server
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.tui.session import HUMAN, Session
from adrenaline_tui.wire import limits, protocol
from tests.host.wire import SEATS, Wire, decider, seated_table, start_host, stop_host

ABANDON = 60.0  # seconds, on the tests' own clock
ALONE = [  # one person, the others computers: what a squatter sets up
    {"colour": "yellow", "kind": "human"},
    {"colour": "blue", "kind": "computer"},
    {"colour": "grey", "kind": "computer"},
]


class Clock:
    """The host's clock, moved by hand: nothing here waits for real time to pass."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def connect_from(sock: Path, address: str, name: str = "p") -> Wire:
    """A client whose door said it comes from `address` (as `SSH_CONNECTION` tells the client)."""
    reader, writer = await asyncio.open_unix_connection(str(sock), limit=protocol.MAX_HOST_LINE)
    wire = Wire(reader, writer)
    await wire.send({"type": "hello", "v": protocol.VERSION, "name": name, "address": address})
    await wire.expect("welcome")
    return wire


async def start_and_leave(w: Wire) -> str:
    """Set up a table of one person and two computers, sit, start, and leave it to the computers."""
    await w.send(
        {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "sudden_death",
            "seats": ALONE,
        }
    )
    code = (await w.expect("created"))["code"]
    await w.send({"type": "join", "code": code, "seat": "yellow"})
    await w.expect("joined", code=code)
    await w.send({"type": "start"})
    await w.expect("state", code=code)
    await w.send({"type": "leave"})
    await w.expect("left", code=code)
    return code


async def settle(host: host_server.Host, code: str) -> None:
    """Until the table's computers have played up to its person's decision."""
    for _ in range(2000):
        session = host.tables[code].session
        if session.game.pending is not None and not session.computer_to_move:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the computers never reached the person's decision")


async def test_a_table_left_to_computers_is_suspended_after_the_timeout_and_leaves_memory(
    tmp_path: Path, sock: Path
) -> None:
    clock = Clock()
    host, server = await start_host(tmp_path / "tables", sock, clock=clock, abandon_after=ABANDON)
    try:
        squatter = await connect_from(sock, "203.0.113.7")
        code = await start_and_leave(squatter)
        await settle(host, code)
        session = weakref.ref(host.tables[code].session)
        clock.now += ABANDON - 1
        assert host.sweep() == [] and code in host.tables, "not before its time"
        clock.now += 2
        assert host.sweep() == [code]
        assert code not in host.tables and code not in host._bots and code not in host._timers
        for _ in range(5):
            await asyncio.sleep(0)  # the cancelled computers' task ends
        gc.collect()
        assert session() is None, "the suspended game is still held in memory"
        assert (tmp_path / "tables" / f"{code}.json").is_file(), "its save is kept"
    finally:
        await stop_host(host, server)


async def test_a_late_callback_of_a_suspended_tables_last_write_starts_nothing(tmp_path: Path, sock: Path) -> None:
    """A person's decision is shown once it is on the file: `after` runs again from the write's
    callback. A table suspended while that write was under way (a busy machine: seen in CI) kept
    its game in memory through it, and `after` would start its computers again when one was to
    move; now the game leaves with the table."""
    clock = Clock()
    host, server = await start_host(tmp_path / "tables", sock, clock=clock, abandon_after=ABANDON)
    try:
        code = await start_and_leave(await connect_from(sock, "203.0.113.7"))
        await settle(host, code)
        table = host.tables[code]
        session = weakref.ref(table.session)
        clock.now += ABANDON - 1
        host.sweep()
        clock.now += 2
        assert host.sweep() == [code]
        host.after(table, [])  # what the write's callback calls once it is done
        assert code not in host._bots, "a suspended table's computers were started again"
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()
        assert session() is None, "the suspended game is held by the table it left"
    finally:
        await stop_host(host, server)


async def test_the_host_looks_for_abandoned_tables_by_itself(
    tmp_path: Path, sock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "SWEEP_SECONDS", 0.01)
    host, server = await start_host(tmp_path / "tables", sock, abandon_after=0.0)
    try:
        code = await start_and_leave(await connect_from(sock, "203.0.113.7"))
        for _ in range(2000):  # waits for the host's own sweep (a bounded wait, not a timing)
            if code not in host.tables:
                break
            await asyncio.sleep(0.005)
        assert code not in host.tables
    finally:
        await stop_host(host, server)


async def test_a_player_resumes_a_suspended_table_at_the_same_decision(tmp_path: Path, sock: Path) -> None:
    clock = Clock()
    host, server = await start_host(tmp_path / "tables", sock, clock=clock, abandon_after=ABANDON)
    try:
        squatter = await connect_from(sock, "203.0.113.7")
        code = await start_and_leave(squatter)
        await settle(host, code)
        game = host.tables[code].session.game
        history, pending = list(game.history), game.pending
        seen = game.decisions_seen(pending.player)  # what the seat's `decision` counts (protocol 2)
        clock.now += ABANDON + 1
        assert host.sweep() == [code]
        # Back later, through another connection: the code, the seat, the same question.
        back = await connect_from(sock, "198.51.100.2", "back")
        await back.send({"type": "look", "code": code})
        assert (await back.expect("table", code=code))["started"] is True
        await back.send({"type": "join", "code": code, "seat": pending.player})
        state = await back.expect("state", code=code)
        assert state["decisions"] == seen
        assert [o["key"] for o in state["view"]["pending"]["options"]] == pending.keys
        assert host.tables[code].session.game.history == history
        # And the game goes on from there.
        await back.send({"type": "choose", "key": pending.keys[0], "decision": seen})
        await back.expect("state", decisions=seen + 1)
        assert host.tables[code].session.game.history[: len(history) + 1] == [*history, pending.keys[0]]
    finally:
        await stop_host(host, server)


async def test_an_address_keeps_a_bounded_number_of_games_going(
    tmp_path: Path, sock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "LIVE_GAMES_PER_ADDRESS", 2)
    clock = Clock()
    host, server = await start_host(tmp_path / "tables", sock, clock=clock, abandon_after=ABANDON)
    try:
        squatter = await connect_from(sock, "203.0.113.7")
        codes = [await start_and_leave(squatter), await start_and_leave(squatter)]
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "sudden_death",
            "seats": ALONE,
        }
        # The third, from the same connection or another one from the same address: refused.
        for w in (squatter, await connect_from(sock, "203.0.113.7", "again")):
            await w.send(create)
            code = (await w.expect("created"))["code"]
            await w.send({"type": "join", "code": code, "seat": "yellow"})
            await w.expect("joined", code=code)
            await w.send({"type": "start"})
            reason = (await w.expect("error", about="start"))["reason"]
            assert "your address" in reason and "\n" not in reason
            assert not host.tables[code].started
            await w.send({"type": "leave"})
            await w.expect("left")
        # Someone else is not held up by it.
        other = await connect_from(sock, "198.51.100.2")
        codes.append(await start_and_leave(other))
        # Once the address's games are suspended (nobody at them), it may start again.
        for code in codes:
            await settle(host, code)
        clock.now += ABANDON + 1
        assert sorted(host.sweep()) == sorted(codes)
        await start_and_leave(squatter)
    finally:
        await stop_host(host, server)


def _saved_game(folder: Path, code: str, seed: int) -> None:
    game = Game.new(GameConfig(players=("yellow", "blue", "grey"), arena="arena_10", skulls=5), seed)
    for _ in range(3):
        game.choose(game.pending.options[0].key)
    session = Session(game, dict.fromkeys(game.seats, HUMAN), folder / f"{code}.json")
    session.write_table()
    session.autosave()
    session.saver.close()


async def test_a_restarted_host_holds_none_of_many_saved_tables_in_memory(tmp_path: Path, sock: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    codes = [f"SAV{a}{b}" for a in "ABCDEFGH" for b in "ABCDE"]  # 40 games left by a squatter
    for i, code in enumerate(codes):
        _saved_game(folder, code, i + 1)
    before = set(threading.enumerate())
    host, server = await start_host(folder, sock)
    try:
        assert host.tables == {}
        assert not [s for s in gc.get_objects() if isinstance(s, Session) and s.path and s.path.parent == folder]
        assert set(threading.enumerate()) - before == set()
        # Each is still there for its players.
        w = await Wire.connect(sock)
        await w.send({"type": "join", "code": codes[-1], "seat": "yellow"})
        assert (await w.expect("state"))["decisions"] == 3
        assert list(host.tables) == [codes[-1]]
    finally:
        await stop_host(host, server)


async def test_the_host_threads_do_not_grow_with_its_tables(
    tmp_path: Path, sock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "LIVE_GAMES_PER_ADDRESS", 100)  # the tests' clients share an address
    before = set(threading.enumerate())
    host, server = await start_host(tmp_path / "tables", sock)
    try:
        for _ in range(6):
            code, wires = await seated_table(sock, SEATS)
            colour, state = await decider(wires)
            # A person's decision: undo's copy of the game is made, the save is written.
            n = state["decisions"]
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][0]["key"], "decision": n}
            )
            await wires[colour].expect("state", decisions=n + 1)
            host.tables[code].session.flush()
        made = [t.name for t in set(threading.enumerate()) - before]
        saving = [n for n in made if n.startswith(("autosave", "undo-spare"))]
        assert len(saving) <= 1 + host_server.SPARE_THREADS, saving
    finally:
        await stop_host(host, server)


@pytest.fixture
def sock(tmp_path: Path) -> Path:
    return tmp_path / "host.sock"
