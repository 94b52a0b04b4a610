"""The end of the game (rulebook "Sudden Death", "End of the Game", "Tiebreakers"; reference f.3,
i.9): sudden death, scoring the boards that still carry damage, the killshot track, standings."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from tests.rules.helpers import keys, kinds, play, player, scenario

BROKE = {"red": 0, "blue": 0, "yellow": 0}


def last_turn(players: list[dict[str, Any]], track: list[list[str]], **fields: Any) -> Game:
    """Final frenzy with the trigger (the first player listed) to play its last turn: ending it
    ends the game. Everyone stands on r0c0 of arena_12 unless told otherwise."""
    for p in players:
        p.setdefault("square", "r0c0")
    first = players[0]["colour"]
    return scenario(
        players, arena="arena_12", skulls=5, frenzy=True, frenzy_trigger=first, killshot_track=track, **fields
    )


def finish(game: Game) -> list:
    events = play(game, "end")
    assert game.pending is None
    return events


def awards(events: list, board: str | None) -> list[tuple[str, int]]:
    return [
        (a["player"], a["points"])
        for e in events
        if e.kind == "scored" and e.data["board"] == board
        for a in e.data["awards"]
    ]


# ------------------------------------------------------------------------ sudden death
def sudden_death() -> Game:
    return scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": BROKE},
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 9},
            {"colour": "grey", "square": "r0c0", "damage": ["yellow"]},
        ],
        arena="arena_12",
        ending="sudden_death",
        skulls=5,
        killshot_track=[["grey"]] * 4,
    )


def test_sudden_death_ends_the_game_after_the_turn_that_takes_the_last_skull() -> None:
    game = sudden_death()
    play(game, "shoot")
    # The game does not stop at the killshot: the turn goes on.
    assert game.pending.player == "yellow" and "run" in keys(game)
    events = play(game, "run", "r1c3")
    assert game.pending is None
    assert "sudden_death" in kinds(events) and "frenzy" not in kinds(events) and "respawn" not in kinds(events)
    state = game.to_json()
    assert state["over"] is True and state["frenzy"] is False
    assert state["killshot_track"] == [["grey"]] * 4 + [["yellow"]]
    # blue's board at the end of the turn: grey 8 + 1, yellow 6. Grey's board, still damaged,
    # is scored at the end: yellow 8 + 1. Track: grey 4 tokens 8, yellow 1 token 6.
    assert awards(events, "blue") == [("grey", 1), ("grey", 8), ("yellow", 6)]
    assert awards(events, "grey") == [("yellow", 1), ("yellow", 8)]
    assert awards(events, "track") == [("grey", 8), ("yellow", 6)]
    assert {r["player"]: r["score"] for r in state["ranking"]} == {"yellow": 21, "grey": 17, "blue": 0}


# ------------------------------------------------------------------ damaged boards at the end
def test_boards_with_damage_are_scored_at_the_end_first_blood_only_on_the_normal_side() -> None:
    game = last_turn(
        [
            {"colour": "yellow"},
            {"colour": "blue", "damage": ["grey", "yellow", "yellow"], "skulls": 1},
            {"colour": "grey"},
            {"colour": "purple", "damage": ["yellow", "grey", "grey"], "frenzy_board": True, "skulls": 2},
        ],
        track=[["blue"]] * 5,
    )
    events = finish(game)
    assert awards(events, "blue") == [("grey", 1), ("yellow", 6), ("grey", 4)]
    assert awards(events, "purple") == [("grey", 2), ("yellow", 1)]
    assert awards(events, "yellow") == [] and awards(events, "grey") == []
    assert {r["player"]: r["score"] for r in game.to_json()["ranking"]} == {
        "yellow": 7,
        "grey": 7,
        "blue": 8,
        "purple": 0,
    }


# -------------------------------------------------------------------------- killshot track
def test_the_killshot_track_pays_8_6_4_by_tokens() -> None:
    game = last_turn(
        [{"colour": "yellow"}, {"colour": "blue"}, {"colour": "grey"}, {"colour": "purple"}],
        track=[["blue"], ["yellow", "yellow"], ["blue"], ["grey"], ["yellow"]],
    )
    events = finish(game)
    assert awards(events, "track") == [("yellow", 8), ("blue", 6), ("grey", 4)]


def test_killshot_track_ties_go_to_the_earlier_killshot() -> None:
    game = last_turn(
        [{"colour": "yellow"}, {"colour": "blue"}, {"colour": "grey"}, {"colour": "purple"}, {"colour": "green"}],
        track=[["purple"], ["green"], ["grey", "grey"], ["green"], ["purple"], ["blue"], ["yellow"]],
    )
    events = finish(game)
    # purple, green, grey 2 tokens each (purple's first is earliest), then blue, yellow 1 each.
    assert awards(events, "track") == [("purple", 8), ("green", 6), ("grey", 4), ("blue", 2), ("yellow", 1)]


# -------------------------------------------------------------------------------- standings
def test_the_standings_order_by_points_after_the_track() -> None:
    game = last_turn(
        [
            {"colour": "yellow", "score": 12},
            {"colour": "blue", "score": 14},
            {"colour": "grey", "score": 5},
        ],
        track=[["blue"], ["yellow"], ["yellow"], ["blue"], ["blue"]],
    )
    # Track: blue 3 tokens 8, yellow 2 tokens 6: yellow 18, blue 22 (yellow led before).
    finish(game)
    ranking = game.to_json()["ranking"]
    assert [(r["player"], r["score"], r["track_points"], r["rank"]) for r in ranking] == [
        ("blue", 22, 8, 1),
        ("yellow", 18, 6, 2),
        ("grey", 5, 0, 3),
    ]


def test_tied_players_rank_by_killshot_track_points() -> None:
    game = last_turn(
        [
            {"colour": "yellow", "score": 16},
            {"colour": "blue", "score": 14},
            {"colour": "grey", "score": 5},
        ],
        track=[["blue"], ["yellow"], ["yellow"], ["blue"], ["blue"]],
    )
    finish(game)
    # yellow 16 + 6 = 22, blue 14 + 8 = 22: blue wins on the track.
    ranking = game.to_json()["ranking"]
    assert [(r["player"], r["score"], r["rank"]) for r in ranking] == [
        ("blue", 22, 1),
        ("yellow", 22, 2),
        ("grey", 5, 3),
    ]
    over = next(e for e in game.events if e.kind == "game_over")
    assert over.data["ranking"][0]["player"] == "blue"


def test_players_without_killshots_stay_tied() -> None:
    # Reference i.9: blue scores 8 on the track to reach 20; yellow and grey reach 20 without
    # any killshot: blue is first, yellow and grey share second.
    game = last_turn(
        [
            {"colour": "yellow", "score": 20},
            {"colour": "blue", "score": 12},
            {"colour": "grey", "score": 20},
            {"colour": "purple", "score": 3},
        ],
        track=[["blue"]] * 5,
    )
    events = finish(game)
    ranking = game.to_json()["ranking"]
    assert [(r["player"], r["score"], r["track_points"], r["rank"]) for r in ranking] == [
        ("blue", 20, 8, 1),
        ("yellow", 20, 0, 2),
        ("grey", 20, 0, 2),
        ("purple", 3, 0, 4),
    ]
    assert "wins with 20 points" in next(e for e in events if e.kind == "game_over").text


def test_players_tied_without_killshots_can_share_the_win() -> None:
    game = last_turn(
        [{"colour": "yellow", "score": 20}, {"colour": "blue", "score": 20}, {"colour": "grey", "score": 10}],
        track=[["grey"]] * 5,
    )
    events = finish(game)
    ranking = game.to_json()["ranking"]
    assert [(r["player"], r["rank"]) for r in ranking] == [("yellow", 1), ("blue", 1), ("grey", 3)]
    assert player(game, "grey")["score"] == 18
    assert "win with 20 points" in next(e for e in events if e.kind == "game_over").text
