"""A computer player's choices depend on its seed only, never on Python's string hashing: seeded
simulations and benchmarks replay the same games in every process (the normal player once
ordered its steps by iterating a set of keys, so ties fell differently per process)."""

from tests.string_hashing import under_hash_seed

CODE = """
import json
from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.players import make_player
out = []
for seed in range(4):
    for kind in ("easy", "normal"):
        g = Game.new(None, seed)
        players = {s: make_player(kind, i) for i, s in enumerate(g.config.seats)}
        while g.pending is not None:
            d = g.pending
            g.choose(players[d.player].choose(d, g.view(d.player)))
        out.append(g.history)
print(json.dumps(out))
"""


def test_the_same_seeds_play_the_same_games_whatever_the_string_hashing():
    assert under_hash_seed(CODE, "0") == under_hash_seed(CODE, "1") == under_hash_seed(CODE, "2")
