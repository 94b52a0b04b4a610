"""Computers thinking in a process pool (ai/pool.py): fed only what their seat may know,
answered within the table's budget, and a table never stalls on a process that dies.

The processes here run this installation's pool with a player of the test's own registered
first (`_command`): a hard player with a budget counted in positions (never timed), or one that
never answers. No test waits on a clock for its result.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import sys
import threading
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path

import pytest

from adrenaline_tui.ai.pool import INLINE_BELOW, ComputerPool, PoolError, question_for
from adrenaline_tui.host import server as host_server
from adrenaline_tui.rules import Game
from adrenaline_tui.tui.session import Session
from tests.ai.test_levels import _honesty_position
from tests.host.wire import decider, seated_table, start_host, stop_host

KINDS = {"yellow": "hard", "blue": "normal", "grey": "normal"}


def _command(kind: str, player: str) -> list[str]:
    """The pool's own program, with `kind` played by `player` (an expression over `ai`)."""
    setup = (
        "import functools, time\n"
        "from adrenaline_tui import ai\n"
        f"ai.PLAYER_KINDS[{kind!r}] = {player}\n"
        "from adrenaline_tui.ai.pool import main\n"
        "main()\n"
    )
    return [sys.executable, "-I", "-c", setup]


# The hard player of tests/ai/test_levels.py's honesty test, its budget counted in positions.
COUNTED_HARD = "functools.partial(ai.HardPlayer, positions=300, seconds=None, candidates=5)"
# A player that thinks for ever: killed mid-thought, or answered for past its budget.
NEVER = (
    "type('Never', (), {'name': 'never', '__init__': lambda self, seed=None: None,"
    " 'choose': lambda self, d, v=None: time.sleep(3600)})"
)


def test_what_the_pool_is_sent_is_the_same_whatever_the_others_hidden_cards() -> None:
    games = [_honesty_position(0, 0), _honesty_position(1, 0)]
    assert games[0].to_json() != games[1].to_json()  # the others' cards differ
    sent = []
    for game in games:
        question = question_for(Session(game, KINDS), "TABLE", "adrenaline", 3.0)
        assert question is not None and question.seat == "yellow"
        sent.append(pickle.dumps(question))
    assert sent[0] == sent[1]
    # ...and it holds no game: only the seat's view and question, its level, seed and budget.
    question = pickle.loads(sent[0])
    assert not any(isinstance(v, Game) for v in vars(question).values())
    assert question.view == games[0].view("yellow")


def test_the_hard_player_through_the_pool_plays_the_same_whatever_it_cannot_see() -> None:
    """tests/ai/test_levels.py's honesty test, the hard player answering from a pool process."""
    pool = ComputerPool(1, command=lambda: _command("hard", COUNTED_HARD))
    try:
        answers = []
        for n, game in enumerate([_honesty_position(0, 0), _honesty_position(1, 99)]):
            session = Session(game, KINDS)
            turn = []
            while game.pending is not None and game.pending.player == "yellow" and len(turn) < 12:
                d = game.pending
                question = question_for(session, f"table-{n}", "adrenaline", 3.0)
                key = pool.ask(question).result(timeout=120)
                turn.append((game.view("yellow"), (d.kind, key)))
                game.choose(key)
                if d.kind == "action" and len(turn) > 1:
                    break
            answers.append(turn)
        same = 0
        while same < min(map(len, answers)) and answers[0][same][0] == answers[1][same][0]:
            same += 1
        assert same >= 2
        assert [a for _, a in answers[0][:same]] == [a for _, a in answers[1][:same]]
        assert pool.started == 1
    finally:
        pool.close()


def test_a_pool_process_killed_mid_thought_fails_its_question_and_is_started_again() -> None:
    pool = ComputerPool(1, command=lambda: _command("normal", NEVER))
    try:
        session = Session(_honesty_position(0, 0), KINDS)
        game = session.game
        game.choose("end")  # blue, a "normal" computer here, to act
        thinking = pool.ask(question_for(session, "T", "adrenaline", 3600.0))
        (pid,) = pool.pids()
        with pytest.raises(FutureTimeout):
            thinking.result(timeout=0.5)  # it thinks, for ever
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(PoolError, match="ended"):
            thinking.result(timeout=60)
        again = pool.ask(question_for(session, "T", "adrenaline", 3600.0))
        assert pool.started == 2 and pool.pids() != [pid]
        assert not again.done()
    finally:
        pool.close()


