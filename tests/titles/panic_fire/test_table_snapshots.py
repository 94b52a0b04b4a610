"""SVG snapshots of Panic Fire's table at 80x24 (pytest-textual-snapshot), on a clock that does
not move: the countdown, a round in play (a card picked, a set aimed at, a shot drawn), two
people at one keyboard, the ASCII console, and the review. Update with
`pytest tests/titles/panic_fire/test_table_snapshots.py --snapshot-update`, and look at them.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import play
from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp
from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen
from adrenaline_tui.tui.settings import Settings

from .helpers import PLAIN, table
from .table_helpers import later, table_app

SETS = {
    "scarlet": ["nun", "nun", "alien", "gorilla"],
    "violet": ["viking", "zombie", "cowboy", "alien"],
    "amber": ["gangster", "gangster", "gangster", "viking"],
    "teal": PLAIN,
}
SEATS = ["scarlet", "violet", "amber", "teal"]


def in_play() -> Game:
    return table(
        seats=SEATS,
        phase="play",
        sets=SETS,
        hands={"scarlet": ["nun", "viking", "grandma", "shield"], "violet": ["nun"] * 4},
        shield=["teal"],
        bullets={"violet": 2, "amber": 1},
        round=4,
    )


def test_countdown(snap_compare) -> None:
    app, _, _ = table_app(Game.new({"seats": SEATS}, 7))
    assert snap_compare(app, terminal_size=(80, 24))


def test_in_play_a_card_picked_and_a_set_aimed_at(snap_compare) -> None:
    app, screen, clock = table_app(in_play())

    async def run_before(pilot: Pilot) -> None:
        await later(pilot, screen, clock, 2000)
        await pilot.press("5", "w")  # The Viking (key 5: one key a character), aimed at violet
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_shot_drawn_and_a_refusal(snap_compare) -> None:
    app, screen, clock = table_app(in_play())

    async def run_before(pilot: Pilot) -> None:
        await later(pilot, screen, clock, 2000)
        await pilot.press("e", "g")  # amber's Gangsters are a match: shoot amber
        await later(pilot, screen, clock, 300)  # past the key-repeat window: a new press
        await pilot.press("w", "g")  # the gun is still out: refused, in one line
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_two_people_at_one_keyboard(snap_compare) -> None:
    app, screen, clock = table_app(in_play(), people=("scarlet", "violet"))

    async def run_before(pilot: Pilot) -> None:
        await later(pilot, screen, clock, 2000)
        await pilot.press("1", "6", "i")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_ascii_console(snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "linux")
    app, screen, clock = table_app(in_play(), glyphs="auto")  # the Linux console: ASCII

    async def run_before(pilot: Pilot) -> None:
        await later(pilot, screen, clock, 2000)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_review(snap_compare) -> None:
    g = Game.new({"seats": ["scarlet", "violet", "amber"], "rounds": 1}, 5)
    play(g, {s: make_player("normal", n) for n, s in enumerate(g.config.seats)})
    screen = ReviewScreen(g)

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("space")
        for _ in range(6):
            await pilot.press("n")
        await pilot.pause()

    assert snap_compare(PanicFireApp(screen, Settings(glyphs="unicode")), terminal_size=(80, 24), run_before=run_before)


def test_in_play_160x50_with_what_happened(snap_compare) -> None:
    app, screen, clock = table_app(in_play())

    async def run_before(pilot: Pilot) -> None:
        await later(pilot, screen, clock, 2000)
        await pilot.press("e", "g")  # a shot, listed under "What happened"
        await pilot.pause()

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)
