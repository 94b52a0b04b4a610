"""Your turn: two actions (run, grab, shoot), the adrenaline actions, the same action twice,
ending the turn early (rulebook "Your Turn", "Damage and Adrenaline Actions"; reference e.1, e.2)."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from tests.rules.helpers import keys, kinds, play, player, scenario

BROKE = {"red": 0, "blue": 0, "yellow": 0}


def others(**blue: Any) -> list[dict[str, Any]]:
    return [{"colour": "blue", "square": "r2c3", **blue}, {"colour": "grey", "square": "r2c3"}]


def test_two_actions_then_the_turn_passes() -> None:
    game = scenario([{"colour": "yellow", "square": "r1c0"}, *others()], arena="arena_10")
    assert game.to_json()["actions_left"] == 2
    play(game, "run", "r1c1")
    assert game.to_json()["actions_left"] == 1
    assert game.pending.player == "yellow" and game.pending.kind == "action"
    play(game, "run", "r1c2")
    assert player(game, "yellow")["square"] == "r1c2"
    # Nothing to reload: the turn is over and blue is asked next.
    assert game.pending.player == "blue" and game.pending.kind == "action"
    assert game.to_json()["turn"] == 2


def test_run_moves_one_to_three_squares_through_doors_never_walls() -> None:
    game = scenario([{"colour": "yellow", "square": "r1c0"}, *others()], arena="arena_10")
    play(game, "run")
    assert game.pending.kind == "run"
    # 1: r0c0 (door), r1c1; 2: r0c1, r1c2, r2c1; 3: r0c2, r1c3, r2c2. r2c3 is 4 away.
    assert set(keys(game)) == {"r0c0", "r1c1", "r0c1", "r1c2", "r2c1", "r0c2", "r1c3", "r2c2"}
    play(game, "r0c2")
    assert player(game, "yellow")["square"] == "r0c2"


def test_the_same_action_twice_and_grabbing_twice() -> None:
    game = scenario(
        [{"colour": "yellow", "square": "r1c1", "ammo": BROKE}, *others()],
        arena="arena_10",
        ammo_tiles={"r1c1": "YBB", "r1c2": "RYY", "r2c1": "BRR"},
        racks={"red": [None, None, None]},
    )
    play(game, "grab", "r1c1")
    assert player(game, "yellow")["ammo"] == {"red": 0, "blue": 2, "yellow": 1}
    assert game.pending.kind == "action" and "grab" in keys(game)
    play(game, "grab", "r1c2")
    assert player(game, "yellow")["ammo"] == {"red": 1, "blue": 2, "yellow": 3}
    assert game.pending.player == "blue"


def test_the_turn_may_end_early_with_actions_unused() -> None:
    game = scenario([{"colour": "yellow", "square": "r1c0"}, *others()], arena="arena_10")
    assert "end" in keys(game)
    before = player(game, "yellow")
    events = play(game, "end")
    assert "turn_end" in kinds(events)
    assert player(game, "yellow") == before
    assert game.pending.player == "blue"
    # ... or after one action.
    play(game, "run", "r2c2")
    assert "end" in keys(game)
    play(game, "end")
    assert game.pending.player == "grey"


def grab_squares(damage: list[str], marks: dict[str, int] | None = None) -> set[str]:
    game = scenario(
        [{"colour": "yellow", "square": "r1c1", "damage": damage, "marks": marks or {}, "ammo": BROKE}, *others()],
        arena="arena_10",
        # Free weapons on red and yellow; the blue rack holds a weapon yellow cannot pay for.
        racks={"red": ["electroscythe", None, None], "blue": ["railgun", None, None], "yellow": ["shockwave"]},
    )
    play(game, "grab")
    assert game.pending.kind == "grab"
    return set(keys(game))


def test_grab_moves_at_most_one_square_below_three_damage() -> None:
    # r0c1 is next to r1c1 on the grid but behind a wall.
    assert grab_squares(["blue", "blue"]) == {"r1c1", "r1c0", "r1c2", "r2c1"}


def test_marks_do_not_count_towards_adrenaline() -> None:
    assert grab_squares(["blue", "blue"], {"blue": 3, "grey": 3}) == {"r1c1", "r1c0", "r1c2", "r2c1"}


def test_grab_moves_up_to_two_squares_from_three_damage() -> None:
    # r0c2 is 2 away but its rack holds only the unaffordable railgun, r2c3 is 3 away.
    assert grab_squares(["blue", "grey", "blue"]) == {"r1c1", "r1c0", "r1c2", "r2c1", "r0c0", "r2c2", "r1c3"}


def test_grab_picks_up_where_the_figure_ends_and_never_moves_after() -> None:
    game = scenario(
        [{"colour": "yellow", "square": "r1c1", "damage": ["blue"] * 3, "ammo": BROKE}, *others()],
        arena="arena_10",
        ammo_tiles={"r2c2": "PRB", "r1c1": "YRR"},
        decks={"powerups": ["newton-yellow"]},
    )
    play(game, "grab", "r2c2")
    me = player(game, "yellow")
    assert me["square"] == "r2c2"
    assert me["ammo"] == {"red": 1, "blue": 1, "yellow": 0}
    assert me["powerups"] == ["newton-yellow"]
    assert game.to_json()["ammo_tiles"]["r2c2"] is None
    assert game.to_json()["ammo_tiles"]["r1c1"] == "YRR"
    assert game.pending.kind == "action"


def shooter(damage: int, target_square: str) -> Game:
    return scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c0",
                "damage": ["grey"] * damage,
                "weapons": ["lock-rifle"],
                "ammo": BROKE,
            },
            {"colour": "blue", "square": target_square},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena="arena_10",
    )


def test_below_six_damage_shooting_does_not_move() -> None:
    # Blue in the white room cannot be seen from r1c0: without the adrenaline move, no shot.
    game = shooter(5, "r2c1")
    assert "shoot" not in keys(game)


def test_from_six_damage_the_shoot_action_moves_one_square_first() -> None:
    # From r1c1 the door to the white room is on the shooter's square: blue is visible. That is
    # the only square within 1 with a shot, so the move is made without asking.
    game = shooter(6, "r2c1")
    assert "shoot" in keys(game)
    events = play(game, "shoot")
    assert player(game, "yellow")["square"] == "r1c1"
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]
    assert player(game, "blue")["marks"] == {"yellow": 1}
    assert kinds(events)[:2] == ["moved", "shoot"]


def test_the_adrenaline_shoot_move_is_optional() -> None:
    game = shooter(6, "r1c2")
    play(game, "shoot")
    assert game.pending.kind == "shoot_move"
    # Stay, or 1 step to r1c1 or r0c0 (the door on r0c0 looks into the red room).
    assert set(keys(game)) == {"r1c0", "r1c1", "r0c0"}
    play(game, "r1c0")
    assert player(game, "yellow")["square"] == "r1c0"
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]


def test_below_six_damage_a_visible_target_is_shot_without_a_move_question() -> None:
    game = shooter(5, "r1c2")
    play(game, "shoot")
    assert player(game, "yellow")["square"] == "r1c0"
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]
    assert game.pending.kind == "action"  # one action left


def test_shoot_is_only_offered_with_a_loaded_weapon_that_has_a_target() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c0", "weapons": [{"id": "lock-rifle", "loaded": False}]},
            {"colour": "blue", "square": "r1c1"},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena="arena_10",
    )
    assert "shoot" not in keys(game)


# ---------------------------------------------------------------------------------- reload
def test_reload_at_the_end_of_the_turn_pays_full_costs_with_cubes_or_powerups() -> None:
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c0",
                "weapons": [
                    {"id": "lock-rifle", "loaded": False},
                    {"id": "machine-gun", "loaded": False},
                    {"id": "electroscythe", "loaded": False},
                ],
                "ammo": {"red": 1, "blue": 2, "yellow": 1},
                "powerups": ["newton-blue"],
            },
            *others(),
        ],
        arena="arena_10",
    )
    play(game, "end")
    assert game.pending.kind == "reload" and game.pending.player == "yellow"
    assert keys(game) == ["lock-rifle", "machine-gun", "electroscythe", "done"]
    # The Lock Rifle's full cost is blue + blue (its pickup cost was only one blue).
    play(game, "lock-rifle")
    assert game.pending.kind == "pay" and set(keys(game)) == {"pay:blue", "pay:newton-blue"}
    play(game, "pay:newton-blue")  # the second blue is then a cube, without asking
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 1, "blue": 1, "yellow": 1} and me["powerups"] == []
    # Any number of weapons: the Machine Gun (blue + red) too; then nothing blue is left for
    # the Electroscythe, so the reloading ends by itself.
    assert keys(game) == ["machine-gun", "electroscythe", "done"]
    play(game, "machine-gun")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 0, "blue": 0, "yellow": 1}
    assert me["weapons"] == [
        {"id": "lock-rifle", "loaded": True},
        {"id": "machine-gun", "loaded": True},
        {"id": "electroscythe", "loaded": False},
    ]
    assert game.pending.player == "blue"


def test_reloading_is_optional() -> None:
    game = scenario(
        [{"colour": "yellow", "square": "r1c0", "weapons": [{"id": "electroscythe", "loaded": False}]}, *others()],
        arena="arena_10",
    )
    play(game, "end", "done")
    assert player(game, "yellow")["weapons"] == [{"id": "electroscythe", "loaded": False}]
    assert player(game, "yellow")["ammo"] == {"red": 1, "blue": 1, "yellow": 1}


def test_newton_and_teleporter_are_played_around_the_actions_but_not_after_reloading() -> None:
    # Ruling (docs/rulings.md): the powerup window closes when the player ends the turn; the
    # reload comes after it, and nothing can be done after reloading.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c0",
                "powerups": ["teleporter-red"],
                "weapons": [{"id": "electroscythe", "loaded": False}],
            },
            *others(),
        ],
        arena="arena_10",
    )
    assert "teleporter-red" in keys(game)  # before the first action
    play(game, "run", "r1c1")
    assert "teleporter-red" in keys(game)  # between the actions
    play(game, "run", "r1c2")
    assert keys(game) == ["teleporter-red", "end"]  # after the second action
    play(game, "teleporter-red", "r0c0")
    assert player(game, "yellow")["square"] == "r0c0"
    # No action and no powerup left: straight to the reload, which offers no powerup.
    assert game.pending.kind == "reload" and keys(game) == ["electroscythe", "done"]
    play(game, "electroscythe")
    assert game.pending.player == "blue"


def test_a_player_with_nothing_left_to_do_ends_the_turn_by_themselves() -> None:
    game = scenario([{"colour": "yellow", "square": "r1c0"}, *others()], arena="arena_10")
    play(game, "run", "r1c1", "run", "r1c0")
    assert game.pending.player == "blue"
