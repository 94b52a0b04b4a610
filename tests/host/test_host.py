"""The host with in-process clients over a Unix socket: tables, seats, turns, faults."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from adrenaline_tui.host import server as host_server
from adrenaline_tui.host.server import Client
from adrenaline_tui.wire import limits, protocol
from tests.host.wire import SEATS, Wire, create_message, decider, seated_table, start_host, stop_host


@pytest.fixture
def sock(tmp_path: Path) -> Path:
    return tmp_path / "host.sock"


async def test_a_table_is_created_joined_and_started(tmp_path: Path, sock: Path) -> None:
    host, server = await start_host(tmp_path / "tables", sock)
    try:
        code, wires = await seated_table(sock)
        assert len(code) == 5
        # Each seat sees its own view: its own powerups, nobody else's.
        for colour, w in wires.items():
            view = w.state["view"]
            assert view["viewer"] == colour
            for p in view["players"]:
                assert (p["powerups"] is None) == (p["colour"] != colour)
        # Only the one deciding is given options.
        with_options = [c for c, w in wires.items() if w.state["view"]["pending"].get("options")]
        assert with_options == [wires["yellow"].state["view"]["pending"]["player"]]
        # A spectator sees public information only.
        watcher = await Wire.connect(sock, "watcher")
        await watcher.send({"type": "join", "code": code, "seat": None})
        state = await watcher.expect("state")
        assert state["seat"] is None and all(p["powerups"] is None for p in state["view"]["players"])
        assert "options" not in state["view"]["pending"]
        host.tables[code].session.flush()
        assert (tmp_path / "tables" / f"{code}.json").exists()
    finally:
        await stop_host(host, server)


async def test_the_creator_starts_only_when_every_person_sits(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        creator = await Wire.connect(sock)
        await creator.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "frenzy",
                "seats": SEATS,
            }
        )
        code = (await creator.expect("created"))["code"]
        await creator.send({"type": "join", "code": code, "seat": "yellow"})
        await creator.expect("joined")
        await creator.send({"type": "start"})
        error = await creator.expect("error", about="start")
        assert "blue" in error["reason"] and "grey" in error["reason"]
        other = await Wire.connect(sock)
        await other.send({"type": "join", "code": code, "seat": "yellow"})
        assert "taken" in (await other.expect("error", about="join"))["reason"]
        await other.send({"type": "join", "code": "ZZZZZ", "seat": "blue"})
        assert "no table" in (await other.expect("error", about="join"))["reason"]
        assert not host.tables[code].started
    finally:
        await stop_host(host, server)


async def test_bad_and_out_of_turn_messages_get_an_error_and_change_nothing(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        game = host.tables[code].session.game
        history = list(game.history)
        colour, state = await decider(wires)
        other = next(w for c, w in wires.items() if c != colour)
        own = wires[colour]
        key = state["view"]["pending"]["options"][0]["key"]
        n = state["decisions"]
        bad = [
            b"not json\n",
            b"[1,2]\n",
            b'{"type":"nope"}\n',
            b'{"type":"choose","key":"' + b"a" * 100 + b'","decision":0}\n',
            b"x" * 10000 + b"\n",
            json.dumps({"type": "choose", "key": "no-such-option", "decision": n}).encode() + b"\n",
            json.dumps({"type": "choose", "key": key, "decision": n - 1 if n else n + 5}).encode() + b"\n",
            json.dumps(
                {"type": "create", "title": "adrenaline", "arena": "x", "skulls": 99, "ending": "frenzy", "seats": []}
            ).encode()
            + b"\n",
        ]
        for line in bad:
            await own.send_raw(line)
            await own.expect("error")
        await other.send({"type": "choose", "key": key, "decision": n})
        assert "not your decision" in (await other.expect("error", about="choose"))["reason"]
        assert game.history == history
        # And the right message from the right seat still works.
        await own.send({"type": "choose", "key": key, "decision": n})
        await own.expect("state", decisions=n + 1)
        assert game.history == [*history, key]
    finally:
        await stop_host(host, server)


async def test_a_dropped_player_gets_the_same_seat_and_decision_back(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        colour, state = await decider(wires)
        await wires[colour].close()
        again = await Wire.connect(sock, "back")
        await again.send({"type": "join", "code": code, "seat": colour})
        await again.expect("joined")
        back = await again.expect("state")
        assert back["view"]["pending"] == state["view"]["pending"]
        assert back["events_from"] == 0 and len(back["events"]) == len(host.tables[code].session.game.events)
        # Someone else cannot take a seat whose player is connected.
        thief = await Wire.connect(sock)
        await thief.send({"type": "join", "code": code, "seat": colour})
        assert "taken" in (await thief.expect("error"))["reason"]
    finally:
        await stop_host(host, server)


async def test_a_restarted_host_resumes_every_table(tmp_path: Path, sock: Path) -> None:
    folder = tmp_path / "tables"
    host, server = await start_host(folder, sock)
    code, wires = await seated_table(sock)
    n = 0
    for _ in range(5):
        colour, state = await decider(wires, n)
        n = state["decisions"]
        await wires[colour].send(
            {"type": "choose", "key": state["view"]["pending"]["options"][0]["key"], "decision": n}
        )
        n += 1
    await decider(wires, n)
    before = host.tables[code].session.game
    history, pending = list(before.history), before.pending
    await stop_host(host, server)
    sock.unlink()

    host, server = await start_host(folder, sock)
    try:
        assert code not in host.tables, "a restarted host loads a table when one of its players comes back"
        w = await Wire.connect(sock)
        await w.send({"type": "join", "code": code, "seat": pending.player})
        state = await w.expect("state")
        assert host.tables[code].session.game.history == history
        assert [o["key"] for o in state["view"]["pending"]["options"]] == pending.keys
    finally:
        await stop_host(host, server)


async def test_computer_seats_are_played_by_the_host(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        seats = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
        seats.append({"colour": "grey", "kind": "computer"})
        code, wires = await seated_table(sock, seats)
        n = 0
        for _ in range(30):
            got = await decider(wires, n)
            if got is None:
                break
            colour, state = got
            n = state["decisions"]
            assert colour == "yellow"
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][-1]["key"], "decision": n}
            )
            n += 1
        game = host.tables[code].session.game
        assert {e.data.get("player") for e in game.events if e.kind == "turn"} >= {"yellow", "blue"}
    finally:
        await stop_host(host, server)


async def test_chat_reaches_the_table_without_control_characters(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        _, wires = await seated_table(sock)
        await wires["blue"].send({"type": "chat", "text": "hi \x1b[2Jall"})
        for w in wires.values():
            line = await w.expect("chat", text="hi [2Jall")
            assert line["from"] == "blue (blue)"
    finally:
        await stop_host(host, server)


async def test_a_client_that_stops_reading_is_dropped_not_waited_for(
    sock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_server, "QUEUE_LIMIT", 8)
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        # A spectator that never reads: its socket fills, then its queue, then it is dropped.
        _reader, writer = await asyncio.open_unix_connection(str(sock))
        writer.write(
            protocol.encode({"type": "hello", "v": protocol.VERSION})
            + json.dumps({"type": "join", "code": code}).encode()
            + b"\n"
        )
        await writer.drain()
        n = 0
        # A spectator is sent the game only at public points: a few hundred decisions fill it.
        for _ in range(2000):
            got = await decider(wires, n)
            if got is None:
                break
            colour, state = got
            n = state["decisions"]
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][0]["key"], "decision": n}
            )
            n += 1
            if len(host.clients) == len(wires):
                break
        assert len(host.clients) == len(wires), "the silent client is still connected"
        assert host.tables[code].spectators == []
        writer.close()
    finally:
        await stop_host(host, server)


def test_a_full_queue_closes_the_client() -> None:
    async def run() -> None:
        client = Client(None)
        for i in range(host_server.QUEUE_LIMIT + 1):
            client.send({"type": "chat", "text": str(i)})
        assert not client.connected

    asyncio.run(run())


def test_the_rate_limit_refuses_a_flood() -> None:
    client = Client(None)
    allowed = sum(client.allow() for _ in range(1000))
    assert allowed < 100


async def test_someone_watching_a_table_may_sit_down_at_a_free_seat(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        creator = await Wire.connect(sock)
        await creator.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "frenzy",
                "seats": SEATS,
            }
        )
        code = (await creator.expect("created"))["code"]
        await creator.send({"type": "join", "code": code, "seat": "yellow"})
        other = await Wire.connect(sock)
        await other.send({"type": "join", "code": code, "seat": None})
        await other.expect("joined", seat=None)
        await other.send({"type": "join", "code": code, "seat": "yellow"})
        assert "taken" in (await other.expect("error", about="join"))["reason"]
        await other.send({"type": "join", "code": code, "seat": "blue"})
        await other.expect("joined", seat="blue")
        table = host.tables[code]
        assert set(table.holders) == {"yellow", "blue"} and table.spectators == []
    finally:
        await stop_host(host, server)


async def grey_leaves_and_a_computer_plays_for_them(table, wires: dict) -> None:
    """Grey's connection drops; the creator (yellow) gives the seat to a computer."""
    await wires["grey"].close()
    for _ in range(100):
        if not table.holders["grey"].connected:
            break
        await asyncio.sleep(0.01)
    await wires["yellow"].send({"type": "hand_over"})
    await wires["yellow"].expect("chat", text="A computer plays for Dozer until they are back")


