"""Powerups: when each of the four can and cannot be played, and exactly what it does.

Positions on arena_12 (map in tests/rules/shots.py). Yellow is the active player.
"""

from __future__ import annotations

from tests.rules.shots import ammo, damage, fire, kind, marks, options, shot_game, shot_over, square, state, y


def hand(game, colour="yellow") -> list[str]:
    return state(game, colour)["powerups"]


def actions_left(game) -> int:
    return game.to_json()["actions_left"]


# ---------------------------------------------------------------------- Newton
def test_newton_pushes_another_player_1_or_2_squares_in_a_straight_line():
    game = shot_game([], "r1c2", {"blue": "r2c1", "grey": "r0c0"}, powerups=["newton-red"])
    assert "newton-red" in options(game)
    game.choose("newton-red")
    assert kind(game) == "newton_target"
    assert sorted(options(game)) == ["blue", "grey"]  # never yourself
    game.choose("blue")
    # From r2c1: east r2c2, r2c3; west r2c0; north r1c1 (door), r0c1 (door). Never r1c2 (a turn).
    assert sorted(options(game)) == ["r0c1", "r1c1", "r2c0", "r2c2", "r2c3"]
    game.choose("r0c1")
    assert square(game, "blue") == "r0c1"
    assert hand(game) == []
    assert state(game, "blue")["damage"] == []
    assert actions_left(game) == 2  # not an action


def test_newton_stops_at_walls():
    game = shot_game([], "r1c2", {"blue": "r1c1", "grey": "r0c0"}, powerups=["newton-red"])
    game.choose("newton-red")
    game.choose("blue")
    assert sorted(options(game)) == ["r0c1", "r2c1"]  # r1c1 has walls east and west


def test_newton_and_teleporter_between_and_after_actions():
    game = shot_game([], "r1c2", {"blue": "r2c1", "grey": "r0c0"}, powerups=["newton-red", "teleporter-blue"])
    game.choose("run")
    game.choose("r1c3")
    assert actions_left(game) == 1
    assert {"newton-red", "teleporter-blue"} <= set(options(game))
    game.choose("teleporter-blue")
    game.choose("r0c0")
    assert square(game, "yellow") == "r0c0" and actions_left(game) == 1
    game.choose("run")
    game.choose("r0c1")
    assert actions_left(game) == 0
    assert options(game) == ["newton-red", "end"]  # after both actions, before the turn ends
    game.choose("newton-red")
    game.choose("blue")
    game.choose("r2c2")
    assert square(game, "blue") == "r2c2"
    assert hand(game) == []


def test_newton_is_not_playable_inside_an_action_or_on_someone_elses_turn():
    game = shot_game(
        "lock-rifle",
        "r1c2",
        {"blue": {"square": "r2c3", "powerups": ["newton-blue"]}, "grey": "r0c1"},
        powerups=["newton-yellow"],
        ammo=(0, 0, 0),
    )
    game.choose("shoot")
    assert "newton-yellow" not in options(game)  # inside the shoot action: only the shot's choices
    game.choose("blue")
    assert shot_over(game)  # blue was damaged but was never asked anything
    game.choose("end")
    while game.pending.player == "yellow":  # reloading, if offered
        game.choose(options(game)[-1])
    assert game.pending.player == "blue" and kind(game) == "action"
    assert "newton-blue" in options(game)  # on blue's own turn


def test_teleporter_moves_you_to_any_other_square():
    game = shot_game([], "r1c2", {"blue": "r2c1", "grey": "r0c0"}, powerups=["teleporter-yellow"])
    game.choose("teleporter-yellow")
    assert kind(game) == "teleport"
    assert len(options(game)) == 11 and "r1c2" not in options(game)
    game.choose("r0c3")
    assert square(game, "yellow") == "r0c3"
    assert hand(game) == [] and actions_left(game) == 2


