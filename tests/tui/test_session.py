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
