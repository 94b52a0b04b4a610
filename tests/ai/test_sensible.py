"""The sensible computer player in concrete positions: each test is a choice a player would make."""

from __future__ import annotations

from adrenaline_tui.ai import PLAYER_KINDS, SensiblePlayer, make_player
from adrenaline_tui.rules.cards import CUBES
from tests.ai.helpers import answer, of_kind, play_turn, player, scenario

NO_AMMO = {"red": 0, "blue": 0, "yellow": 0}


def test_registered_as_normal_and_under_its_old_name():
    assert PLAYER_KINDS["normal"] is SensiblePlayer
    assert isinstance(make_player("normal", 3), SensiblePlayer)
    assert isinstance(make_player("sensible", 3), SensiblePlayer)  # scripts and saves from before levels


def test_shoots_the_visible_target_it_can_kill():
    # From r1c2 yellow sees the yellow and blue rooms. Grey stands closer and is fresh; blue has
    # 9 damage, so the Lock Rifle's 2 are a killshot on blue.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 9},
            {"colour": "grey", "square": "r1c3"},
            {"colour": "purple", "square": "r2c0"},
        ]
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    assert ("target", "blue") in answers
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_prefers_an_overkill_to_a_bare_killshot():
    # Both in sight; 2 damage kills blue (9) and overkills grey (10): the extra track token wins.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3", "damage": ["purple"] * 9},
            {"colour": "grey", "square": "r1c3", "damage": ["purple"] * 10},
            {"colour": "purple", "square": "r2c0"},
        ],
        actions_taken=1,
    )
    answers, events = play_turn(game, "yellow")
    assert ("target", "grey") in answers
    assert [e.data["killer"] for e in of_kind(events, "overkill")] == ["yellow"]


def test_prefers_the_leader_when_the_damage_is_the_same():
    # Blue and grey stand side by side with the same damage; blue holds two killshots on the track.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3", "damage": ["purple"] * 2},
            {"colour": "grey", "square": "r2c3", "damage": ["purple"] * 2},
            {"colour": "purple", "square": "r2c0", "skulls": 2},
        ],
        actions_taken=1,
        killshot_track=[["blue"], ["blue"]],
    )
    answers, _ = play_turn(game, "yellow")
    assert ("target", "blue") in answers


def test_shoots_rather_than_wander_and_prefers_the_bigger_hit():
    # Sledgehammer (2, or 3 in pulverize mode for a red cube) on grey, on yellow's own square.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c1",
                "weapons": ["sledgehammer"],
                "ammo": {"red": 1, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r1c1"},
        ],
        actions_taken=1,
    )
    answers, _ = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    assert ("effect", "pulverize") in answers
    assert len(player(game, "grey")["damage"]) == 3


def test_grabs_an_affordable_weapon_over_ammo_when_unarmed():
    # One action left on r0c1: ammo tiles on r0c1, r0c0 and r1c1, and the blue spawnpoint next door.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c1", "ammo": {"red": 0, "blue": 1, "yellow": 0}},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c0"},
        ],
        actions_taken=1,
        racks={"blue": ["whisper", "lock-rifle", "railgun"]},
        ammo_tiles={"r0c1": "PRB", "r0c0": "YBB", "r1c1": "PYY"},
    )
    answers, _ = play_turn(game, "yellow")
    assert answers[:2] == [("action", "grab"), ("grab", "r0c2")]
    # the only one it can pay for: the Lock Rifle's pickup is one blue cube
    assert [w["id"] for w in player(game, "yellow")["weapons"]] == ["lock-rifle"]


def test_grabs_ammo_it_needs_to_reload():
    # Both weapons empty and no cubes: the ammo tile next door pays for a reload tonight.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c0",
                "ammo": NO_AMMO,
                "weapons": [{"id": "lock-rifle", "loaded": False}, {"id": "shotgun", "loaded": False}],
            },
            {"colour": "blue", "square": "r0c3"},
            {"colour": "grey", "square": "r0c2"},
        ],
        actions_taken=1,
        ammo_tiles={"r2c0": "YRR", "r2c1": "PBB"},
    )
    answers, _ = play_turn(game, "yellow")
    assert answers[:2] == [("action", "grab"), ("grab", "r2c1")]
    assert player(game, "yellow")["weapons"][0] == {"id": "lock-rifle", "loaded": True}