def test_a_player_that_fails_in_the_pool_fails_its_question_with_a_reason() -> None:
    pool = ComputerPool(1)
    try:
        session = Session(_honesty_position(0, 0), {**KINDS, "yellow": "no-such-level"})
        with pytest.raises(PoolError, match="no-such-level"):
            pool.ask(question_for(session, "T", "adrenaline", 60.0)).result(timeout=60)
    finally:
        pool.close()


async def test_a_pool_on_a_loop_answers_there_with_no_thread_of_its_own() -> None:
    """A host's pool (`loop=`): questions written and answers read on the tables' loop."""
    pool = ComputerPool(1, loop=asyncio.get_running_loop())
    try:
        session = Session(_honesty_position(0, 0), {**KINDS, "yellow": "normal"})
        answer = pool.ask(question_for(session, "T", "adrenaline", 60.0))
        assert isinstance(answer, asyncio.Future)
        assert await asyncio.wait_for(answer, 60) in session.game.pending.keys
        assert len(pool.pids()) == 1
        assert not [t for t in threading.enumerate() if t.name.startswith("computer-pool")]
    finally:
        pool.close()


async def test_a_pool_on_a_loop_fails_what_its_killed_process_held_and_starts_another() -> None:
    pool = ComputerPool(1, command=lambda: _command("normal", NEVER), loop=asyncio.get_running_loop())
    try:
        session = Session(_honesty_position(0, 0), KINDS)
        session.game.choose("end")  # blue, a "normal" computer here, to act
        thinking = pool.ask(question_for(session, "T", "adrenaline", 3600.0))
        (pid,) = pool.pids()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(PoolError, match="ended"):
            await asyncio.wait_for(thinking, 60)
        again = pool.ask(question_for(session, "T", "adrenaline", 3600.0))
        assert pool.started == 2 and pool.pids() != [pid]
        assert not again.done()
    finally:
        pool.close()
    assert again.cancelled()  # closed: nobody waits for it


# A player that answers its first option after `SLOW` seconds of the process's clock.
SLOW = 0.3
SLOWLY = (
    "type('Slow', (), {'name': 'slow', '__init__': lambda self, seed=None: None,"
    f" 'choose': lambda self, d, v=None: (time.sleep({SLOW}), d.options[0].key)[1]}})"
)


async def test_a_question_ended_at_its_budget_by_its_table_is_still_answered_and_learnt() -> None:
    """A host ends a process's question at its budget itself (`ask_on_loop`, `Budgets.bound`):
    the future fails with TimeoutError, the process goes on thinking, `still_thinking` is done
    only once it answers (the seat is not asked again meanwhile), and the late answer still
    teaches its level's cost."""
    loop = asyncio.get_running_loop()
    pool = ComputerPool(1, command=lambda: _command("normal", SLOWLY), loop=loop)
    budgets = host_server.Budgets(loop)
    try:
        session = Session(_honesty_position(0, 0), KINDS)
        session.game.choose("end")  # blue, a "normal" computer here, to act
        future, ended_here = pool.ask_on_loop(question_for(session, "T", "adrenaline", 3600.0))
        assert ended_here
        budgets.bound(future, 0.0)
        with pytest.raises(TimeoutError):
            await future
        thinking = pool.still_thinking(future)
        assert not thinking.done()
        assert pool.thinking() == 1
        await asyncio.wait_for(thinking, 60)
        assert pool.thinking() == 0
        assert pool.cost[("adrenaline", "normal")] > 0  # learnt from the late answer
        # Asked afresh, the same process answers in time.
        answer, _ = pool.ask_on_loop(question_for(session, "T", "adrenaline", 3600.0))
        budgets.bound(answer, 60.0)
        assert await answer == session.game.pending.options[0].key
        assert pool.started == 1
        # A question answered already is not thought about any more.
        assert pool.still_thinking(answer).done()
    finally:
        pool.close()


