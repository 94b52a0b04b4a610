"""What a seat is sent is the same, byte for byte, whatever cards the others hold.

Pairs of deals differ only in hidden cards: the same powerups in other hands. Both are played
through a live host with the same public choices: the people's clients and the computers alike
answer every question only a hidden card raises (a Targeting Scope, a Newton kept for the end of
a turn, paying with a powerup, a Tagback Grenade) by declining it, so the public game is the same.
Then every client whose own hand is the same in both deals (and a spectator) must have received
exactly the same bytes: no prompt, no kind, no decision count, no extra message and no message
split differently can tell the deals apart. The same is checked on screen: one of the people
plays through the real client app, and every frame its table draws must be the same.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from adrenaline_tui.ai import PLAYER_KINDS
from adrenaline_tui.host.server import Host
from adrenaline_tui.host.tables import HostTable
from adrenaline_tui.rules import Game
from adrenaline_tui.titles.adrenaline_hosting import HOST as ADRENALINE_HOST
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.remote_app import RemoteApp
from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.session import Session
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS
from tests.host.wire import WAIT, Wire, start_host, stop_host, until
from tests.tui.test_hidden_cards import PublicPlayer, deal, public_choice

TURNS = 6
SEATS = [
    {"colour": "yellow", "kind": "human"},
    {"colour": "blue", "kind": "human"},
    {"colour": "grey", "kind": "computer"},
    {"colour": "purple", "kind": "computer"},
]
# Each pair: the same cards in other hands. In the first the computers swap theirs, so both
# people and the spectator must see the same; in the second a person's Targeting Scope and
# Newton go to a computer instead (how many cards each holds is public), so the other person
# and the spectator must.
PAIRS = {
    "computers": [
        {
            "grey": ["tagback-grenade-red", "targeting-scope-blue"],
            "purple": ["newton-yellow", "teleporter-red"],
            "yellow": ["tagback-grenade-yellow"],
        },
        {
            "grey": ["newton-yellow", "teleporter-red"],
            "purple": ["tagback-grenade-red", "targeting-scope-blue"],
            "yellow": ["tagback-grenade-yellow"],
        },
    ],
    "a person": [
        {"yellow": ["targeting-scope-blue", "newton-yellow"], "grey": ["tagback-grenade-red", "teleporter-red"]},
        {"yellow": ["tagback-grenade-red", "teleporter-red"], "grey": ["targeting-scope-blue", "newton-yellow"]},
    ],
}
VARIANTS = {
    "standard": {},
    "domination+bot": {"mode": "domination", "turn": 2, "bot": {"colour": "green", "square": "r1c2"}},
    "turret": {"mode": "turret", "turn": 2, "turret": {"turrets": {"r1c3": "grey"}}},
}


def host_scenario(hands: dict[str, list[str]], variant: str) -> dict[str, Any]:
    """A deal played by a host's own rules (the prompts its tables ask)."""
    scenario = {**deal(hands, ("yellow", "blue")), **VARIANTS[variant]}
    options = {"arena": "arena_11a", "skulls": "5", "ending": "frenzy"}
    rules = ADRENALINE_HOST.config({s["colour"]: s["kind"] for s in SEATS}, options).to_dict()
    scenario.update({k: v for k, v in rules.items() if k.endswith("_prompt")})
    return scenario


def same_hand(pair: list[dict[str, list[str]]], colour: str) -> bool:
    return sorted(pair[0].get(colour, [])) == sorted(pair[1].get(colour, []))


async def play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scenario: dict[str, Any], seed: int
) -> dict[str, bytes]:
    """One deal at a live host, people answering with public choices; returns what each client
    (by seat, `None` the spectator) received, the table code blanked."""

    def start(table: HostTable, _seed: int, folder: Path | None, *_pools: object) -> None:
        table.session = Session(Game.from_scenario(scenario, seed), table.kinds)

    monkeypatch.setattr(HostTable, "start", start)
    monkeypatch.setattr(Host, "computer_processes", 0)  # the "public" player is this process's own
    sock = tmp_path / f"{random.getrandbits(32)}.sock"
    host, server = await start_host(None, sock, computer="public", seed=seed)
    try:
        creator = await Wire.connect(sock, "ann")
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_11a",
            "skulls": 5,
            "ending": "frenzy",
            "seats": SEATS,
        }
        await creator.send(create)
        code = (await creator.expect("created"))["code"]
        wires = {"yellow": creator}
        await creator.send({"type": "join", "code": code, "seat": "yellow"})
        await creator.expect("joined")
        ben = await Wire.connect(sock, "ben")
        await ben.send({"type": "join", "code": code, "seat": "blue"})
        await ben.expect("joined")
        wires["blue"] = ben
        watcher = await Wire.connect(sock, "watcher")
        await watcher.send({"type": "join", "code": code, "seat": None})
        await watcher.expect("joined")
        await creator.send({"type": "start"})
        game_of = lambda: host.tables[code].session.game  # noqa: E731
        rng = random.Random(seed)
        for _ in range(2000):
            deciding = await until_a_person_decides(host, code, wires)
            if deciding is None:
                break
            colour, state = deciding
            game = game_of()
            if game.turn > TURNS and game.at_public_point:
                break
            pending = state["view"]["pending"]
            keys = [o["key"] for o in pending["options"]]
            choice = public_choice(pending["kind"], keys, rng)
            await wires[colour].send({"type": "choose", "key": choice, "decision": state["decisions"]})
        else:
            raise AssertionError("the game did not get far enough")
        received: dict[str | None, bytes] = {}
        for seat, w in [*wires.items(), (None, watcher)]:
            await w.send({"type": "ping"})
            await w.expect("pong")
            received[seat] = bytes(w.raw).replace(code.encode(), b"CODE")
        return received
    finally:
        await stop_host(host, server)


