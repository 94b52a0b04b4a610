"""Computer players: a person's reaction times, only their seat's view, no foul at hard; the
referee runs them in simulated time, the same way every time."""

from __future__ import annotations

import pytest

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.players import LEVELS, MIN_REACTION_MS, make_player
from adrenaline_tui.titles.panic_fire.referee import Referee, play

from .helpers import PLAIN, table

SEATS = ["scarlet", "violet", "amber", "teal"]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_no_computer_acts_sooner_than_a_person_could(level: str) -> None:
    g = table(sets={"scarlet": PLAIN, "violet": ["nun", "nun", "nun", "alien"]}, hands={"scarlet": ["alien"]})
    view = g.view("scarlet")
    delays = []
    for seed in range(300):
        at, key = make_player(level, seed).plan(view, 1000)
        assert key == "shoot:violet"  # the open target, before any card
        delays.append(at - 1000)
    assert min(delays) >= MIN_REACTION_MS


def test_the_levels_are_slower_to_easier() -> None:
    g = table(sets={"scarlet": PLAIN, "violet": ["nun", "nun", "nun", "alien"]})
    view = g.view("scarlet")
    mean = {lv: sum(make_player(lv, s).plan(view, 0)[0] for s in range(200)) / 200 for lv in LEVELS}
    assert mean["hard"] < mean["normal"] < mean["easy"]


def test_a_computer_plans_from_its_view_alone_whatever_is_hidden() -> None:
    # The same table for scarlet; violet's hand and the draw pile differ.
    sets = {"scarlet": ["nun", "nun", "alien", "zombie"], "violet": PLAIN}
    a = table(sets=sets, hands={"scarlet": ["nun"], "violet": ["cowboy", "gangster"]}, draw=["shield", "grandma"])
    b = table(sets=sets, hands={"scarlet": ["nun"], "violet": ["grandma", "shield"]}, draw=["cowboy", "gangster"])
    assert a.state()["hands"] != b.state()["hands"]
    assert a.view("scarlet") == b.view("scarlet")
    for level in LEVELS:
        assert make_player(level, 3).plan(a.view("scarlet"), 0) == make_player(level, 3).plan(b.view("scarlet"), 0)


def test_a_hard_computer_drops_a_shot_the_moment_the_match_is_broken() -> None:
    g = table(
        sets={"scarlet": PLAIN, "violet": ["nun", "nun", "nun", "alien"]},
        hands={"scarlet": ["alien"], "violet": ["alien", "alien"]},
    )
    hard = make_player("hard", 1)
    at, key = hard.plan(g.view("scarlet"), 0)
    assert key == "shoot:violet"
    g.act("violet", "play:alien:violet:1", at - 1)  # violet breaks the match just in time
    assert hard.plan(g.view("scarlet"), at - 1) != (at, key)


def test_an_easy_computer_already_reaching_for_the_gun_cannot_stop() -> None:
    g = table(
        sets={"scarlet": PLAIN, "violet": ["nun", "nun", "nun", "alien"]},
        hands={"scarlet": ["alien"], "violet": ["alien", "alien"]},
    )
    easy = make_player("easy", 1)
    at, key = easy.plan(g.view("scarlet"), 0)
    g.act("violet", "play:alien:violet:1", at - 1)
    assert easy.plan(g.view("scarlet"), at - 1) == (at, key)
    events = g.act("scarlet", key, at)
    assert [e.kind for e in events][:2] == ["foul", "out"] and g.bullets["violet"] == 1


@pytest.mark.parametrize("seed", range(8))
def test_hard_computers_never_foul(seed: int) -> None:
    g = Game.new({"seats": SEATS}, seed)
    ref = play(g, {s: make_player("hard", seed * 10 + i) for i, s in enumerate(SEATS)}, seed=seed)
    assert g.phase == "over"
    assert not [e for _, _, e in ref.events if e.kind == "foul"]
    assert not ref.refused


def test_the_referee_is_deterministic_and_its_order_decides_ties() -> None:
    def run(ref_seed: int) -> list:
        g = Game.new({"seats": SEATS}, 11)
        return play(g, {s: make_player("normal", i) for i, s in enumerate(SEATS)}, seed=ref_seed).game.log

    assert run(1) == run(1)


def test_scripted_actions_of_people_and_computers_share_one_clock() -> None:
    g = table(
        sets={"scarlet": PLAIN, "violet": ["nun", "nun", "nun", "alien"]},
        hands={"scarlet": ["alien"], "violet": ["alien"]},
    )
    # A person at violet's keys shoots 260 ms in: sooner than the hard computer's 300 ms median.
    ref = Referee(g, {"scarlet": make_player("hard", 2)}, script=[(1, 260, "violet", "shoot:scarlet")])
    ref.run()
    assert g.log[0] == [1, 260, "violet", "shoot:scarlet"] and g.bullets["violet"] == 1


def test_two_people_grab_the_gun_in_the_same_millisecond_the_referee_s_order_decides() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["alien"] * 4, "violet": ["nun", "nun", "nun", "zombie"], "amber": PLAIN},
        hands={"scarlet": ["alien"], "violet": ["alien"], "amber": ["alien"]},
        shield=["amber"],
    )
    script = [(1, 700, "violet", "shoot:amber"), (1, 700, "scarlet", "shoot:amber")]
    ref = Referee(g, {}, script=script)
    ref.run()
    assert [e[1:] for e in g.log] == [[700, "violet", "shoot:amber"], [1700, None, "advance"]]  # the gun back
    assert [(r.seat, r.reason) for r in ref.refused] == [("scarlet", "the gun is in violet's hand")]
    assert g.live == ["scarlet", "violet", "amber"] and not g.shield["amber"]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_computer_keeps_its_own_match_while_the_gun_is_out(level: str) -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["nun", "nun", "nun", "zombie"], "violet": ["alien"] * 4, "amber": PLAIN},
        hands={"scarlet": ["zombie", "grandma"], "violet": ["alien"], "amber": ["alien"]},
        shield=["amber"],
    )
    g.act("violet", "shoot:amber", 0)  # the gun is out for a second
    plan = make_player(level, 5).plan(g.view("scarlet"), 10)
    assert plan is None or not plan[1].endswith(tuple(f"scarlet:{p}" for p in range(1, 5)))
