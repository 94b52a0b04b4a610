"""Every rule of Panic Fire (shared/seeds/panic-fire-rules-es.txt) on an exact position:
sets, hands, Shields, the gun, the Bullets."""

from __future__ import annotations

import pytest

from adrenaline_tui.titles.panic_fire import Game, IllegalAction
from adrenaline_tui.titles.panic_fire.game import COUNT_MS, GUN_MS

from .helpers import PLAIN, kinds, table, tops

# --- setup and "ready, aim, fire!" --------------------------------------------------------


def test_setup_deals_eight_each_sets_the_bullets_aside_and_hides_everything_until_fire() -> None:
    g = Game.new({"seats": ["scarlet", "violet", "amber"]}, 7)
    s = g.state()
    assert all(len(s["sets"][p]) == 4 and len(s["hands"][p]) == 4 for p in g.config.seats)
    assert len(s["draw"]) == 112 - 6 - 3 * 8 and g.bullets_left == 6
    v = g.view("scarlet")
    # "Los jugadores no pueden mirarlos ... todavía": not even your own hand before "fire!".
    assert v["phase"] == "ready" and v["hand"] == [] and v["table"]["violet"]["set"] == [None] * 4
    assert g.next_deadline() == 0
    with pytest.raises(IllegalAction, match='wait for "fire!"'):
        g.act("scarlet", "shield", -500)
    g.advance(0)
    v = g.view("scarlet")
    assert v["phase"] == "play" and len(v["hand"]) == 4 and None not in v["table"]["violet"]["set"]


def test_a_shield_in_the_set_slides_out_and_the_extra_ones_are_covered() -> None:
    g = table(
        phase="ready",
        sets={"scarlet": ["shield", "nun", "shield", "alien"], "violet": PLAIN},
        # The Shield's place is dealt a Shield again: an extra one, covered in turn.
        draw=["shield", "zombie", "viking"],
    )
    events = g.advance(0)
    assert kinds(events)[:2] == ["fire", "shield_out"]
    assert g.shield["scarlet"] and not g.shield["violet"]
    assert tops(g, "scarlet") == ["zombie", "nun", "viking", "alien"]
    # The covering cards need not match; the covered Shields stay under them.
    assert g.sets["scarlet"] == [["shield", "zombie"], ["nun"], ["shield", "viking"], ["alien"]]


def test_a_set_revealed_as_a_match_can_shoot_at_once() -> None:
    g = table(phase="ready", sets={"scarlet": ["nun", "nun", "nun", "alien"], "violet": PLAIN})
    before = g.state()
    assert [a.key for a in g.legal("scarlet", -1) if a.key.startswith("shoot")] == []
    # What is legal at "fire!" is listed before the referee has fired it, and listing changes nothing.
    assert [a.key for a in g.legal("scarlet", 0) if a.key.startswith("shoot")] == ["shoot:violet"]
    assert g.state() == before
    g.act("scarlet", "shoot:violet", 0)
    assert g.bullets == {"scarlet": 1, "violet": 0}


# --- playing cards -------------------------------------------------------------------------


def test_a_character_goes_only_on_a_set_that_already_shows_it_and_the_player_draws() -> None:
    g = table(
        sets={"scarlet": ["zombie", "alien", "gorilla", "nun"], "violet": ["cowboy", "alien", "gorilla", "nun"]},
        hands={"scarlet": ["cowboy", "viking", "zombie", "nun"]},
        draw=["gangster"],
    )
    # Jane's Cowboy on Clark's set, which shows a Cowboy: yes.
    g.act("scarlet", "play:cowboy:violet:2", 100)
    assert tops(g, "violet") == ["cowboy", "cowboy", "gorilla", "nun"]
    assert sorted(g.hands["scarlet"]) == ["gangster", "nun", "viking", "zombie"]
    # Her Viking on a set with no Viking: no, and nothing changes.
    before = g.state()
    with pytest.raises(IllegalAction, match="The Viking is not in violet's set"):
        g.act("scarlet", "play:viking:violet:1", 200)
    with pytest.raises(IllegalAction, match="The Viking is not in scarlet's set"):
        g.act("scarlet", "play:viking:scarlet:1", 200)
    assert g.state() == before
    # Luke's Zombie on his own set, which has a Zombie: yes.
    g.act("scarlet", "play:zombie:scarlet:2", 300)
    assert tops(g, "scarlet") == ["zombie", "zombie", "gorilla", "nun"]


