"""Red weapons: Vortex Cannon, Furnace, Heatseeker, Hellion, Flamethrower, Grenade Launcher, Rocket Launcher.

Positions on arena_12 (map in tests/rules/shots.py); each test checks the exact outcome or the
exact options offered.
"""

from __future__ import annotations

from tests.rules.shots import ammo, damage, fire, kind, loaded, marks, options, shot_game, shot_over, square, y

NO_AMMO = (0, 0, 0)


# ---------------------------------------------------------------- Vortex Cannon
def test_vortex_cannon_pulls_an_unseen_target_onto_a_visible_square():
    # blue on r0c3 (green room) is out of yellow's sight; r0c2 and r1c3 are seen and 1 move from it.
    game = shot_game("vortex-cannon", "r1c2", {"blue": "r0c3", "grey": "r2c0"}, ammo=NO_AMMO)
    fire(game)
    assert kind(game) == "square"
    assert sorted(options(game)) == ["r0c2", "r1c3"]
    game.choose("r0c2")
    assert square(game, "blue") == "r0c2"
    assert damage(game, "blue") == y(2)
    assert not loaded(game, "vortex-cannon")
    assert shot_over(game)


def test_vortex_cannon_vortex_is_never_your_own_square():
    # green on r1c3 is 1 move from yellow's square r1c2, which still may not be the vortex.
    game = shot_game("vortex-cannon", "r1c2", {"green": "r1c3", "grey": "r2c0", "blue": "r1c0"}, ammo=NO_AMMO)
    fire(game)
    assert "r1c2" not in options(game)
    assert sorted(options(game)) == ["r1c3", "r2c3"]  # the squares on or next to green that yellow sees
    game.choose("r2c3")
    assert square(game, "green") == "r2c3" and damage(game, "green") == y(2)


def test_vortex_cannon_may_pull_a_target_from_your_own_square():
    game = shot_game("vortex-cannon", "r1c2", {"grey": "r1c2", "blue": "r1c0", "purple": "r2c0"}, ammo=NO_AMMO)
    fire(game, "r2c2")
    assert square(game, "grey") == "r2c2" and damage(game, "grey") == y(2)
    assert square(game, "yellow") == "r1c2"


def test_vortex_cannon_black_hole_pulls_up_to_2_more_for_1_each():
    others = {"blue": "r0c3", "grey": "r0c2", "purple": "r1c2", "green": "r1c0"}
    game = shot_game("vortex-cannon", "r1c2", others, ammo=(1, 0, 0))
    fire(game, "r0c2")
    assert sorted(options(game)) == ["blue", "grey", "purple"]
    game.choose("blue")
    assert options(game) == ["black-hole", "done"]
    game.choose("black-hole")
    assert sorted(options(game)) == ["grey", "purple"]  # never blue again, never green (3 moves away)
    game.choose("purple")
    game.choose("grey")
    assert damage(game, "blue") == y(2)
    assert damage(game, "grey") == y(1) and damage(game, "purple") == y(1)
    assert {square(game, c) for c in ("blue", "grey", "purple")} == {"r0c2"}
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


# ---------------------------------------------------------------------- Furnace
def test_furnace_burns_a_visible_room_that_is_not_yours():
    others = {"blue": "r0c1", "grey": "r0c2", "purple": "r1c3"}
    game = shot_game("furnace", "r1c2", others, ammo=NO_AMMO)
    fire(game)
    assert options(game) == ["basic", "cozy-fire"]
    game.choose("basic")  # the blue room is the only other room yellow sees: chosen by itself
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
    assert damage(game, "purple") == []  # yellow's own room is never burnt
    assert shot_over(game)


def test_furnace_only_sees_rooms_through_a_door_on_your_square():
    # r1c3 has a door to the green room only; the blue room's door is on r1c2.
    game = shot_game("furnace", "r1c3", {"blue": "r0c2", "grey": "r0c3"}, ammo=NO_AMMO)
    fire(game, "basic")
    assert damage(game, "grey") == y(1) and damage(game, "blue") == []


