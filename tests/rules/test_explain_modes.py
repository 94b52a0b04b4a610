"""Explanations of what the game modes and the bot add: turret damage, a spawnpoint striking back,
the bot action and its targets, the turret board's tiles, commandeering, the overkill track.

Positions on arena_11a: the red spawnpoint is r1c0 (red room with r1c1), r1c2 and r1c3 are in
the yellow room with the yellow spawnpoint r2c3.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.explain import explain


def game_of(**scenario: Any) -> Game:
    base: dict[str, Any] = {"arena": "arena_11a", "turn": 4}
    return Game.from_scenario({**base, **scenario}, seed=1)


TURRET = {
    "mode": "turret",
    "players": [
        {"colour": "yellow", "square": "r1c1", "ammo": {"red": 1, "blue": 1, "yellow": 1}},
        {"colour": "purple", "square": "r0c3"},
        {"colour": "grey", "square": "r2c1"},
    ],
    "turret": {"offer": ["YBB", "PRB", "RYY", None, None], "turrets": {"r1c2": "purple"}},
}


def test_why_did_i_take_1_damage_violets_turret_on_r1c2() -> None:
    game = game_of(**TURRET)
    game.choose("run")
    game.choose("r1c2")
    why = explain(game, "board:yellow").why
    assert why[1] == (
        "The last damage: D-struct-or entered r1c2, where Violet's turret fired: 1 damage in their colour"
        " (turrets turn no marks into damage)."
    )
    # The square says whose turret it is and what entering it costs.
    square = explain(game, "r1c2").does
    assert any(s.startswith("Its turret is Violet's: entering this square costs you 1 damage") for s in square)


def test_grabbing_a_turret_board_tile_and_commandeering_say_what_they_do() -> None:
    game = game_of(**TURRET)
    game.choose("run")
    game.choose("r1c2")
    game.choose("grab")
    game.choose("r1c2")
    assert game.pending.kind == "turret_tile"
    tile = explain(game, "PRB")
    assert tile.legal and tile.does[0] == "The ammo tile PRB gives +1 red, +1 blue and a powerup card."
    assert tile.does[1] == "Then you may give up one item of it to commandeer the turret on r1c2."
    game.choose("PRB")
    assert game.pending.kind == "commandeer"
    give = explain(game, "give:red")
    assert give.does == (
        "You leave a red cube and the turret on r1c2 becomes yours: whoever else enters r1c2 takes 1 damage"
        " from you, and at the end the turrets pay 8-6-4-2-1.",
        "Violet's token comes back to them as a mark on you.",
    )
    assert explain(game, "keep").why == ("The turret on r1c2 stays Violet's.",)


def test_a_spawnpoint_striking_back_is_explained_on_the_board() -> None:
    game = game_of(
        mode="domination",
        players=[
            {"colour": "yellow", "square": "r1c1"},
            {"colour": "blue", "square": "r0c3"},
            {"colour": "grey", "square": "r2c2"},
        ],
        domination={"red": ["blue"], "blue": [], "yellow": []},
        actions_taken=1,
    )
    game.choose("run")
    game.choose("r1c0")
    why = explain(game, "board:yellow").why
    assert why[1] == (
        "The last damage: the red spawnpoint struck back at D-struct-or for ending a turn on it: 1 damage in"
        " their own colour, whose points stay in the bank."
    )
    track = explain(game, "r1c0").does[-1]
    assert track.startswith("Its track holds 2 tokens (Banshee 1 and D-struct-or 1).")


BOT = {
    "players": [
        {"colour": "yellow", "square": "r1c1"},
        {"colour": "blue", "square": "r1c3"},
        {"colour": "grey", "square": "r0c0"},
    ],
    "bot": {"colour": "green", "square": "r1c2"},
}


def test_the_bot_action_and_its_targets_are_explained() -> None:
    game = game_of(**BOT)
    action = explain(game, "bot")
    assert action.legal
    assert action.does[0] == "You move Sprog (bot) 0 or 1 square from r1c2, then it shoots someone it sees - never you."
    assert "Banshee" in action.does[1] and "D-struct-or" not in action.does[1]
    game.choose("bot")
    assert explain(game, "r1c2").does == ("From r1c2 it could shoot Banshee and Dozer.",)
    game.choose("r1c2")
    assert game.pending.kind == "bot_target"
    assert explain(game, "blue").does == (
        "Banshee takes 1 damage in Sprog (bot)'s colour (a mark as well once Sprog (bot) has 6 damage).",
    )


def test_the_bot_marks_as_well_from_6_damage() -> None:
    bot = {**BOT, "bot": {"colour": "green", "square": "r0c2", "damage": ["yellow"] * 6}}
    game = game_of(**bot)
    game.choose("bot")
    game.choose("r0c2")
    assert game.pending.kind == "bot_target"
    assert explain(game, "grey").does == (
        "Dozer takes 1 damage in Sprog (bot)'s colour, and a mark since Sprog (bot) has 6 damage.",
    )


def test_the_mode_boards_say_who_holds_how_many_tokens_and_turrets() -> None:
    domination = game_of(
        mode="domination",
        players=TURRET["players"],
        domination={"red": ["purple", "grey", "purple"], "blue": [], "yellow": ["yellow"]},
    )
    why = explain(domination, "track").why
    assert "The red spawnpoint track: Violet 2 and Dozer 1." in why
    assert "The blue spawnpoint track: no tokens." in why
    assert "The yellow spawnpoint track: D-struct-or 1." in why
    turret = explain(game_of(**{**TURRET, "turret": {**TURRET["turret"], "turrets": {}}}), "track").why
    assert "Turrets held: nobody." in turret
    assert "Turrets held: Violet 1." in explain(game_of(**TURRET), "track").why