async def test_the_creator_gives_a_vanished_seat_to_a_computer_and_back(tmp_path: Path, sock: Path) -> None:
    folder = tmp_path / "tables"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated_table(sock)
        table = host.tables[code]
        await wires["blue"].send({"type": "hand_over"})
        assert "creator" in (await wires["blue"].expect("error", about="hand_over"))["reason"]
        await wires["yellow"].send({"type": "hand_over"})
        assert "every person is here" in (await wires["yellow"].expect("error", about="hand_over"))["reason"]
        await grey_leaves_and_a_computer_plays_for_them(table, wires)
        assert table.session.kinds["grey"] == "random" and table.handed == {"grey": "human"}
        # The computer now plays grey's decisions: the game moves past grey's turns.
        n = 0
        for _ in range(30):
            got = await decider({c: w for c, w in wires.items() if c != "grey"}, n)
            colour, state = got
            n = state["decisions"]
            key = state["view"]["pending"]["options"][0]["key"]
            await wires[colour].send({"type": "choose", "key": key, "decision": n})
            n += 1
        game = table.session.game
        assert any(e.kind == "turn" and e.data["player"] == "grey" for e in game.events)
        # Kept across a restart of the host.
        extras = json.loads((folder / f"{code}.host.json").read_text())
        assert extras["handed"] == {"grey": "human"} and extras["creator_seat"] == "yellow"
        await wires["yellow"].send({"type": "hand_back"})
        await wires["yellow"].expect("chat", text="Dozer is a person's seat again")
        assert table.session.kinds["grey"] == "human" and table.handed == {}
    finally:
        await stop_host(host, server)


