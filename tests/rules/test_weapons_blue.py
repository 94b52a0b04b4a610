"""Blue weapons: Lock Rifle, Machine Gun, T.H.O.R., Plasma Gun, Whisper, Electroscythe, Tractor Beam.

Every test sets a position on arena_12 (map in tests/rules/shots.py), fires, and checks the exact
outcome; the `not offered` tests read the options the engine puts in front of the player.
"""

from __future__ import annotations

import pytest

from tests.rules.shots import ammo, damage, fire, kind, loaded, marks, options, shot_game, shot_over, square, y

NO_AMMO = (0, 0, 0)


# ------------------------------------------------------------------ Lock Rifle
def test_lock_rifle_basic_deals_2_damage_and_1_mark():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c0"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "blue") == y(2)
    assert marks(game, "blue") == {"yellow": 1}
    assert damage(game, "grey") == [] and marks(game, "grey") == {}
    assert not loaded(game, "lock-rifle")
    assert shot_over(game)


def test_lock_rifle_offers_only_visible_targets():
    # r0c1 (blue room) and r2c3 (yellow room) are in sight of r1c2; r1c1 (purple) is behind a wall.
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c1", "purple": "r1c1"}, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "grey"]


def test_lock_rifle_second_lock_marks_a_different_target_for_a_red_cube():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c1"}, ammo=(1, 0, 0))
    fire(game, "blue")
    assert options(game) == ["second-lock", "done"]
    game.choose("second-lock")  # grey is the only other visible target: chosen by itself
    assert damage(game, "blue") == y(2) and marks(game, "blue") == {"yellow": 1}
    assert damage(game, "grey") == [] and marks(game, "grey") == {"yellow": 1}
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_lock_rifle_second_lock_needs_another_visible_target():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r1c1"}, ammo=(1, 0, 0))
    fire(game)
    assert shot_over(game)  # nobody else in sight: the second lock is never offered
    assert ammo(game) == (1, 0, 0)
    assert marks(game, "grey") == {}


# ----------------------------------------------------------------- Machine Gun
def test_machine_gun_basic_hits_two_visible_targets_once_each():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3", "purple": "r0c0"}, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "grey"]  # purple (red room) is out of sight
    game.choose("blue")
    assert options(game) == ["grey", "done"]
    game.choose("grey")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
    assert damage(game, "purple") == []
    assert shot_over(game)


def test_machine_gun_basic_may_stop_at_one_target():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3"}, ammo=NO_AMMO)
    fire(game, "blue", "done")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == []
    assert shot_over(game)


def test_machine_gun_focus_shot_adds_1_to_a_basic_target():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3"}, ammo=(0, 0, 1))
    fire(game, "blue", "grey")
    assert options(game) == ["focus-shot", "done"]
    game.choose("focus-shot")
    assert sorted(options(game)) == ["blue", "grey"]
    game.choose("grey")
    assert damage(game, "grey") == y(2) and damage(game, "blue") == y(1)
    assert ammo(game) == (0, 0, 0)


def test_machine_gun_turret_tripod_can_add_1_and_hit_a_new_target():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3", "purple": "r0c1"}, ammo=(0, 1, 0))
    fire(game, "blue", "done", "turret-tripod")
    assert sorted(options(game)) == ["blue", "grey", "purple"]
    game.choose("blue")
    assert sorted(options(game)) == ["done", "grey", "purple"]  # the second +1 must be a new target
    game.choose("purple")
    assert damage(game, "blue") == y(2) and damage(game, "purple") == y(1) and damage(game, "grey") == []
    assert ammo(game) == (0, 0, 0)


def test_machine_gun_extra_damage_never_twice_on_one_target():
    # One basic target, focus shot on it: turret tripod may only hit someone new.
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3", "purple": "r0c1"}, ammo=(0, 1, 1))
    fire(game, "blue", "done", "focus-shot")  # blue is the only basic target: focus goes there by itself
    game.choose("turret-tripod")
    assert sorted(options(game)) == ["grey", "purple"]
    game.choose("grey")
    assert damage(game, "blue") == y(2)
    assert damage(game, "grey") == y(1)
    assert shot_over(game)


def test_machine_gun_tripod_first_then_focus_goes_to_the_other_target():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3"}, ammo=(0, 1, 1))
    fire(game, "blue", "grey", "turret-tripod", "blue", "focus-shot")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)  # focus could only go to grey
    assert shot_over(game)


def test_machine_gun_both_extras_with_two_opponents_deal_2_each():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3"}, ammo=(0, 1, 1))
    fire(game, "blue", "grey", "focus-shot", "blue", "turret-tripod")  # tripod can only be grey's +1
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_machine_gun_optional_effects_need_the_basic_effect_first():
    game = shot_game("machine-gun", "r1c2", {"blue": "r2c3", "grey": "r1c3"}, ammo=(3, 3, 3))
    fire(game)
    assert kind(game) == "target"  # only the basic effect can start: chosen by itself


