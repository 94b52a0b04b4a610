"""The table's log (`EventLog`): what it narrates and the notes it adds."""

from __future__ import annotations

from adrenaline_tui.rules import Event
from adrenaline_tui.tui.look import ASCII
from adrenaline_tui.tui.look_access import DEFAULT_LOOK, Look
from adrenaline_tui.tui.widgets.event_log import DAMAGE_TRACK, WEAPON_MARKS, event_line, with_notes


def ev(kind: str) -> Event:
    return Event(kind, kind, {})


def test_the_damage_track_is_explained_once_right_after_the_first_damage() -> None:
    shown, noted = with_notes([ev("turn"), ev("paid"), ev("damaged"), ev("damaged")], frozenset())
    assert [e.kind for e in shown] == ["turn", "damaged", DAMAGE_TRACK, "damaged"]
    assert noted == {DAMAGE_TRACK}
    later, _ = with_notes([ev("damaged")], noted)
    assert [e.kind for e in later] == ["damaged"]
    text = event_line(shown[2], DEFAULT_LOOK).plain
    assert "··│···│·····│·│·" in text and "11th is the killshot" in text


def test_log_lines_use_the_ascii_glyphs_when_asked() -> None:
    look = Look(glyphs=ASCII)
    for kind in ("turn", DAMAGE_TRACK, WEAPON_MARKS):
        assert event_line(ev(kind), look).plain.isascii()


def test_the_weapon_marks_are_explained_once_after_the_first_shot() -> None:
    shown, noted = with_notes([ev("damaged"), ev("shoot"), ev("damaged"), ev("shoot")], frozenset())
    assert [e.kind for e in shown] == ["damaged", DAMAGE_TRACK, "shoot", WEAPON_MARKS, "damaged", "shoot"]
    assert noted == {DAMAGE_TRACK, WEAPON_MARKS}
    assert [e.kind for e in with_notes([ev("shoot")], noted)[0]] == ["shoot"]


def test_the_ascii_weapon_marks_say_what_the_sign_means() -> None:
    # "Hellion-" reads like a name on the Linux console; the note shows the sign on a name.
    text = event_line(ev(WEAPON_MARKS), Look(glyphs=ASCII)).plain
    assert "unloaded" in text and "Hellion-" in text and "Hellion+" in text and "loaded" in text


def test_the_letter_of_a_log_line_is_the_figure_its_sentence_is_about() -> None:
    """The log puts the subject's letter before each line: in games of every mode with the bot,
    the figure it names is the first one the sentence names ("V Dozer places the bot" put the
    bot's letter before the player who placed it: issue 23, finding 10)."""
    import random

    from adrenaline_tui.rules import Game, GameConfig
    from adrenaline_tui.tui.widgets.event_log import subject

    for mode in ("standard", "domination", "turret"):
        game = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5, mode=mode, bot="purple"), 3)
        rng = random.Random(3)
        while game.pending is not None:
            game.choose(rng.choice(game.pending.keys))
        names = {c: p.name for c, p in game.players.items()}
        for e in game.events:
            who = subject(e)
            if who is None:
                continue
            at = {c: e.text.find(n) for c, n in names.items() if n in e.text}
            assert who in at and at[who] == min(at.values()), (e.kind, e.text, who)
