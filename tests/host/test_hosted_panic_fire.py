"""Panic Fire on a live host: the referee on the host's clock (injected here, so nothing waits on
real time), each seat at its own client over a real socket.

Who was first is the order actions reach the host; two grabs of the gun never both succeed; the
countdown and "fire!" reach every seat in one pass; a dropped person is out of the round, not the
game; a restarted host resumes the table from its save; and what a seat is sent is the same,
byte for byte, whatever cards the others hold."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from adrenaline_tui.host.tables import HostTable
from adrenaline_tui.titles.panic_fire.game import Game
from adrenaline_tui.titles.panic_fire.hosting import HOST, HostedSession
from adrenaline_tui.titles.panic_fire.scenario import from_scenario
from tests.host.wire import Wire, start_host, stop_host

PLAIN = ["alien", "gorilla", "viking", "zombie"]  # four different characters: no match


class Clock:
    """The host's clock for Panic Fire tables, moved by hand (monotonic milliseconds)."""

    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(HOST, "clock", c)
    return c


def scenario_start(monkeypatch: pytest.MonkeyPatch, spec: dict[str, Any], seed: int = 1) -> None:
    """Tables start at exactly this deal (the seats' kinds as the create said)."""

    def start(table: HostTable, _seed: int, folder: Path | None, *threads: object) -> None:
        path = folder / f"{table.code}.json" if folder is not None else None
        table.session = HOST.session_of(from_scenario(spec, seed), table.kinds, path)

    monkeypatch.setattr(HostTable, "start", start)


async def seated(sock: Path, kinds: list[str], names: list[str]) -> tuple[str, dict[str, Wire]]:
    """A started Panic Fire table with a client at every person's seat, in seat order."""
    seats = ["scarlet", "violet", "amber", "teal", "ivory"][: len(kinds)]
    first = await Wire.connect(sock, names[0])
    await first.send({"type": "create", "title": "panic_fire", "options": {}, "seats": kinds})
    code = (await first.expect("created"))["code"]
    wires: dict[str, Wire] = {}
    people = [s for s, k in zip(seats, kinds, strict=True) if k == "human"]
    for n, seat in enumerate(people):
        w = first if n == 0 else await Wire.connect(sock, names[n])
        await w.send({"type": "join", "code": code, "seat": seat})
        await w.expect("joined")
        wires[seat] = w
    await first.send({"type": "start"})
    return code, wires


async def state_where(w: Wire, check: Any) -> dict[str, Any]:
    while True:
        msg = await w.expect("state")
        if check(msg):
            return msg


def session_of(host: Any, code: str) -> HostedSession:
    session = host.tables[code].session
    assert isinstance(session, HostedSession)
    return session


async def test_every_seat_counts_down_and_is_told_fire_in_the_same_pass(tmp_path: Path, clock: Clock) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "human"], ["ann", "ben", "cat"])
        for w in wires.values():
            first = await state_where(w, lambda m: not m["view"]["paused"])
            assert first["title"] == "panic_fire" and first["view"]["phase"] == "ready"
            assert first["view"]["now"] == -3000  # the countdown, as the host's clock reads it
            assert first["view"]["hand"] == [] and all(c is None for c in first["view"]["table"]["violet"]["set"])
        sent = {s: len(w.inbox) for s, w in wires.items()}
        clock.ms += 3000
        assert session_of(host, code).tick()  # "fire!" is due: the host's loop would wake now
        for seat, w in wires.items():
            fired = await state_where(w, lambda m: m["view"]["phase"] == "play")
            assert fired["view"]["now"] == 0 and len(fired["view"]["hand"]) == 4
            assert len(w.inbox) == sent[seat] + 1, "one frame for the flip, to every seat"
            assert [e[0] for e in fired["events"]][:1] == ["fire"]
    finally:
        await stop_host(host, server)


