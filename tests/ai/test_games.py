"""The sensible player over whole games: every answer legal, every game finished.

"Legal" is checked on the player's own reasoning: `choose` has a safety net that swaps an illegal
answer for a legal one, and `misses` counts how often it was needed. It must never be.

ADRENALINE_AI_GAMES sets the number of hypothesis examples; the default keeps the suite quick.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adrenaline_tui.ai import RandomPlayer, SensiblePlayer
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from tests.strategies import configs

GAMES = int(os.environ.get("ADRENALINE_AI_GAMES", "8"))
MAX_DECISIONS = 20_000


def play(game: Game, bots: dict, limit: int = MAX_DECISIONS) -> int:
    n = 0
    while (d := game.pending) is not None and n < limit:
        bot = bots[d.player]
        # a random player ignores the view, and building one costs more than its whole choice
        key = bot.choose(d, game.view(d.player) if isinstance(bot, SensiblePlayer) else None)
        assert key in d.keys, f"{d.player} answered {key!r} to {d.prompt!r} ({d.keys})"
        game.choose(key)
        n += 1
    return n


@settings(max_examples=GAMES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), seats=st.lists(st.booleans(), min_size=5, max_size=5))
def test_never_needs_its_safety_net(config, seed, seats):
    # Some seats sensible, the rest random, through a good part of a game (random opponents
    # make for positions a sensible table would never reach).
    game = Game.new(config, seed)
    bots = {
        c: SensiblePlayer(seed + i) if seats[i] or i == 0 else RandomPlayer(seed + i)
        for i, c in enumerate(config.players)
    }
    play(game, bots, limit=300)
    assert all(b.misses == 0 for b in bots.values() if isinstance(b, SensiblePlayer))


def test_finishes_games_against_itself():
    for ending, seed in (("sudden_death", 1), ("frenzy", 2)):
        config = GameConfig(players=FIGURES[:3], arena="arena_10", skulls=5, ending=ending)
        game = Game.new(config, seed)
        bots = {c: SensiblePlayer(seed * 10 + i) for i, c in enumerate(config.players)}
        play(game, bots)
        assert game.over and game.pending is None
        assert {r["player"] for r in game.ranking} == set(config.players)
        assert all(b.misses == 0 for b in bots.values())


def test_a_final_frenzy_game_with_five_players_ends():
    config = GameConfig(players=FIGURES, arena="arena_12", skulls=5, ending="frenzy")
    game = Game.new(config, 7)
    bots = {c: SensiblePlayer(i) if i % 2 == 0 else RandomPlayer(i) for i, c in enumerate(config.players)}
    play(game, bots)
    assert game.over and game.frenzy
    assert all(b.misses == 0 for b in bots.values() if isinstance(b, SensiblePlayer))


def test_beats_random_players():
    # Not a measurement (benchmarks/ai.py is), a smoke alarm: a sensible player that stopped
    # shooting or buying weapons would lose these.
    wins = 0
    for seed in range(3):
        config = GameConfig(players=FIGURES[:3], arena="arena_11a", skulls=5, ending="sudden_death")
        seat = seed % 3
        game = Game.new(config, seed)
        bots = {c: SensiblePlayer(seed) if i == seat else RandomPlayer(seed + i) for i, c in enumerate(config.players)}
        play(game, bots)
        wins += game.ranking[0]["player"] == config.players[seat] and game.ranking[0]["rank"] == 1
    assert wins >= 2


def test_finishes_a_game_of_every_mode_with_the_bot():
    # New decisions (spawnpoint targets, the bot action, the turret board) may be answered by its
    # fallback, but every game must end: in Turret mode it must see the turret board's tiles.
    for mode, bot in (("domination", "purple"), ("turret", None), ("turret", "purple")):
        config = GameConfig(players=FIGURES[:3], arena="arena_10", skulls=5, mode=mode, bot=bot)
        game = Game.new(config, 3)
        bots = {c: SensiblePlayer(30 + i) for i, c in enumerate(config.players)}
        play(game, bots, limit=4000)
        assert game.over and game.pending is None, (mode, bot, game.turn)
        assert all(b.misses == 0 for b in bots.values())
