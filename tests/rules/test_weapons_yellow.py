"""Yellow weapons: Railgun, Cyberblade, ZX-2, Shotgun, Power Glove, Shockwave, Sledgehammer.

Positions on arena_12 (map in tests/rules/shots.py); each test checks the exact outcome or the
exact options offered.
"""

from __future__ import annotations

from tests.rules.shots import ammo, damage, fire, kind, loaded, marks, options, shot_game, shot_over, square, y

NO_AMMO = (0, 0, 0)


# ---------------------------------------------------------------------- Railgun
def test_railgun_hits_through_walls_along_a_straight_line():
    # From r1c1 (walls east and west) the east line is r1c2, r1c3.
    game = shot_game("railgun", "r1c1", {"blue": "r1c3", "grey": "r0c2"}, ammo=NO_AMMO)
    fire(game, "basic")  # east is the only line with anyone on it
    assert damage(game, "blue") == y(3)
    assert damage(game, "grey") == []  # r0c2 is diagonal: on no line
    assert not loaded(game, "railgun")
    assert shot_over(game)


def test_railgun_your_own_square_is_on_every_line():
    game = shot_game("railgun", "r1c1", {"blue": "r1c1", "grey": "r0c2"}, ammo=NO_AMMO)
    fire(game, "basic")
    assert sorted(options(game)) == ["east", "north", "south", "west"]
    game.choose("west")
    assert damage(game, "blue") == y(3)


def test_railgun_piercing_hits_up_to_2_targets_on_one_line_for_2_each():
    others = {"blue": "r1c2", "grey": "r1c3", "purple": "r0c1"}
    game = shot_game("railgun", "r1c1", others, ammo=NO_AMMO)
    fire(game, "piercing")
    assert sorted(options(game)) == ["east", "north"]
    game.choose("east")
    assert sorted(options(game)) == ["blue", "grey"]
    game.choose("grey")
    game.choose("blue")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2) and damage(game, "purple") == []


def test_railgun_piercing_targets_may_share_a_square():
    game = shot_game("railgun", "r1c1", {"blue": "r1c3", "grey": "r1c3"}, ammo=NO_AMMO)
    fire(game, "piercing", "blue", "grey")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)


# ------------------------------------------------------------------- Cyberblade
def test_cyberblade_basic_hits_someone_on_your_square():
    game = shot_game("cyberblade", "r1c2", {"blue": "r1c2", "grey": "r1c3"}, ammo=NO_AMMO)
    fire(game)
    assert options(game) == ["basic", "shadowstep"]
    game.choose("basic")  # blue is the only one on yellow's square
    assert damage(game, "blue") == y(2) and damage(game, "grey") == []
    assert options(game) == ["shadowstep", "done"]
    game.choose("done")
    assert shot_over(game)


def test_cyberblade_shadowstep_first_then_hit():
    game = shot_game("cyberblade", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game)  # nobody here: only a step to r1c3 leads to a hit, and it happens by itself
    assert square(game, "yellow") == "r1c3"
    assert damage(game, "blue") == y(2)
    assert shot_over(game)


def test_cyberblade_hit_step_hit():
    others = {"blue": "r1c2", "grey": "r1c3", "purple": "r1c0"}
    game = shot_game("cyberblade", "r1c2", others, ammo=(0, 0, 1))
    fire(game, "basic", "shadowstep")
    assert sorted(options(game)) == ["r0c2", "r1c3", "r2c2"]  # exactly 1 legal step
    game.choose("r1c3")
    assert options(game) == ["slice-and-dice", "done"]
    game.choose("slice-and-dice")  # grey is the only one on the new square
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert square(game, "yellow") == "r1c3"
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_cyberblade_hit_twice_then_step_away():
    others = {"blue": "r1c2", "grey": "r1c2", "purple": "r1c0"}
    game = shot_game("cyberblade", "r1c2", others, ammo=(0, 0, 1))
    # Nobody stands where a first shadowstep could lead, so the basic effect starts by itself;
    # grey is then the only other target here.
    fire(game, "blue", "slice-and-dice")
    game.choose("shadowstep")
    game.choose("r2c2")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert square(game, "yellow") == "r2c2"
    assert shot_over(game)