GRAB = {
    "seats": ["scarlet", "violet", "amber"],
    # Scarlet's Great Grandma is a match (1 of 1): anyone may shoot scarlet.
    "sets": {"scarlet": ["grandma", "nun", "cowboy", "viking"], "violet": PLAIN, "amber": PLAIN},
    "hands": {"scarlet": ["zombie"], "violet": ["nun"], "amber": ["cowboy"]},
    "shield": ["scarlet"],  # the first shot is stopped: scarlet stays, a target for the second
}


async def test_two_grabs_of_the_gun_never_both_succeed_the_first_to_reach_the_host_shoots(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario_start(monkeypatch, GRAB)
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "human"], ["ann", "ben", "cat"])
        for w in wires.values():
            await state_where(w, lambda m: not m["view"]["paused"])
        clock.ms += 3000  # the 3 s to look at a round taken up in play
        session_of(host, code).tick()
        # Both send at once; amber's line reaches the host first.
        await wires["amber"].send({"type": "act", "key": "shoot:scarlet"})
        await wires["violet"].send({"type": "act", "key": "shoot:scarlet"})
        refused = await wires["violet"].expect("error", about="act")
        assert refused["reason"] == "the gun is in amber's hand"
        game = session_of(host, code).engine_game
        shots = [e for e in game.log if e[3].startswith("shoot")]
        assert [e[2] for e in shots] == ["amber"]
        # Violet was sent the shot before the refusal: the frame says whose hand the gun is in.
        seen = wires["violet"].state
        assert seen is not None and seen["view"]["gun"] == "amber"
        assert any(e and e[0] == "shot" for e in seen["events"])
    finally:
        await stop_host(host, server)


async def test_an_illegal_action_gets_one_line_and_changes_nothing(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario_start(monkeypatch, GRAB)
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "human"], ["ann", "ben", "cat"])
        await state_where(wires["violet"], lambda m: not m["view"]["paused"])
        clock.ms += 3000
        session_of(host, code).tick()
        log = list(session_of(host, code).engine_game.log)
        for key, reason in [
            ("play:alien:scarlet:1", "you hold no The Alien"),
            ("shoot:violet", "you cannot shoot yourself"),
            ("fly:away", "no action 'fly'"),
        ]:
            await wires["violet"].send({"type": "act", "key": key})
            assert reason in (await wires["violet"].expect("error", about="act"))["reason"]
        await wires["violet"].send({"type": "act", "key": "bad key!"})
        assert "letters, digits" in (await wires["violet"].expect("error", about="act"))["reason"]
        await wires["violet"].send({"type": "choose", "key": "shield", "decision": 0})
        assert "no turns" in (await wires["violet"].expect("error", about="choose"))["reason"]
        assert session_of(host, code).engine_game.log == log
    finally:
        await stop_host(host, server)


async def test_a_dropped_person_is_out_of_the_round_not_the_game(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = {"sets": dict.fromkeys(("scarlet", "violet", "amber"), PLAIN), "hands": {}}
    scenario_start(monkeypatch, {"seats": ["scarlet", "violet", "amber"], "phase": "ready", **plain})
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "human"], ["ann", "ben", "cat"])
        for w in wires.values():
            await state_where(w, lambda m: not m["view"]["paused"])
        clock.ms += 3000
        session = session_of(host, code)
        session.tick()
        await wires["amber"].close()
        out = await state_where(wires["scarlet"], lambda m: not m["view"]["table"]["amber"]["live"])
        assert out["view"]["round"] == 1 and out["view"]["table"]["amber"]["in_round"]
        game = session.engine_game
        assert game.log[-1][2:] == ["amber", "fold"]
        # Scarlet shoots violet with no match: a foul, scarlet is out, violet takes the round.
        await wires["scarlet"].send({"type": "act", "key": "shoot:violet"})
        dealt = await state_where(wires["violet"], lambda m: m["view"]["round"] == 2)
        assert dealt["view"]["table"]["violet"]["bullets"] == 1
        # Round 2 deals amber in, and waits for them: nobody fires while a person is away.
        assert dealt["view"]["paused"] and dealt["view"]["waiting_for"] == ["amber"]
        clock.ms += 10_000
        assert not session.tick() and game.phase == "ready"
        back = await Wire.connect(sock, "cat")
        await back.send({"type": "join", "code": code, "seat": "amber"})
        await back.expect("joined")
        going = await state_where(back, lambda m: not m["view"]["paused"])
        assert going["view"]["round"] == 2 and going["view"]["now"] == -3000
        clock.ms += 3000
        session.tick()
        play = await state_where(back, lambda m: m["view"]["phase"] == "play")
        assert play["view"]["table"]["amber"]["live"] and len(play["view"]["hand"]) == 4
    finally:
        await stop_host(host, server)


