"""The replay of a Bloodrush save, decision by decision, with the surface of Adrenaline's."""

from adrenaline_tui.rules.review import Recording as AdrenalineRecording
from adrenaline_tui.titles.bloodrush.review import Recording

from .test_figures import _dawn_game


def test_a_recording_steps_through_the_game_and_jumps_to_its_moments():
    g = _dawn_game()  # move:w, straight (drains Violet), collect, straight (the dawn eliminates her)
    rec = Recording.of(g)
    assert rec.decisions == 4 and rec.turn_at == [0, 0, 1, 1, 1]
    assert rec.moments_at == [0, 0, 1, 1, 2]
    assert rec.next_kill(0) == 2 and rec.next_moment(2) == 4 and rec.next_moment(4) is None
    assert rec.next_turn(0) == 2 and rec.previous_turn(3) == 2
    assert rec.at(2).view(None)["vampires"]["violet"]["blood"] == 1
    assert rec.at(4) is g and rec.at(0).history == []
    assert [e.kind for e in g.events[rec.events_at[1] : rec.events_at[2]]].count("drained") == 1


def test_it_offers_everything_adrenalines_recording_does():
    public = {n for n in dir(AdrenalineRecording) if not n.startswith("_")}
    assert public - set(dir(Recording)) == {"kills_at"}  # Bloodrush counts moments instead