def test_cyberblade_slice_and_dice_needs_the_basic_effect_and_a_different_target():
    others = {"blue": "r1c2", "grey": "r1c3", "purple": "r1c0"}
    game = shot_game("cyberblade", "r1c2", others, ammo=(0, 0, 1))
    fire(game)
    assert "slice-and-dice" not in options(game)
    game.choose("basic")
    assert "slice-and-dice" not in options(game)  # nobody else here (only a shadowstep would help)
    game.choose("shadowstep")
    game.choose("r1c3")
    assert "slice-and-dice" in options(game)


# ------------------------------------------------------------------------ ZX-2
def test_zx2_basic_deals_1_damage_and_2_marks():
    game = shot_game("zx-2", "r1c2", {"blue": "r2c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game, "basic")
    assert damage(game, "blue") == y(1) and marks(game, "blue") == {"yellow": 2}


def test_zx2_scanner_marks_up_to_3_visible_targets():
    others = {"blue": "r2c3", "grey": "r0c1", "purple": "r1c3", "green": "r1c0"}
    game = shot_game("zx-2", "r1c2", others, ammo=NO_AMMO)
    fire(game, "scanner")
    assert sorted(options(game)) == ["blue", "grey", "purple"]  # green is out of sight
    game.choose("blue")
    game.choose("grey")
    game.choose("purple")
    for c in ("blue", "grey", "purple"):
        assert marks(game, c) == {"yellow": 1} and damage(game, c) == []
    assert shot_over(game)


def test_zx2_scanner_may_mark_fewer():
    game = shot_game("zx-2", "r1c2", {"blue": "r2c3", "grey": "r0c1"}, ammo=NO_AMMO)
    fire(game, "scanner", "grey", "done")
    assert marks(game, "grey") == {"yellow": 1} and marks(game, "blue") == {}


# --------------------------------------------------------------------- Shotgun
def test_shotgun_basic_hits_for_3_and_may_push_1_square():
    game = shot_game("shotgun", "r1c2", {"blue": "r1c2", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game)  # nobody 1 move away: the basic mode and its only target are chosen by themselves
    assert sorted(options(game)) == ["r0c2", "r1c2", "r1c3", "r2c2"]
    game.choose("r0c2")
    assert damage(game, "blue") == y(3) and square(game, "blue") == "r0c2"


def test_shotgun_long_barrel_hits_1_move_away_never_through_a_wall():
    # r1c1 is beside r1c2 on the grid but 3 moves away; r2c3 is 2 moves away.
    others = {"blue": "r1c3", "grey": "r1c1", "purple": "r2c3"}
    game = shot_game("shotgun", "r1c2", others, ammo=NO_AMMO)
    fire(game)  # nobody on yellow's square: long barrel is the only mode, blue its only target
    assert damage(game, "blue") == y(2)
    assert damage(game, "grey") == [] and damage(game, "purple") == []


# ----------------------------------------------------------------- Power Glove
def test_power_glove_basic_jumps_onto_the_target_for_1_damage_and_2_marks():
    game = shot_game("power-glove", "r1c2", {"blue": "r1c3", "grey": "r1c1"}, ammo=NO_AMMO)
    fire(game)  # grey is behind a wall: blue is the only target
    assert square(game, "yellow") == "r1c3"
    assert damage(game, "blue") == y(1) and marks(game, "blue") == {"yellow": 2}
    assert damage(game, "grey") == []


def test_power_glove_rocket_fist_flies_two_squares_punching_on_each():
    # From r2c1 east: r2c2 (door), then r2c3.
    others = {"blue": "r2c2", "grey": "r2c3", "purple": "r1c0"}
    game = shot_game("power-glove", "r2c1", others, ammo=(0, 1, 0))
    fire(game, "rocket-fist")  # east to r2c2 is the only flight that reaches anyone
    assert square(game, "yellow") == "r2c2"
    assert options(game) == ["blue", "done"]
    game.choose("blue")
    assert sorted(options(game)) == ["r2c2", "r2c3"]  # the second step only in the same direction
    game.choose("r2c3")
    assert options(game) == ["grey", "done"]
    game.choose("grey")
    assert square(game, "yellow") == "r2c3"
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_power_glove_rocket_fist_one_punch_per_square():
    # r1c3 is the east edge: after punching blue there, staying put ends the flight.
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r1c0"}
    game = shot_game("power-glove", "r1c2", others, ammo=(0, 1, 0))
    fire(game, "rocket-fist", "blue")  # r1c3 is the only occupied square in reach
    assert damage(game, "blue") == y(2) and damage(game, "grey") == []
    assert shot_over(game)


def test_power_glove_rocket_fist_may_fly_past_the_first_square():
    others = {"blue": "r2c3", "grey": "r1c0", "purple": "r1c0"}
    game = shot_game("power-glove", "r2c1", others, ammo=(0, 1, 0))
    fire(game)  # blue is 2 moves away: only rocket fist, east, reaches it, and all of it is forced
    assert square(game, "yellow") == "r2c3"
    assert damage(game, "blue") == y(2)


def test_power_glove_rocket_fist_does_not_pass_walls():
    game = shot_game("power-glove", "r1c1", {"blue": "r1c2", "grey": "r1c3"}, ammo=(0, 1, 0))
    assert "shoot" not in options(game)


# ------------------------------------------------------------------- Shockwave
def test_shockwave_basic_hits_up_to_3_targets_on_different_squares_1_move_away():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r2c2", "green": "r0c2"}
    game = shot_game("shockwave", "r1c2", others, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "green", "grey", "purple"]
    game.choose("blue")
    assert sorted(options(game)) == ["done", "green", "purple"]  # grey shares blue's square
    game.choose("purple")
    game.choose("green")
    assert damage(game, "blue") == y(1) and damage(game, "purple") == y(1) and damage(game, "green") == y(1)
    assert damage(game, "grey") == []
    assert shot_over(game)


def test_shockwave_tsunami_hits_everyone_1_move_away():
    others = {"blue": "r1c3", "grey": "r1c3", "purple": "r1c2", "green": "r1c1"}
    game = shot_game("shockwave", "r1c2", others, ammo=(0, 0, 1))
    fire(game, "tsunami")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
    assert damage(game, "purple") == []  # on yellow's own square
    assert damage(game, "green") == []  # behind a wall: 3 moves away
    assert ammo(game) == (0, 0, 0)


# ----------------------------------------------------------------- Sledgehammer
def test_sledgehammer_basic_deals_2_on_your_square():
    game = shot_game("sledgehammer", "r1c2", {"blue": "r1c2", "grey": "r1c3"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "blue") == y(2) and damage(game, "grey") == []


def test_sledgehammer_pulverize_deals_3_and_sends_the_target_up_to_2_squares_straight():
    game = shot_game("sledgehammer", "r2c1", {"blue": "r2c1", "grey": "r1c0"}, ammo=(1, 0, 0))
    fire(game, "pulverize")
    # East r2c2, r2c3; west r2c0; north through the door r1c1 then r0c1; never r1c2 (not straight).
    assert sorted(options(game)) == ["r0c1", "r1c1", "r2c0", "r2c1", "r2c2", "r2c3"]
    game.choose("r2c3")
    assert damage(game, "blue") == y(3) and square(game, "blue") == "r2c3"
    assert ammo(game) == (0, 0, 0)


def test_sledgehammer_pulverize_stops_at_walls():
    game = shot_game("sledgehammer", "r1c1", {"blue": "r1c1", "grey": "r1c0"}, ammo=(1, 0, 0))
    fire(game, "pulverize")
    assert sorted(options(game)) == ["r0c1", "r1c1", "r2c1"]


def test_sledgehammer_cannot_reach_the_next_square():
    game = shot_game("sledgehammer", "r1c2", {"blue": "r1c3", "grey": "r0c2"})
    assert "shoot" not in options(game)
    assert kind(game) == "action"
