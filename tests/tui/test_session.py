"""The table's rules without the app: who looks at the screen, autosave, resume, undo."""

from __future__ import annotations

import json
from pathlib import Path

from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import HUMAN, Session

from .helpers import new_session


def _play_until(session: Session, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate(session):
            return
        d = session.game.pending
        assert d is not None, "game ended first"
        key = session.computer_choice() if not session.is_human(d.player) else d.keys[-1 if d.keys[-1] != "end" else 0]
        session.choose(key)
    raise AssertionError("never happened")


def test_lone_person_always_sees_their_own_view_and_never_hands_off() -> None:
    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    for _ in range(200):
        d = s.game.pending
        viewer, handoff = s.plan_view("yellow")
        assert viewer == "yellow" and not handoff
        s.choose(s.computer_choice() if not s.is_human(d.player) else d.keys[0])


def test_several_people_hand_off_whenever_the_decision_changes_hands() -> None:
    s = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": "random"})
    d = s.game.pending
    viewer, handoff = s.plan_view(None)
    assert viewer == d.player and handoff
    # The same person keeps the keyboard for their own follow-up decisions...
    assert s.plan_view(d.player) == (d.player, False)
    # ...a computer deciding shows nobody's cards...
    _play_until(s, lambda s: s.computer_to_move)
    assert s.plan_view("yellow") == (None, False)


def test_autosave_after_every_decision_and_resume_exactly(home: Path) -> None:
    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    for _ in range(40):
        d = s.game.pending
        s.choose(s.computer_choice() if not s.is_human(d.player) else d.keys[0])
        s.flush()
        saved = json.loads(s.path.read_text())
        assert saved["choices"] == s.game.history
    again = Session.resume(s.path)
    assert again.game.to_json() == s.game.to_json()
    assert again.kinds == s.kinds
    assert storage.latest_unfinished().path == s.path


def test_unknown_computer_kind_falls_back_with_a_note() -> None:
    s = new_session({"yellow": HUMAN, "blue": "no-such-bot", "grey": "random"})
    s.resolve_computers()
    assert s.kinds["blue"] in ("normal", "random")
    assert s.fallbacks and "no-such-bot" in s.fallbacks[0]


def test_a_save_from_before_levels_plays_its_sensible_seats_as_normal(home: Path) -> None:
    s = new_session({"yellow": HUMAN, "blue": "sensible", "grey": "random"})
    s.flush()
    again = Session.resume(s.path)
    assert again.resolve_computers() == []  # a rename, not a missing player: no notice
    assert again.kinds == {"yellow": HUMAN, "blue": "normal", "grey": "random"}
    assert again.bot("blue").name == "normal"


def test_undo_is_only_for_the_person_deciding() -> None:
    s = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": HUMAN})
    _play_until(s, lambda s: s.game.pending.kind == "action")
    who = s.game.pending.player
    before = s.game.to_json()
    s.choose("run")
    assert s.can_undo(who) and not s.can_undo("grey" if who != "grey" else "blue")
    s.undo()
    assert s.game.to_json() == before


def test_saves_list_newest_first_and_skip_finished_games(home: Path) -> None:
    a = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    b = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, seed=9)
    a.flush()
    b.flush()
    assert {i.path for i in storage.list_saves()} == {a.path, b.path}
    storage.write_table(b.path, {"seats": b.kinds, "over": True})
    assert storage.latest_unfinished().path == a.path


def test_undo_late_in_a_game_plays_on_from_a_copy_at_the_barrier_not_a_whole_replay(monkeypatch) -> None:
    from adrenaline_tui.rules import Game

    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, ending="frenzy", skulls=8)
    # Well into the game, at a person's action: two decisions to make, then undo both.
    _play_until(
        s, lambda s: s.game.turn >= 12 and s.game.pending.kind == "action" and s.is_human(s.game.pending.player)
    )
    start = s.game.to_json()
    s.choose("run")
    after_run = s.game.to_json()
    s.choose(s.game.pending.keys[0])
    s.spares.wait()
    replayed: list[int] = []
    real_replay = Game.replay
    monkeypatch.setattr(Game, "replay", lambda g, keys: replayed.append(len(keys)) or real_replay(g, keys))
    s.undo()
    assert s.game.to_json() == after_run
    s.undo()
    assert s.game.to_json() == start
    # Neither undo replayed the game from its start: each played on from a copy at the barrier
    # (a new copy may be on its way in the background meanwhile, replaying up to the barrier).
    assert all(n <= s.game.undo_barrier for n in replayed), (replayed, s.game.undo_barrier)
    assert len(s.spares.ready) == 0 or s.spares.ready[0].history == s.game.history[: s.game.undo_barrier]
    # The game goes on as if never undone.
    s.choose("run")
    assert s.game.to_json() == after_run


def test_undo_copies_wait_while_someone_is_at_the_keys(monkeypatch) -> None:
    """A copy for undo is made only once nobody has pressed a key for a moment: a key press
    (`touch`) holds it back even when no decision was made."""
    import time as real_time

    from adrenaline_tui.tui import session as session_module

    s = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    _play_until(s, lambda s: s.game.turn >= 3 and s.game.pending.kind == "action" and s.is_human(s.game.pending.player))
    s.spares.wait()
    now = [1000.0]
    monkeypatch.setattr(session_module.time, "monotonic", lambda: now[0])
    idle = s.spares.IDLE
    s.choose("run")
    s.undo()  # takes a copy: a new one is made in the background
    building = s.spares._building
    assert building is not None
    now[0] += idle * 0.9
    s.spares.touch()  # a key press (a cursor move, say), no decision
    now[0] += idle * 0.5  # past the pause after the undo, not after the key press
    real_time.sleep(0.3)
    assert not building.done()
    now[0] += idle
    s.spares.wait()
    assert building.result().history == s.game.history[: s.game.undo_barrier]
