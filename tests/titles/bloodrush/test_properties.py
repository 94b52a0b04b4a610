"""Random games of every size and of the 4+1 variant: they end, conserve the tiles and cards,
never hold more than 10 blood, replay exactly, and their views hide what they must."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.components import load_components
from adrenaline_tui.titles.bloodrush.players import make_player
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD

SEATS = ("scarlet", "violet", "amber", "teal", "ivory")
MAX_DECISIONS = 3000
COMPONENTS = load_components()
ALL_CARDS = Counter({k: n for k, n in COMPONENTS.cards.items() if n})
ALL_HUMANS = sorted(h.id for h in COMPONENTS.humans)


def check(g: Game) -> None:
    s = g.to_json()
    humans = list(s["humans"].values()) + s["stack"] + s["eaten"]
    cards = Counter(s["deck"] + s["discard"])
    for v in s["vampires"].values():
        humans += v["humans"]
        cards += Counter(v["hand"])
        assert 0 <= v["blood"] <= MAX_BLOOD
        assert v["alive"] == (v["blood"] > 0) or g.phase == "setup"
        assert v["alive"] == (v["square"] is not None)
    assert sorted(humans) == ALL_HUMANS
    assert cards == ALL_CARDS
    squares = [v["square"] for v in s["vampires"].values() if v["alive"] and v["square"] != g.board.graveyard]
    assert len(squares) == len(set(squares)), "two vampires on one tile"
    if g.pending is None or g.pending.kind != "damage":  # a hidden hazard resolves before the feeding
        assert not set(squares) & set(s["humans"]), "a vampire standing on a human"
    for seat in g.config.seats:
        view = g.view(seat)
        assert "deck" not in view and "stack" not in view and "forced_dice" not in view
        for other, v in view["vampires"].items():
            assert ("hand" in v) == (other == seat)
        assert ("pending" in view) == (g.pending is not None and g.pending.player == seat)


def play(seed: int, seats: tuple[str, ...], kinds: list[str], mozzie: str | None) -> Game:
    config = {"seats": list(seats), "mozzie_player": mozzie}
    g = Game.new(config, seed)
    players = {s: make_player(k, seed + i) for i, (s, k) in enumerate(zip(seats, kinds, strict=True))}
    bursts_seen = 0
    while g.pending is not None:
        d = g.pending
        events = g.choose(players[d.player].choose(d, g.view(d.player)))
        bursts = [e for e in events if e.kind == "burst"]
        bursts_seen += len(bursts)
        check(g)
        assert len(g.history) < MAX_DECISIONS, "the game does not end"
    assert g.over and g.ranking is not None
    assert sum(v.bursts for v in g.vampires.values()) == bursts_seen
    again = g.replay()
    assert again.to_json() == g.to_json() and again.events == g.events
    return g


kinds = st.sampled_from(["random", "random", "easy", "normal"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(2, 5), data=st.data())
def test_random_games_of_2_to_5_vampires(seed, n, data):
    seats = SEATS[:n]
    play(seed, seats, [data.draw(kinds) for _ in seats], None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), where=st.integers(0, 4), data=st.data())
def test_random_games_of_the_4_plus_1_variant(seed, where, data):
    seats = (*SEATS[:4], "bug")
    seats = seats[where:] + seats[:where]
    g = play(seed, seats, [data.draw(kinds) for _ in seats], "bug")
    assert "bug" not in g.vampires
