"""The table's log (`EventLog`): what it narrates and the notes it adds."""

from __future__ import annotations

from adrenaline_tui.rules import Event
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import DEFAULT_LOOK, Look
from adrenaline_tui.tui.widgets.event_log import DAMAGE_TRACK, event_line, with_notes


def ev(kind: str) -> Event:
    return Event(kind, kind, {})


def test_the_damage_track_is_explained_once_right_after_the_first_damage() -> None:
    shown, noted = with_notes([ev("turn"), ev("paid"), ev("damaged"), ev("damaged")], False)
    assert [e.kind for e in shown] == ["turn", "damaged", DAMAGE_TRACK, "damaged"]
    assert noted
    later, _ = with_notes([ev("damaged")], noted)
    assert [e.kind for e in later] == ["damaged"]
    text = event_line(shown[2], DEFAULT_LOOK).plain
    assert "··│···│·····│·│·" in text and "11th is the killshot" in text


def test_log_lines_use_the_ascii_glyphs_when_asked() -> None:
    look = Look(glyphs=ASCII)
    for kind in ("turn", DAMAGE_TRACK):
        assert event_line(ev(kind), look).plain.isascii()