async def test_a_person_back_at_a_seat_given_to_a_computer_takes_it_back(tmp_path: Path, sock: Path) -> None:
    """The chat says "a computer plays for Dozer until they are back": back, grey sits down and plays
    again (it said "the grey seat is played by a computer" until the creator gave it back)."""
    folder = tmp_path / "tables"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated_table(sock)
        table = host.tables[code]
        await grey_leaves_and_a_computer_plays_for_them(table, wires)
        back = await Wire.connect(sock, "grey")
        await back.send({"type": "join", "code": code, "seat": "grey"})
        await back.expect("joined", seat="grey")
        # People read the chat: seats by their figure's name, not the protocol's colour.
        await wires["yellow"].expect("chat", text="grey sits at Dozer")
        await wires["yellow"].expect("chat", text="Dozer is a person's seat again")
        assert table.session.kinds["grey"] == "human" and table.handed == {}
        extras = json.loads((folder / f"{code}.host.json").read_text())
        assert extras["handed"] == {}
        # The other seat's person is still theirs alone.
        stranger = await Wire.connect(sock, "x")
        await stranger.send({"type": "join", "code": code, "seat": "blue"})
        assert "taken" in (await stranger.expect("error", about="join"))["reason"]
    finally:
        await stop_host(host, server)


async def test_a_turn_timer_has_a_computer_decide_for_a_slow_person(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        creator = await Wire.connect(sock)
        await creator.send(
            {
                "type": "create",
                "title": "adrenaline",
                "arena": "arena_10",
                "skulls": 5,
                "ending": "frenzy",
                "seats": SEATS,
                "timer": 5,
            }
        )
        assert "turn timer" in (await creator.expect("error", about="create"))["reason"]
        seats = [SEATS[0], {"colour": "blue", "kind": "computer"}, {"colour": "grey", "kind": "computer"}]
        msg = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "frenzy",
            "seats": seats,
            "timer": 10,
        }
        await creator.send(msg)
        code = (await creator.expect("created"))["code"]
        table = host.tables[code]
        table.timer = 0.2  # ten seconds is the least a person may set; the test need not wait that long
        await creator.send({"type": "join", "code": code, "seat": "yellow"})
        await creator.send({"type": "start"})
        line = await creator.expect("chat", text="Time is up: a computer decides for D-struct-or")
        assert line["from"] is None
        assert len(table.session.game.history) >= 1
    finally:
        await stop_host(host, server)


