"""Explanations: why an option, square, figure or action is allowed or not, and what it will do.

Positions are on arena_12 (map in tests/rules/shots.py): yellow (D-struct-or) decides.
"""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.arena import load_arena
from adrenaline_tui.rules.cards import load_cards
from adrenaline_tui.rules.explain import (
    explain,
    explain_action,
    explain_board,
    explain_figure,
    explain_option,
    explain_square,
    sight,
    weapon_reach,
)
from tests.rules.shots import shot_game

NO_AMMO = (0, 0, 0)


# ------------------------------------------------------------------------- sight
def test_sight_through_the_door_on_your_square():
    game = shot_game("lock-rifle", "r1c2", {"grey": "r0c1", "blue": "r2c0"})
    seen, why = sight(game.arena, "r1c2", "r0c1")
    assert seen
    assert "blue room" in why and "door on your square" in why and "r1c2-r0c2" in why
    text = explain(game, "grey").why[0]
    assert text.startswith("Dozer stands on r0c1, in the blue room, which you see through the door on your square")
    assert text.endswith("2 moves away.")


def test_a_door_elsewhere_in_your_room_does_not_let_you_see():
    # r1c2 and r1c3 are both yellow; the green room's door is on r1c3.
    game = shot_game("lock-rifle", "r1c2", {"blue": "r0c3", "grey": "r2c0"})
    seen, why = sight(game.arena, "r1c2", "r0c3")
    assert not seen
    assert "door into it is on r1c3, not on your square" in why
    figure = explain_figure(game, "blue")
    assert "cannot hit Banshee" in figure.does[0] and "r1c3, not on your square" in figure.does[0]


def test_a_room_without_any_door_to_yours_is_out_of_sight():
    game = shot_game("lock-rifle", "r1c2", {"grey": "r1c1", "blue": "r2c0"})
    seen, why = sight(game.arena, "r1c2", "r1c1")
    assert not seen and "no door on your square opens into it" in why
    # right beside you on the grid, but the wall makes it 3 moves
    assert "3 moves away (walls make the way round longer)" in explain_square(game, "r1c1", "yellow").why[0]


def test_your_own_room_and_your_own_square_are_always_seen():
    game = shot_game("lock-rifle", "r1c2", {"grey": "r2c3", "blue": "r1c2"})
    assert sight(game.arena, "r1c2", "r2c3") == (True, "in your own room, the yellow room")
    assert sight(game.arena, "r1c2", "r1c2") == (True, "on your square")


# ------------------------------------------------------------------ targets in a shot
def test_whisper_cannot_hit_a_target_one_move_away():
    game = shot_game("whisper", "r1c2", {"purple": "r1c3", "grey": "r0c1", "blue": "r2c0"})
    assert weapon_reach(game, "yellow", "whisper") == frozenset({"grey"})
    why = explain_figure(game, "purple").does[0]
    assert "cannot hit Violet" in why and "1 move away, and it must be at least 2 moves away" in why
    game.choose("shoot")  # the Whisper's only target, Dozer, is chosen by itself
    assert game.players["grey"].damage == ["yellow"] * 3


def test_whisper_target_decision_explains_the_refused_neighbour():
    game = shot_game("whisper", "r1c2", {"purple": "r1c3", "grey": "r0c1", "blue": "r2c3"})
    game.choose("shoot")
    assert game.pending.kind == "target" and sorted(game.pending.keys) == ["blue", "grey"]
    refused = explain(game, "purple")
    assert refused.legal is False
    assert refused.why[0] == "Violet on r1c3 is 1 move away, and it must be at least 2 moves away."
    allowed = explain(game, "blue")
    assert allowed.legal is True
    assert allowed.why[0] == "Banshee stands on r2c3, in your own room, the yellow room; 2 moves away."
    assert "3 damage and 1 mark" in allowed.does[0]


