"""A computer player's choices depend on its seed only, never on Python's string hashing: seeded
simulations and benchmarks replay the same games in every process (the normal player once
ordered its steps by iterating a set of keys, so ties fell differently per process)."""

import json
import os
import subprocess
import sys

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


def _games(hash_seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)


def test_the_same_seeds_play_the_same_games_whatever_the_string_hashing():
    assert _games("0") == _games("1") == _games("2")