# ------------------------------------------------------------- Targeting Scope
def test_targeting_scope_adds_1_damage_to_a_damaged_target_for_any_cube():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r1c0"}, powerups=["targeting-scope-red"])
    game.choose("shoot")  # one visible target: the basic effect resolves, then the scope window
    assert kind(game) == "scope"
    assert options(game) == ["blue", "pass"]
    game.choose("blue")
    assert sorted(options(game)) == ["pay:blue", "pay:red", "pay:yellow"]  # any colour
    game.choose("pay:yellow")
    assert damage(game, "blue") == y(3)
    assert marks(game, "blue") == {"yellow": 1}  # the mark of this shot does not convert
    assert ammo(game) == (3, 3, 2)
    assert hand(game) == []


def test_targeting_scope_cube_may_be_paid_with_another_powerup():
    game = shot_game(
        "lock-rifle",
        "r1c2",
        {"blue": "r2c3", "grey": "r1c0"},
        powerups=["targeting-scope-red", "newton-blue"],
        ammo=(0, 0, 0),
    )
    game.choose("shoot")
    game.choose("blue")  # the newton is the only way to pay: discarded by itself
    assert damage(game, "blue") == y(3)
    assert hand(game) == []


def test_targeting_scope_needs_something_to_pay_with():
    game = shot_game(
        "lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r1c0"}, powerups=["targeting-scope-red"], ammo=(0, 0, 0)
    )
    game.choose("shoot")
    assert shot_over(game)
    assert damage(game, "blue") == y(2) and hand(game) == ["targeting-scope-red"]


def test_targeting_scope_never_on_a_target_that_only_got_marks():
    game = shot_game(
        "lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c1"}, powerups=["targeting-scope-red"], ammo=(1, 0, 1)
    )
    game.choose("shoot")
    game.choose("blue")
    assert kind(game) == "scope" and options(game) == ["blue", "pass"]  # grey not hit yet
    game.choose("pass")
    game.choose("second-lock")
    game.choose("pay:red")  # (the scope could pay for it too)
    assert marks(game, "grey") == {"yellow": 1}  # grey got only a mark: no scope window follows
    assert shot_over(game)
    assert hand(game) == ["targeting-scope-red"]


def test_targeting_scope_not_with_an_effect_that_only_marks():
    game = shot_game("zx-2", "r1c2", {"blue": "r2c3", "grey": "r1c0"}, powerups=["targeting-scope-red"])
    game.choose("shoot")
    game.choose("scanner")  # blue is the only target
    assert shot_over(game)
    assert damage(game, "blue") == [] and hand(game) == ["targeting-scope-red"]


def test_two_targeting_scopes_in_one_effect():
    game = shot_game(
        "machine-gun",
        "r1c2",
        {"blue": "r2c3", "grey": "r1c3"},
        powerups=["targeting-scope-red", "targeting-scope-blue"],
        ammo=(2, 0, 0),
    )
    fire(game, "blue", "grey")
    assert options(game) == ["blue", "grey", "pass"]
    game.choose("grey")
    assert kind(game) == "scope_card"
    game.choose("targeting-scope-blue")
    game.choose("pay:red")  # the other scope could pay too: the cube is a real choice
    assert options(game) == ["blue", "grey", "pass"]
    game.choose("blue")  # one scope and one cube left: both used by themselves
    assert damage(game, "blue") == y(2) and damage(game, "grey") == y(2)
    assert hand(game) == [] and ammo(game) == (0, 0, 0)