def test_heatseeker_cannot_fire_when_everyone_is_visible():
    game = shot_game("heatseeker", "r1c2", {"grey": "r1c3", "blue": "r0c1"}, ammo=NO_AMMO)
    assert "shoot" not in game.pending.keys
    why = explain(game, "shoot")
    assert why.legal is False
    assert why.why[0] == "Shoot: no loaded weapon has a target from here."
    assert "Heatseeker" in why.why[1] and "only hits targets you cannot see" in why.why[1]
    assert explain(game, "heatseeker").legal is False


def test_heatseeker_explains_a_hidden_target():
    game = shot_game("heatseeker", "r1c2", {"grey": "r1c3", "blue": "r2c0"}, ammo=NO_AMMO)
    assert explain(game, "heatseeker").why[0] == "Loaded; from r1c2 it can hit Banshee."
    assert explain_figure(game, "grey").does[0].startswith("Your Heatseeker cannot hit Dozer from here: you can see")


def test_a_target_preview_counts_old_marks_and_the_killshot():
    nine = ["blue"] * 9
    dozer = {"square": "r1c3", "damage": nine, "marks": {"yellow": 1}}
    game = shot_game("lock-rifle", "r1c2", {"grey": dozer, "blue": "r0c2"}, ammo=NO_AMMO)
    game.choose("shoot")
    assert game.pending.kind == "target"
    preview = explain_option(game, "grey")
    assert preview.legal is True
    assert preview.does[1] == (
        "Your 1 old mark on Dozer turns into damage too; Dozer goes from 9 to 12 damage; "
        "that is the killshot and the overkill."
    )


def test_an_effect_you_cannot_pay_for_says_which_cube_is_missing():
    game = shot_game("lock-rifle", "r1c2", {"grey": "r1c3", "blue": "r0c2"}, ammo=(0, 1, 0))
    game.choose("shoot")
    game.choose("grey")
    assert game.pending is not None and game.pending.kind == "action"  # no red: the second lock is not offered
    game = shot_game("lock-rifle", "r1c2", {"grey": "r1c3", "blue": "r0c2"}, ammo=(1, 0, 0))
    game.choose("shoot")
    game.choose("grey")
    assert game.pending.keys == ["second-lock", "done"]
    second = explain(game, "second-lock")
    assert second.legal is True and second.why[0].startswith("It costs red")
    assert "When: After the basic effect." in second.does


def test_a_mode_already_chosen_blocks_the_other_mode():
    game = shot_game("zx-2", "r1c2", {"grey": "r1c3", "blue": "r0c2"})
    game.choose("shoot")
    game.choose("scanner")
    assert game.pending.kind == "target"
    shot = game.current_shot
    assert shot is not None and "scanner" in shot.used
    from adrenaline_tui.rules.explain.shots import _effect_blocked

    text = _effect_blocked(shot.weapon, shot, shot.weapon.effect("basic"), game.players["yellow"])
    assert "already uses 'In scanner mode'" in text


def test_flamethrower_directions_name_the_squares_and_the_wall():
    game = shot_game("flamethrower", "r1c2", {"grey": "r1c3", "blue": "r0c2", "purple": "r2c2"}, ammo=NO_AMMO)
    game.choose("shoot")
    assert game.pending.kind == "direction"
    north = explain(game, "north")
    assert north.legal is True and "r0c2" in north.why[0] and "On it: Banshee on r0c2." in north.why
    west = explain(game, "west")
    assert west.legal is False and "A wall blocks that way at once." in west.why


# ------------------------------------------------------------------ actions not offered
def test_shoot_with_unloaded_weapons():
    game = shot_game([{"id": "lock-rifle", "loaded": False}], "r1c2", {"grey": "r1c3", "blue": "r2c0"}, ammo=NO_AMMO)
    assert "shoot" not in game.pending.keys
    assert explain_action(game, "shoot").why == (
        "Shoot: your weapons are unloaded. You may reload them at the end of your turn.",
    )