def test_keys_that_are_not_actions_say_why_and_change_nothing() -> None:
    g = table(sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": ["alien"]})
    before = g.state()
    for key, why in [
        ("play:alien:violet:5", "the position is 1 to 4"),
        ("play:nun:violet:1", "you hold no The Nun"),
        ("play:shield:violet:1", "a Shield is not played on a set"),
        ("play:ghost:violet:1", "not a character"),
        ("play:alien:nobody:1", "not a player of this round"),
        ("shoot:scarlet", "you cannot shoot yourself"),
        ("shield", "you hold no Shield"),
        ("dance", "no action"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            g.act("scarlet", key, 10)
    with pytest.raises(IllegalAction, match="no such seat"):
        g.act("teal", "fold", 10)
    assert g.state() == before and g.log == []


def test_the_great_grandma_goes_on_anyone_at_any_time_and_is_a_match_alone() -> None:
    g = table(sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"violet": ["grandma"]})
    assert not g.is_match("scarlet")
    g.act("violet", "play:grandma:scarlet:1", 50)
    assert tops(g, "scarlet") == ["grandma", "gorilla", "viking", "zombie"]
    assert g.view("violet")["table"]["scarlet"]["match"]


@pytest.mark.parametrize(
    ("cards", "match"),
    [
        (["nun", "nun", "nun", "alien"], True),  # The Nun: 3 of 4
        (["nun", "nun", "alien", "gorilla"], False),
        (["alien", "alien", "alien", "alien"], True),  # The Alien: all four
        (["alien", "alien", "alien", "nun"], False),
        (["cowboy", "cowboy", "cowboy", "alien"], True),  # designed: The Cowboy 3
        (["cowboy", "cowboy", "nun", "alien"], False),
        (["grandma", "nun", "alien", "zombie"], True),
    ],
)
def test_a_match_needs_the_characters_match_number_face_up(cards: list[str], match: bool) -> None:
    g = table(sets={"scarlet": cards, "violet": PLAIN})
    assert g.is_match("scarlet") is match


def test_only_the_top_card_of_a_stack_counts() -> None:
    g = table(sets={"scarlet": [["nun", "alien"], "nun", "nun", "gorilla"], "violet": PLAIN})
    assert not g.is_match("scarlet")


# --- shooting ------------------------------------------------------------------------------


def test_a_match_shoots_any_opponent_who_leaves_and_the_match_is_dealt_again() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["nun", "nun", "nun", "alien"], "violet": PLAIN, "amber": PLAIN},
        hands={"scarlet": ["alien"], "violet": ["cowboy", "zombie"]},
        draw=["viking", "gorilla", "gangster", "cowboy"],
    )
    events = g.act("scarlet", "shoot:violet", 1000)
    assert kinds(events) == ["shot", "out", "new_set"]
    assert g.live == ["scarlet", "amber"] and g.sets["violet"] == [] and g.hands["violet"] == []
    # The four cleared Nun-and-Alien cards and the shot player's set and hand are discarded.
    assert sorted(g.discard) == sorted(["nun", "nun", "nun", "alien", *PLAIN, "cowboy", "zombie"])
    assert tops(g, "scarlet") == ["viking", "gorilla", "gangster", "cowboy"]
    assert g.gun == "scarlet" and g.next_deadline() == 1000 + GUN_MS


def test_anyone_may_shoot_a_match_and_the_target_s_set_stays() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": PLAIN, "violet": ["grandma", "nun", "alien", "zombie"], "amber": PLAIN},
    )
    assert "shoot:amber" in {a.key for a in g.legal("scarlet")}  # listed, as a foul
    g.act("scarlet", "shoot:violet", 400)
    assert g.live == ["scarlet", "amber"] and tops(g, "scarlet") == PLAIN


def test_a_shot_with_no_match_on_either_set_is_a_foul_and_the_shooter_leaves() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": PLAIN, "violet": PLAIN, "amber": PLAIN},
        shield=["scarlet"],
    )
    label = next(a.label for a in g.legal("scarlet") if a.key == "shoot:violet")
    assert "foul" in label
    events = g.act("scarlet", "shoot:violet", 400)
    # Not even a Shield saves the shooter ("el jugador que dispara es eliminado de la ronda").
    assert kinds(events) == ["foul", "out"]
    assert g.live == ["violet", "amber"] and tops(g, "violet") == PLAIN


