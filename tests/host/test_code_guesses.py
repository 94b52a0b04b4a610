"""Guessing table codes: wrong codes are counted per connection and per address, in the host,
so that every door shares the allowance (issue 22, finding 9). Nothing here waits for time."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pytest

from adrenaline_tui.host.guesses import WrongCodes
from adrenaline_tui.host.ssh import SSHDoor
from adrenaline_tui.wire import limits
from adrenaline_tui.wire.client import peer_address
from adrenaline_tui.wire.limits import address_key
from tests.host.test_abandoned_tables import Clock, connect_from
from tests.host.wire import SEATS, start_host, stop_host


def wrong_codes(right: str, n: int) -> list[str]:
    """`n` codes that are not `right` (nor each other)."""
    out = [f"WRNG{c}" for c in "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"]
    return [c for c in out if c != right][:n]


async def test_past_the_allowance_a_code_is_refused_for_a_while_from_the_whole_address(
    tmp_path: Path, sock: Path
) -> None:
    clock = Clock()
    host, server = await start_host(tmp_path / "tables", sock, clock=clock)
    try:
        owner = await connect_from(sock, "198.51.100.2", "owner")
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_10",
            "skulls": 5,
            "ending": "frenzy",
            "seats": SEATS,
        }
        await owner.send(create)
        code = (await owner.expect("created"))["code"]

        guesser = await connect_from(sock, "203.0.113.9", "guesser")
        for i, wrong in enumerate(wrong_codes(code, limits.WRONG_CODES_FREE)):
            # `look` and `join` alike.
            await guesser.send({"type": "look" if i % 2 else "join", "code": wrong, "seat": None})
            assert "no table" in (await guesser.expect("error"))["reason"]
        # The next code is not even looked up: the right one is refused like a wrong one.
        await guesser.send({"type": "look", "code": code})
        reason = (await guesser.expect("error", about="look"))["reason"]
        assert "too many wrong table codes" in reason and "\n" not in reason
        # Another connection from the same address is refused too.
        again = await connect_from(sock, "203.0.113.9", "again")
        await again.send({"type": "join", "code": code, "seat": "blue"})
        assert "too many wrong table codes" in (await again.expect("error", about="join"))["reason"]
        assert host.tables[code].seat_of(next(c for c in host.clients if c.name == "again")) is None
        # A table of one's own is no guess: set up meanwhile, its creator sits down at it.
        await again.send(create)
        own = (await again.expect("created"))["code"]
        await again.send({"type": "join", "code": own, "seat": "yellow"})
        await again.expect("joined", code=own)
        await again.send({"type": "leave"})
        await again.expect("left", code=own)
        # Someone else is not held up.
        friend = await connect_from(sock, "192.0.2.44", "friend")
        await friend.send({"type": "look", "code": code})
        await friend.expect("table", code=code)
        # After the wait, the right code works (through either connection).
        clock.now += limits.WRONG_CODE_SECONDS
        await again.send({"type": "join", "code": code, "seat": "blue"})
        await again.expect("joined", code=code, seat="blue")
        # And one wrong code later the address waits again: the allowance came back one code at a time.
        await guesser.send({"type": "look", "code": wrong_codes(code, 1)[0]})
        assert "no table" in (await guesser.expect("error", about="look"))["reason"]
        await guesser.send({"type": "look", "code": code})
        assert "too many wrong table codes" in (await guesser.expect("error", about="look"))["reason"]
    finally:
        await stop_host(host, server)


def test_wrong_codes_fade_one_at_a_time_and_count_per_connection_too() -> None:
    clock = Clock()
    codes = WrongCodes(clock, free=3, fade=60.0)
    one, other = ("connection 1", "address A"), ("connection 2", "address A")
    for _ in range(3):
        assert codes.refusal(one) is None
        codes.wrong(one)
    assert codes.wait(one) == 60.0 and codes.wait(other) == 60.0, "the address is shared"
    assert codes.wait(("connection 1", "address B")) == 60.0, "the connection keeps its own count"
    assert codes.wait(("connection 3", "address B")) == 0.0
    clock.now += 30
    assert codes.refusal(one) == "too many wrong table codes from your connection or address: try again in 30 s"
    clock.now += 30
    assert codes.refusal(one) is None


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.9", "203.0.113.9"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64"),  # one subscriber's network: one allowance
        ("::ffff:203.0.113.9", "203.0.113.9"),
        ("", ""),
    ],
)
def test_addresses_are_counted_by_what_one_subscriber_holds(address: str, key: str) -> None:
    assert address_key(address) == key


def test_a_client_tells_the_host_the_address_its_door_saw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSH_CONNECTION", "203.0.113.9 51234 10.0.0.1 22")
    assert peer_address() == "203.0.113.9"
    monkeypatch.delenv("SSH_CONNECTION")
    assert peer_address() == ""


async def test_the_ssh_door_tells_its_client_the_address_it_saw(tmp_path: Path) -> None:
    door = SSHDoor(tmp_path / "data", tmp_path / "no-host.sock")
    # The client the door starts, replaced by one that shows what it would tell the host.
    shows = "from adrenaline_tui.wire.client import peer_address; print('address=' + peer_address())"
    door.client_command = lambda name, identity="": [sys.executable, "-c", shows]  # type: ignore[method-assign]
    port = await door.start("127.0.0.1", 0)
    try:
        async with asyncssh.connect("127.0.0.1", port, username="p", known_hosts=None, client_keys=None) as conn:
            process = await conn.create_process(term_type="xterm", request_pty="force")
            out = await asyncio.wait_for(process.stdout.read(), 20)
        assert "address=127.0.0.1" in out
    finally:
        door.close()


@pytest.fixture
def sock(tmp_path: Path) -> Path:
    return tmp_path / "host.sock"