# ------------------------------------------------------------- Tagback Grenade
def test_tagback_grenade_marks_a_visible_shooter():
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("lock-rifle", "r1c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    game.choose("shoot")
    assert game.pending.player == "blue" and kind(game) == "tagback"
    assert options(game) == ["tagback-grenade-red", "pass"]
    game.choose("tagback-grenade-red")
    assert marks(game, "yellow") == {"blue": 1}
    assert hand(game, "blue") == []
    assert shot_over(game)


def test_tagback_grenade_not_when_the_shooter_is_out_of_sight():
    # r0c2 sees the yellow room; blue on r1c3 sees the yellow and green rooms, not the blue one.
    tagger = {"square": "r1c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("lock-rifle", "r0c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    game.choose("shoot")
    assert damage(game, "blue") == y(2)
    assert shot_over(game)
    assert hand(game, "blue") == ["tagback-grenade-red"]


def test_tagback_grenade_against_an_unseen_shooter_who_is_seen():
    # Heatseeker: yellow on r0c1 cannot see r1c2, but a player on r1c2 sees the blue room.
    tagger = {"square": "r1c2", "powerups": ["tagback-grenade-blue"]}
    game = shot_game("heatseeker", "r0c1", {"blue": tagger, "grey": "r0c0"}, ammo=(0, 0, 0))
    game.choose("shoot")
    assert kind(game) == "tagback"
    game.choose("tagback-grenade-blue")
    assert marks(game, "yellow") == {"blue": 1}


def test_tagback_grenade_sight_is_judged_when_the_damage_lands():
    # Hit from r1c2 (seen from r2c3), then rocket-jump away to r0c1: the grenade is still allowed.
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("rocket-launcher", "r1c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 1, 0))
    fire(game, "basic", "r2c3", "rocket-jump", "r0c1")
    assert kind(game) == "tagback"
    # Shot from r0c2 (unseen from r2c3), then glide into r1c2 where blue would see yellow: no grenade.
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("plasma-gun", "r0c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    fire(game, "basic", "phase-glide", "r1c2")
    assert shot_over(game)
    assert marks(game, "yellow") == {}


def test_tagback_grenade_not_for_marks_only():
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("zx-2", "r1c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    fire(game, "scanner")
    assert marks(game, "blue") == {"yellow": 1}
    assert shot_over(game)


def test_tagback_grenade_holder_may_pass():
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red"]}
    game = shot_game("lock-rifle", "r1c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    fire(game, "pass")
    assert marks(game, "yellow") == {} and hand(game, "blue") == ["tagback-grenade-red"]


def test_two_tagback_grenades_give_two_marks():
    tagger = {"square": "r2c3", "powerups": ["tagback-grenade-red", "tagback-grenade-yellow"]}
    game = shot_game("lock-rifle", "r1c2", {"blue": tagger, "grey": "r1c0"}, ammo=(0, 0, 0))
    fire(game, "tagback-grenade-red")
    assert options(game) == ["tagback-grenade-yellow", "pass"]
    game.choose("tagback-grenade-yellow")
    assert marks(game, "yellow") == {"blue": 2}


def test_tagback_prompt_all_asks_every_damaged_player_who_saw_the_shooter():
    others = {"blue": "r2c3", "grey": "r1c3", "purple": "r1c1"}
    game = shot_game("machine-gun", "r1c2", others, ammo=(0, 0, 0), tagback_prompt="all")
    fire(game, "blue", "grey")
    for colour in ("blue", "grey"):  # neither holds a grenade, both are still asked
        assert game.pending.player == colour and kind(game) == "tagback"
        assert options(game) == ["pass"]
        game.choose("pass")
    assert shot_over(game)


def test_tagback_prompt_all_does_not_ask_a_player_who_could_not_see_the_shooter():
    game = shot_game("railgun", "r1c1", {"blue": "r1c3", "grey": "r0c0"}, ammo=(0, 0, 0), tagback_prompt="all")
    fire(game, "basic")
    assert shot_over(game)


def test_tagback_prompt_holders_skips_players_without_a_grenade():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r1c0"}, ammo=(0, 0, 0))
    game.choose("shoot")
    assert shot_over(game)


def test_newton_may_push_a_player_killed_this_turn():
    dying = {"square": "r2c3", "damage": ["grey"] * 9}
    game = shot_game("lock-rifle", "r1c2", {"blue": dying, "grey": "r1c0"}, powerups=["newton-red"], ammo=(0, 0, 0))
    game.choose("shoot")
    assert state(game, "blue")["killed"]
    game.choose("newton-red")
    assert "blue" in options(game)
    game.choose("blue")
    game.choose("r1c3")
    assert square(game, "blue") == "r1c3"
