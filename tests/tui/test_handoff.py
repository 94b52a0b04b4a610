"""Hand-offs: when the keyboard changes hands, nobody's cards are on the screen."""

from __future__ import annotations

from typing import Any

import pytest

from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.session import HUMAN

from .helpers import choose_key, make_app, scenario_session, screen_name, screen_text, settle

# Card names that only their holders may see (none of these is ever played in the tests).
SECRET = {
    "yellow": ("Newton", "Teleport"),
    "blue": ("Scope",),
}


def scenario() -> dict[str, Any]:
    return {
        "arena": "arena_11a",
        "tagback_prompt": "all",
        "players": [
            {
                "colour": "yellow",
                "name": "Ann",
                "square": "r1c1",
                "weapons": ["lock-rifle"],
                "powerups": ["newton-red", "teleporter-blue"],
                "ammo": {"red": 0, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "name": "Ben", "square": "r1c0", "powerups": ["targeting-scope-yellow"]},
            {"colour": "grey", "name": "Cat", "square": "r2c3"},
        ],
        "active": "yellow",
    }


@pytest.fixture
def viewers(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, str]]:
    """Every view the table draws, in order: (whose view, what screen was on top)."""
    seen: list[tuple[str | None, str]] = []
    original = TableScreen.render_table

    def spy(self: TableScreen) -> None:
        seen.append((self.viewer, type(self.app.screen).__name__))
        original(self)

    monkeypatch.setattr(TableScreen, "render_table", spy)
    return seen


def assert_no_secrets(text: str, *owners: str) -> None:
    for owner in owners:
        for name in SECRET[owner]:
            assert name not in text, f"{owner}'s {name} is on screen during a hand-off"


async def test_hand_off_shows_no_ones_powerups_and_the_previous_view_never_flashes(viewers) -> None:
    session = scenario_session(scenario(), {"yellow": HUMAN, "blue": HUMAN, "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "HandoffScreen"
        assert "Pass the keyboard to Ann" in screen_text(app)
        assert_no_secrets(screen_text(app), "yellow", "blue")
        await pilot.press("enter")
        await settle(pilot)
        # Ann's own table shows her cards...
        assert "Newton" in screen_text(app) and "Scope" not in screen_text(app)
        await choose_key(pilot, "end")
        # ...and once her turn ends, the next person's hand-off shows nobody's.
        assert screen_name(app) == "HandoffScreen"
        text = screen_text(app)
        assert "Pass the keyboard to Ben" in text
        assert_no_secrets(text, "yellow", "blue")
        assert app.table().viewer is None
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Scope" in text and "Newton" not in text and "Teleport" not in text
    # Ann's view is never drawn after her last decision; Ben's only once he has the keyboard.
    order = [v for v, _ in viewers]
    last_ann = max(i for i, v in enumerate(order) if v == "yellow")
    first_ben = order.index("blue")
    assert last_ann < first_ben
    assert None in order[last_ann:first_ben]
    assert all(top == "TableScreen" for v, top in viewers if v == "blue")


async def test_tagback_question_goes_to_everyone_hit_even_without_a_grenade() -> None:
    session = scenario_session(scenario(), {"yellow": HUMAN, "blue": HUMAN, "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await choose_key(pilot, "shoot")
        for _ in range(6):
            pending = session.game.pending
            if pending.player != "yellow":
                break
            if pending.kind == "target":
                await choose_key(pilot, "blue")
            else:
                await choose_key(pilot, "done" if "done" in pending.keys else pending.keys[0])
        # Ben holds no Tagback Grenade, yet he is asked, behind a hand-off that shows no cards.
        assert session.game.pending.player == "blue" and session.game.pending.kind == "tagback"
        assert screen_name(app) == "HandoffScreen"
        text = screen_text(app)
        assert "Ben" in text and "Tagback" in text
        assert_no_secrets(text, "yellow", "blue")
        await pilot.press("enter")
        await settle(pilot)
        await choose_key(pilot, "pass")
        # Back to Ann, behind another hand-off.
        assert screen_name(app) == "HandoffScreen"
        assert_no_secrets(screen_text(app), "yellow", "blue")
