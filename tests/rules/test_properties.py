"""Property tests: random complete games through the public interface, checking invariants after
every decision, and that replaying the recorded keys reproduces the game exactly.

The number of games is set by ADRENALINE_PROPERTY_GAMES (hypothesis examples per test); the
default keeps the suite fast, a soak run uses thousands.
"""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig
from tests.strategies import configs, mode_configs

GAMES = int(os.environ.get("ADRENALINE_PROPERTY_GAMES", "60"))
MAX_DECISIONS = 20_000  # a game that has not ended by then is stuck

PROPERTY = settings(max_examples=GAMES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(game: Game, state: dict) -> None:
    pending = game.pending
    boards = state["players"] + ([state["bot"]] if state.get("bot") else [])
    for p in boards:
        assert len(p["damage"]) <= 12, p
        assert all(0 <= n <= 3 for n in p["ammo"].values()), p
        assert all(1 <= n <= 3 for n in p["marks"].values()), p
        assert p["colour"] not in p["marks"], "nobody marks themselves"
        # Own-colour damage is a spawnpoint striking back: Domination only.
        assert p["colour"] not in p["damage"] or state["mode"] == "domination", p
        assert len(p["weapons"]) <= 3, p
        assert len({w["id"] for w in p["weapons"]}) == len(p["weapons"])
        respawning = pending is not None and pending.kind == "respawn" and pending.player == p["colour"]
        assert len(p["powerups"]) <= (4 if respawning else 3), p
        assert p["score"] >= 0
        # Dead means picked up: a figure on the map is not dead (the bot's board said "DEAD, off
        # the board until the respawn" while it stood there shooting: issue 23, finding 9).
        assert not (p["dead"] and p["square"] is not None), p
    assert all(1 <= len(entry) <= 2 for entry in state["killshot_track"])
    if state["mode"] == "standard":
        assert state["skulls_left"] == max(0, state["skulls"] - len(state["killshot_track"]))
    else:
        assert state["killshot_track"] == [], "killshots are not tracked in Domination and Turret mode"
    if state["mode"] == "domination":
        figures = {p["colour"] for p in boards}
        tracks = state["domination"]["tracks"]
        assert sorted(tracks) == ["blue", "red", "yellow"]
        assert all(c in figures for t in tracks.values() for c in t), tracks
    if state["mode"] == "turret":
        turret = state["turret"]
        assert state["ammo_tiles"] == {} and len(turret["offer"]) == 5
        tiles = [t for t in turret["offer"] if t] + state["decks"]["ammo"] + state["decks"]["ammo_discard"]
        assert Counter(tiles) == Counter(game.cards.ammo_deck()), "an ammo tile was lost or duplicated"
        seats = {p["colour"] for p in state["players"]}
        spawns = set(game.arena.spawn_colour_at)
        assert all(sq not in spawns and owner in seats for sq, owner in turret["turrets"].items()), turret
    bot = state.get("bot")
    if bot is not None:
        assert bot["weapons"] == [] and bot["powerups"] == [] and sum(bot["ammo"].values()) == 0
    # Every weapon card is somewhere, exactly once.
    weapons = [w["id"] for p in state["players"] for w in p["weapons"]]
    weapons += [w for rack in state["racks"].values() for w in rack if w]
    weapons += state["decks"]["weapons"]
    assert sorted(weapons) == sorted(game.cards.weapons), "a weapon card was lost or duplicated"
    # Every powerup card is in a hand, the deck or the discards.
    powerups = [c for p in state["players"] for c in p["powerups"]]
    powerups += state["decks"]["powerups"] + state["decks"]["powerup_discard"]
    assert Counter(powerups) == Counter(game.cards.powerup_deck()), "a powerup card was lost or duplicated"
    if pending is None:
        assert state["over"] and state["ranking"] is not None
    else:
        assert pending.options, "a decision with no options"
        assert len(set(pending.keys)) == len(pending.keys), "duplicate keys"


def play_random(config: GameConfig, seed: int, check=None) -> Game:
    game = Game.new(config, seed)
    bots = {c: RandomPlayer(seed + i) for i, c in enumerate(config.players)}
    awarded = 0
    spawn_damage: Counter = Counter()  # (turn, player) -> spawnpoints tagged by damage
    acted = True  # the bot action of the turn being played was taken
    bot_killed = False  # the bot was killed in the turn being played
    while (d := game.pending) is not None:
        assert len(game.history) < MAX_DECISIONS, "the game does not end"
        for event in game.choose(bots[d.player].choose(d)):
            if event.kind == "scored":
                awarded += sum(a["points"] for a in event.data["awards"])
            elif event.kind == "tagged" and event.data["how"] == "damage" and event.data["player"] != config.bot:
                spawn_damage[(game.turn, event.data["player"])] += 1
                assert spawn_damage[(game.turn, event.data["player"])] == 1, "one spawnpoint damage a turn"
            elif event.kind == "turn" and config.bot is not None and event.data["turn"] > 2:
                # Every turn but the first owed a bot action: the turn before took it, unless the
                # bot was killed before taking it (a killed figure takes no action: docs/rulings.md).
                assert acted or bot_killed, "a turn ended without its bot action"
            if event.kind == "turn":
                acted = bot_killed = False
            elif event.kind == "bot_action":
                acted = True
            elif event.kind == "killshot" and event.data["target"] == config.bot:
                bot_killed = True
        if check is not None:
            check(game)
    # Points are conserved: every point a player holds was awarded by a scoring event.
    assert sum(p.score for p in game.players.values()) == awarded
    return game


@PROPERTY
@given(config=configs, seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant_and_end(config, seed):
    game = play_random(config, seed, check=lambda g: check_invariants(g, g.to_json()))
    ranks = [r["rank"] for r in game.ranking]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert {r["player"] for r in game.ranking} == set(config.players)


@settings(max_examples=max(8, GAMES // 4), deadline=None, derandomize=True)
@given(config=mode_configs, seed=st.integers(0, 2**31))
def test_random_games_of_every_mode_and_with_the_bot_keep_every_invariant(tmp_path_factory, config, seed):
    game = play_random(config, seed, check=lambda g: check_invariants(g, g.to_json()))
    assert {r["player"] for r in game.ranking} == set(config.players)
    # A replay of a mode game reproduces it, and so does a save taken half way.
    assert game.replay(game.history).to_json() == game.to_json()
    half = game.replay(game.history[: len(game.history) // 2])
    path = tmp_path_factory.mktemp("saves") / "mode.json"
    half.save(path)
    assert Game.load(path).to_json() == half.to_json()


@settings(max_examples=max(5, GAMES // 6), deadline=None, derandomize=True)
@given(config=configs, seed=st.integers(0, 2**31))
def test_replaying_the_keys_reproduces_every_state(config, seed):
    states: list[dict] = []
    game = play_random(config, seed, check=lambda g: states.append(g.to_json()))
    replay = Game.new(config, seed)
    for key, expected in zip(game.history, states, strict=True):
        replay.choose(key)
        assert replay.to_json() == expected


@settings(max_examples=max(5, GAMES // 6), deadline=None, derandomize=True)
@given(config=configs, seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_a_save_taken_mid_game_loads_to_the_same_state(tmp_path_factory, config, seed, cut):
    game = play_random(config, seed)
    keys = game.history[: int(len(game.history) * cut)]
    partial = game.replay(keys)
    path = tmp_path_factory.mktemp("saves") / "game.json"
    partial.save(path)
    assert Game.load(path).to_json() == partial.to_json()
