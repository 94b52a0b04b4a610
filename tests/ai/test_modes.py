"""The normal player in the game modes and with the bot: clear positions with one right choice,
and complete games of every mode, with and without the bot, at every level.

arena_11a: the blue spawnpoint is r0c2, red r1c0, yellow r2c3; the top row runs r0c0 - r0c1 -
r0c2 - r0c3; from r0c1 you see only the blue room (r0c0-r0c2). r1c1 sees neither r0c2 nor r0c3.
"""

from __future__ import annotations

import pytest

from adrenaline_tui.ai import LEVELS, SensiblePlayer, make_player
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from tests.ai.helpers import answer, of_kind, play_turn, player, scenario

NO_AMMO = {"red": 0, "blue": 0, "yellow": 0}
ARENA = "arena_11a"


def test_tags_an_untagged_spawnpoint_it_can_shoot():
    # Nobody is in sight from r0c1, only the blue spawnpoint, and there is nothing to buy: it
    # shoots the spawnpoint (a track token) and still has an action to reach a spawnpoint alone.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r1c1"},
            {"colour": "grey", "square": "r1c1"},
        ],
        arena=ARENA,
        mode="domination",
        racks={"red": [], "blue": [], "yellow": []},
    )
    answers, events = play_turn(game, "yellow")
    assert answers[0] == ("action", "shoot")
    tags = [(e.data["player"], e.data["spawn"], e.data["how"]) for e in of_kind(events, "tagged")]
    assert tags[0] == ("yellow", "blue", "damage")
    assert [how for _, _, how in tags] == ["damage", "alone on it"]


def test_ends_its_turn_alone_on_a_spawnpoint_rather_than_beside_it():
    # Nothing to shoot and nothing to buy: standing alone on a spawnpoint (blue, or red two
    # squares away) at the end of the turn is a track token for 1 damage.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c1"},
            {"colour": "grey", "square": "r2c1"},
        ],
        arena=ARENA,
        mode="domination",
        racks={"red": [], "blue": [], "yellow": []},
        actions_taken=1,
    )
    _, events = play_turn(game, "yellow")
    tags = [(e.data["player"], e.data["spawn"], e.data["how"]) for e in of_kind(events, "tagged")]
    assert [(who, how) for who, _, how in tags] == [("yellow", "alone on it")]


def test_aims_the_bot_at_the_player_one_damage_from_a_killshot_on_whose_board_it_leads():
    # Blue has 10 damage, all from yellow: the bot's shot is the killshot and blue's board pays
    # yellow most. Grey is fresh and also in the bot's sight.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3", "damage": ["yellow"] * 10},
            {"colour": "grey", "square": "r1c2"},
        ],
        arena=ARENA,
        bot={"colour": "purple", "square": "r0c2"},
        turn=2,
        racks={"red": [], "blue": [], "yellow": []},
    )
    answers, events = play_turn(game, "yellow")
    assert ("action", "bot") in answers
    assert ("bot_target", "blue") in answers
    assert [e.data["target"] for e in of_kind(events, "killshot")] == ["blue"]


def test_gives_up_the_cube_it_could_not_keep_to_commandeer_a_turret():
    # Yellow already holds 3 blue: the tile's blue cubes are lost anyway, the yellow one is not.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c1", "ammo": {"red": 0, "blue": 3, "yellow": 0}},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena=ARENA,
        mode="turret",
        turret={"offer": ["YBB"], "turrets": {}},
    )
    game.choose("grab")
    game.choose("r0c1")
    normal = SensiblePlayer(1)
    kind, key, _ = answer(game, normal)
    assert (kind, key) == ("commandeer", "give:blue")
    assert game.to_json()["turret"]["turrets"] == {"r0c1": "yellow"}
    assert player(game, "yellow")["ammo"] == {"red": 0, "blue": 3, "yellow": 1}