# -------------------------------------------------------------------- T.H.O.R.
def test_thor_basic_deals_2():
    game = shot_game("thor", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "blue") == y(2)
    assert shot_over(game)


def test_thor_chain_reaction_target_must_be_seen_by_the_first_target():
    # blue on r1c3 sees the yellow and green rooms; purple (blue room) is seen by yellow only.
    others = {"blue": "r1c3", "grey": "r0c3", "green": "r2c2", "purple": "r0c1"}
    game = shot_game("thor", "r1c2", others, ammo=(0, 1, 0))
    fire(game)
    assert sorted(options(game)) == ["blue", "green", "purple"]  # grey (green room) is out of yellow's sight
    game.choose("blue")
    game.choose("chain-reaction")
    assert sorted(options(game)) == ["green", "grey"]
    game.choose("grey")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(1)
    assert ammo(game) == (0, 0, 0)


def test_thor_high_voltage_only_after_chain_reaction_and_seen_by_the_second_target():
    others = {"blue": "r1c3", "grey": "r0c3", "purple": "r0c1"}
    game = shot_game("thor", "r1c2", others, ammo=(0, 2, 0))
    fire(game, "blue")
    assert options(game) == ["chain-reaction", "done"]  # high voltage waits for chain reaction
    game.choose("chain-reaction")  # grey is the only one blue can see
    assert options(game) == ["high-voltage", "done"]
    game.choose("high-voltage")  # from r0c3 grey sees the blue room: purple; blue is already hit
    assert damage(game, "blue") == y(2)
    assert damage(game, "grey") == y(1)
    assert damage(game, "purple") == y(2)
    assert ammo(game) == (0, 0, 0)
    assert shot_over(game)


def test_thor_never_chains_back_to_an_earlier_target_or_the_shooter():
    # blue on r1c3 sees yellow (the shooter) and nobody else: no chain reaction.
    game = shot_game("thor", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 2, 0))
    fire(game)
    assert shot_over(game)
    assert ammo(game) == (0, 2, 0)


# ------------------------------------------------------------------ Plasma Gun
def test_plasma_gun_basic_then_finish():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game)
    assert options(game) == ["basic", "phase-glide"]
    game.choose("basic")
    assert options(game) == ["phase-glide", "done"]
    game.choose("done")
    assert damage(game, "blue") == y(2)
    assert square(game, "yellow") == "r1c2"


def test_plasma_gun_glides_into_sight_of_a_target_first():
    # From r1c1 nobody is visible; blue on r2c3 is seen from r2c1, r2c2 and r0c2 (2 moves or fewer),
    # grey on r0c3 only from r0c2.
    game = shot_game("plasma-gun", "r1c1", {"blue": "r2c3", "grey": "r0c3"}, ammo=NO_AMMO)
    fire(game)
    assert kind(game) == "move"  # the basic effect has no target yet: the glide starts by itself
    assert sorted(options(game)) == ["r0c2", "r2c1", "r2c2"]
    game.choose("r2c1")
    assert square(game, "yellow") == "r2c1"
    assert damage(game, "blue") == y(2)
    assert shot_over(game)


def test_plasma_gun_glide_after_the_basic_effect():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game, "basic", "phase-glide")
    assert "r1c2" not in options(game)  # a glide moves 1 or 2 squares
    game.choose("r0c1")
    assert square(game, "yellow") == "r0c1"
    assert damage(game, "blue") == y(2)
    assert shot_over(game)


def test_plasma_gun_glide_is_never_split_around_the_basic_effect():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game, "phase-glide", "r2c2")  # then the basic effect and its only target start by themselves
    assert damage(game, "blue") == y(2)
    assert shot_over(game)  # no second glide offered


def test_plasma_gun_charged_shot_adds_1_to_the_basic_target():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 1, 0))
    fire(game, "basic")
    assert options(game) == ["phase-glide", "charged-shot", "done"]
    game.choose("charged-shot")
    game.choose("done")
    assert damage(game, "blue") == y(3)
    assert ammo(game) == (0, 0, 0)


def test_plasma_gun_charged_shot_is_not_offered_before_the_basic_effect():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 1, 0))
    fire(game)
    assert "charged-shot" not in options(game)


# --------------------------------------------------------------------- Whisper
def test_whisper_hits_visible_targets_at_least_2_moves_away():
    game = shot_game("whisper", "r1c2", {"blue": "r2c3", "grey": "r1c3", "purple": "r0c1"}, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "purple"]  # grey is 1 move away
    game.choose("blue")
    assert damage(game, "blue") == y(3) and marks(game, "blue") == {"yellow": 1}
    assert shot_over(game)


