"""The registry of titles (issue 24): every title is set up, played, ranked and saved through the
same interface, and the shell names no title but through it."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adrenaline_tui.titles.registry import TITLES, UnknownTitle, parse_options, title, title_of_format

TURNS = [t for t in TITLES if t.timing == "turns"]
REAL_TIME = [t for t in TITLES if t.timing == "real-time"]


def test_every_title_keeps_one_of_the_two_contracts() -> None:
    assert TURNS and REAL_TIME and len(TURNS) + len(REAL_TIME) == len(TITLES)


@pytest.mark.parametrize("t", TURNS, ids=lambda t: t.id)
def test_each_title_plays_a_game_to_the_end_and_ranks_every_player(t) -> None:
    engine = t.engine()
    options = parse_options(engine, {})
    seats = engine.default_seats(options)
    assert engine.seat_range[0] <= seats <= engine.seat_range[1]
    game = engine.new_game(seats, options, seed=3)
    players = {s: engine.make_player("random", n) for n, s in enumerate(engine.seats(game))}
    while (d := game.pending) is not None:
        game.choose(players[d.player].choose(d, None))
    places = engine.places(game)
    assert places and min(p.place for p in places) == 1
    assert {p.seat for p in places} <= set(engine.seats(game))
    assert engine.summary(game)["turns"] > 0


@pytest.mark.parametrize("t", REAL_TIME, ids=lambda t: t.id)
def test_each_real_time_title_plays_to_the_end_by_its_clock_and_ranks_every_player(t, tmp_path: Path) -> None:
    # What the shell's referee will do, in simulated time: the earliest of the clock's deadline
    # and the computers' plans goes first, and every computer is asked again after each change.
    engine = t.engine()
    options = parse_options(engine, {})
    game = engine.new_game(engine.default_seats(options), options, seed=3)
    players = {s: engine.make_player("normal", n) for n, s in enumerate(engine.seats(game))}
    now = -3000
    for _ in range(20_000):
        if game.phase == "over":
            break
        plans = {s: p.plan(game.view(s), now) for s, p in players.items()}
        times = [(plan[0], s) for s, plan in plans.items() if plan]
        due = game.next_deadline()
        rnd = game.round
        if due is not None and (not times or due <= min(times)[0]):
            now = max(now, due)
            game.advance(now)
        else:
            now, seat = max(now, min(times)[0]), min(times)[1]
            players[seat].done(now)
            with contextlib.suppress(ValueError):
                game.act(seat, plans[seat][1], now)
        if game.round != rnd:
            now = -3000
    places = engine.places(game)
    assert game.phase == "over" and min(p.place for p in places) == 1
    assert {p.seat for p in places} == set(engine.seats(game))
    assert engine.summary(game)["turns"] > 0
    path = tmp_path / "save.json"
    game.save(path)
    assert title_of_format(json.loads(path.read_text())["format"]) == t
    assert engine.load(path).to_json() == game.to_json()


@pytest.mark.parametrize("t", TURNS, ids=lambda t: t.id)
def test_a_save_names_its_title_and_loads_as_it_was(t, tmp_path: Path) -> None:
    engine = t.engine()
    game = engine.new_game(engine.default_seats(parse_options(engine, {})), parse_options(engine, {}), seed=5)
    player = engine.make_player("random", 1)
    for _ in range(15):
        if game.pending is None:
            break
        game.choose(player.choose(game.pending, None))
    path = tmp_path / "save.json"
    game.save(path)
    assert title_of_format(json.loads(path.read_text())["format"]) == t
    loaded = engine.load(path)
    assert list(loaded.history) == list(game.history) and loaded.to_json() == game.to_json()


def test_options_are_checked_against_the_title() -> None:
    engine = title("bloodrush").engine()
    assert parse_options(engine, {"burst": "eliminated"})["burst"] == "eliminated"
    with pytest.raises(UnknownTitle, match="no option 'arena'"):
        parse_options(engine, {"arena": "arena_10"})
    with pytest.raises(UnknownTitle, match="burst is one of"):
        parse_options(engine, {"burst": "sometimes"})
    with pytest.raises(UnknownTitle, match="the games: adrenaline, bloodrush, panic_fire"):
        title("chess")


def test_the_registry_loads_no_title_until_asked() -> None:
    code = (
        "import sys, json\n"
        "from adrenaline_tui.titles.registry import title\n"
        "title('bloodrush').engine()\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('adrenaline_tui.rules', 'textual',"
        " 'adrenaline_tui.tui', 'adrenaline_tui.titles.adrenaline')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adrenaline_tui", "simulate", *args], capture_output=True, text=True, timeout=120
    )


def test_simulate_plays_bloodrush_and_its_variant() -> None:
    out = _simulate("--game", "bloodrush", "--games", "2", "--json", "--option", "mozzie_player=yes")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["title"] for line in lines] == ["bloodrush", "bloodrush"]
    assert all(line["mozzie_player"] == "ivory" and len(line["players"]) == 5 for line in lines)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "chess"], "no game called 'chess'"),
        (["--game", "bloodrush", "--mode", "turret"], "no option 'mode'"),
        (["--game", "bloodrush", "--players", "6"], "for 2 to 5 players, not 6"),
        (["--players", "2"], "for 3 to 5 players, not 2"),
        (["--option", "skulls"], "an option is NAME=VALUE"),
    ],
)
def test_simulate_refuses_in_one_line(args: list[str], says: str) -> None:
    out = _simulate(*args)
    # The reason is the last line (argparse puts its usage above a malformed argument).
    assert out.returncode == 2 and says in out.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("t", TITLES, ids=lambda t: t.id)
def test_simulate_plays_every_title_to_the_end(t) -> None:
    # One command for every title, turn-based or real-time (each plays itself out: play_out).
    out = _simulate("--game", t.id, "--games", "1", "--json", "--ai", "normal,random,random")
    assert out.returncode == 0, out.stderr
    (line,) = [json.loads(text) for text in out.stdout.splitlines()]
    assert line["title"] == t.id and line["winners"] and line["decisions"] > 0
    assert {r["seat"] for r in line["ranking"]} <= set(line["players"])
