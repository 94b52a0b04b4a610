"""Final frenzy (rulebook "Final Frenzy"; reference e.3, f.3, i.21, i.22): the trigger on the last
skull, flipping boards, one more turn for everyone, the x2 / x1 action boxes, reloading inside the
frenzy shoot actions, frenzy boards paying 2-1-1-1, frenzy kills on the killshot track."""

from __future__ import annotations

from typing import Any

import pytest

from adrenaline_tui.rules import Game
from tests.rules.helpers import keys, play, player, scenario

BROKE = {"red": 0, "blue": 0, "yellow": 0}
SEATS = ["yellow", "blue", "grey", "purple", "green"]
TRACK4 = [["yellow"], ["blue"], ["yellow"], ["green"]]


def last_skull(trigger: str, first: str = "yellow", seats: list[str] = SEATS, **victim: Any) -> Game:
    """5 skulls, 4 already taken. `trigger` (on r1c2 with a Lock Rifle) shoots whoever stands on
    r2c3 (the next seat after the trigger) with 10 damage; everybody else waits on r0c0."""
    victim_colour = seats[(seats.index(trigger) + 1) % len(seats)]
    # A token from a third player so that the victim's damage is not all the trigger's.
    other = next(c for c in seats if c not in (trigger, victim_colour))
    players = []
    for c in seats:
        if c == trigger:
            players.append({"colour": c, "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE})
        elif c == victim_colour:
            players.append({"colour": c, "square": "r2c3", "damage": [other] * 10, **victim})
        else:
            players.append({"colour": c, "square": "r0c0"})
    return scenario(players, arena="arena_12", skulls=5, killshot_track=TRACK4, active=trigger, first_player=first)


def boxes(game: Game) -> dict[str, int]:
    return {p["colour"]: p["frenzy_actions"] for p in game.to_json()["players"]}


def test_taking_the_last_skull_starts_the_final_frenzy() -> None:
    game = last_skull("grey")
    assert not game.to_json()["frenzy"]
    events = play(game, "shoot", "end")
    state = game.to_json()
    assert state["frenzy"] is True and state["frenzy_trigger"] == "grey"
    assert state["skulls_left"] == 0
    assert state["killshot_track"] == [*TRACK4, ["grey", "grey"]]  # killshot and overkill
    frenzy = next(e for e in events if e.kind == "frenzy")
    assert frenzy.data["trigger"] == "grey"
    # The frenzy is not started before the board is scored: purple's last skull is on its board.
    kinds = [e.kind for e in events]
    assert kinds.index("scored") < kinds.index("frenzy")


def test_boards_without_damage_flip_including_the_one_just_scored() -> None:
    # blue and green carry damage when the frenzy starts: they keep the normal side.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c0"},
            {"colour": "blue", "square": "r0c0", "damage": ["grey"], "skulls": 1},
            {"colour": "grey", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {"colour": "purple", "square": "r2c3", "damage": ["yellow"] * 10, "skulls": 2},
            {"colour": "green", "square": "r0c0", "damage": ["purple", "yellow"]},
        ],
        arena="arena_12",
        skulls=5,
        killshot_track=TRACK4,
        active="grey",
    )
    events = play(game, "shoot", "end")
    flipped = {p["colour"]: p["frenzy_board"] for p in game.to_json()["players"]}
    assert flipped == {"yellow": True, "blue": False, "grey": True, "purple": True, "green": False}
    assert next(e for e in events if e.kind == "frenzy").data["flipped"] == ["yellow", "grey", "purple"]
    # A flipped board's skulls are set aside; a board still on its normal side keeps them.
    skulls = {p["colour"]: p["skulls"] for p in game.to_json()["players"]}
    assert skulls == {"yellow": 0, "blue": 1, "grey": 0, "purple": 0, "green": 0}
    # Marks and ammo stay on flipped boards.
    assert player(game, "purple")["marks"] == {"grey": 1}


@pytest.mark.parametrize(
    ("trigger", "expected"),
    [
        # Reference e.3 / i.21 with seats 1-5 = yellow..green and yellow the first player.
        ("grey", {"purple": 2, "green": 2, "yellow": 1, "blue": 1, "grey": 1}),
        ("green", {"yellow": 1, "blue": 1, "grey": 1, "purple": 1, "green": 1}),
        ("yellow", {"blue": 2, "grey": 2, "purple": 2, "green": 2, "yellow": 1}),
        ("blue", {"grey": 2, "purple": 2, "green": 2, "yellow": 1, "blue": 1}),
    ],
)
def test_players_before_the_first_player_get_two_actions_the_rest_one(trigger: str, expected: dict) -> None:
    game = last_skull(trigger)
    play(game, "shoot", "end")
    assert boxes(game) == expected


def test_the_boxes_follow_the_first_player_marker_not_the_seat_numbers() -> None:
    game = last_skull("grey", first="purple")
    play(game, "shoot", "end")
    assert boxes(game) == {"purple": 1, "green": 1, "yellow": 1, "blue": 1, "grey": 1}
    game = last_skull("grey", first="blue")
    play(game, "shoot", "end")
    assert boxes(game) == {"purple": 2, "green": 2, "yellow": 2, "blue": 1, "grey": 1}


def end_turn(game: Game) -> str:
    """End the active player's frenzy turn at once; returns who it was."""
    who = game.pending.player
    play(game, "end")
    if game.pending is not None and game.pending.kind == "reload":
        play(game, "done")
    return who


def test_everyone_gets_exactly_one_more_turn_and_the_trigger_plays_last() -> None:
    game = last_skull("grey")
    play(game, "shoot", "end")
    turns = []
    while game.pending is not None:
        assert game.pending.kind == "action"
        turns.append(end_turn(game))
    assert turns == ["purple", "green", "yellow", "blue", "grey"]
    state = game.to_json()
    assert state["over"] is True and state["ranking"] is not None


def test_when_the_last_seat_triggers_everyone_plays_once_with_one_action() -> None:
    game = last_skull("green")
    play(game, "shoot", "end")
    turns = []
    while game.pending is not None:
        assert game.to_json()["actions_left"] == 1
        turns.append(end_turn(game))
    assert turns == ["yellow", "blue", "grey", "purple", "green"]


def frenzy_position(active: str, me: dict[str, Any], **fields: Any) -> Game:
    """Frenzy already on (grey triggered, yellow first): purple and green x2, the rest x1."""
    players = [{"colour": c, "square": "r2c3"} for c in SEATS]
    for p in players:
        if p["colour"] == active:
            p.update(me)
    return scenario(
        players,
        arena="arena_12",
        frenzy=True,
        frenzy_trigger="grey",
        active=active,
        skulls=5,
        killshot_track=[*TRACK4, ["grey"]],
        **fields,
    )


def test_the_x2_box_runs_four_grabs_after_two_and_shoots_after_one() -> None:
    game = frenzy_position("purple", {"square": "r0c0", "ammo": BROKE})
    assert boxes(game)["purple"] == 2
    assert game.to_json()["actions_left"] == 2
    assert set(keys(game)) >= {"run", "grab"}
    play(game, "run")
    # Everything within 4 moves of r0c0: all but r0c0 itself and r2c3 (5 away).
    assert set(keys(game)) == {"r1c0", "r0c1", "r2c0", "r0c2", "r1c1", "r2c1", "r0c3", "r1c2", "r2c2", "r1c3"}


def test_the_x1_box_has_no_run_and_grabs_after_three() -> None:
    game = frenzy_position("yellow", {"square": "r0c0", "ammo": BROKE}, racks={"red": [], "blue": []})
    assert game.to_json()["actions_left"] == 1
    assert "run" not in keys(game)
    play(game, "grab")
    # Tiles within 3 moves (the spawnpoints' racks are empty).
    assert set(keys(game)) == {"r0c0", "r0c1", "r2c0", "r1c1", "r2c1", "r0c3", "r1c2"}


def test_the_reload_inside_a_frenzy_shot_is_its_own_question_and_the_end_of_turn_one_follows() -> None:
    # Yellow (x1) holds a loaded Lock Rifle and an unloaded Shockwave it can pay for: before the
    # shot it may reload (kind shoot_reload); after it, the ordinary end-of-turn reload (kind
    # reload) offers the rifle it just fired.
    game = frenzy_position(
        "yellow",
        {
            "square": "r1c2",
            "weapons": ["lock-rifle", {"id": "shockwave", "loaded": False}],
            "ammo": {"red": 0, "blue": 2, "yellow": 1},
        },
    )
    play(game, "shoot", "r1c2")
    assert game.pending.kind == "shoot_reload"
    assert keys(game) == ["shockwave", "done"]
    play(game, "done")  # shoot now, with the rifle: the only loaded weapon left in the choice
    assert game.pending.kind == "target"
    play(game, "blue")
    assert game.pending.kind == "reload"
    assert keys(game) == ["lock-rifle", "shockwave", "done"]


def test_damage_no_longer_gives_adrenaline_in_the_frenzy() -> None:
    game = frenzy_position("yellow", {"square": "r0c0", "damage": ["blue"] * 8, "weapons": ["lock-rifle"]})
    # x1 with 8 damage: no run (adrenaline would keep it), and the shot may move 2 (adrenaline: 1).
    # The others are on r2c3, seen only from r0c2, 2 moves away: the move is made without asking.
    assert "run" not in keys(game)
    play(game, "shoot")
    assert player(game, "yellow")["square"] == "r0c2"
    assert game.pending.kind == "target"
    assert set(keys(game)) == {"blue", "grey", "purple", "green"}


def test_a_frenzy_shot_may_reload_the_weapon_first() -> None:
    # Yellow (x1) holds only an unloaded Lock Rifle and two blue cubes: shooting is still offered.
    game = frenzy_position(
        "yellow",
        {
            "square": "r2c3",
            "weapons": [{"id": "lock-rifle", "loaded": False}],
            "ammo": {"red": 0, "blue": 2, "yellow": 0},
        },
    )
    assert "shoot" in keys(game)
    play(game, "shoot")
    assert game.pending.kind == "shoot_move"
    events = play(game, "r2c3")
    # The reload is the only way to shoot, so it is not asked; the rifle fires at once.
    assert [e.kind for e in events][:2] == ["paid", "paid"]
    assert [e.data["weapon"] for e in events if e.kind == "reloaded"] == ["lock-rifle"]
    assert game.pending.kind == "target"
    assert player(game, "yellow")["ammo"] == BROKE
    play(game, "blue")
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]
    assert player(game, "yellow")["weapons"] == [{"id": "lock-rifle", "loaded": False}]