def test_a_shield_in_play_stops_a_bullet_and_is_discarded() -> None:
    g = table(
        sets={"scarlet": ["nun", "nun", "nun", "alien"], "violet": PLAIN},
        shield=["violet"],
        hands={"violet": ["shield"]},
        draw=PLAIN,
    )
    events = g.act("scarlet", "shoot:violet", 500)
    # The one in play goes first: the one in hand can still be put in play for a card.
    assert kinds(events) == ["shot", "blocked", "new_set"]
    assert g.live == ["scarlet", "violet"] and not g.shield["violet"] and g.hands["violet"] == ["shield"]
    assert g.discard.count("shield") == 1


def test_a_shield_in_hand_stops_a_bullet_when_none_is_in_play() -> None:
    g = table(
        sets={"scarlet": ["alien"] * 4, "violet": PLAIN}, hands={"violet": ["nun", "shield", "shield"]}, draw=PLAIN
    )
    g.act("scarlet", "shoot:violet", 500)
    assert g.live == ["scarlet", "violet"] and g.hands["violet"] == ["nun", "shield"]


def test_two_grabs_for_the_gun_at_once_the_first_to_arrive_shoots_the_second_is_refused() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["nun", "nun", "nun", "alien"], "violet": ["alien"] * 4, "amber": PLAIN},
        hands={"scarlet": ["alien"], "amber": ["alien"]},
        shield=["amber"],
        draw=PLAIN,
    )
    g.act("violet", "shoot:amber", 2000)
    before = g.state()
    with pytest.raises(IllegalAction, match="the gun is in violet's hand"):
        g.act("scarlet", "shoot:amber", 2000)  # the same millisecond, second in the referee's order
    assert g.state() == before and [e[2] for e in g.log] == ["violet"]
    assert not any(a.key.startswith("shoot") for a in g.legal("scarlet", 2000 + GUN_MS - 1))
    assert [e.kind for e in g.advance(2000 + GUN_MS)] == ["gun_back"]
    g.act("scarlet", "shoot:amber", 2000 + GUN_MS)
    assert g.live == ["scarlet", "violet"]


def test_the_last_one_standing_takes_a_bullet_and_the_next_round_is_dealt() -> None:
    g = table(round=2, bullets={"violet": 1}, sets={"scarlet": ["grandma", *PLAIN[1:]], "violet": PLAIN})
    events = g.act("scarlet", "shoot:violet", 900)
    assert kinds(events) == ["shot", "out", "bullet", "dealt"]
    assert g.bullets == {"scarlet": 1, "violet": 1} and g.bullets_left == 4
    assert g.round == 3 and g.phase == "ready" and g.live == ["scarlet", "violet"] and g.next_deadline() == 0
    assert g.census()["bullet"] == 6


# --- the stalemate and the count of three ---------------------------------------------------


def test_when_nobody_can_play_everyone_draws_on_the_count_of_three_until_someone_can() -> None:
    g = table(
        sets={"scarlet": ["nun", "nun", "alien", "alien"], "violet": ["nun", "nun", "gorilla", "gorilla"]},
        hands={"scarlet": ["zombie", "viking", "cowboy", "cowboy"], "violet": ["zombie", "viking", "viking", "cowboy"]},
        draw=["zombie", "gangster", "viking", "nun"],
    )
    # Nobody holds a Nun, an Alien or a Gorilla: the count starts with the position (at 0).
    assert g.count_at == COUNT_MS and g.view("violet")["stalemate"]
    assert g.advance(COUNT_MS - 1) == [] and len(g.hands["scarlet"]) == 4
    events = g.advance(COUNT_MS)
    assert kinds(events) == ["three", "drew", "drew"]
    # Zombie and Gangster are no use: a second count, three seconds on.
    assert len(g.hands["scarlet"]) == 5 and len(g.hands["violet"]) == 5 and g.count_at == 2 * COUNT_MS
    events = g.advance(2 * COUNT_MS)
    # A Nun for violet, and the only time a hand holds more than four.
    assert kinds(events) == ["three", "drew", "drew"] and g.count_at is None
    assert "nun" in g.hands["violet"] and len(g.hands["violet"]) == 6
    assert {a.key for a in g.legal("violet")} >= {"play:nun:scarlet:3", "play:nun:violet:3"}
