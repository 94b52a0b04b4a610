"""A computer's answer awaited within the table's budget (`server.Budgets`): the answer if it
comes in time; past it a TimeoutError, the question itself going on (its late answer is the
table's to drop); and a table that stops waiting never cancels the question."""

from __future__ import annotations

import asyncio

import pytest

from adrenaline_tui.host.server import Budgets


async def _within(future: asyncio.Future[str], seconds: float) -> str:
    """A budget of its own for one question (a host keeps one `Budgets` for all of them)."""
    return await Budgets(asyncio.get_running_loop()).within(future, seconds)


async def test_an_answer_in_time_is_returned() -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    ready.set_result("run")
    assert await _within(ready, 10.0) == "run"
    later = loop.create_future()
    loop.call_soon(later.set_result, "grab")
    assert await _within(later, 10.0) == "grab"


async def test_past_its_budget_the_question_goes_on() -> None:
    thinking: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    with pytest.raises(TimeoutError):
        await _within(thinking, 0.0)
    assert not thinking.done()  # not cancelled: still thinking
    thinking.set_result("late")


async def test_a_table_that_stops_waiting_leaves_the_question_alone() -> None:
    thinking: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    waiting = asyncio.ensure_future(_within(thinking, 10.0))
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert not thinking.cancelled()
    thinking.set_result("late")  # and nothing waits for it any more


async def test_one_timer_keeps_every_questions_own_budget() -> None:
    """A host's `Budgets`: one timer for all its questions, each timing out at its own budget,
    one asked later with a shorter budget first, an answered one never."""
    loop = asyncio.get_running_loop()
    budgets = Budgets(loop)
    slow, quick, quick_too, answered = (loop.create_future() for _ in range(4))
    slow_wait = asyncio.ensure_future(budgets.within(slow, 10.0))
    answered_wait = asyncio.ensure_future(budgets.within(answered, 10.0))
    await asyncio.sleep(0)
    quick_waits = [asyncio.ensure_future(budgets.within(f, 0.0)) for f in (quick, quick_too)]
    answered.set_result("grab")
    assert await answered_wait == "grab"
    for waiting in quick_waits:
        with pytest.raises(TimeoutError):
            await waiting
    assert not slow_wait.done(), "its budget is not up"
    slow.set_result("run")
    assert await slow_wait == "run"
    assert not quick.done() and not quick_too.done()  # not cancelled: still thinking


async def test_a_bound_question_fails_at_its_budget_and_an_answered_one_never() -> None:
    """`Budgets.bound`: the question itself failed with TimeoutError at its budget (a host's
    pool drops the late answer), one answered in time left alone, on the same timer as `within`."""
    loop = asyncio.get_running_loop()
    budgets = Budgets(loop)
    slow, quick, answered, waited = (loop.create_future() for _ in range(4))
    budgets.bound(slow, 10.0)
    budgets.bound(answered, 0.0)
    answered.set_result("grab")
    budgets.bound(quick, 0.0)
    waiting = asyncio.ensure_future(budgets.within(waited, 0.0))
    with pytest.raises(TimeoutError):
        await quick
    with pytest.raises(TimeoutError):
        await waiting
    assert not waited.done()  # `within` leaves its question going
    assert answered.result() == "grab"
    assert not slow.done(), "its budget is not up"
    slow.set_result("run")
