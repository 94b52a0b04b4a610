"""The live referee (referee.LiveReferee) on an injected clock: the app's referee, run by hand.

It is the simulated referee's mechanism with a real clock: keys are applied as they arrive, the
clock's deadlines and the computers' plans when they are due, and each round's clock restarts
at its countdown from the moment the last round ended.
"""

from __future__ import annotations

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import COUNTDOWN_MS, LiveReferee, play

from .helpers import PLAIN, table

MATCH = ["nun", "nun", "nun", "alien"]  # The Nun's match number is 3
THREE = {"scarlet": MATCH, "violet": PLAIN, "amber": PLAIN}


class Clock:
    def __init__(self, ms: int = 10_000) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


def test_the_round_counts_down_and_the_sets_turn_up_at_fire() -> None:
    clock = Clock()
    ref = LiveReferee(Game.new({"seats": ["scarlet", "violet"]}, 2), clock=clock)
    assert ref.round_now() == -COUNTDOWN_MS
    assert ref.wake_in() == COUNTDOWN_MS
    assert ref.press("scarlet", "shoot:violet").reason == 'wait for "fire!"'
    clock.ms += COUNTDOWN_MS - 1
    assert ref.catch_up() == 0 and ref.game.phase == "ready"
    clock.ms += 1
    assert ref.catch_up() == 1 and ref.game.phase == "play"
    assert ref.game.log == [[1, 0, None, "advance"]]


def test_keys_are_applied_in_the_order_they_arrive_and_the_second_grab_is_refused() -> None:
    clock = Clock()
    g = table(seats=["scarlet", "violet", "amber"], phase="play", sets=THREE)
    ref = LiveReferee(g, clock=clock)
    clock.ms += 812
    first = ref.press("violet", "shoot:scarlet")
    second = ref.press("amber", "shoot:violet")
    assert [e.kind for e in first.events][:1] == ["shot"] and first.reason is None
    assert second.events == [] and second.reason == "the gun is in violet's hand"
    assert g.log[-1] == [1, 812, "violet", "shoot:scarlet"]
    assert [(r.seat, r.ms) for r in ref.refused] == [("amber", 812)]


def test_a_refused_key_changes_nothing() -> None:
    clock = Clock()
    g = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": ["nun"]})
    ref = LiveReferee(g, clock=clock)
    before = g.state()
    out = ref.press("scarlet", "play:nun:violet:1")
    assert out.reason == "The Nun is not in violet's set"
    assert g.state() == before and g.log == []


def test_a_deadline_due_before_a_key_fires_first_at_its_own_time() -> None:
    clock = Clock()
    g = table(seats=["scarlet", "violet", "amber"], phase="play", sets=THREE)
    ref = LiveReferee(g, clock=clock)
    clock.ms += 100
    ref.press("violet", "shoot:amber")  # neither violet's set nor amber's is a match: a foul
    assert g.live == ["scarlet", "amber"]
    clock.ms += 5000  # the gun came back at 1100 and (empty hands) everyone drew at 3000, unwatched
    out = ref.press("amber", "shoot:scarlet")
    assert out.reason is None
    assert g.log == [
        [1, 100, "violet", "shoot:amber"],
        [1, 1100, None, "advance"],
        [1, 3000, None, "advance"],
        [1, 5100, "amber", "shoot:scarlet"],
    ]


def test_the_next_round_counts_down_from_when_the_last_one_ended() -> None:
    clock = Clock()
    g = table(phase="play", sets={"scarlet": MATCH, "violet": PLAIN})
    ref = LiveReferee(g, clock=clock)
    clock.ms += 700
    ref.press("scarlet", "shoot:violet")
    assert g.round == 2 and g.phase == "ready"
    assert ref.round_now() == -COUNTDOWN_MS
    clock.ms += 250
    assert ref.round_now() == -COUNTDOWN_MS + 250


def test_computers_act_at_their_planned_times_and_a_live_game_logs_what_the_simulated_one_does() -> None:
    """Woken exactly when something is due, the live referee carries out the same game as the
    simulated one: the same mechanism, only the clock differs."""
    seats = ["scarlet", "violet", "amber"]

    def players() -> dict:
        return {s: make_player("normal", 5 + i) for i, s in enumerate(seats)}

    simulated = Game.new({"seats": seats, "rounds": 2}, 9)
    play(simulated, players(), seed=1)
    clock = Clock()
    live = Game.new({"seats": seats, "rounds": 2}, 9)
    ref = LiveReferee(live, players(), seed=1, clock=clock)
    for _ in range(10_000):
        wait = ref.wake_in()
        if wait is None:
            break
        clock.ms += wait
        ref.catch_up()
    assert live.phase == "over"
    assert [e[1:] for e in live.log] == [e[1:] for e in simulated.log]


def test_the_slow_pace_stretches_the_computers_delays_only() -> None:
    def first_action(pace: float) -> list:
        g = table(seats=["scarlet", "violet"], phase="play", sets={"scarlet": PLAIN, "violet": MATCH})
        clock = Clock()
        ref = LiveReferee(g, {"scarlet": make_player("hard", 3)}, clock=clock, pace=pace)
        while not any(e[2] == "scarlet" for e in g.log):
            clock.ms += ref.wake_in() or 0
            ref.catch_up()
        return g.log[-1]

    fast, slow = first_action(1.0), first_action(4.0)
    assert fast[3] == slow[3] == "shoot:violet"
    assert slow[1] == 4 * fast[1]


def test_a_paused_round_does_nothing_and_goes_on_after_a_hold() -> None:
    clock = Clock()
    g = table(phase="play", sets={"scarlet": MATCH, "violet": PLAIN})
    ref = LiveReferee(g, {"violet": make_player("hard", 2)}, clock=clock)
    clock.ms += 100
    ref.pause()
    assert ref.wake_in() is None and ref.press("scarlet", "shoot:violet").reason == "the game is paused"
    clock.ms += 60_000  # a minute reading the rules
    assert ref.catch_up() == 0 and g.log == []
    ref.resume(COUNTDOWN_MS)
    assert ref.holding() == COUNTDOWN_MS
    clock.ms += COUNTDOWN_MS
    assert ref.press("scarlet", "shoot:violet").reason is None
    assert g.log == [[1, 0, "scarlet", "shoot:violet"]]  # the round's clock stood still
