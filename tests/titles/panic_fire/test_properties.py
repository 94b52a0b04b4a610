"""Random games with random action timings (random, easy, normal and hard players at random
speeds, 2-5 seats, fewer Shields or none): every round ends, the 112 cards are all there after
every step, the log replays the game exactly, and a view never shows another hand or the draw
pile's order."""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adrenaline_tui.titles.panic_fire import SEATS, Game
from adrenaline_tui.titles.panic_fire.deck import load_deck
from adrenaline_tui.titles.panic_fire.players import RandomPlayer, make_player
from adrenaline_tui.titles.panic_fire.referee import Referee
from adrenaline_tui.titles.panic_fire.saves import replay

DECK = load_deck()


def box(shields: str) -> Counter[str]:
    removed = {"all": 0, "half": DECK.shields - DECK.shields // 2, "none": DECK.shields}[shields]
    out = Counter(DECK.play_cards())
    out["shield"] -= removed
    out["bullet"] = DECK.bullets
    return +out


def check_view(g: Game, seat: str) -> None:
    v = g.view(seat)
    state = g.state()
    assert set(v) >= {"table", "hand", "draw_pile"} and isinstance(v["draw_pile"], int)
    for other, t in v["table"].items():
        assert set(t) == {"in_round", "live", "set", "heights", "match", "shield", "hand_size", "bullets"}
        assert t["hand_size"] == len(state["hands"][other])
    mine = sorted(state["hands"][seat]) if seat in g.live and g.phase == "play" else []
    assert v["hand"] == mine
    assert g.view(None)["hand"] == []


def check_hidden_cards_do_not_show(g: Game, seat: str, rng: random.Random) -> None:
    """Deal the other hands and the draw pile again, sizes kept: `seat`'s view must not change."""
    other = copy.deepcopy(g)
    others = [s for s in other.config.seats if s != seat]
    pool = list(other.draw) + [c for s in others for c in other.hands[s]]
    rng.shuffle(pool)
    for s in others:
        n = len(other.hands[s])
        other.hands[s], pool = pool[:n], pool[n:]
    other.draw = pool
    assert other.view(seat) == g.view(seat)


players = st.sampled_from(["random", "easy", "normal", "hard", "fast"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(players, min_size=2, max_size=5),
    shields=st.sampled_from(["all", "half", "none"]),
    ref_seed=st.integers(0, 1000),
)
def test_random_games_end_conserve_the_cards_replay_and_hide_the_hands(seed, kinds, shields, ref_seed) -> None:
    seats = list(SEATS[: len(kinds)])
    g = Game.new({"seats": seats, "shields": shields}, seed)
    made = {}
    for i, (s, k) in enumerate(zip(seats, kinds, strict=True)):
        # "fast": a random player acting within 0-300 ms, to crowd the gun and the clock.
        made[s] = RandomPlayer(seed + i, 300) if k == "fast" else make_player(k, seed + i)
    ref = Referee(g, made, seed=ref_seed)
    full = box(shields)
    steps = 0
    while ref.step():
        steps += 1
        assert +g.census() == full
        assert g.gun is None or g.gun_back is not None
        if steps % 7 == 0:
            for s in seats:
                check_view(g, s)
            check_hidden_cards_do_not_show(g, seats[steps % len(seats)], random.Random(steps))
        assert steps < 20_000
    assert g.phase == "over" and g.champion is not None
    assert sum(g.bullets.values()) == DECK.bullets
    assert g.ranking()[0]["seat"] == g.champion
    again = replay(Game.new(g.config, seed), g.log)
    assert again.state() == g.state()
    if "hard" in kinds:
        fouled = {e.data["seat"] for _, _, e in ref.events if e.kind == "foul"}
        assert not fouled & {s for s, k in zip(seats, kinds, strict=True) if k == "hard"}
