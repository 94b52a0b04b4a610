"""The bot (variant rules "Adding a Bot", reference g.1): placement by the starting player, the
bot action owed from the second player's turn, its move and its shot (1 damage, +1 mark at 6+),
powerups around it, and the bot killed, scored and respawned like a player.

arena_11a: from r0c2 (the blue spawnpoint) the bot sees r0c0-r0c3, r1c2, r1c3, r2c2, r2c3; r1c1
and r2c1 are out of its sight.
"""

from __future__ import annotations

from typing import Any

import pytest

from adrenaline_tui.rules import ConfigError, Game, GameConfig
from tests.rules.helpers import keys, kinds, play, player, scenario

NO_AMMO = {"red": 0, "blue": 0, "yellow": 0}


def bot_game(players: list[dict[str, Any]], bot: dict[str, Any] | None = None, **fields: Any) -> Game:
    fields.setdefault("turn", 2)
    return scenario(players, bot={"colour": "purple", "square": "r0c2", **(bot or {})}, **fields)


def bot_state(game: Game) -> dict[str, Any]:
    return game.to_json()["bot"]


def three(**yellow: Any) -> list[dict[str, Any]]:
    return [
        {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO, **yellow},
        {"colour": "blue", "square": "r0c3"},
        {"colour": "grey", "square": "r2c1"},
    ]


def test_the_bot_joins_three_or_four_players_with_a_spare_figure() -> None:
    GameConfig(players=("yellow", "blue", "grey", "green"), bot="purple")
    with pytest.raises(ConfigError, match="3 or 4 players"):
        GameConfig(players=("yellow", "blue", "grey", "green", "purple"), bot="purple")
    with pytest.raises(ConfigError, match="already a player"):
        GameConfig(players=("yellow", "blue", "grey"), bot="blue")


def test_the_starting_player_places_the_bot_after_drawing_and_before_spawning() -> None:
    game = Game.new(GameConfig(players=("yellow", "blue", "grey"), bot="purple"), seed=3)
    d = game.pending
    first = game.to_json()["first_player"]
    assert (d.kind, d.player) == ("bot_place", first)
    assert keys(game) == ["spawn:red", "spawn:blue", "spawn:yellow"]
    assert len(player(game, first)["powerups"]) == 2 and player(game, first)["square"] is None
    play(game, "spawn:yellow")
    assert bot_state(game)["square"] == "r2c3"
    assert game.pending.kind == "spawn"
    # The bot is a board without ammo, weapons or powerups, and no seat.
    assert bot_state(game)["ammo"] == NO_AMMO and "purple" not in [p["colour"] for p in game.to_json()["players"]]


def test_no_bot_action_on_the_first_turn_of_the_game() -> None:
    game = bot_game(three(), turn=1)
    assert "bot" not in keys(game)
    assert "end" in keys(game)


def test_the_bot_action_is_owed_and_the_turn_cannot_end_without_it() -> None:
    game = bot_game(three())
    assert "bot" in keys(game) and "end" not in keys(game)
    # The option names the bot's square, so a screen can point at the bot.
    (option,) = [o for o in game.pending.options if o.key == "bot"]
    assert option.square == bot_state(game)["square"] == "r0c2"
    assert game.to_json()["bot_owed"] is True
    play(game, "run", "r1c0", "run", "r1c1")
    # The bot action is all that is left: the engine starts it (a question with one answer).
    assert game.pending.kind == "bot_move"
    assert game.to_json()["bot_owed"] is False


def test_the_bot_moves_one_square_if_you_like_then_must_shoot_someone_it_sees_but_you() -> None:
    game = bot_game(three(square="r0c1"))
    play(game, "bot")
    assert game.pending.kind == "bot_move"
    assert keys(game) == ["r0c1", "r0c2", "r0c3", "r1c2"]  # its square (stay) and one step
    play(game, "r0c2")
    # It sees yellow on r0c1 and blue on r0c3, but yellow is the active player: blue is the only
    # target, so the shot is taken without a question (it is not optional).
    assert player(game, "blue")["damage"] == ["purple"]
    assert player(game, "yellow")["damage"] == []
    assert "end" in keys(game) and "bot" not in keys(game)


