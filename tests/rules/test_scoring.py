"""End-of-turn scoring of killed boards (rulebook "Scoring", "Diminishing Values", "Double Kill";
reference f.2, i.8): 8-6-4-2-1-1, skulls lowering it, first blood, ties to the earlier damage,
a floor of 1, the double kill, the killshot track and the skull on the dead board."""

from __future__ import annotations

from typing import Any

import pytest

from adrenaline_tui.rules import Game
from tests.rules.helpers import play, player, scenario

ONE_EACH = {"red": 1, "blue": 1, "yellow": 1}
# Nine tokens on purple's board before yellow's shot: blue 3 (first), grey 3, green 1, yellow 2.
NINE = ["blue", "grey", "grey", "blue", "grey", "blue", "green", "yellow", "yellow"]


def kill_purple(damage: list[str], skulls: int = 0, **me: Any) -> Game:
    """arena_12, 5 players: yellow on r1c2 shoots purple on r2c3 with the Lock Rifle (2 damage)."""
    return scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": ONE_EACH, **me},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r0c0"},
            {"colour": "purple", "square": "r2c3", "damage": damage, "skulls": skulls},
            {"colour": "green", "square": "r0c0"},
        ],
        arena="arena_12",
    )


def scores(game: Game) -> dict[str, int]:
    return {p["colour"]: p["score"] for p in game.to_json()["players"]}


def board_awards(events: list, board: str) -> list[tuple[str, int, str]]:
    out = []
    for e in events:
        if e.kind == "scored" and e.data["board"] == board:
            out += [(a["player"], a["points"], a["reason"]) for a in e.data["awards"]]
    return out


def test_a_killed_board_pays_8_6_4_2_with_first_blood_and_ties_to_the_earlier_damage() -> None:
    game = kill_purple(NINE)
    events = play(game, "shoot", "end")
    # yellow 4 tokens; blue and grey 3 each, blue's first token is earlier; green 1.
    assert board_awards(events, "purple") == [
        ("blue", 1, "first blood"),
        ("yellow", 8, "most damage (1st)"),
        ("blue", 6, "most damage (2nd)"),
        ("grey", 4, "most damage (3rd)"),
        ("green", 2, "most damage (4th)"),
    ]
    assert scores(game) == {"yellow": 8, "blue": 7, "grey": 4, "purple": 0, "green": 2}
    purple = player(game, "purple")
    # The killshot token goes to the track in place of a skull, the skull onto the board.
    assert game.to_json()["killshot_track"] == [["yellow"]]
    assert game.to_json()["skulls_left"] == 7
    assert purple["skulls"] == 1
    assert purple["damage"] == [] and purple["killed"] is False
    assert purple["marks"] == {"yellow": 1}  # marks survive death


def test_the_scored_damage_is_the_board_at_the_end_of_the_turn_not_at_the_killshot() -> None:
    # The killshot lands in the first action; the board is scored only when the turn ends,
    # after the reload (here the weapon cannot be paid for, so nothing is asked).
    game = kill_purple(NINE, ammo={"red": 0, "blue": 0, "yellow": 0})
    play(game, "shoot")
    assert player(game, "purple")["damage"] == [*NINE, "yellow", "yellow"]
    assert game.to_json()["killshot_track"] == []
    assert game.pending.player == "yellow"
    play(game, "end")
    assert game.to_json()["killshot_track"] == [["yellow"]]


@pytest.mark.parametrize(
    ("skulls", "values"),
    [(0, (8, 6, 4, 2)), (1, (6, 4, 2, 1)), (2, (4, 2, 1, 1)), (3, (2, 1, 1, 1)), (4, (1, 1, 1, 1))],
)
def test_each_skull_lowers_the_values(skulls: int, values: tuple[int, ...]) -> None:
    game = kill_purple(NINE, skulls=skulls)
    events = play(game, "shoot", "end")
    ranked = [(who, pts) for who, pts, why in board_awards(events, "purple") if why != "first blood"]
    assert ranked == list(zip(["yellow", "blue", "grey", "green"], values, strict=True))
    assert player(game, "purple")["skulls"] == skulls + 1


@pytest.mark.parametrize("skulls", [5, 6, 7])
def test_every_attacker_scores_at_least_1_and_first_blood_still_pays(skulls: int) -> None:
    # Reference i.8: after five or more deaths everybody who did damage gets 1, plus first blood.
    game = kill_purple(NINE, skulls=skulls)
    play(game, "shoot", "end")
    assert scores(game) == {"yellow": 1, "blue": 2, "grey": 1, "purple": 0, "green": 1}


def test_only_players_who_did_damage_score() -> None:
    game = kill_purple(["grey"] * 9)
    events = play(game, "shoot", "end")
    assert board_awards(events, "purple") == [
        ("grey", 1, "first blood"),
        ("grey", 8, "most damage (1st)"),
        ("yellow", 6, "most damage (2nd)"),
    ]
    assert scores(game) == {"yellow": 6, "blue": 0, "grey": 9, "purple": 0, "green": 0}


def test_overkill_puts_two_tokens_in_one_space_of_the_track_and_counts_as_damage() -> None:
    # blue 5, yellow 5 + 2 = 7 with the overkill: yellow's 12th token makes yellow the top scorer.
    game = kill_purple(["blue"] * 5 + ["yellow"] * 5)
    play(game, "shoot", "end")
    state = game.to_json()
    assert state["killshot_track"] == [["yellow", "yellow"]]
    assert state["skulls_left"] == 7  # one skull per kill, not per token
    assert scores(game)["yellow"] == 8 and scores(game)["blue"] == 6 + 1


def double_kill(blue_damage: list[str], grey_damage: list[str]) -> Game:
    """Yellow's Electroscythe hits everyone on r2c3 for 1."""
    return scenario(
        [
            {"colour": "yellow", "square": "r2c3", "weapons": ["electroscythe"]},
            {"colour": "blue", "square": "r2c3", "damage": blue_damage},
            {"colour": "grey", "square": "r2c3", "damage": grey_damage},
            {"colour": "purple", "square": "r0c0"},
        ],
        arena="arena_12",
    )


def test_two_killshots_in_one_turn_earn_a_double_kill_point() -> None:
    game = double_kill(["purple"] * 10, ["purple"] * 10)
    play(game, "shoot", "basic", "end")
    assert game.pending.kind == "reload"
    events = play(game, "done")
    assert [
        (a["player"], a["points"], a["reason"])
        for e in events
        if e.kind == "scored" and e.data["board"] is None
        for a in e.data["awards"]
    ] == [("yellow", 1, "double kill")]
    # Each board: purple 8 + first blood, yellow 6.
    assert scores(game) == {"yellow": 6 + 6 + 1, "blue": 0, "grey": 0, "purple": 9 + 9}
    state = game.to_json()
    assert state["killshot_track"] == [["yellow"], ["yellow"]]
    assert state["skulls_left"] == 6
    assert player(game, "blue")["skulls"] == 1 and player(game, "grey")["skulls"] == 1


def test_one_killshot_is_no_double_kill() -> None:
    game = double_kill(["purple"] * 10, ["purple"] * 3)
    play(game, "shoot", "basic", "end", "done")
    assert scores(game)["yellow"] == 6
    assert game.to_json()["killshot_track"] == [["yellow"]]
    assert player(game, "grey")["damage"] == ["purple"] * 3 + ["yellow"]  # not killed: not scored