def test_steps_around_enemy_turrets_when_they_would_kill_it():
    # Yellow has 10 damage. Blue's turrets on r0c1 and r0c3 are worth stealing, but walking in is
    # the 11th damage: it grabs on r1c2 (or beyond it), which no one's turret guards.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c2", "ammo": NO_AMMO, "damage": ["grey"] * 10},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena=ARENA,
        mode="turret",
        racks={"red": [], "blue": [], "yellow": []},
        turret={"offer": ["YBB", "PRB", "RYY"], "turrets": {"r0c1": "blue", "r0c3": "blue"}},
    )
    _, events = play_turn(game, "yellow")
    assert not [e for e in of_kind(events, "turret") if e.data["target"] == "yellow"]
    assert len(player(game, "yellow")["damage"]) == 10
    assert "yellow" in game.to_json()["turret"]["turrets"].values()


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
@pytest.mark.parametrize("bot", [None, "purple"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_games_of_every_mode_with_and_without_the_bot(mode, bot, level):
    players = FIGURES[:3] if bot else FIGURES[:4]
    players = tuple(c for c in ("yellow", "blue", "grey", "green") if c != bot)[: len(players)]
    config = GameConfig(players=players, arena="arena_10", skulls=5, mode=mode, bot=bot)
    game = Game.new(config, 7)
    small = {"positions": 40, "seconds": None, "candidates": 2} if level == "hard" else {}
    seats = {
        c: make_player(level if i == 0 else "normal", 20 + i, **(small if i == 0 else {}))
        for i, c in enumerate(players)
    }
    n = 0
    while (d := game.pending) is not None and n < 5000:
        key = seats[d.player].choose(d, game.view(d.player))
        assert key in d.keys
        game.choose(key)
        n += 1
    assert game.over
    normal = [p for p in seats.values() if isinstance(p, SensiblePlayer)]
    assert all(p.misses == 0 for p in normal)


def test_follows_its_shots_in_domination_with_the_bot():
    # Spawnpoints are shot targets and the bot a figure: the player's copy of each shot must
    # match the engine's at every question (a tagged spawnpoint leaves the view, not the shot).
    players = ("yellow", "blue", "grey")
    config = GameConfig(players=players, arena="arena_12", skulls=5, mode="domination", bot="purple")
    game = Game.new(config, 0)
    seats = {c: SensiblePlayer(i) for i, c in enumerate(players)}
    while (d := game.pending) is not None:
        game.choose(seats[d.player].choose(d, game.view(d.player)))
    assert all(p.lost_shots == 0 and p.misses == 0 for p in seats.values())


def test_puts_its_overkill_token_on_the_track_where_it_gains_most():
    # Blue (10 damage) is overkilled by the Lock Rifle. Grey leads the red track and yellow the
    # yellow one already: a first token on the empty blue track makes yellow first there (8).
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c1", "weapons": ["lock-rifle"], "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c0", "damage": ["grey"] * 10},
            {"colour": "grey", "square": "r2c1"},
        ],
        arena=ARENA,
        mode="domination",
        domination={"red": ["grey", "grey"], "blue": [], "yellow": ["yellow"]},
        racks={"red": [], "blue": [], "yellow": []},
        actions_taken=1,
    )
    answers, events = play_turn(game, "yellow")
    assert [e.data["killer"] for e in of_kind(events, "overkill")] == ["yellow"]
    assert ("overkill_track", "spawn:blue") in answers


def test_moves_the_bot_to_where_it_sees_the_better_target():
    # From r0c1 the bot sees only grey (fresh); one step to r0c2 brings blue (10 damage, all
    # yellow's) into its sight, and yellow on r2c1 stays out of it.
    game = scenario(
        [
            {"colour": "yellow", "square": "r2c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r0c3", "damage": ["yellow"] * 10},
            {"colour": "grey", "square": "r0c0"},
        ],
        arena=ARENA,
        bot={"colour": "purple", "square": "r0c1"},
        turn=2,
        racks={"red": [], "blue": [], "yellow": []},
        actions_taken=2,
    )
    answers, _ = play_turn(game, "yellow")
    assert ("bot_move", "r0c2") in answers and ("bot_target", "blue") in answers