def test_the_bot_sees_nobody_then_nothing_happens() -> None:
    game = bot_game(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c1"},
            {"colour": "grey", "square": "r2c1"},
        ]
    )
    events = play(game, "bot", "r0c2")
    assert "bot_no_target" in kinds(events) and "damaged" not in kinds(events)


def test_a_choice_of_targets_is_the_active_players() -> None:
    game = bot_game(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3"},
            {"colour": "grey", "square": "r2c2"},
        ]
    )
    play(game, "bot", "r0c2")
    assert game.pending.kind == "bot_target" and game.pending.player == "yellow"
    assert keys(game) == ["blue", "grey"]
    play(game, "grey")
    assert player(game, "grey")["damage"] == ["purple"] and player(game, "blue")["damage"] == []


def test_with_six_damage_the_bot_also_marks_and_its_old_marks_convert() -> None:
    game = bot_game(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3", "marks": {"purple": 1}},
            {"colour": "grey", "square": "r2c1"},
        ],
        bot={"damage": ["yellow"] * 3 + ["grey"] * 3},
    )
    play(game, "bot", "r0c2")
    blue = player(game, "blue")
    assert blue["damage"] == ["purple", "purple"]  # 1 damage + the old mark
    assert blue["marks"] == {"purple": 1}  # the new mark


def test_five_damage_no_mark() -> None:
    game = bot_game(three(), bot={"damage": ["yellow"] * 5})
    play(game, "bot", "r0c2")
    assert player(game, "blue")["damage"] == ["purple"] and player(game, "blue")["marks"] == {}


def test_tagback_grenade_answers_the_bot_with_a_mark_on_the_bot() -> None:
    game = bot_game(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3", "powerups": ["tagback-grenade-red"]},
            {"colour": "grey", "square": "r2c1"},
        ]
    )
    play(game, "bot", "r0c2")
    assert game.pending.kind == "tagback" and game.pending.player == "blue"
    play(game, "tagback-grenade-red")
    assert bot_state(game)["marks"] == {"blue": 1}


def test_targeting_scope_cannot_boost_the_bot_action() -> None:
    game = bot_game(three(powerups=["targeting-scope-red"], ammo={"red": 1, "blue": 0, "yellow": 0}))
    events = play(game, "bot", "r0c2")
    assert player(game, "blue")["damage"] == ["purple"]
    assert game.pending.kind == "action" and "scope" not in kinds(events)


def test_newton_may_move_the_bot_teleporter_moves_only_you() -> None:
    game = bot_game(three(powerups=["newton-red", "teleporter-blue"]))
    play(game, "newton-red")
    assert "purple" in keys(game)
    play(game, "purple", "r0c0")
    assert bot_state(game)["square"] == "r0c0"
    play(game, "teleporter-blue", "r2c2")
    assert player(game, "yellow")["square"] == "r2c2" and bot_state(game)["square"] == "r0c0"


def test_the_bot_is_shot_killed_scored_and_respawned_where_the_active_player_chooses() -> None:
    game = bot_game(
        three(square="r0c1", weapons=["lock-rifle"]),
        bot={"damage": ["blue"] * 5 + ["grey"] * 5},
    )
    # The killshot tips the bot over: it owes no bot action any more, so "shoot" ends the turn.
    events = play(game, "shoot", "end")
    scored = [e for e in events if e.kind == "scored" and e.data["board"] == "purple"]
    assert [(a["player"], a["points"]) for a in scored[0].data["awards"]] == [
        ("blue", 1),
        ("blue", 8),
        ("grey", 6),
        ("yellow", 4),
    ]
    assert game.to_json()["killshot_track"] == [["yellow", "yellow"]]  # 2 damage on 10: overkill
    assert player(game, "yellow")["marks"] == {"purple": 1}  # the bot swears revenge
    assert bot_state(game)["skulls"] == 1 and bot_state(game)["damage"] == []
    assert game.pending.kind == "bot_respawn" and game.pending.player == "yellow"
    play(game, "spawn:red")
    assert bot_state(game)["square"] == "r1c0"