def test_reloads_the_best_weapon_it_can_afford_at_the_end_of_its_turn():
    # Two blue cubes: the Lock Rifle (blue, blue) or the Electroscythe (blue), not both.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c1",
                "ammo": {"red": 0, "blue": 2, "yellow": 0},
                "weapons": [{"id": "electroscythe", "loaded": False}, {"id": "lock-rifle", "loaded": False}],
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r0c0"},
        ],
        actions_taken=2,
    )
    answers, _ = play_turn(game, "yellow")
    assert answers == [("reload", "lock-rifle")]
    assert player(game, "yellow")["weapons"] == [
        {"id": "electroscythe", "loaded": False},
        {"id": "lock-rifle", "loaded": True},
    ]


def frenzy_shot_at_blue(weapons: list, ammo: dict[str, int]):
    """Final frenzy, yellow's one action: blue (9 damage) is in sight at r2c3; grey is far off."""
    frenzy = {"frenzy_actions": 1}
    return scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": weapons, "ammo": ammo, **frenzy},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 9, **frenzy},
            {"colour": "grey", "square": "r0c0", **frenzy},
        ],
        frenzy=True,
        frenzy_trigger="grey",
        skulls=5,
        killshot_track=[["grey"]] * 5,
    )


def test_reloads_before_a_final_frenzy_shot_when_the_reloaded_weapon_kills():
    # The loaded ZX-2 deals 1 damage; reloading the Lock Rifle inside the shoot action gives 2,
    # the killshot on blue.
    game = frenzy_shot_at_blue(["zx-2", {"id": "lock-rifle", "loaded": False}], {"red": 0, "blue": 2, "yellow": 0})
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    assert ("shoot_reload", "lock-rifle") in answers
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_does_not_reload_before_a_final_frenzy_shot_when_the_cube_is_worth_more_in_the_shot():
    # Reloading the Shockwave would spend the yellow cube the Machine Gun's focus shot needs for
    # the second damage on blue: the killshot.
    game = frenzy_shot_at_blue(
        ["machine-gun", {"id": "shockwave", "loaded": False}], {"red": 0, "blue": 0, "yellow": 1}
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    assert ("shoot_reload", "done") in answers and ("shoot_reload", "shockwave") not in answers
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_pays_with_cubes_before_powerups():
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c1",
                "ammo": {"red": 0, "blue": 2, "yellow": 0},
                "powerups": ["newton-blue"],
                "weapons": [{"id": "lock-rifle", "loaded": False}],
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r0c0"},
        ],
        actions_taken=2,
    )
    while game.pending.player == "yellow" and game.pending.kind != "reload":
        answer(game, SensiblePlayer(0))
    answers, _ = play_turn(game, "yellow")
    assert answers[0] == ("reload", "lock-rifle")
    assert set(answers[1:]) == {("pay", "pay:blue")}
    assert player(game, "yellow")["powerups"] == ["newton-blue"]


def test_throws_a_tagback_grenade_at_a_visible_attacker():
    # Yellow (played by hand here) hits blue from r1c2; blue on r2c3 sees it and holds a grenade.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3", "powerups": ["tagback-grenade-red"]},
            {"colour": "grey", "square": "r1c0"},
        ]
    )
    game.choose("shoot")
    assert game.pending.player == "blue" and game.pending.kind == "tagback"
    kind, key, _ = answer(game, SensiblePlayer(1))
    assert (kind, key) == ("tagback", "tagback-grenade-red")
    assert player(game, "yellow")["marks"] == {"blue": 1}


def test_uses_a_targeting_scope_for_the_killshot():
    # Lock Rifle: 2 damage takes blue from 8 to 10; the scope's extra point is the killshot.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c2",
                "weapons": ["lock-rifle"],
                "ammo": {"red": 0, "blue": 0, "yellow": 1},
                "powerups": ["targeting-scope-blue"],
            },
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 8},
            {"colour": "grey", "square": "r0c0"},
        ],
        actions_taken=1,
    )
    answers, events = play_turn(game, "yellow")
    assert ("scope", "blue") in answers
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_teleports_to_a_kill_it_could_not_reach():
    # Blue (10 damage) hides in the green room, 4 moves from yellow: no run-and-shoot reaches it.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c0",
                "weapons": ["lock-rifle"],
                "ammo": NO_AMMO,
                "powerups": ["teleporter-red"],
            },
            {"colour": "blue", "square": "r0c3", "damage": ["grey"] * 10},
            {"colour": "grey", "square": "r1c1"},
        ]
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "teleporter-red")
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_pushes_a_target_into_sight_with_newton():
    # One action left; blue (10 damage) is in the white room, out of sight from r1c2. A Newton
    # push east through the door to r2c2 puts it in the yellow room, in sight of the Lock Rifle.
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c2",
                "weapons": ["lock-rifle"],
                "ammo": NO_AMMO,
                "powerups": ["newton-yellow"],
            },
            {"colour": "blue", "square": "r2c1", "damage": ["grey"] * 10},
            {"colour": "grey", "square": "r0c0"},
        ],
        actions_taken=1,
    )
    answers, events = play_turn(game, "yellow")
    assert answers[:3] == [("action", "newton-yellow"), ("newton_target", "blue"), ("newton_square", "r2c2")]
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_keeps_its_powerups_when_they_do_not_help():
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c2",
                "weapons": ["lock-rifle"],
                "ammo": NO_AMMO,
                "powerups": ["newton-yellow", "teleporter-red"],
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r1c3"},
        ]
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    assert not of_kind(events, "powerup")
    assert {"newton-yellow", "teleporter-red"} <= set(player(game, "yellow")["powerups"])