def test_furnace_cozy_fire_burns_a_square_1_move_away_with_damage_and_a_mark():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r2c2"}
    game = shot_game("furnace", "r1c2", others, ammo=NO_AMMO)
    fire(game)  # only yellow's own room is occupied: the basic mode is not offered, cozy fire starts
    assert kind(game) == "square"
    assert sorted(options(game)) == ["r1c3", "r2c2"]
    game.choose("r1c3")
    for c in ("blue", "grey"):
        assert damage(game, c) == y(1) and marks(game, c) == {"yellow": 1}
    assert damage(game, "purple") == []


def test_furnace_cozy_fire_never_reaches_through_a_wall():
    # r1c1 is next to r1c2 on the grid but 3 moves away.
    game = shot_game("furnace", "r1c2", {"blue": "r1c1", "grey": "r2c0"}, ammo=NO_AMMO)
    assert "shoot" not in options(game)


# ------------------------------------------------------------------- Heatseeker
def test_heatseeker_hits_only_targets_you_cannot_see():
    game = shot_game("heatseeker", "r1c2", {"blue": "r1c1", "grey": "r1c3", "purple": "r2c0"}, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "purple"]
    game.choose("blue")
    assert damage(game, "blue") == y(3) and damage(game, "grey") == []
    assert shot_over(game)


def test_heatseeker_cannot_be_fired_when_everyone_is_visible():
    game = shot_game("heatseeker", "r1c2", {"blue": "r0c1", "grey": "r2c3"})
    assert "shoot" not in options(game)


def test_heatseeker_adrenaline_move_offers_only_squares_where_someone_is_out_of_sight():
    # With 6 damage yellow may move 1 first. From r1c2 and r0c2 both blue and grey are in sight;
    # from r1c3 and r2c2 grey (blue room) is not.
    game = shot_game("heatseeker", "r1c2", {"blue": "r1c3", "grey": "r0c1"}, damage=["blue"] * 6, ammo=NO_AMMO)
    game.choose("shoot")
    assert kind(game) == "shoot_move"
    assert sorted(options(game)) == ["r1c3", "r2c2"]
    game.choose("r2c2")
    assert damage(game, "grey") == y(3)


# ---------------------------------------------------------------------- Hellion
def test_hellion_damages_one_target_and_marks_everyone_on_its_square():
    others = {"blue": "r2c3", "grey": "r2c3", "purple": "r1c2"}
    game = shot_game("hellion", "r1c2", others, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "grey"]  # purple shares yellow's square
    game.choose("blue")
    assert damage(game, "blue") == y(1) and marks(game, "blue") == {"yellow": 1}
    assert damage(game, "grey") == [] and marks(game, "grey") == {"yellow": 1}
    assert damage(game, "purple") == [] and marks(game, "purple") == {}
    assert shot_over(game)


def test_hellion_nano_tracer_gives_2_marks_each_for_a_red_cube():
    others = {"blue": "r2c3", "grey": "r2c3", "purple": "r1c0"}
    game = shot_game("hellion", "r1c2", others, ammo=(1, 0, 0))
    fire(game, "nano-tracer", "grey")
    assert damage(game, "grey") == y(1) and marks(game, "grey") == {"yellow": 2}
    assert damage(game, "blue") == [] and marks(game, "blue") == {"yellow": 2}
    assert ammo(game) == (0, 0, 0)


# ----------------------------------------------------------------- Flamethrower
def test_flamethrower_hits_one_target_on_each_of_two_squares_in_a_line():
    # From r2c1: east is r2c2 (door) then r2c3.
    others = {"blue": "r2c2", "purple": "r2c2", "grey": "r2c3"}
    game = shot_game("flamethrower", "r2c1", others, ammo=NO_AMMO)
    fire(game)  # barbecue is unaffordable; east is the only direction with anyone: chosen by itself
    assert sorted(options(game)) == ["blue", "grey", "purple"]
    game.choose("blue")
    assert options(game) == ["grey", "done"]  # one target per square: purple is no longer offered
    game.choose("grey")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1) and damage(game, "purple") == []
    assert shot_over(game)


