"""The replay viewer's layout of a save (rules/review.py): decisions, turns and kills."""

from __future__ import annotations

from adrenaline_tui.rules.review import Recording
from tests.golden.playthrough import golden_game


def test_a_recording_finds_every_decision_turn_and_kill():
    game = golden_game()
    rec = Recording.of(game)
    assert rec.decisions == len(game.history) == 44
    assert rec.events_at[-1] == len(game.events) and rec.turn_at[0] == 20 and rec.turn_at[-1] == 23
    # The game after n decisions is the replay of the first n keys, views and all.
    for n in (0, 7, 30, 44):
        assert rec.at(n).to_json() == game.replay(game.history[:n]).to_json()
    # The one kill (D-struct-or overkills Banshee, playthrough.txt) is found from the start.
    kill = rec.next_kill(0)
    assert kill is not None and rec.kills_at[kill] == 1 and rec.kills_at[kill - 1] == 0
    assert any(e.kind == "killshot" for e in game.events[rec.events_at[kill - 1] : rec.events_at[kill]])
    assert rec.next_kill(kill) is None
    # Turn steps land on the first decision of each turn.
    n, turns = 0, []
    while rec.next_turn(n) < rec.decisions:
        n = rec.next_turn(n)
        turns.append(rec.turn_at[n])
        assert rec.turn_at[n - 1] < rec.turn_at[n]
    assert turns == [21, 22, 23]
    assert rec.previous_turn(n) == rec.turn_start(22)