def test_shoot_without_weapons():
    game = shot_game([], "r1c2", {"grey": "r1c3", "blue": "r2c0"})
    assert "you hold no weapons" in explain(game, "shoot").why[0]


def test_shoot_with_adrenaline_looks_one_move_away_too():
    game = shot_game("shotgun", "r0c0", {"grey": "r2c3", "blue": "r2c2"}, ammo=NO_AMMO, damage=["grey"] * 6)
    why = explain(game, "shoot")
    assert why.legal is False
    assert why.why[0] == "Shoot: no loaded weapon has a target from here or 1 move away."


def test_grab_when_no_weapon_is_affordable_and_the_tiles_are_gone():
    game = shot_game(
        [],
        "r0c2",
        {"grey": "r2c3", "blue": "r2c0"},
        ammo=NO_AMMO,
        racks={"blue": ["whisper", "railgun", "heatseeker"]},
        ammo_tiles={"r0c1": None, "r0c3": None, "r1c2": None},
    )
    assert "grab" not in game.pending.keys
    why = explain(game, "grab")
    assert why.legal is False
    assert why.why[0].startswith("Grab: you cannot pay for any weapon on the blue rack (Whisper costs blue yellow")
    assert "taken this turn" in why.why[0]


def test_run_is_not_on_a_one_action_frenzy_tile():
    game = Game.from_scenario(
        {
            "arena": "arena_12",
            "skulls": 5,
            "frenzy": True,
            "frenzy_trigger": "yellow",
            "first_player": "yellow",
            "killshot_track": [["blue"]] * 5,
            "players": [
                {"colour": "yellow", "square": "r1c2"},
                {"colour": "blue", "square": "r2c0"},
                {"colour": "grey"},
            ],
        }
    )
    assert "run" not in game.pending.keys
    assert "not on your frenzy action tile" in explain(game, "run").why[0]


# ---------------------------------------------------------------- turn decisions
def test_run_squares_say_how_far_and_the_path():
    game = shot_game([], "r2c3", {"grey": "r0c0", "blue": "r2c0"})
    game.choose("run")
    ok = explain(game, "r1c2")
    assert ok.legal is True and ok.does == ("You go r2c3 -> r1c3 -> r1c2.",)
    far = explain_square(game, "r1c1")
    assert far.legal is True and "3 moves away" in far.why[0]
    too_far = explain_square(game, "r0c0")
    assert too_far.legal is False and "a run goes 3" in too_far.why[0]


def test_grab_squares_say_what_the_tile_gives_and_what_is_wasted():
    game = shot_game([], "r1c3", {"grey": "r0c0", "blue": "r2c0"}, ammo=(3, 0, 0), ammo_tiles={"r1c2": "PYR"})
    game.choose("grab")
    text = explain(game, "r1c2").does[0]
    assert text == (
        "The ammo tile PYR on r1c2 gives +1 yellow (red wasted: you already hold 3 of that colour) and a powerup card."
    )


def test_paying_with_a_powerup_is_explained():
    game = Game.from_scenario(
        {
            "arena": "arena_12",
            "players": [
                {"colour": "yellow", "square": "r0c2", "ammo": {"blue": 1}, "powerups": ["newton-blue"]},
                {"colour": "blue", "square": "r2c0"},
                {"colour": "grey", "square": "r2c3"},
            ],
            "racks": {"blue": ["lock-rifle", "whisper", "railgun"]},
        }
    )
    game.choose("grab")
    game.choose("r0c2")  # the Lock Rifle is the only weapon there it can pay for: taken by itself
    assert game.pending.kind == "pay"
    card = explain(game, "pay:newton-blue")
    assert card.legal is True and "one cube of its colour (blue)" in card.why[0]
    assert explain(game, "pay:blue").does == ("You keep 0 blue afterwards.",)


