"""Setup (rulebook "Setup", "Player Setup") and the first-turn spawn ("Spawn Location")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from adrenaline_tui.rules import FIGURES, ConfigError, Game, GameConfig
from adrenaline_tui.rules.arena import load_arena
from tests.rules.helpers import keys, play, player, scenario


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("arena", ["arena_10", "arena_11a", "arena_11b", "arena_12"])
def test_a_new_game_deals_racks_tiles_and_one_cube_of_each_colour(n: int, arena: str) -> None:
    game = Game.new(GameConfig(players=FIGURES[:n], arena=arena, skulls=8), seed=11)
    state = game.to_json()
    board = load_arena(arena)

    # Three weapons face up on each spawnpoint, the other 12 in the deck, none twice.
    assert sorted(state["racks"]) == ["blue", "red", "yellow"]
    assert all(len(rack) == 3 and None not in rack for rack in state["racks"].values())
    on_racks = [w for rack in state["racks"].values() for w in rack]
    assert sorted(on_racks + state["decks"]["weapons"]) == sorted(game.cards.weapons)

    # An ammo tile on every square without a spawnpoint, and on no spawnpoint.
    expected_squares = {q for q in board.squares if q not in board.spawn_colour_at}
    assert set(state["ammo_tiles"]) == expected_squares
    assert all(tile is not None for tile in state["ammo_tiles"].values())
    tiles = list(state["ammo_tiles"].values()) + state["decks"]["ammo"]
    assert Counter(tiles) == Counter(game.cards.ammo_deck())

    # Each player: 1 cube of each colour, nothing else, not on the board yet.
    first = state["first_player"]
    for p in state["players"]:
        assert p["ammo"] == {"red": 1, "blue": 1, "yellow": 1}
        assert p["weapons"] == [] and p["damage"] == [] and p["marks"] == {} and p["score"] == 0
        assert p["square"] is None
        # Only the first player has drawn (their 2 spawn cards), the others have no cards yet.
        assert len(p["powerups"]) == (2 if p["colour"] == first else 0)

    assert state["skulls"] == state["skulls_left"] == 8
    assert state["killshot_track"] == [] and not state["frenzy"] and not state["over"]
    assert state["turn"] == 1 and state["active"] == first


@pytest.mark.parametrize("skulls", [5, 6, 7, 8])
def test_five_to_eight_skulls(skulls: int) -> None:
    game = Game.new(GameConfig(players=FIGURES[:3], skulls=skulls), seed=1)
    assert game.to_json()["skulls_left"] == skulls


@pytest.mark.parametrize(
    "settings",
    [
        {"players": FIGURES[:2]},
        {"players": (*FIGURES, "yellow")},
        {"players": ("yellow", "yellow", "blue")},
        {"players": FIGURES[:3], "skulls": 4},
        {"players": FIGURES[:3], "skulls": 9},
        {"players": ("yellow", "blue", "red")},
    ],
)
def test_illegal_setups_are_refused(settings: dict) -> None:
    with pytest.raises(ConfigError):
        GameConfig(**settings)


def test_the_first_player_comes_from_the_seed() -> None:
    config = GameConfig(players=FIGURES)
    firsts = {seed: Game.new(config, seed).to_json()["first_player"] for seed in range(30)}
    # The same seed always picks the same player, and the seeds between them pick several.
    assert all(Game.new(config, seed).to_json()["first_player"] == c for seed, c in list(firsts.items())[:5])
    assert len(set(firsts.values())) >= 3
    for seed, colour in firsts.items():
        game = Game.new(config, seed)
        # (two identical spawn cards leave no choice, so the first question may be an action)
        assert game.pending.player == colour
        assert game.to_json()["active"] == colour


def test_first_turn_spawn_draws_two_keeps_one_and_appears_at_the_discarded_colour() -> None:
    game = scenario(
        [{"colour": "yellow"}, {"colour": "blue"}, {"colour": "grey"}],
        arena="arena_12",
        decks={"powerups": ["newton-red", "teleporter-yellow", "tagback-grenade-blue", "newton-blue"]},
    )
    assert game.pending.kind == "spawn" and game.pending.player == "yellow"
    assert sorted(keys(game)) == ["newton-red", "teleporter-yellow"]

    events = play(game, "teleporter-yellow")
    me = player(game, "yellow")
    assert me["square"] == "r2c3"  # the yellow spawnpoint
    assert me["powerups"] == ["newton-red"]
    assert game.to_json()["decks"]["powerup_discard"] == ["teleporter-yellow"]
    assert [e.data["square"] for e in events if e.kind == "spawn"] == ["r2c3"]
    # Then the player takes a normal turn.
    assert game.pending.kind == "action" and game.pending.player == "yellow"

    # The others come onto the board on their own first turn, not before.
    assert player(game, "blue")["square"] is None
    play(game, "end")
    assert game.pending.kind == "spawn" and game.pending.player == "blue"
    assert sorted(keys(game)) == ["newton-blue", "tagback-grenade-blue"]
    play(game, "tagback-grenade-blue")
    assert player(game, "blue")["square"] == "r0c2"
    assert player(game, "blue")["powerups"] == ["newton-blue"]


def test_two_cards_of_one_colour_still_leave_a_choice_of_card_to_keep() -> None:
    game = scenario(
        [{"colour": "yellow"}, {"colour": "blue"}, {"colour": "grey"}],
        arena="arena_10",
        decks={"powerups": ["newton-red", "teleporter-red"]},
    )
    assert sorted(keys(game)) == ["newton-red", "teleporter-red"]
    play(game, "newton-red")
    assert player(game, "yellow")["square"] == "r1c0"
    assert player(game, "yellow")["powerups"] == ["teleporter-red"]


def test_the_example_in_docs_scenarios_md_loads_as_described() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "scenarios.md").read_text()
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    game = Game.from_scenario(yaml.safe_load(example))
    state = game.to_json()
    assert (state["arena"], state["skulls"], state["skulls_left"]) == ("arena_12", 5, 3)
    assert state["active"] == "yellow" and state["first_player"] == "blue" and state["turn"] == 12
    yellow, blue, grey = state["players"]
    assert yellow["weapons"] == [{"id": "lock-rifle", "loaded": True}, {"id": "machine-gun", "loaded": False}]
    assert yellow["ammo"] == {"red": 2, "blue": 1, "yellow": 0}
    assert blue["marks"] == {"yellow": 1} and blue["skulls"] == 1
    assert grey["name"] == "Dozer the Third" and grey["ammo"] == {"red": 1, "blue": 1, "yellow": 1}
    assert state["racks"]["red"] == ["railgun", None, "shotgun"]
    assert state["ammo_tiles"]["r0c0"] is None and state["ammo_tiles"]["r1c3"] == "PRB"
    assert state["decks"]["powerups"][-1] == "newton-yellow"
    assert state["decks"]["ammo"][-2:] == ["PRR", "YBB"]
    # Yellow's Lock Rifle kills blue (9 + 2 damage + 1 mark = 12: overkill).
    play(game, "shoot", "pass")  # the only loaded weapon, the only target; no Targeting Scope
    assert player(game, "blue")["damage"][-3:] == ["yellow", "yellow", "yellow"]
    assert player(game, "blue")["killed"] is True
