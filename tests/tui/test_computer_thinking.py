"""A computer thinks on a worker thread: the screen answers meanwhile, and an answer thought out
for a game that has since changed is never applied."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from adrenaline_tui.ai import PLAYER_KINDS
from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session, screen_name, settle


class SlowPlayer:
    """Thinks until the test releases it (or 5 s pass), then takes the last option (the table,
    answering for it, would take the first)."""

    name = "slow"
    instances: list[SlowPlayer] = []

    def __init__(self, seed: int | None = None) -> None:
        self.release = threading.Event()
        self.thinking = threading.Event()
        self.answered = 0
        SlowPlayer.instances.append(self)

    def choose(self, decision: Any, view: dict | None = None) -> str:
        self.thinking.set()
        self.release.wait(timeout=5)
        self.thinking.clear()
        self.answered += 1
        return decision.keys[-1]


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> type[SlowPlayer]:
    SlowPlayer.instances = []
    monkeypatch.setitem(PLAYER_KINDS, "slow", SlowPlayer)
    return SlowPlayer


async def wait_until_thinking(pilot: Any, slow: type[SlowPlayer]) -> SlowPlayer:
    for _ in range(500):
        await pilot.pause(0.01)
        thinking = [p for p in slow.instances if p.thinking.is_set()]
        if thinking:
            return thinking[0]
    raise AssertionError("no computer started thinking")


async def test_the_screen_answers_keys_while_a_computer_thinks(slow: type[SlowPlayer]) -> None:
    # The computer moves first, so the table opens with it thinking.
    session = new_session({"blue": "slow", "yellow": HUMAN, "grey": "slow"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        bot = await wait_until_thinking(pilot, slow)
        await pilot.press("l")  # the log opens while the computer is still thinking
        await settle(pilot)
        assert screen_name(app) == "LogScreen"
        assert bot.thinking.is_set()
        await pilot.press("escape")
        await settle(pilot)
        moves = session.moves
        bot.release.set()
        for _ in range(200):
            await pilot.pause(0.01)
            if session.moves > moves:
                break
        assert session.moves > moves, "the computer's answer was not applied"


async def test_an_answer_for_a_game_left_meanwhile_is_dropped(slow: type[SlowPlayer]) -> None:
    session = new_session({"blue": "slow", "yellow": HUMAN, "grey": "slow"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        bot = await wait_until_thinking(pilot, slow)
        before = session.game.to_json(), session.moves
        await pilot.press("escape")  # back to the title, the game saved as it is
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        bot.release.set()
        for _ in range(50):
            await pilot.pause(0.01)
            if bot.answered:
                break
        await settle(pilot)
        assert bot.answered == 1
        assert (session.game.to_json(), session.moves) == before


async def test_quitting_while_a_computer_thinks_is_clean(slow: type[SlowPlayer]) -> None:
    session = new_session({"blue": "slow", "yellow": HUMAN, "grey": "slow"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        bot = await wait_until_thinking(pilot, slow)
        before = session.game.to_json()
        await pilot.press("ctrl+q")
        bot.release.set()
    assert app.return_code == 0
    assert session.game.to_json() == before


async def test_a_computer_over_its_budget_is_answered_for_and_its_late_answer_dropped(
    slow: type[SlowPlayer], monkeypatch: pytest.MonkeyPatch
) -> None:
    from adrenaline_tui.tui.screens import table

    monkeypatch.setattr(table, "THINK_BUDGET_SECONDS", 0.05)
    session = new_session({"blue": "slow", "yellow": HUMAN, "grey": "slow"})
    colour, expected = session.game.pending.player, session.fallback_choice()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        bot = await wait_until_thinking(pilot, slow)
        for _ in range(300):
            await pilot.pause(0.01)
            if session.moves:
                break
        # The table answered for it, and does not ask it again while it still thinks.
        assert session.game.history[0] == expected
        assert bot.thinking.is_set() and colour in session.overdue
        for player in slow.instances:
            player.release.set()
        for _ in range(300):
            await pilot.pause(0.01)
            if colour not in session.overdue:
                break
        assert colour not in session.overdue and bot.answered >= 1
        # Its late answer was dropped: the first decision stays the one made for it.
        assert session.game.history[0] == expected