def test_a_frenzy_board_pays_2_1_1_1_without_first_blood_whatever_its_skulls() -> None:
    # Reference i.22: blue died 3 times before the frenzy, flipped, and is killed again.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {
                "colour": "blue",
                "square": "r2c3",
                "frenzy_board": True,
                "skulls": 3,
                "damage": ["green", "grey", "grey", "purple", "purple", "grey", "yellow", "green", "purple"],
            },
            {"colour": "grey", "square": "r0c0"},
            {"colour": "purple", "square": "r0c0"},
            {"colour": "green", "square": "r0c0"},
        ],
        arena="arena_12",
        frenzy=True,
        frenzy_trigger="grey",
        skulls=5,
        killshot_track=[*TRACK4, ["grey"]],
    )
    events = play(game, "shoot", "r1c2")  # x1: the turn ends with the shot
    awards = [
        (a["player"], a["points"])
        for e in events
        if e.kind == "scored" and e.data["board"] == "blue"
        for a in e.data["awards"]
    ]
    # grey 3 (first at 1), purple 3 (first at 3), yellow 3 (first at 6), green 2.
    assert awards == [("grey", 2), ("purple", 1), ("yellow", 1), ("green", 1)]
    state = game.to_json()
    assert state["killshot_track"] == [*TRACK4, ["grey"], ["yellow"]]  # frenzy kills still count
    assert state["skulls_left"] == 0
    assert player(game, "blue")["skulls"] == 3  # no skull left to give


