"""The computer players play every decision of both variants and see only their seat's view."""

import pytest

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.players import PLAYER_KINDS, make_player

from .helpers import scenario


@pytest.mark.parametrize("kind", sorted(PLAYER_KINDS))
@pytest.mark.parametrize("variant", [False, True])
def test_each_kind_finishes_a_game(kind, variant):
    seats = ["scarlet", "violet", "amber", "teal"] + (["bug"] if variant else [])
    g = Game.new({"seats": seats, "mozzie_player": "bug" if variant else None}, 3)
    players = {s: make_player(kind, i) for i, s in enumerate(seats)}
    for p in players.values():
        if kind == "hard":
            p.samples = 2  # the search itself, at a fraction of its cost
    seen = set()
    while g.pending is not None:
        d = g.pending
        key = players[d.player].choose(d, g.view(d.player))
        assert key in d.keys
        seen.add(d.kind)
        g.choose(key)
        assert len(g.history) < 3000
    assert g.over and {"place-human", "place-mozzie", "action"} <= seen


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_a_player_does_not_read_the_deck_or_the_other_hands(kind):
    """Two positions that differ only in what the seat cannot see get the same answer."""

    def answer(deck, violet_hand):
        g = scenario(
            vampires={"scarlet": {"square": "c3", "blood": 6}, "violet": {"square": "f3", "hand": violet_hand}},
            humans={"c5": "red-5", "g7": "blue-2"},
            deck=deck,
        )
        return make_player(kind, 9).choose(g.pending, g.view("scarlet"))

    a = answer(["coyote_snack"] * 12 + ["donkey_ride"], ["mask_of_immunity"])
    b = answer(["donkey_ride"] + ["coyote_snack"] * 12, ["carriage_ride"])
    assert a == b


def test_the_normal_player_feeds_when_a_human_is_a_step_away():
    g = scenario(vampires={"scarlet": {"square": "c4", "blood": 6}}, humans={"c5": "red-5", "a7": "red-1"})
    assert make_player("normal", 1).choose(g.pending, g.view("scarlet")) == "move:s"


def test_the_normal_player_steers_the_mozzie_away_from_itself():
    g = scenario(
        vampires={"scarlet": {"square": "e3", "blood": 9}, "violet": {"square": "a1"}},
        mozzie={"square": "e1", "heading": "e"},
        humans={"a7": "red-1"},
    )
    g.choose("collect")
    # Right turns it south, down column e onto scarlet: drained from 10 to 1.
    assert make_player("normal", 1).choose(g.pending, g.view("scarlet")) != "right"


def test_the_hard_players_imagined_game_looks_to_it_exactly_like_the_real_one():
    from adrenaline_tui.titles.bloodrush.players.hard import HardPlayer

    checked = 0
    for seed in range(6):
        g = Game.new({"seats": ["scarlet", "violet", "amber"]}, seed)
        players = {s: make_player("normal", i) for i, s in enumerate(g.config.seats)}
        hard = HardPlayer(seed)
        while g.pending is not None:
            d = g.pending
            view = g.view(d.player)
            if d.kind == "action" and not view["shields"]:
                imagined = hard._imagine(view)
                if imagined is not None:
                    again = Game.from_scenario(imagined, seed=5).view(d.player)
                    for key in ("humans", "vampires", "time", "mozzie", "discard", "deck_count", "order", "pending"):
                        assert again[key] == view[key], key
                    checked += 1
            g.choose(players[d.player].choose(d, view))
    assert checked > 20
