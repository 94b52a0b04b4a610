"""Undo gives exactly the game before the person's last decision, whatever its copies did.

The copies undo plays on from are brought up to date only when a person's undo point moves
(`UndoSpares.keep_up`); these games undo at every kind of moment and compare whole states.
"""

from __future__ import annotations

import random

from adrenaline_tui.rules import Game
from adrenaline_tui.tui.session import HUMAN, Session

from .helpers import new_session


def _undo_all_along(s: Session, rng: random.Random, decisions: int, monkeypatch) -> tuple[int, int]:
    """Play, undoing people's decisions at random (one, or several in a row), each compared with
    the game as it was; returns (undos, undos that replayed the game from its start)."""
    replays: list[int] = []
    real_replay = Game.replay
    monkeypatch.setattr(Game, "replay", lambda g, keys: replays.append(len(keys)) or real_replay(g, keys))
    undos = whole = 0
    for _ in range(decisions):
        d = s.game.pending
        if d is None:
            break
        if not s.is_human(d.player):
            s.choose(s.computer_choice())
            continue
        if rng.random() < 0.5:
            s.spares.wait()  # sometimes the copy is ready, sometimes still being made
        before: list[str] = []
        key = rng.choice(d.keys)
        # This person's decisions since their undo point, each with the game before it.
        before = [s.game.to_json()]
        s.choose(key)
        while s.can_undo(d.player) and rng.random() < 0.5 and s.game.pending.player == d.player:
            before.append(s.game.to_json())
            s.choose(rng.choice(s.game.pending.keys))
        if not s.can_undo(d.player):
            continue
        for expected in reversed(before[-rng.randint(1, len(before)) :]):
            if not s.can_undo(d.player):
                break
            barrier = s.game.undo_barrier
            replays.clear()
            s.undo()
            undos += 1
            whole += any(n > barrier for n in replays)
            assert s.game.to_json() == expected
            assert s.game.undo_barrier == barrier
    return undos, whole


def test_undo_is_exact_with_computers_between_a_persons_turns(monkeypatch) -> None:
    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, ending="frenzy", skulls=8)
    undos, whole = _undo_all_along(s, random.Random(3), 1500, monkeypatch)
    assert undos >= 20
    # Copies served undo far more often than a replay of the whole game did.
    assert whole < undos / 2, (whole, undos)


def test_undo_is_exact_at_a_hot_seat_of_two_people(monkeypatch) -> None:
    s = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": "random"}, ending="frenzy", skulls=8)
    undos, _ = _undo_all_along(s, random.Random(5), 1500, monkeypatch)
    assert undos >= 20


def test_copies_move_only_with_the_persons_undo_point() -> None:
    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, ending="frenzy", skulls=8)
    for _ in range(400):  # into the game, at a person's decision with copies ready
        d = s.game.pending
        s.choose(s.computer_choice() if not s.is_human(d.player) else d.keys[0])
    while not s.is_human(s.game.pending.player):
        s.choose(s.computer_choice())
    s.spares.wait()
    s.spares.keep_up(s.game)
    assert len(s.spares.ready) == s.spares.FIRST  # nobody undid yet: one copy
    spare = s.spares.ready[0]
    at = len(spare.history)
    assert at == s.game.undo_barrier
    # A person's follow-up decision (their undo point stays): the copy is not touched.
    d = s.game.pending
    s.choose(d.keys[0])
    if s.game.pending is not None and s.game.pending.player == d.player and s.game.can_undo:
        assert len(spare.history) == at
    # Once the computers have played and the point moved, it is brought there.
    while s.game.pending is not None and s.is_human(s.game.pending.player):
        s.choose(s.game.pending.keys[0])
    while s.game.pending is not None and not s.is_human(s.game.pending.player):
        s.choose(s.computer_choice())
    assert s.spares.ready and s.spares.ready[0].history == s.game.history[: s.game.undo_barrier]
    assert s.game.undo_barrier > at