async def test_a_seat_given_to_a_computer_plays_on_with_human_reaction_times(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    sock = tmp_path / "h.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "easy"], ["ann", "ben"])
        for w in wires.values():
            await state_where(w, lambda m: not m["view"]["paused"])
        session = session_of(host, code)
        assert set(session.referee.players) == {"amber"}
        clock.ms += 3000
        session.tick()
        await wires["violet"].close()
        await state_where(wires["scarlet"], lambda m: "violet" in m["vanished"])
        await wires["scarlet"].send({"type": "hand_over"})
        await wires["scarlet"].expect("chat", text="A computer plays for Violet until they are back")
        assert set(session.referee.players) == {"amber", "violet"}
        for seat, plan in session.referee.plans.items():
            if plan is not None:
                assert plan[0] - session.referee.now >= 250, f"{seat} would act faster than a person"
    finally:
        await stop_host(host, server)


async def test_a_restarted_host_resumes_the_table_where_its_save_is(tmp_path: Path, clock: Clock) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    sock = tmp_path / "h.sock"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated(sock, ["human", "human"], ["ann", "ben"])
        for w in wires.values():
            await state_where(w, lambda m: not m["view"]["paused"])
        clock.ms += 3000
        session = session_of(host, code)
        session.tick()
        game = session.engine_game
        key = next(a.key for a in game.legal("scarlet") if a.key.startswith("play") or a.key == "shield")
        clock.ms += 700
        await wires["scarlet"].send({"type": "act", "key": key})
        await state_where(wires["violet"], lambda m: len(m["events"]) > 0 and m["view"]["now"] == 700)
        log = [list(e) for e in game.log]
    finally:
        await stop_host(host, server)
    assert Game.load(folder / f"{code}.json").log == log
    host, server = await start_host(folder, sock)
    try:
        ann = await Wire.connect(sock, "ann")
        await ann.send({"type": "join", "code": code, "seat": "scarlet"})
        await ann.expect("joined")
        ben = await Wire.connect(sock, "ben")
        await ben.send({"type": "join", "code": code, "seat": "violet"})
        await ben.expect("joined")
        state = await state_where(ben, lambda m: not m["view"]["paused"])
        assert state["view"]["phase"] == "play" and state["view"]["holding"] == 3000  # 3 s to look first
        assert session_of(host, code).engine_game.log == log
    finally:
        await stop_host(host, server)


# -- privacy: what a seat is sent is the same whatever the cards it may not see ----------------------

# The cards the script below brings face up or into the hands of scarlet and amber: 3 drawn
# after plays, 4 dealt as scarlet's new set after a shot from a match.
DRAWN = ["viking", "alien", "cowboy", "gangster", "zombie", "gangster", "viking", "alien", "cowboy", "zombie"]
HIDDEN_PAIR = [
    # Violet's hand and the draw pile below the three cards drawn differ; nobody else's cards do.
    {"violet": ["gorilla", "nun", "shield", "zombie"], "draw": [*DRAWN, "zombie", "shield"]},
    {"violet": ["alien", "nun", "viking", "viking"], "draw": [*DRAWN, "shield", "gorilla"]},
]


def hidden_spec(hidden: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "seats": ["scarlet", "violet", "amber"],
        "phase": "ready",
        "sets": {
            "scarlet": ["nun", "nun", "cowboy", "viking"],
            "violet": ["cowboy", "alien", "gorilla", "zombie"],
            "amber": ["viking", "zombie", "alien", "cowboy"],
        },
        "hands": {"scarlet": ["nun", "cowboy"], "violet": hidden["violet"], "amber": ["grandma", "cowboy"]},
        "draw": hidden["draw"],
    }


async def play_hidden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock, spec: dict[str, Any]) -> dict:
    """One deal played with the same public actions; what each client received, code blanked."""
    clock.ms = 1_000_000
    scenario_start(monkeypatch, spec)
    sock = tmp_path / f"{random.getrandbits(32)}.sock"
    host, server = await start_host(None, sock)
    try:
        code, wires = await seated(sock, ["human", "human", "human"], ["ann", "ben", "cat"])
        watcher = await Wire.connect(sock, "watcher")
        await watcher.send({"type": "join", "code": code, "seat": None})
        await watcher.expect("joined")
        session = session_of(host, code)
        for w in wires.values():
            await state_where(w, lambda m: not m["view"]["paused"])
        clock.ms += 3000
        session.tick()
        script = [
            (400, "scarlet", "play:nun:scarlet:3"),  # scarlet's nuns: 3 of 4 is a match
            (900, "violet", "play:nun:scarlet:4"),  # a public card from violet's hidden hand
            (1500, "amber", "play:grandma:amber:1"),  # amber's Great Grandma: a match
            (1800, "scarlet", "shoot:amber"),
            (2100, "violet", "shoot:amber"),  # the gun is in scarlet's hand: refused
        ]
        for at, seat, key in script:
            clock.ms = 1_003_000 + at
            session.tick()
            await wires[seat].send({"type": "act", "key": key})
            await wires[seat].send({"type": "ping"})
            await wires[seat].expect("pong")
        received = {}
        for seat, w in [*wires.items(), (None, watcher)]:
            await w.send({"type": "ping"})
            await w.expect("pong")
            received[seat] = bytes(w.raw).replace(code.encode(), b"CODE")
        return received
    finally:
        await stop_host(host, server)


