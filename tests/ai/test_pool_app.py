"""The app's hard player thinks in the app's pool of processes, not on a thread of the app; a
process that dies mid-thought never stalls the table."""

from __future__ import annotations

import os
import signal

import pytest

from adrenaline_tui.ai.pool import ComputerPool
from adrenaline_tui.tui import session as session_module
from adrenaline_tui.tui.session import HUMAN
from tests.ai.test_pool import NEVER, _command
from tests.host.wire import until
from tests.tui.helpers import make_app, new_session

# Computers first (the table opens with one thinking), the person second.
KINDS = {"blue": "hard", "yellow": HUMAN, "grey": "hard"}


def _pool(monkeypatch: pytest.MonkeyPatch, player: str) -> ComputerPool:
    pool = ComputerPool(1, command=lambda: _command("hard", player))
    monkeypatch.setattr(session_module, "_POOL", pool)
    return pool


async def test_the_hard_player_answers_from_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = _pool(monkeypatch, "ai.RandomPlayer")  # quick: the test is about where it thinks
    session = new_session(KINDS)
    app = make_app(session)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: session.game.pending.player == "yellow", "the person's turn")
            assert session.moves > 0 and pool.started == 1
            assert session._bots == {}  # no player was made in the app's own process
    finally:
        pool.close()


async def test_a_pool_process_killed_mid_thought_does_not_stall_the_app_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from adrenaline_tui.tui.screens import table

    pool = _pool(monkeypatch, NEVER)
    session = new_session(KINDS)
    expected = session.fallback_choice()  # what the table answers for the first computer
    app = make_app(session)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: pool.thinking() == 1, "a computer thinking")
            (pid,) = pool.pids()
            # The questions after are answered for by their budget (the process started again
            # thinks for ever too).
            monkeypatch.setattr(table, "THINK_BUDGET_SECONDS", 0.05)
            os.kill(pid, signal.SIGKILL)
            await until(pilot, lambda: session.game.pending.player == "yellow", "the person's turn")
            assert session.game.history[0] == expected
    finally:
        pool.close()
