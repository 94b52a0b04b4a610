"""A seat's screen is built from its view alone: two deals that differ only in the other
players' hands (same sizes) and the draw pile's order give that seat the same screen.

Checked twice: the drawing of every part of the table from the view (many deals, by
Hypothesis), and the whole screen as Textual draws it (an SVG of the terminal) for a few deals.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from adrenaline_tui.titles.panic_fire.scenario import from_scenario
from adrenaline_tui.titles.panic_fire.ui.drawing import banner, hand_lines, legend, set_lines, status_line
from adrenaline_tui.titles.panic_fire.ui.keys import SOLO, Aim
from adrenaline_tui.tui.look import UNICODE

from .table_helpers import later, table_app

CHARS = ["grandma", "cowboy", "gangster", "nun", "viking", "zombie", "alien", "gorilla", "shield"]
SETS = {
    "scarlet": ["nun", "nun", "alien", "gorilla"],
    "violet": ["viking", "zombie", "cowboy", "alien"],
    "amber": ["gangster", "gangster", "nun", "viking"],
}
MINE = ["nun", "viking", "shield"]
PICKS = [None, "nun", "viking"]
SEEDS = st.integers(0, 2**32)


def _deal(others: dict[str, list[str]], seed: int) -> Any:
    """The same table for scarlet; the other hands as given, the draw pile shuffled by `seed`."""
    spec = {
        "seats": ["scarlet", "violet", "amber"],
        "phase": "play",
        "sets": SETS,
        "hands": {"scarlet": MINE, **others},
        "shield": ["violet"],
        "bullets": {"amber": 2},
    }
    return from_scenario(spec, seed)


def drawn(view: dict[str, Any], aim: Aim) -> str:
    """Every part of the table as the screen draws it for this seat, as text with its styles."""
    console = Console(width=100, color_system="truecolor", record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    parts = [status_line(view, UNICODE), banner(view, 1500, "", UNICODE), legend(view, UNICODE)]
    for n, seat in enumerate(view["table"]):
        parts += set_lines(view, seat, n, [aim], UNICODE, 1500, None)
    parts += hand_lines(view, aim, UNICODE, compact=False, coach=True)
    for p in parts:
        console.print(p)
    return console.export_text(styles=True)


# Cards the other two hands are dealt from (within the deck's copies, beside the named ones).
POOL = ["grandma", "grandma", "shield", "shield", "shield"] + [c for c in CHARS[1:-1] for _ in range(3)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.permutations(POOL), st.permutations(POOL), st.integers(0, 2**32), st.integers(0, 2**32), st.sampled_from(PICKS)
)
def test_the_drawing_for_a_seat_depends_on_its_view_only(cards1, cards2, seed1, seed2, picked) -> None:
    one = _deal({"violet": cards1[:4], "amber": cards1[4:8]}, seed1)
    two = _deal({"violet": cards2[:4], "amber": cards2[4:8]}, seed2)
    aim = Aim("scarlet", SOLO, card=picked, target="amber")
    assert drawn(one.view("scarlet"), aim) == drawn(two.view("scarlet"), aim)


def test_the_drawing_does_show_the_seats_own_hand() -> None:
    """The check above can fail: the seat's own hand is on its screen."""
    one = _deal({"violet": ["cowboy"] * 4, "amber": ["alien"] * 4}, 1)
    spec = {"seats": ["scarlet", "violet", "amber"], "phase": "play", "sets": SETS, "hands": {"scarlet": ["zombie"]}}
    other = from_scenario(spec, 1)
    aim = Aim("scarlet", SOLO)
    assert drawn(one.view("scarlet"), aim) != drawn(other.view("scarlet"), aim)


async def _screen_of(game: Any) -> str:
    app, screen, clock = table_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await later(pilot, screen, clock, 1500)
        await pilot.press("4", "e")  # pick a card, aim at amber: the screen marks where it goes
        await pilot.pause()
        return app.export_screenshot()


async def test_the_whole_screen_for_a_seat_is_the_same_across_deals_of_other_hands_and_draw_piles() -> None:
    deals = [
        _deal({"violet": ["cowboy", "cowboy", "nun", "shield"], "amber": ["alien"] * 4}, 11),
        _deal({"violet": ["grandma", "zombie", "zombie", "viking"], "amber": ["shield", "nun", "nun", "gorilla"]}, 12),
        _deal({"violet": ["gorilla"] * 4, "amber": ["grandma", "cowboy", "shield", "shield"]}, 99),
    ]
    assert len({tuple(g.state()["draw"]) for g in deals}) == 3
    screens = {await _screen_of(g) for g in deals}
    assert len(screens) == 1
