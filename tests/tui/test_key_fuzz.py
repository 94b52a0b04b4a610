"""Random keys with random resizes (below 80x24 too) never raise, wherever the app starts.

Bounded for CI; `benchmarks/key_soak.py` runs the same for minutes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session
from .key_fuzz import fuzz

PRESSES = 120


def hot_seat() -> AdrenalineApp:
    # Two people and a computer: hand-offs, Tagback questions to people, the public view.
    return make_app(new_session({"yellow": HUMAN, "blue": HUMAN, "grey": "random"}), bot_delay=0.001)


def lone_person() -> AdrenalineApp:
    return make_app(new_session({"yellow": HUMAN, "blue": "sensible", "grey": "random"}), bot_delay=0.001)


def lessons() -> AdrenalineApp:
    from .helpers import settings

    return AdrenalineApp(settings=settings(), bot_delay=0.0, learn=True, seed=5, save_settings=False)


STARTS: dict[str, Callable[[], AdrenalineApp]] = {
    "title": make_app,
    "hot-seat": hot_seat,
    "lone-person": lone_person,
    "lessons": lessons,
}


@pytest.mark.parametrize("start", sorted(STARTS))
async def test_random_keys_and_sizes_never_raise(start: str) -> None:
    report = await fuzz(STARTS[start], seed=sorted(STARTS).index(start) + 1, presses=PRESSES)
    assert report.keys >= PRESSES
    assert len(report.screens) >= 2, f"the keys never left the first screen: {report.screens}"
