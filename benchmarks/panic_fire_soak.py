"""Panic Fire soak: random tables (2-5 seats, every Shield option) of random, easy, normal and
hard players and random players acting within 300 ms or 8 s, played for a while; every game
must end, hold all its cards, and replay exactly from its log. The property tests do the same
with a few dozen games; this runs thousands.

    python benchmarks/panic_fire_soak.py [--seconds 60] [--seed 5]
"""

from __future__ import annotations

import argparse
import random
import time

from adrenaline_tui.titles.panic_fire import SEATS, Game
from adrenaline_tui.titles.panic_fire.players import RandomPlayer, make_player
from adrenaline_tui.titles.panic_fire.referee import Player, Referee
from adrenaline_tui.titles.panic_fire.saves import replay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    games = rounds = calls = 0
    while time.perf_counter() - start < args.seconds:
        seats = list(SEATS[: rng.randint(2, 5)])
        seed = rng.randrange(1 << 30)
        g = Game.new({"seats": seats, "shields": rng.choice(["all", "half", "none"])}, seed)
        players: dict[str, Player] = {}
        for i, s in enumerate(seats):
            kind = rng.choice(["random", "easy", "normal", "hard", "fast", "slow"])
            if kind in ("fast", "slow"):
                players[s] = RandomPlayer(seed + i, 300 if kind == "fast" else 8000)
            else:
                players[s] = make_player(kind, seed + i)
        full = g.census()
        Referee(g, players, seed=seed).run()
        assert g.phase == "over", f"seed {seed}: the game did not end"
        assert g.census() == full, f"seed {seed}: cards lost or made"
        assert replay(Game.new(g.config, seed), g.log).state() == g.state(), f"seed {seed}: no exact replay"
        games += 1
        rounds += g.round
        calls += len(g.log)
    s = time.perf_counter() - start
    print(f"{games} games, {rounds} rounds, {calls} engine calls in {s:.0f} s: all ended, conserved, replayed")


if __name__ == "__main__":
    main()