async def until_a_person_decides(host: Any, code: str, wires: dict[str, Wire]) -> tuple[str, dict[str, Any]] | None:
    """The person the game waits on, once their client has the latest state (None: over)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        session = host.tables[code].session
        if session is None:  # not started yet
            await asyncio.sleep(0.001)
            continue
        game = session.game
        if game.over:
            return None
        d = game.pending
        w = wires.get(d.player)
        if w is not None and not session.computer_to_move:
            # Answered after whatever this client sent before (its last answer included).
            await w.send({"type": "ping"})
            await w.expect("pong")
            state, d = w.state, game.pending
            current = state is not None and d is not None and wires.get(d.player) is w
            if current and state["decisions"] == game.decisions_seen(d.player):
                return d.player, state
        await asyncio.sleep(0.001)
    raise AssertionError("nobody was asked anything")


@pytest.mark.parametrize(
    ("pair", "variant", "seed"),
    [
        ("computers", "standard", 1),
        ("a person", "standard", 2),
        ("computers", "domination+bot", 3),
        ("a person", "turret", 4),
    ],
)
async def test_every_other_seat_is_sent_the_same_bytes_whatever_the_hidden_cards(
    pair: str, variant: str, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYER_KINDS, "public", PublicPlayer)
    deals = PAIRS[pair]
    runs = [await play(tmp_path, monkeypatch, host_scenario(hands, variant), seed) for hands in deals]
    compared = [seat for seat in ("yellow", "blue", None) if seat is None or same_hand(deals, seat)]
    assert len(runs[0][None]) > 20_000, "too little was played to compare"
    for seat in compared:
        a, b = runs[0][seat], runs[1][seat]
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            raise AssertionError(
                f"{seat or 'the spectator'} was sent different bytes at {at}:\n{a[at - 300 : at + 200]!r}\n"
                f"{b[at - 300 : at + 200]!r}"
            )


# On screen: Ann plays yellow through the real client app, Ben blue through a scripted client.
# Ann's hand is the same in both deals of each pair; in the second Ben's cards go to a computer.
SCREEN_PAIRS = {
    "computers": PAIRS["computers"],
    "a person": [
        {"blue": ["targeting-scope-blue", "newton-yellow"], "grey": ["tagback-grenade-red", "teleporter-red"]},
        {"blue": ["tagback-grenade-red", "teleporter-red"], "grey": ["targeting-scope-blue", "newton-yellow"]},
    ],
}


def hosted_frame(table: HostedTableScreen) -> tuple[Any, ...]:
    """What the hosted table draws: every widget's input, as the table screen works it out."""
    game, view, kinds = table.session.game, table.view, table.session.kinds
    assert view is not None
    return (
        table.viewer,
        table.panel_state(view),
        presenter.status(game, view, table.viewer, kinds),  # type: ignore[arg-type]
        presenter.board_states(game, view, table.viewer, False),  # type: ignore[arg-type]
        presenter.mode_board_state(game, view),  # type: ignore[arg-type]
        presenter.map_state(game, view, None),  # type: ignore[arg-type]
        tuple(e.text for e in game.events),
    )


def drawn(app: RemoteApp, decisions: int) -> bool:
    """Whether Ann's table shows her question `decisions`."""
    table = app.screen
    view = table.view if isinstance(table, HostedTableScreen) else None
    return view is not None and view["decisions"] == decisions and bool(view["pending"].get("options"))