def test_a_normal_board_killed_in_the_frenzy_pays_its_normal_values_then_flips() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {"colour": "blue", "square": "r2c3", "skulls": 1, "damage": ["green"] * 5 + ["grey"] * 4},
            {"colour": "grey", "square": "r0c0"},
            {"colour": "purple", "square": "r0c0"},
            {"colour": "green", "square": "r0c0"},
        ],
        arena="arena_12",
        frenzy=True,
        frenzy_trigger="grey",
        skulls=5,
        killshot_track=[*TRACK4, ["grey"]],
    )
    events = play(game, "shoot", "r1c2")  # x1: the turn ends with the shot
    awards = [
        (a["player"], a["points"], a["reason"])
        for e in events
        if e.kind == "scored" and e.data["board"] == "blue"
        for a in e.data["awards"]
    ]
    assert awards == [
        ("green", 1, "first blood"),
        ("green", 6, "most damage (1st)"),
        ("grey", 4, "most damage (2nd)"),
        ("yellow", 2, "most damage (3rd)"),
    ]
    assert player(game, "blue")["frenzy_board"] is True
    assert player(game, "blue")["skulls"] == 0  # set aside with the flip
    assert any(e.kind == "board_flipped" for e in events)


def test_the_game_ends_after_the_triggers_frenzy_turn() -> None:
    game = frenzy_position("grey", {"square": "r2c3"})
    assert game.pending.player == "grey"
    end_turn(game)
    assert game.pending is None
    assert game.to_json()["over"] is True


