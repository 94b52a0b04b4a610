"""The rulings on what the text leaves open (docs/rulings.md, "Panic Fire"), one test each."""

from __future__ import annotations

import pytest

from adrenaline_tui.titles.panic_fire import IllegalAction
from adrenaline_tui.titles.panic_fire.game import COUNT_MS, GUN_MS

from .helpers import PLAIN, kinds, table, tops

NO_PLAY = {"scarlet": ["nun", "nun", "alien", "alien"], "violet": ["nun", "nun", "gorilla", "gorilla"]}


def test_a_shield_can_always_be_put_in_play_for_a_card_one_at_a_time() -> None:
    # "Siempre se puede jugar una carta de escudo": at any moment of play, while none is in play.
    g = table(sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": ["shield", "shield"]}, draw=["cowboy"])
    g.act("scarlet", "shield", 10)
    assert g.shield["scarlet"] and sorted(g.hands["scarlet"]) == ["cowboy", "shield"]
    with pytest.raises(IllegalAction, match="already have a Shield in play"):
        g.act("scarlet", "shield", 20)


def test_in_a_stalemate_a_held_shield_must_be_played_at_the_count_instead_of_a_draw() -> None:
    # "Los jugadores deben jugar Cartas Escudo en caso de empate": the stalemate (nobody can play a
    # character); at "three" a Shield held with none in play goes into play, and its player draws.
    g = table(
        sets=NO_PLAY,
        hands={"scarlet": ["zombie", "shield"], "violet": ["viking", "shield"]},
        shield=["violet"],
        draw=["cowboy", "gangster"],
    )
    assert g.count_at == COUNT_MS
    events = g.advance(COUNT_MS)
    assert kinds(events) == ["three", "shield", "drew", "drew"]
    assert g.shield["scarlet"] and sorted(g.hands["scarlet"]) == ["cowboy", "zombie"]
    # violet has one in play already: the one in hand stays there, and violet draws.
    assert sorted(g.hands["violet"]) == ["gangster", "shield", "viking"]


def test_a_player_who_is_out_clears_the_hand_too() -> None:
    # "limpia tus cartas de la mesa": set, Shield in play and hand all go to the discards.
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["alien"] * 4, "violet": PLAIN, "amber": PLAIN},
        hands={"scarlet": ["alien"], "violet": ["nun", "cowboy"], "amber": ["alien"]},
        draw=PLAIN,
    )
    g.act("scarlet", "shoot:violet", 100)
    assert g.hands["violet"] == [] and g.view("amber")["table"]["violet"]["hand_size"] == 0
    assert {"nun", "cowboy"} <= set(g.discard)
    with pytest.raises(IllegalAction, match="violet is out"):
        g.act("amber", "play:alien:violet:1", 200)
    with pytest.raises(IllegalAction, match="you are out of this round"):
        g.act("violet", "fold", 200)


def test_shooting_from_a_match_clears_it_even_when_a_shield_stops_the_bullet() -> None:
    g = table(
        sets={"scarlet": ["nun", "nun", "nun", "alien"], "violet": PLAIN},
        shield=["violet"],
        hands={"scarlet": ["alien"], "violet": ["alien"]},
        draw=["cowboy", "viking", "zombie", "gangster"],
    )
    g.act("scarlet", "shoot:violet", 100)
    assert tops(g, "scarlet") == ["cowboy", "viking", "zombie", "gangster"] and not g.is_match("scarlet")


def test_nobody_shoots_while_the_gun_is_out_not_even_its_holder() -> None:
    g = table(
        sets={"scarlet": ["alien"] * 4, "violet": ["alien"] * 4},
        shield=["violet"],
        hands={"scarlet": ["alien"], "violet": ["alien", "shield"]},
        draw=["alien"] * 4,
    )
    g.act("scarlet", "shoot:violet", 100)
    assert g.is_match("scarlet")  # dealt four Aliens again
    with pytest.raises(IllegalAction, match="the gun is in scarlet's hand"):
        g.act("scarlet", "shoot:violet", 100 + GUN_MS - 1)


def test_after_the_sixth_bullet_the_most_bullets_wins_outright() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        round=6,
        bullets={"scarlet": 2, "violet": 1, "amber": 2},
        out=["amber"],
        sets={"scarlet": PLAIN, "violet": ["grandma", *PLAIN[1:]]},
        hands={"scarlet": ["alien"], "violet": ["alien"]},
    )
    events = g.act("scarlet", "shoot:violet", 100)
    assert kinds(events) == ["shot", "out", "bullet", "champion"]
    assert g.champion == "scarlet" and g.phase == "over" and g.bullets_left == 0
    assert [(r["seat"], r["place"]) for r in g.ranking()] == [("scarlet", 1), ("amber", 2), ("violet", 3)]