async def play_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scenario: dict[str, Any], seed: int
) -> list[tuple[Any, ...]]:
    """One deal at a live host, Ann in the client app; returns every frame her table drew."""

    def start(table: HostTable, _seed: int, folder: Path | None, *_pools: object) -> None:
        table.session = Session(Game.from_scenario(scenario, seed), table.kinds)

    frames: list[tuple[Any, ...]] = []
    render = TableScreen.render_table

    def render_spy(table: TableScreen) -> None:
        render(table)
        if isinstance(table, HostedTableScreen):
            frames.append(hosted_frame(table))

    monkeypatch.setattr(HostTable, "start", start)
    monkeypatch.setattr(Host, "computer_processes", 0)  # the "public" player is this process's own
    monkeypatch.setattr(TableScreen, "render_table", render_spy)
    sock = tmp_path / f"{random.getrandbits(32)}.sock"
    host, server = await start_host(None, sock, computer="public", seed=seed)
    try:
        ben = await Wire.connect(sock, "ben")
        create = {
            "type": "create",
            "title": "adrenaline",
            "arena": "arena_11a",
            "skulls": 5,
            "ending": "frenzy",
            "seats": SEATS,
        }
        await ben.send(create)
        code = (await ben.expect("created"))["code"]
        await ben.send({"type": "join", "code": code, "seat": "blue"})
        await ben.expect("joined")
        app = RemoteApp(sock, "ann")
        rng = random.Random(seed)
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: "Connected" in app.status, "connected")
            app.open_table(code)
            await until(pilot, lambda: app.lobby is not None and app.lobby.table is not None, "the lobby")
            app.sit("yellow")
            await until(pilot, lambda: "yellow" in host.tables[code].holders, "seated")
            await ben.send({"type": "start"})
            for _ in range(2000):
                await until(pilot, lambda: host.tables[code].session is not None, "the start")
                session = host.tables[code].session
                game = session.game
                if session.computer_to_move:
                    await pilot.pause(0.002)
                    continue
                d, before = game.pending, len(game.history)
                assert d is not None, "the game ended before the turns to compare"
                if d.player == "blue":
                    await ben.send({"type": "ping"})
                    await ben.expect("pong")
                    state = ben.state
                    if state is None or state["decisions"] != game.decisions_seen("blue"):
                        continue
                    if game.turn > TURNS and game.at_public_point:
                        break
                    pending = state["view"]["pending"]
                    choice = public_choice(pending["kind"], [o["key"] for o in pending["options"]], rng)
                    await ben.send({"type": "choose", "key": choice, "decision": state["decisions"]})
                else:
                    seen = game.decisions_seen("yellow")
                    await until(pilot, lambda seen=seen: drawn(app, seen), "Ann's question on her screen")
                    if game.turn > TURNS and game.at_public_point:
                        break
                    table = app.screen
                    pending = table.view["pending"]
                    keys = [o["key"] for o in pending["options"]]
                    await pilot.press(HOTKEYS[keys.index(public_choice(pending["kind"], keys, rng))])
                await until(pilot, lambda b=before, g=game: len(g.history) > b, "the answer")
            else:
                raise AssertionError("the game did not get far enough")
        return frames
    finally:
        await stop_host(host, server)


@pytest.mark.parametrize(("pair", "variant", "seed"), [("a person", "standard", 5), ("computers", "turret", 6)])
async def test_a_person_at_a_hosted_table_sees_the_same_frames_whatever_the_hidden_cards(
    pair: str, variant: str, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYER_KINDS, "public", PublicPlayer)
    runs = []
    for hands in SCREEN_PAIRS[pair]:
        with monkeypatch.context() as patch:
            runs.append(await play_on_screen(tmp_path, patch, host_scenario(hands, variant), seed))
    frames_a, frames_b = runs
    assert len(frames_a) > 20
    for i, (a, b) in enumerate(zip(frames_a, frames_b, strict=False)):
        assert a == b, f"frame {i} differs with the hidden cards:\n{a}\n{b}"
    assert len(frames_a) == len(frames_b)


async def test_the_turn_timer_runs_from_one_public_point_to_the_next() -> None:
    """Restarting the timer at a Targeting Scope question would give the person more time, and
    its running out tell the table there was a question; it runs on, and a computer answers every
    question up to the next public point."""
    from adrenaline_tui.host.server import Host
    from adrenaline_tui.tui.session import HUMAN

    game = Game.from_scenario(
        {
            "arena": "arena_12",
            "tagback_prompt": "all",
            "end_turn_prompt": "always",
            "players": [
                {
                    "colour": "yellow",
                    "square": "r2c3",
                    "weapons": ["electroscythe"],
                    "powerups": ["targeting-scope-red"],
                    "ammo": {"red": 1, "blue": 0, "yellow": 0},
                },
                {"colour": "blue", "square": "r2c3"},
                {"colour": "grey", "square": "r0c0"},
            ],
        }
    )
    host = Host(None, bot_delay=0, computer="random", seed=1)
    options = {"arena": "arena_12", "skulls": "5", "ending": "frenzy"}
    table = HostTable("TIMER", "adrenaline", options, dict.fromkeys(game.seats, HUMAN))
    table.session = Session(game, table.kinds)
    table.timer = 100
    host.start_timer(table)
    first = host._timers["TIMER"]
    table.session.choose("shoot")
    assert game.pending.kind == "scope" and not game.at_public_point
    host.start_timer(table)
    assert host._timers["TIMER"] is first, "the timer was restarted at a question only a card raised"
    host._time_up(table, len(game.history))
    assert first.cancelled() or host._timers.get("TIMER") is not first
    game = table.session.game
    assert game.at_public_point, "the computer stopped answering before the next public point"
    host.close()
