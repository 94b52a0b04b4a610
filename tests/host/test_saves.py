"""Saves that cost what they must: a person's decision is on the file before anyone is shown
what follows; computers' moves are batched and written within about a second.

The clock and the timers are the tests' own (`Autosaver(clock=, call_later=)`), and the saving
thread is replaced by one the test runs by hand where the order of writes matters: nothing here
sleeps or measures time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from adrenaline_tui import journal
from adrenaline_tui.host import server as host_server
from adrenaline_tui.rules import FIGURES, GameConfig
from adrenaline_tui.tui.session import HUMAN, LATER_SECONDS, Autosaver, Session
from tests.host.wire import decider, seated_table, start_host, stop_host


class HeldThread:
    """A saving thread that runs what it was given only when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[None], Callable[..., None], tuple[Any, ...]]] = []
        self.released = False  # from then on, what it is given runs at once

    def submit(self, fn: Callable[..., None], *args: Any) -> Future[None]:
        future: Future[None] = Future()
        self.jobs.append((future, fn, args))
        if self.released:
            self.run()
        return future

    def run(self) -> None:
        while self.jobs:
            future, fn, args = self.jobs.pop(0)
            fn(*args)
            future.set_result(None)

    def release(self) -> None:
        self.released = True
        self.run()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.release()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.timers: list[tuple[float, Callable[[], None]]] = []

    def __call__(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any:
        entry = (self.now + delay, callback)
        self.timers.append(entry)
        clock = self

        class Handle:
            def cancel(self) -> None:
                if entry in clock.timers:
                    clock.timers.remove(entry)

        return Handle()

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for entry in [t for t in self.timers if t[0] <= self.now]:
            self.timers.remove(entry)
            entry[1]()


def saved_choices(path: Path) -> list[str]:
    """What a table resumed from `path` finds: the save, with its journal if it has one."""
    return journal.read(path)["choices"]


def test_computers_moves_are_written_within_a_second_and_a_persons_at_once(tmp_path: Path) -> None:
    clock, thread = Clock(), HeldThread()
    saver = Autosaver(thread, clock=clock, call_later=clock.call_later)  # type: ignore[arg-type]
    path = tmp_path / "game.json"
    kinds = {"yellow": HUMAN, "blue": "random", "grey": "random"}
    session = Session.start(GameConfig(players=FIGURES[:3]), 3, kinds, path, saver=saver)
    thread.run()
    assert not session.computer_to_move  # yellow, the person, begins (seed 3)
    # Play until the person has decided and a computer has moved after them.
    while not session.computer_to_move:
        session.choose(session.game.pending.keys[0])
        # A person's decision is written at once: nothing waits for a timer.
        thread.run()
        assert saved_choices(path) == session.game.history
    person = list(session.game.history)
    session.choose(session.computer_choice())
    thread.run()
    assert saved_choices(path) == person, "a computer's move waits to be batched"
    assert len(clock.timers) == 1 and clock.timers[0][0] <= clock.now + LATER_SECONDS
    while session.computer_to_move and len(session.game.history) < len(person) + 3:
        clock.advance(0.2)
        session.choose(session.computer_choice())
    assert len(clock.timers) <= 1  # one write waiting for every move since, not one a move
    clock.advance(LATER_SECONDS)
    thread.run()
    assert saved_choices(path) == session.game.history
    assert session.save_problem is None


def test_an_older_batched_write_never_replaces_a_persons_newer_save(tmp_path: Path) -> None:
    clock, thread, now = Clock(), HeldThread(), HeldThread()
    saver = Autosaver(thread, now_pool=now, clock=clock, call_later=clock.call_later)  # type: ignore[arg-type]
    path = tmp_path / "game.json"
    saver.write_later(path, lambda: json.dumps({"choices": ["computer"]}))  # due at once: queued
    assert thread.jobs
    saver.write_now(path, json.dumps({"choices": ["computer", "person"]}))
    now.run()
    thread.run()  # the computer's write runs after the person's, and must not win
    assert saved_choices(path) == ["computer", "person"]
    saver.flush()


def test_flush_writes_the_computers_moves_waiting(tmp_path: Path) -> None:
    clock = Clock()
    saver = Autosaver(clock=clock, call_later=clock.call_later)
    path = tmp_path / "game.json"
    saver.write_now(path, json.dumps({"choices": []}))
    saver.write_later(path, lambda: json.dumps({"choices": ["a"]}))
    saver.flush()  # a table suspended or a host stopping: written without waiting for the timer
    assert saved_choices(path) == ["a"] and not clock.timers
    saver.close()


async def test_a_persons_decision_is_on_disk_before_their_next_state_is_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tables"
    sock = tmp_path / "host.sock"
    host, server = await start_host(folder, sock)
    # The saving thread (fsyncs) never runs during the test: what is on the file was written
    # for the person's decision (a line of the table's journal, appended at once).
    held = HeldThread()
    host._saving = held  # type: ignore[assignment]
    # Every state the host sends, checked against the file at the moment it is sent.
    late: list[int] = []
    send = host_server.Client.send

    def checked(client: host_server.Client, message: dict[str, Any]) -> None:
        if message.get("type") == "state" and client.table is not None and client.table.session is not None:
            history = client.table.session.game.history
            path = folder / f"{client.table.code}.json"
            if history and (not path.exists() or saved_choices(path) != history):
                late.append(len(history))
        send(client, message)

    monkeypatch.setattr(host_server.Client, "send", checked)
    try:
        code, wires = await seated_table(sock)
        n = 0
        for _ in range(6):
            colour, state = await decider(wires, n)
            n = state["decisions"]
            key = state["view"]["pending"]["options"][0]["key"]
            await wires[colour].send({"type": "choose", "key": key, "decision": n})
            n += 1
        await decider(wires, n)
        assert len(host.tables[code].session.game.history) >= 6
        assert late == [], "states sent before the decision they follow was on the file"
    finally:
        held.release()
        await stop_host(host, server)