async def test_every_other_seat_is_sent_the_same_bytes_whatever_the_hidden_cards(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = []
    for hidden in HIDDEN_PAIR:
        with monkeypatch.context() as patch:
            runs.append(await play_hidden(tmp_path, patch, clock, hidden_spec(hidden)))
    assert runs[0]["violet"] != runs[1]["violet"], "violet's own hand differs: so must what violet is sent"
    assert b'"shot"' in runs[0]["scarlet"] and b"the gun is in scarlet" not in runs[0]["scarlet"]
    for seat in ("scarlet", "amber", None):
        a, b = runs[0][seat], runs[1][seat]
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            who = seat or "the spectator"
            raise AssertionError(f"{who} was sent different bytes at {at}:\n{a[at - 300 : at + 200]!r}")


async def test_before_fire_two_different_deals_send_every_seat_the_same_bytes(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Face down until "fire!": the deal itself is hidden from every seat, its own hand too."""
    received = []
    for seed in (11, 12):
        clock.ms = 1_000_000
        with monkeypatch.context() as patch:
            patch.setattr(HostTable, "start", _seeded_start(seed))
            sock = tmp_path / f"{seed}.sock"
            host, server = await start_host(None, sock)
            try:
                code, wires = await seated(sock, ["human", "human", "easy"], ["ann", "ben"])
                clock.ms += 2000
                for w in wires.values():
                    await w.send({"type": "ping"})
                    await w.expect("pong")
                received.append({s: bytes(w.raw).replace(code.encode(), b"CODE") for s, w in wires.items()})
                assert session_of(host, code).engine_game.phase == "ready"
            finally:
                await stop_host(host, server)
    assert received[0] == received[1]


def _seeded_start(seed: int) -> Any:
    def start(table: HostTable, _seed: int, folder: Path | None, *threads: object) -> None:
        table.session = HOST.start(len(table.kinds), table.options, table.kinds, seed, None)

    return start