async def test_tables_nobody_can_use_are_forgotten_and_a_full_host_says_so(
    sock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_TABLES", 3)
    host, server = await start_host(None, sock)
    try:
        spammer = await Wire.connect(sock)
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "frenzy",
            "seats": SEATS,
        }
        for _ in range(10):
            await spammer.send(create)
            await spammer.expect("created")
        assert len(host.tables) == 1, "one client keeps one table it has not sat at"
        others = [await Wire.connect(sock) for _ in range(3)]
        for w in others[:2]:
            await w.send(create)
            await w.expect("created")
        await others[2].send(create)
        assert "full" in (await others[2].expect("error", about="create"))["reason"]
        # When its creator goes, an unstarted table nobody sits at goes too.
        await spammer.close()
        for _ in range(100):
            if len(host.tables) == 2:
                break
            await asyncio.sleep(0.01)
        assert len(host.tables) == 2
    finally:
        await stop_host(host, server)


async def test_a_seat_taken_with_a_key_is_taken_back_only_with_that_key(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated_table(sock)
        table = host.tables[code]
        keyed = await Wire.connect(sock, "kim")
        # A seat whose player left, retaken by someone with a key: from now on it is that key's.
        await wires["blue"].close()
        for _ in range(100):
            if not table.holders["blue"].connected:
                break
            await asyncio.sleep(0.01)
        await keyed.close()
        kim = await _with_identity(sock, "SHA256:kim")
        await kim.send({"type": "join", "code": code, "seat": "blue"})
        await kim.expect("joined", seat="blue")
        await kim.close()
        for _ in range(100):
            if not table.holders["blue"].connected:
                break
            await asyncio.sleep(0.01)
        other = await _with_identity(sock, "SHA256:someone-else")
        await other.send({"type": "join", "code": code, "seat": "blue"})
        assert "another SSH key" in (await other.expect("error", about="join"))["reason"]
        nobody = await Wire.connect(sock, "anon")
        await nobody.send({"type": "join", "code": code, "seat": "blue"})
        assert "another SSH key" in (await nobody.expect("error", about="join"))["reason"]
        again = await _with_identity(sock, "SHA256:kim")
        await again.send({"type": "join", "code": code, "seat": "blue"})
        await again.expect("joined", seat="blue")
    finally:
        await stop_host(host, server)


async def _with_identity(sock: Path, identity: str) -> Wire:
    reader, writer = await asyncio.open_unix_connection(str(sock), limit=2**22)
    wire = Wire(reader, writer)
    await wire.send({"type": "hello", "v": protocol.VERSION, "name": "k", "identity": identity})
    await wire.expect("welcome")
    return wire


async def test_a_failing_computer_player_does_not_stall_the_table(sock: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adrenaline_tui.tui.session import Session

    def broken(self: Session) -> str:
        raise RuntimeError("the computer player has a bug")

    monkeypatch.setattr(Session, "computer_choice", broken)
    host, server = await start_host(None, sock)
    try:
        seats = [SEATS[0], {"colour": "blue", "kind": "computer"}, {"colour": "grey", "kind": "computer"}]
        code, wires = await seated_table(sock, seats)
        n = 0
        for _ in range(10):
            colour, state = await decider(wires, n)
            n = state["decisions"]
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][-1]["key"], "decision": n}
            )
            n += 1
        game = host.tables[code].session.game
        assert {e.data.get("player") for e in game.events if e.kind == "turn"} >= {"blue", "grey"}
    finally:
        await stop_host(host, server)


async def test_a_domination_table_with_the_bot_is_created_and_played(sock: Path) -> None:
    host, server = await start_host(None, sock)
    try:
        seats = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
        seats.append({"colour": "grey", "kind": "computer"})
        code, wires = await seated_table(sock, seats, mode="domination", bot="purple")
        table = host.tables[code]
        assert table.lobby()["mode"] == "domination" and table.lobby()["bot"] == "purple"
        game = table.session.game
        assert (game.config.mode, game.config.bot) == ("domination", "purple")
        n = 0
        for _ in range(40):
            got = await decider(wires, n)
            if got is None or any(e.kind == "bot_action" for e in game.events):
                break
            colour, state = got
            n = state["decisions"]
            assert colour == "yellow"  # the bot's action is the decision of whoever's turn it is
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][-1]["key"], "decision": n}
            )
            n += 1
        assert "bot_action" in [e.kind for e in game.events]
    finally:
        await stop_host(host, server)