def test_whisper_cannot_hit_the_square_behind_the_door_but_can_hit_the_rest_of_that_room():
    # r0c2 has a door to r1c2 (1 move) - the far square r2c3 of that room is 3 moves away.
    game = shot_game("whisper", "r0c2", {"blue": "r1c2", "grey": "r2c3"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "grey") == y(3) and damage(game, "blue") == []


def test_whisper_cannot_be_fired_at_distance_1_only():
    game = shot_game("whisper", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    assert "shoot" not in options(game)


# --------------------------------------------------------------- Electroscythe
def test_electroscythe_basic_hits_everyone_else_on_your_square():
    game = shot_game("electroscythe", "r1c2", {"blue": "r1c2", "grey": "r1c2", "purple": "r1c3"}, ammo=NO_AMMO)
    fire(game)
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
    assert damage(game, "purple") == [] and damage(game, "yellow") == []
    assert shot_over(game)


def test_electroscythe_reaper_mode_deals_2_each_for_blue_and_red():
    game = shot_game("electroscythe", "r1c2", {"blue": "r1c2", "grey": "r1c2"}, ammo=(1, 1, 0))
    fire(game)
    assert options(game) == ["basic", "reaper"]
    game.choose("reaper")
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert ammo(game) == (0, 0, 0)


def test_electroscythe_needs_someone_on_your_square():
    game = shot_game("electroscythe", "r1c2", {"blue": "r1c3", "grey": "r0c2"})
    assert "shoot" not in options(game)


# ----------------------------------------------------------------- Tractor Beam
def test_tractor_beam_pulls_an_unseen_target_into_sight():
    # From r2c3 yellow sees only the yellow room. blue on r2c1 (white) is out of sight, but r1c2,
    # r2c2 and r2c3 are within 2 moves of it; grey on r0c0 is 3+ moves from every square yellow sees.
    game = shot_game("tractor-beam", "r2c3", {"blue": "r2c1", "grey": "r0c0"}, ammo=NO_AMMO)
    fire(game)
    assert kind(game) == "move"  # blue is the only usable target: chosen by itself
    assert sorted(options(game)) == ["r1c2", "r2c2", "r2c3"]
    game.choose("r1c2")
    assert square(game, "blue") == "r1c2"
    assert damage(game, "blue") == y(1)
    assert shot_over(game)


def test_tractor_beam_may_move_the_target_zero_squares():
    game = shot_game("tractor-beam", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=NO_AMMO)
    fire(game, "blue")
    assert "r1c3" in options(game)
    game.choose("r1c3")
    assert square(game, "blue") == "r1c3" and damage(game, "blue") == y(1)


def test_tractor_beam_punisher_pulls_a_target_up_to_2_moves_away_onto_you_for_3():
    # green on r2c1 is 2 moves away but out of sight; blue on r1c1 is 3 moves away (wall).
    game = shot_game("tractor-beam", "r1c2", {"green": "r2c1", "blue": "r1c1", "grey": "r1c0"}, ammo=(1, 0, 1))
    fire(game, "punisher")  # green is the only target in reach: chosen by itself
    assert square(game, "green") == "r1c2"
    assert damage(game, "green") == y(3)
    assert ammo(game) == (0, 0, 0)


@pytest.mark.parametrize("mode", ["basic", "punisher"])
def test_tractor_beam_is_unloaded_after_either_mode(mode):
    game = shot_game("tractor-beam", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(1, 0, 1))
    fire(game, mode)
    while not shot_over(game):
        game.choose(options(game)[0])
    assert not loaded(game, "tractor-beam")


def test_plasma_gun_charged_shot_after_gliding_out_of_sight_still_hits_the_basic_target():
    game = shot_game("plasma-gun", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 1, 0))
    fire(game, "basic", "phase-glide", "r0c1")  # r0c1 sees the blue, purple and red rooms only
    assert options(game) == ["charged-shot", "done"]
    game.choose("charged-shot")
    assert damage(game, "blue") == y(3)
    assert shot_over(game)


def test_only_a_door_on_your_own_square_lets_you_see_into_the_next_room():
    # arena_11b: from r2c0 (white room) the door r1c1-r2c1 is elsewhere in the room, so the purple
    # room (r1c1, r1c2) stays out of sight while the whole white room is visible.
    game = shot_game("lock-rifle", "r2c0", {"blue": "r2c1", "grey": "r1c2", "purple": "r1c1"}, arena="arena_11b")
    fire(game)
    assert damage(game, "blue") == y(2)
    assert damage(game, "grey") == [] and damage(game, "purple") == []


def test_machine_gun_fires_through_both_doors_of_your_square():
    # r0c2 has doors into the green room (r0c3) and the yellow room (r1c2): both are in sight.
    game = shot_game("machine-gun", "r0c2", {"blue": "r0c3", "grey": "r2c3", "purple": "r1c0"}, ammo=NO_AMMO)
    fire(game)
    assert sorted(options(game)) == ["blue", "grey"]
    game.choose("blue")
    game.choose("grey")
    assert damage(game, "blue") == y(1) and damage(game, "grey") == y(1)