# ------------------------------------------------------------------ at a host
async def test_a_table_answers_for_a_computer_past_its_budget_and_drops_its_late_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_server, "THINK_BUDGET_SECONDS", 0.05)
    asked: list[tuple[object, asyncio.Future]] = []

    class HeldPool:
        """Answers nothing until the test says so."""

        def ask(self, question):
            from concurrent.futures import Future

            future: Future[str] = Future()
            asked.append((question, future))
            return future

        def ask_on_loop(self, question):
            # Not a question the table may end itself: awaited within its budget, left going.
            return asyncio.wrap_future(self.ask(question)), False

        def forget(self, table: str) -> None: ...

        def close(self) -> None: ...

    sock = tmp_path / "host.sock"
    host, server = await start_host(None, sock)
    host.computer_pool = HeldPool()  # type: ignore[assignment]
    try:
        seats = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
        seats.append({"colour": "grey", "kind": "computer"})
        code, wires = await seated_table(sock, seats)
        session = host.tables[code].session
        n = 0
        while not asked:
            colour, state = await decider(wires, n)
            n = state["decisions"]
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][-1]["key"], "decision": n}
            )
            n += 1
        # The computers played on (answered for) until the person's turn came round again.
        colour, state = await decider(wires, n)
        assert colour == "yellow"
        history = list(session.game.history)
        question, future = asked[0]
        late = question.decision.options[-1].key
        assert late != question.decision.options[0].key
        future.set_result(late)  # far too late: the table answered it long ago
        for _ in range(5):
            await asyncio.sleep(0)
        assert session.game.history == history
    finally:
        await stop_host(host, server)


@pytest.mark.parametrize("on_loop", [True, False], ids=["on-the-loop", "threads"])
async def test_a_pool_process_killed_mid_thought_does_not_stall_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on_loop: bool
) -> None:
    sock = tmp_path / "host.sock"
    host, server = await start_host(None, sock)
    loop = asyncio.get_running_loop() if on_loop else None
    host.computer_pool = ComputerPool(1, command=lambda: _command("random", NEVER), loop=loop)
    try:
        seats = [{"colour": "yellow", "kind": "human"}, {"colour": "blue", "kind": "computer"}]
        seats.append({"colour": "grey", "kind": "computer"})
        code, wires = await seated_table(sock, seats)
        session = host.tables[code].session
        n = 0
        while not host.computer_pool.pids():
            colour, state = await decider(wires, n)
            n = state["decisions"]
            await wires[colour].send(
                {"type": "choose", "key": state["view"]["pending"]["options"][-1]["key"], "decision": n}
            )
            n += 1
        # A computer is thinking (for ever): its process is killed.
        before = len(session.game.history)
        (pid,) = host.computer_pool.pids()
        os.kill(pid, signal.SIGKILL)
        # The table answers for it and plays on to the person (the process started again thinks
        # for ever too: answered for by the budget of the questions after).
        monkeypatch.setattr(host_server, "THINK_BUDGET_SECONDS", 0.05)
        colour, state = await decider(wires, n)
        assert colour == "yellow" and len(session.game.history) > before
    finally:
        await stop_host(host, server)


def test_a_level_quicker_than_a_question_costs_is_answered_here_once_measured() -> None:
    pool = ComputerPool(1)
    try:
        game = _honesty_position(0, 0)
        session = Session(game, {**KINDS, "yellow": "random"})
        for _ in range(3):
            first = pool.ask(question_for(session, "T", "adrenaline", 60.0))
            assert first.result(timeout=60) in game.pending.keys
        assert pool.cost[("adrenaline", "random")] < INLINE_BELOW  # measured in the process
        # A seat's player stays where it began (moved, it would start again from its seed)...
        assert pool.ask(question_for(session, "T", "adrenaline", 60.0)).result(timeout=60) in game.pending.keys
        assert pool._placed[("T", "yellow", "random")] is False  # still in the process
        # ...and a new table's random players are answered on this thread.
        second = pool.ask(question_for(session, "T-new", "adrenaline", 60.0))
        assert second.done() and second.result() in game.pending.keys
        assert pool._placed[("T-new", "yellow", "random")] is True
        # A level that thinks longer goes on being sent.
        pool.cost[("adrenaline", "hard")] = 1.0
        hard = Session(game, KINDS)
        assert not pool.ask(question_for(hard, "T2", "adrenaline", 60.0)).done()
    finally:
        pool.close()