@pytest.mark.parametrize(
    ("more", "reason"),
    [
        ({"mode": "capture"}, "no mode"),
        ({"mode": 3}, "'mode' must be text"),
        ({"bot": "red"}, "no figure"),
        ({"bot": "yellow"}, "is a seat"),
        ({"bot": ["purple"]}, "'bot' must be text"),
    ],
)
async def test_a_bad_mode_or_bot_is_refused_and_changes_nothing(sock: Path, more: dict, reason: str) -> None:
    host, server = await start_host(None, sock)
    try:
        creator = await Wire.connect(sock)
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "frenzy",
            "seats": SEATS,
        }
        await creator.send(create | more)
        assert reason in (await creator.expect("error", about="create"))["reason"]
        assert host.tables == {}
        # Without a mode or a bot (a client from before the modes): the standard game.
        await creator.send(create)
        code = (await creator.expect("created"))["code"]
        lobby = host.tables[code].lobby()
        assert (lobby["mode"], lobby["bot"]) == ("standard", None)
    finally:
        await stop_host(host, server)


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "not json", '["a list"]', '{"timer": "x", "creator_seat": 7}'],
    ids=["nested-too-deep", "not-json", "a-list", "bad-values"],
)
def test_a_bad_seats_file_is_ignored_and_changes_nothing(tmp_path: Path, text: str) -> None:
    # CODE.host.json is the host's own, but checked like any file in the data folder. 100,000
    # brackets made json.loads raise RecursionError (not ValueError): the table could not be
    # loaded, and sitting down at it only said "the host could not do that".
    from adrenaline_tui.host.tables import HostTable

    host = host_server.Host(tmp_path)
    options = {"arena": "arena_10", "skulls": "5", "ending": "frenzy"}
    table = HostTable("ABCDE", "adrenaline", options, {"yellow": "human", "blue": "random", "grey": "random"})
    path = tmp_path / "ABCDE.host.json"
    path.write_text(text)
    host.load_extras(table, path)
    assert (table.timer, table.creator_seat, table.handed, table.owners) == (0, None, {}, {})


async def test_someone_looking_at_a_table_sees_its_seats_fill_until_they_stop_looking(sock: Path) -> None:
    """A looker's lobby is brought up to date as others sit down (it used to show the seats of
    the moment it looked, and a seat taken since was found out only by being refused)."""
    host, server = await start_host(None, sock)
    try:
        creator = await Wire.connect(sock, "ann")
        await creator.send(create_message(ending="frenzy"))
        code = (await creator.expect("created"))["code"]
        await creator.send({"type": "join", "code": code, "seat": "yellow"})
        await creator.expect("joined")
        looker = await Wire.connect(sock, "cid")
        await looker.send({"type": "look", "code": code})
        first = await looker.expect("table", code=code)
        assert [s["player"] for s in first["seats"]][:2] == ["ann", None]
        bob = await Wire.connect(sock, "bob")
        await bob.send({"type": "join", "code": code, "seat": "blue"})
        await bob.expect("joined")
        update = await looker.expect("table", code=code)
        assert [s["player"] for s in update["seats"]][:2] == ["ann", "bob"] and update["you"] is None
        # Standing up from a table one only looked at: no error, and no more of its news.
        await looker.send({"type": "leave"})
        await looker.expect("left", code=code)
        await bob.send({"type": "leave"})
        await bob.expect("left", code=code)
        await creator.send({"type": "chat", "text": "marker"})
        await creator.expect("chat")
        await asyncio.sleep(0.1)
        await looker.drain_ready()
        assert [m for m in looker.inbox[looker.seen :] if m["type"] == "table"] == []
        # Looking again brings the news again, until the connection ends.
        await looker.send({"type": "look", "code": code})
        await looker.expect("table", code=code)
        assert host.tables[code].lookers == [next(c for c in host.clients if c.name == "cid")]
        await looker.close()
        for _ in range(100):
            if not host.tables[code].lookers:
                break
            await asyncio.sleep(0.01)
        assert host.tables[code].lookers == []
    finally:
        await stop_host(host, server)