def test_spawns_where_it_can_buy_a_weapon():
    # First turn: it draws the two cards on top of the deck. With one yellow cube it can pay for the
    # Shotgun at the yellow spawnpoint, and nothing at the red one (no ammo next to it either).
    game = scenario(
        [
            {"colour": "yellow", "ammo": {"red": 0, "blue": 0, "yellow": 1}},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r0c1"},
        ],
        racks={"red": ["heatseeker", "rocket-launcher", "vortex-cannon"], "yellow": ["shotgun", "railgun", "zx-2"]},
        decks={"powerups": ["newton-yellow", "newton-red"]},
        ammo_tiles={"r0c0": None, "r2c0": None},
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("spawn", "newton-yellow")
    assert of_kind(events, "spawn")[0].data["square"] == "r2c3"
    assert {w["id"] for w in player(game, "yellow")["weapons"]} & {"shotgun", "zx-2"}


def test_drops_its_worst_weapon_for_a_better_one():
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r0c2",
                "ammo": {"red": 0, "blue": 1, "yellow": 1},
                "weapons": ["electroscythe", "lock-rifle", "shockwave"],
            },
            {"colour": "blue", "square": "r2c0"},
            {"colour": "grey", "square": "r2c1"},
        ],
        actions_taken=1,
        racks={"blue": ["plasma-gun", None, None]},
        ammo_tiles={"r0c1": None, "r0c3": None, "r1c2": None},
    )
    answers, _ = play_turn(game, "yellow")
    assert ("drop", "electroscythe") in answers
    assert sorted(w["id"] for w in player(game, "yellow")["weapons"]) == ["lock-rifle", "plasma-gun", "shockwave"]


def test_the_same_seed_plays_the_same_way():
    def run(seed: int) -> list[str]:
        from adrenaline_tui.rules import Game, GameConfig

        game = Game.new(GameConfig(players=("yellow", "blue", "grey"), skulls=5), 11)
        bots = {c: SensiblePlayer(seed + i) for i, c in enumerate(("yellow", "blue", "grey"))}
        for _ in range(150):
            if game.pending is None:
                break
            answer(game, bots[game.pending.player])
        return list(game.history)

    assert run(4) == run(4)


def test_decides_from_public_information_only():
    # The same table except for what yellow cannot see: blue's powerups and which weapon blue's
    # loaded one is. Yellow's whole turn must come out the same.
    # (Racks and tiles are fixed: otherwise the cards left in the decks, shuffled by the seed,
    # would lay out a different board.)
    racks = {"red": ["heatseeker", "zx-2", "furnace"], "blue": ["thor", "whisper", "hellion"], "yellow": []}
    tiles = {"r0c0": "PRB", "r0c1": "YBB", "r0c3": "PYR", "r1c1": "BRR", "r1c2": "PYB", "r1c3": "RYY"}
    tiles |= {"r2c0": "PBB", "r2c1": "YRR", "r2c2": "PRR"}

    def turn(blue_cards: list[str], blue_weapon: str) -> list[tuple[str, str]]:
        game = scenario(
            [
                {"colour": "yellow", "square": "r1c2", "weapons": ["machine-gun"], "ammo": {c: 1 for c in CUBES}},
                {"colour": "blue", "square": "r2c3", "powerups": blue_cards, "weapons": [blue_weapon]},
                {"colour": "grey", "square": "r0c2", "damage": ["blue"] * 4},
            ],
            racks=racks,
            ammo_tiles=tiles,
        )
        return play_turn(game, "yellow", seed=9)[0]

    assert turn(["newton-blue"], "railgun") == turn(["teleporter-red"], "shotgun")