def test_flamethrower_may_hit_only_the_second_square():
    game = shot_game("flamethrower", "r2c1", {"grey": "r2c3", "blue": "r0c0"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "grey") == y(1)


def test_flamethrower_is_stopped_by_walls_where_railgun_is_not():
    # r1c1 (purple) has walls east and west; blue on r1c2 is next to it on the grid.
    position = {"blue": "r1c2", "grey": "r2c3"}
    flamer = shot_game("flamethrower", "r1c1", position)
    assert "shoot" not in options(flamer)
    railgun = shot_game("railgun", "r1c1", position, ammo=NO_AMMO)
    fire(railgun, "basic")
    assert damage(railgun, "blue") == y(3)


def test_flamethrower_never_hits_your_own_square():
    game = shot_game("flamethrower", "r2c1", {"blue": "r2c1", "grey": "r0c3"})
    assert "shoot" not in options(game)


def test_flamethrower_barbecue_burns_everyone_2_then_1():
    others = {"blue": "r2c2", "purple": "r2c2", "grey": "r2c3", "green": "r2c1"}
    game = shot_game("flamethrower", "r2c1", others, ammo=(0, 0, 2))
    fire(game, "barbecue")
    assert damage(game, "blue") == y(2) and damage(game, "purple") == y(2)
    assert damage(game, "grey") == y(1)
    assert damage(game, "green") == []  # on yellow's own square
    assert ammo(game) == (0, 0, 0)


# -------------------------------------------------------------- Grenade Launcher
def test_grenade_launcher_basic_hits_and_may_push_the_target_1_square():
    game = shot_game("grenade-launcher", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game)
    assert kind(game) == "move"
    assert sorted(options(game)) == ["r0c3", "r1c2", "r1c3", "r2c3"]
    game.choose("r0c3")
    assert square(game, "blue") == "r0c3" and damage(game, "blue") == y(1)
    assert shot_over(game)


def test_grenade_launcher_extra_grenade_before_the_basic_effect():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r2c2"}
    game = shot_game("grenade-launcher", "r1c2", others, ammo=(1, 0, 0))
    fire(game)
    assert options(game) == ["basic", "extra-grenade"]
    game.choose("extra-grenade")
    game.choose("r1c3")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
    game.choose("blue")  # only the basic effect is left: it starts by itself
    assert kind(game) == "move"  # the grenade is spent: no pause between damage and push
    game.choose("r2c3")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(1)
    assert square(game, "blue") == "r2c3"
    assert shot_over(game)


def test_grenade_launcher_extra_grenade_between_the_damage_and_the_push():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r2c2"}
    game = shot_game("grenade-launcher", "r1c2", others, ammo=(1, 0, 0))
    fire(game, "basic", "blue")
    assert options(game) == ["extra-grenade", "continue"]
    game.choose("extra-grenade")
    game.choose("r1c3")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(1)
    assert kind(game) == "move"
    game.choose("r0c3")
    assert square(game, "blue") == "r0c3"
    assert shot_over(game)


def test_grenade_launcher_extra_grenade_after_pushing_the_target_onto_a_crowd():
    others = {"blue": "r1c3", "grey": "r2c3", "purple": "r2c2"}
    game = shot_game("grenade-launcher", "r1c2", others, ammo=(1, 0, 0))
    fire(game, "basic", "blue", "continue", "r2c3", "extra-grenade", "r2c3")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(1) and damage(game, "purple") == []
    assert square(game, "blue") == "r2c3"
    assert shot_over(game)


def test_grenade_launcher_extra_grenade_on_your_own_square_spares_you():
    others = {"blue": "r1c3", "grey": "r1c2", "purple": "r1c0"}
    game = shot_game("grenade-launcher", "r1c2", others, ammo=(1, 0, 0))
    fire(game, "basic", "blue", "continue", "r1c3", "extra-grenade", "r1c2")
    assert damage(game, "grey") == y(1) and damage(game, "yellow") == []


def test_grenade_launcher_extra_grenade_needs_someone_on_a_visible_square():
    # purple on r1c0 is out of sight; the empty squares yellow sees are not offered.
    game = shot_game("grenade-launcher", "r1c2", {"blue": "r1c3", "grey": "r2c2", "purple": "r1c0"}, ammo=(1, 0, 0))
    fire(game, "extra-grenade")
    assert sorted(options(game)) == ["r1c3", "r2c2"]


# --------------------------------------------------------------- Rocket Launcher
def test_rocket_launcher_basic_hits_a_target_off_your_square_and_may_push_it():
    others = {"blue": "r1c3", "grey": "r1c2", "purple": "r1c0"}
    game = shot_game("rocket-launcher", "r1c2", others, ammo=NO_AMMO)
    fire(game)  # grey shares yellow's square: blue is the only target
    assert kind(game) == "move"
    game.choose("r1c3")  # stay
    assert damage(game, "blue") == y(2) and damage(game, "grey") == []
    assert square(game, "blue") == "r1c3"
    assert shot_over(game)


def test_rocket_launcher_rocket_jump_first_judges_targets_from_the_landing_square():
    # Everyone shares yellow's square, so only a jump makes them targets: it must land where r1c2
    # is in sight (never r0c1, whose doors lead to the purple and red rooms).
    others = {"grey": "r1c2", "blue": "r1c2", "purple": "r1c2"}
    game = shot_game("rocket-launcher", "r1c2", others, ammo=(0, 1, 0))
    fire(game)
    assert kind(game) == "move"  # the basic effect has no target yet: the jump starts by itself
    assert sorted(options(game)) == ["r0c2", "r0c3", "r1c3", "r2c1", "r2c2", "r2c3"]
    game.choose("r2c2")
    game.choose("grey")
    assert kind(game) == "move"  # grey was hit; now its optional push
    assert damage(game, "grey") == y(2)
    game.choose("r1c3")
    assert square(game, "grey") == "r1c3" and square(game, "yellow") == "r2c2"
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_rocket_launcher_rocket_jump_after_the_basic_effect_and_never_split():
    game = shot_game("rocket-launcher", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 1, 0))
    fire(game, "basic")
    assert kind(game) == "move"  # no pause: the jump cannot come between the hit and the push
    game.choose("r1c3")
    assert options(game) == ["rocket-jump", "done"]
    game.choose("rocket-jump")
    game.choose("r0c1")
    assert square(game, "yellow") == "r0c1"
    assert shot_over(game)