def test_a_tie_is_a_sudden_death_round_of_the_tied_alone_and_its_winner_is_the_champion() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        round=6,
        bullets={"scarlet": 3, "violet": 2, "amber": 0},
        out=["scarlet"],
        sets={"violet": ["grandma", *PLAIN[1:]], "amber": PLAIN},
        hands={"violet": ["alien"], "amber": ["alien"]},
    )
    events = g.act("violet", "shoot:amber", 100)
    assert kinds(events)[-4:] == ["out", "bullet", "sudden_death", "dealt"]
    assert g.bullets == {"scarlet": 3, "violet": 3, "amber": 0} and g.champion is None
    assert g.sudden_death and g.round == 7 and g.in_round == ("scarlet", "violet") and g.phase == "ready"
    assert not g.view("amber")["table"]["amber"]["in_round"]
    with pytest.raises(IllegalAction, match="not in this round"):
        g.act("amber", "fold", 0)
    g.advance(0)
    events = g.act("scarlet", "fold", 500)
    # No Bullet is left to take: the sudden-death winner is the champion.
    assert kinds(events) == ["fold", "out", "champion"] and g.champion == "violet"
    assert [(r["seat"], r["place"], r["bullets"]) for r in g.ranking()] == [
        ("violet", 1, 3),
        ("scarlet", 2, 3),
        ("amber", 3, 0),
    ]


def test_an_empty_draw_pile_is_refilled_from_the_discards_then_from_the_covered_cards() -> None:
    g = table(
        sets={"scarlet": [["nun", "alien"], "zombie", "viking", "gorilla"], "violet": PLAIN},
        hands={"scarlet": ["alien", "zombie"]},
        discard=["cowboy"],
    )
    g.draw.clear()  # every other card is in the draw pile: take them away to test the refill
    g.act("scarlet", "play:alien:scarlet:1", 10)
    assert g.hands["scarlet"] == ["zombie", "cowboy"] and g.discard == []
    g.act("scarlet", "play:zombie:scarlet:2", 20)
    # The covered cards come back: the Nun under the Alien, the Alien under the Zombie... one drawn.
    assert len(g.hands["scarlet"]) == 2 and [len(st) for st in g.sets["scarlet"]] == [1, 1, 1, 1]
    assert len(g.draw) == 2


def test_an_action_after_a_missed_deadline_meets_the_state_the_deadline_made() -> None:
    # A late referee cannot change an outcome: the count of three happens first.
    g = table(sets=NO_PLAY, hands={"scarlet": ["zombie"], "violet": ["viking"]}, draw=["zombie", "nun"])
    assert g.count_at == COUNT_MS
    g.act("violet", "play:nun:violet:1", COUNT_MS + 400)  # the Nun drawn at "three"
    assert [e[2:] for e in g.log] == [["violet", "play:nun:violet:1"]]
    assert tops(g, "violet")[0] == "nun"


def test_the_clock_never_runs_back_within_a_round() -> None:
    g = table(sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": ["alien", "alien"]})
    g.act("scarlet", "play:alien:violet:2", 500)
    with pytest.raises(IllegalAction, match="in the past"):
        g.act("scarlet", "play:alien:violet:3", 499)
    with pytest.raises(IllegalAction, match="whole milliseconds"):
        g.act("scarlet", "play:alien:violet:3", 1.5)  # type: ignore[arg-type]


def test_a_player_who_drops_leaves_the_round_not_the_game() -> None:
    g = table(
        seats=["scarlet", "violet", "amber"],
        sets={"scarlet": ["grandma", *PLAIN[1:]], "violet": PLAIN, "amber": PLAIN},
        hands={"scarlet": ["alien"], "violet": ["nun", "shield"], "amber": ["alien"]},
    )
    events = g.act("violet", "fold", 700)
    assert kinds(events) == ["fold", "out"] and g.live == ["scarlet", "amber"] and g.hands["violet"] == []
    g.act("scarlet", "shoot:amber", 900)
    assert g.bullets["scarlet"] == 1 and g.round == 2 and g.live == ["scarlet", "violet", "amber"]