def test_a_killed_bot_takes_no_bot_action_until_it_respawns() -> None:
    # Yellow's Lock Rifle kills the bot (10 + 2 damage) before the bot action: the action lapses.
    game = bot_game(
        three(square="r0c1", weapons=["lock-rifle"], powerups=["newton-blue"]),
        bot={"damage": ["blue"] * 5 + ["grey"] * 5},
    )
    play(game, "shoot")
    assert bot_state(game)["damage"] == ["blue"] * 5 + ["grey"] * 5 + ["yellow", "yellow"]
    assert "bot" not in keys(game) and "end" in keys(game)
    assert game.to_json()["bot_owed"] is False
    # With its actions and the powerup left, the turn still may end: the lapsed action is not owed.
    events = play(game, "run", "r0c0")
    assert "bot" not in keys(game) and "end" in keys(game)
    events += play(game, "end")
    assert "bot_action" not in kinds(events) and "bot_shot" not in kinds(events)
    assert not [e for e in events if e.kind == "moved" and e.data["player"] == "purple"]
    # Blue and grey took no damage from a bot that was down.
    assert player(game, "blue")["damage"] == [] and player(game, "grey")["damage"] == []
    assert game.pending.kind == "bot_respawn"
    play(game, "spawn:yellow")
    assert bot_state(game)["square"] == "r2c3"
    # Next turn the bot is back on the board and owes its action again.
    assert game.pending.player == "blue" and "bot" in keys(game)


def test_a_bot_killed_by_a_turret_on_its_own_move_does_not_shoot() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3"},
            {"colour": "grey", "square": "r0c0"},
        ],
        mode="turret",
        turret={"turrets": {"r0c1": "blue"}},
        bot={"colour": "purple", "square": "r0c2", "damage": ["grey"] * 10},
        turn=2,
    )
    events = play(game, "bot", "r0c1")
    assert bot_state(game)["damage"] == ["grey"] * 10 + ["blue"]  # blue's turret: the killshot
    assert "bot_shot" not in kinds(events)
    assert player(game, "grey")["damage"] == [] and player(game, "blue")["damage"] == []
    assert game.pending.kind == "action" and "bot" not in keys(game)


def test_double_kill_counts_a_board_the_bot_killed() -> None:
    # Yellow kills grey with the Lock Rifle; the bot's shot kills blue: two boards, +1 for yellow.
    game = bot_game(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3", "damage": ["grey"] * 10, "powerups": ["newton-red"]},
            {"colour": "grey", "square": "r0c0", "damage": ["blue"] * 9, "powerups": ["newton-blue"]},
        ]
    )
    events = play(game, "shoot", "grey", "bot", "r0c2", "blue", "end")
    bonus = [e for e in events if e.kind == "scored" and e.data["board"] is None]
    assert [a["player"] for e in bonus for a in e.data["awards"]] == ["yellow"]
    assert game.to_json()["killshot_track"] == [["purple"], ["yellow"]]  # boards in turn order


def test_in_domination_the_bot_may_shoot_a_spawnpoint_it_sees() -> None:
    game = bot_game(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c1"},
            {"colour": "grey", "square": "r2c1"},
        ],
        mode="domination",
        bot={"square": "r0c1"},
    )
    play(game, "bot", "r0c1")
    # From r0c1 it sees only the blue room: the blue spawnpoint is its one target.
    assert game.to_json()["domination"]["tracks"]["blue"] == ["purple"]
    # It does not use up the active player's own spawnpoint damage of the turn.
    assert not game.to_json()["domination"]["tagged_this_turn"]


def test_a_bot_game_saves_and_loads(tmp_path) -> None:
    game = Game.new(GameConfig(players=("yellow", "blue", "grey"), bot="purple", mode="domination"), seed=5)
    play(game, "spawn:blue")
    game.save(tmp_path / "b.json")
    assert Game.load(tmp_path / "b.json").to_json() == game.to_json()


def test_a_position_in_final_frenzy_with_the_bot_builds_and_only_players_get_action_boxes() -> None:
    # The bot takes no turns, so it has no frenzy box; the scenario loader once looked one up for
    # it and failed with a KeyError (the hard player builds such positions from its view).
    game = bot_game(
        three(),
        arena="arena_11a",
        frenzy=True,
        frenzy_trigger="grey",
        active="yellow",
        skulls=5,
        killshot_track=[["yellow"], ["blue"], ["yellow"], ["grey"], ["grey"]],
    )
    state = game.to_json()
    boxes = {p["colour"]: p["frenzy_actions"] for p in state["players"]}
    assert boxes == {"yellow": 1, "blue": 1, "grey": 1}
    assert state["bot"]["frenzy_actions"] == 0