# ------------------------------------------------------------------------- boards
def test_a_board_says_what_it_would_pay_now():
    damage = ["blue", "grey", "grey", "blue", "grey"]
    game = shot_game(
        [], "r1c2", {"blue": "r0c0", "grey": "r0c1", "purple": {"square": "r2c0", "damage": damage, "skulls": 1}}
    )
    board = explain_board(game, "purple")
    assert board.why[1] == "3 or more damage: grab moves up to 2 squares first (shoot unlocks its move at 6)."
    assert board.does[0].startswith("The board pays 6-4-2-1-1 (1 skull)")
    assert board.does[1] == (
        "Scored now it would pay: Banshee 1 (first blood) + 4 (most damage (2nd)); Dozer 6 (most damage (1st))."
    )


def test_the_killshot_track_explains_the_tie_break():
    game = shot_game(
        [], "r1c2", {"blue": "r0c0", "grey": "r0c1"}, killshot_track=[["grey"], ["blue", "blue"], ["grey"]]
    )
    track = explain(game, "track")
    assert "5 skulls left of 8." in track.why
    assert track.does[0] == "At the end it pays Dozer 8, Banshee 6."


# ------------------------------------------------------------ every option, anywhere
def test_every_option_of_random_games_is_explained_and_agrees_with_the_engine():
    config = GameConfig(players=("yellow", "blue", "grey", "purple"), arena="arena_12", skulls=5)
    rng = random.Random(5)
    seen_kinds = set()
    for seed in range(3):
        game = Game.new(config, seed)
        for _ in range(120):
            d = game.pending
            if d is None:
                break
            seen_kinds.add(d.kind)
            for o in d.options:
                why = explain(game, o.key)
                assert why.legal is True, (d.kind, o.key, why.text)
                assert why.text
            for square in game.arena.squares:
                assert explain(game, square).text
            for colour in game.players:
                assert explain(game, colour).text
                assert explain(game, f"board:{colour}").text
            game.choose(rng.choice(d.keys))
    assert {"action", "run", "grab", "weapon", "target"} <= seen_kinds


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_every_decision_of_random_shots_is_explained(weapon_id):
    """Whatever a shot asks, every option is explained as allowed and every figure that is not an
    option of a target decision as not allowed - the explanation agrees with the engine."""
    rng = random.Random(weapon_id)
    squares = load_arena("arena_12").squares
    shots = 0
    for _ in range(30):
        others = {c: rng.choice(squares) for c in ("blue", "grey", "purple", "green")[: rng.randint(2, 4)]}
        ammo = (rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))
        game = shot_game(weapon_id, rng.choice(squares), others, ammo=ammo)
        if "shoot" not in game.pending.keys:
            assert explain(game, "shoot").legal is False
            continue
        shots += 1
        game.choose("shoot")
        while game.pending is not None and game.pending.player == "yellow" and game.pending.kind != "action":
            d = game.pending
            for o in d.options:
                assert explain(game, o.key).legal is True, (d.kind, o.key, explain(game, o.key).text)
            if d.kind == "target":
                for colour in game.players:
                    if d.option(colour) is None:
                        assert explain(game, colour).legal is False, (colour, explain(game, colour).text)
            for q in squares:
                assert explain(game, q).text
            game.choose(rng.choice(d.keys))
    assert shots >= 5


def test_a_board_says_which_weapons_are_unloaded_and_only_counts_the_loaded_ones():
    weapons = [{"id": "hellion", "loaded": False}, "plasma-gun", {"id": "zx-2", "loaded": False}]
    game = shot_game([], "r1c2", {"blue": "r0c0", "grey": "r0c1", "purple": {"square": "r2c0", "weapons": weapons}})
    line = explain_board(game, "purple").why[-1]
    assert line == (
        "Weapons: 1 loaded weapon (face down to the others); unloaded, face up for everyone: Hellion and ZX-2. "
        "A weapon is unloaded once fired, until it is reloaded."
    )
    assert "Plasma" not in line