def test_killshots_that_trigger_the_frenzy_all_go_on_the_track() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r2c3", "weapons": ["electroscythe"], "ammo": BROKE},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 10},
            {"colour": "grey", "square": "r2c3", "damage": ["blue"] * 10},
            {"colour": "purple", "square": "r0c0"},
        ],
        arena="arena_12",
        skulls=5,
        killshot_track=[["purple"]] * 4,
    )
    play(game, "shoot", "end")
    state = game.to_json()
    assert state["frenzy"] is True
    # One skull was left, two killshots were made: both tokens go on the track.
    assert state["killshot_track"] == [["purple"]] * 4 + [["yellow"], ["yellow"]]
    assert state["skulls_left"] == 0
    assert player(game, "yellow")["score"] == 6 + 6 + 1  # 2nd on both boards, and a double kill
    assert player(game, "blue")["frenzy_board"] and player(game, "grey")["frenzy_board"]


def test_a_player_killed_in_the_last_turn_is_scored_and_not_asked_to_respawn() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c0"},
            {"colour": "blue", "square": "r2c3", "damage": ["yellow"] * 10, "frenzy_board": True},
            {"colour": "grey", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
        ],
        arena="arena_12",
        frenzy=True,
        frenzy_trigger="grey",
        active="grey",
        skulls=5,
        killshot_track=[["grey"]] * 5,
    )
    events = play(game, "shoot", "r1c2")
    assert game.pending is None
    assert "respawn" not in [e.kind for e in events]
    state = game.to_json()
    assert state["over"] is True
    assert state["killshot_track"] == [["grey"]] * 5 + [["grey", "grey"]]
    # blue's frenzy board paid yellow 2 and grey 1; the killshot track pays grey 8.
    assert {r["player"]: r["score"] for r in state["ranking"]} == {"yellow": 2, "grey": 1 + 8, "blue": 0}
