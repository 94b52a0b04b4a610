"""Nothing is spent without the player's key (`confirm_spending: ask`, issue 23 finding 8).

A question with one answer answers itself; with `confirm_spending: ask` a lone answer that spends
cubes or powerups is asked all the same, its cost in the question. The setting's default (`auto`)
is what every game saved before it did, so their key lists replay unchanged.
"""

from __future__ import annotations

from adrenaline_tui.rules import Game, GameConfig
from tests.rules.helpers import keys, play, player, scenario
from tests.rules.shots import ammo, damage, fire, kind, options, shot_game, square, y
from tests.rules.test_frenzy import frenzy_position

JUMP_ONLY = {"grey": "r1c2", "blue": "r1c2", "purple": "r1c2"}  # all on yellow's square


def test_the_only_way_to_shoot_costs_a_cube_and_is_asked_with_its_cost() -> None:
    # Everyone shares yellow's square: only a rocket jump (blue) gives the Rocket Launcher a target.
    game = shot_game("rocket-launcher", "r1c2", JUMP_ONLY, ammo=(0, 1, 0), confirm_spending="ask")
    fire(game)
    assert kind(game) == "effect"
    assert options(game) == ["rocket-jump"]
    assert game.pending.prompt == "Rocket Launcher: the only way on is with rocket jump, for blue"
    assert game.pending.options[0].label.startswith("With rocket jump (blue)")
    assert ammo(game) == (0, 1, 0)  # nothing paid yet
    assert game.can_undo  # the Shoot can still be taken back without paying
    game.choose("rocket-jump")
    assert ammo(game) == (0, 0, 0) and kind(game) == "move"
    game.choose("r2c2")
    game.choose("grey")
    game.choose("r1c3")
    assert damage(game, "grey") == y(2) and square(game, "grey") == "r1c3" and square(game, "yellow") == "r2c2"


def test_without_the_setting_the_lone_paid_effect_still_starts_by_itself() -> None:
    game = shot_game("rocket-launcher", "r1c2", JUMP_ONLY, ammo=(0, 1, 0))
    fire(game)
    assert kind(game) == "move" and ammo(game) == (0, 0, 0)
    assert game.history == ["shoot"]


def test_a_lone_free_answer_is_still_not_asked() -> None:
    # The basic effect is free and the only target is blue: nothing to confirm.
    game = shot_game(
        "lock-rifle", "r1c2", {"blue": "r1c3", "grey": "r1c0", "purple": "r1c0"}, ammo=(0, 0, 0), confirm_spending="ask"
    )
    fire(game)
    assert damage(game, "blue") == ["yellow", "yellow"]
    assert game.history == ["shoot"]


def rack_game(confirm: str, rack: list[str]) -> Game:
    players = [
        {"colour": "yellow", "square": "r1c0", "ammo": {"red": 0, "blue": 1, "yellow": 0}},
        {"colour": "blue", "square": "r2c3"},
        {"colour": "grey", "square": "r2c3"},
    ]
    return scenario(
        players,
        arena="arena_10",
        racks={"red": rack},
        ammo_tiles={"r0c0": None, "r1c1": None},
        confirm_spending=confirm,
    )


def test_the_only_weapon_on_the_rack_is_asked_when_it_costs_a_cube() -> None:
    # Only the Lock Rifle (blue to pick up) can be paid: it is asked, not taken.
    game = rack_game("ask", ["machine-gun", "lock-rifle", "railgun"])
    play(game, "grab")
    assert game.pending.kind == "weapon" and keys(game) == ["lock-rifle"]
    assert game.pending.prompt == "Grab the only weapon you can take here, for blue?"
    assert game.pending.options[0].label == "Lock Rifle (pay blue)"
    assert player(game, "yellow")["ammo"]["blue"] == 1
    play(game, "lock-rifle")
    assert player(game, "yellow")["ammo"]["blue"] == 0
    assert player(game, "yellow")["weapons"] == [{"id": "lock-rifle", "loaded": True}]
    # as before without the setting
    game = rack_game("auto", ["machine-gun", "lock-rifle", "railgun"])
    play(game, "grab")
    assert player(game, "yellow")["weapons"] == [{"id": "lock-rifle", "loaded": True}]


def test_a_free_weapon_says_free_and_a_lone_free_one_is_taken() -> None:
    game = rack_game("ask", ["machine-gun", "electroscythe", "railgun"])
    play(game, "grab")
    # The Electroscythe's first cube is its whole cost: nothing to confirm, it is taken.
    assert player(game, "yellow")["weapons"] == [{"id": "electroscythe", "loaded": True}]
    game = rack_game("ask", ["lock-rifle", "electroscythe", "railgun"])
    play(game, "grab")
    labels = [o.label for o in game.pending.options]
    assert labels == ["Lock Rifle (pay blue)", "Electroscythe (free)"]  # not "(pay free)"


def test_the_only_reload_before_a_frenzy_shot_is_asked() -> None:
    # Yellow (x1) holds only an unloaded Lock Rifle it can pay for (blue, blue).
    me = {
        "square": "r1c2",
        "weapons": [{"id": "lock-rifle", "loaded": False}],
        "ammo": {"red": 0, "blue": 2, "yellow": 0},
    }
    game = frenzy_position("yellow", me, confirm_spending="ask")
    play(game, "shoot", "r1c2")
    assert game.pending.kind == "shoot_reload" and keys(game) == ["lock-rifle"]
    assert game.pending.prompt == "Shooting needs a reload first, for blue, blue: reload?"
    assert player(game, "yellow")["ammo"]["blue"] == 2
    play(game, "lock-rifle")
    assert player(game, "yellow")["ammo"]["blue"] == 0
    game = frenzy_position("yellow", me)
    play(game, "shoot", "r1c2")
    assert game.pending.kind != "shoot_reload" and player(game, "yellow")["ammo"]["blue"] == 0


def test_a_config_saved_before_the_setting_reads_as_auto_and_replays() -> None:
    config = GameConfig(players=("yellow", "blue", "grey"), confirm_spending="ask").to_dict()
    assert config["confirm_spending"] == "ask"
    old = {k: v for k, v in config.items() if k != "confirm_spending"}
    assert GameConfig.from_dict(old).confirm_spending == "auto"


def test_explaining_shoot_says_a_target_is_only_reached_by_paying_for_the_jump() -> None:
    from adrenaline_tui.rules.explain import explain

    # Grey shares yellow's square and purple is out of sight: only a rocket jump (blue) reaches them.
    game = shot_game("rocket-launcher", "r1c2", {"grey": "r1c2", "blue": "r1c3", "purple": "r1c0"}, ammo=(0, 1, 0))
    does = explain(game, "shoot").does
    assert (
        "From here the Rocket Launcher can hit Banshee, and can hit Dozer and Violet only with rocket jump (blue)."
        in does
    )
    assert explain(game, "rocket-launcher").why[0] == (
        "Loaded; from r1c2 it can hit Banshee, and can hit Dozer and Violet only with rocket jump (blue)."
    )


def test_a_save_from_before_the_setting_replays_its_automatic_payment() -> None:
    from adrenaline_tui.rules.saves import game_from_save, save_data

    game = shot_game("rocket-launcher", "r1c2", JUMP_ONLY, ammo=(0, 1, 0))
    fire(game, "r2c2", "grey", "r1c3")  # the jump was paid by itself: no key for it
    data = save_data(game)
    del data["config"]["confirm_spending"]  # as every save written before the setting
    again = game_from_save(data)
    assert again.history == game.history == ["shoot", "r2c2", "grey", "r1c3"]
    assert again.to_json() == game.to_json()