def test_rocket_launcher_jump_before_basic_is_not_offered_again_after_it():
    game = shot_game("rocket-launcher", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 2, 0))
    fire(game, "rocket-jump", "r0c2", "r1c3")  # blue is the only target from r0c2
    assert shot_over(game)
    assert ammo(game) == (0, 1, 0)


def test_rocket_launcher_fragmenting_warhead_hits_the_original_square_before_the_push():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r1c0"}
    game = shot_game("rocket-launcher", "r1c2", others, ammo=(0, 0, 1))
    fire(game, "blue")  # the rocket jump is unaffordable: the basic effect starts by itself
    assert options(game) == ["fragmenting-warhead", "continue"]
    game.choose("fragmenting-warhead")
    assert damage(game, "blue") == y(3) and damage(game, "grey") == y(1)
    assert kind(game) == "move"
    game.choose("r2c3")
    assert square(game, "blue") == "r2c3" and square(game, "grey") == "r1c3"
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_rocket_launcher_fragmenting_warhead_only_inside_the_basic_effect():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r1c0"}
    game = shot_game("rocket-launcher", "r1c2", others, ammo=(0, 0, 1))
    fire(game, "blue", "continue", "r2c3")
    assert shot_over(game)  # once the push is done, the warhead is gone
    assert damage(game, "grey") == []
