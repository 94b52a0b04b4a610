"""Damage and marks: conversion, the cap of 3, killshot, overkill and its revenge mark, wasted
damage, returned marks (rulebook "Marking A Target", "Overkill", "Wasted Damage", "Revenge Mark");
Tagback Grenade as the damaged player's out-of-turn decision (reference b)."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from tests.rules.helpers import keys, kinds, play, player, scenario

ONE_EACH = {"red": 1, "blue": 1, "yellow": 1}


def lock_rifle_at(blue: dict[str, Any], grey: dict[str, Any] | None = None, **me: Any) -> Game:
    """arena_12: yellow on r1c2 with a Lock Rifle; blue on r2c3 (same room, visible);
    grey on r0c0 (out of sight) unless placed elsewhere."""
    return scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": ONE_EACH, **me},
            {"colour": "blue", "square": "r2c3", **blue},
            {"colour": "grey", "square": "r0c0", **(grey or {})},
        ],
        arena="arena_12",
    )


def damaged(events: list) -> list[dict]:
    return [e.data for e in events if e.kind == "damaged"]


def test_old_marks_convert_after_the_damage_and_the_new_mark_stays() -> None:
    game = lock_rifle_at({"damage": ["grey"], "marks": {"yellow": 2, "grey": 2}})
    events = play(game, "shoot")
    blue = player(game, "blue")
    assert blue["damage"] == ["grey", "yellow", "yellow", "yellow", "yellow"]
    assert blue["marks"] == {"yellow": 1, "grey": 2}  # grey's marks wait for grey's damage
    assert damaged(events)[0]["placed"] == 2 and damaged(events)[0]["converted"] == 2
    assert kinds(events).index("damaged") < kinds(events).index("marked")


def test_at_most_three_marks_from_one_attacker_the_rest_is_wasted() -> None:
    # Grey already holds 3 of yellow's marks: the second lock adds nothing.
    game = lock_rifle_at({}, {"square": "r1c3", "marks": {"yellow": 3, "blue": 3}})
    play(game, "shoot", "blue")
    assert game.pending.kind == "effect" and set(keys(game)) == {"second-lock", "done"}
    events = play(game, "second-lock")
    assert player(game, "grey")["marks"] == {"yellow": 3, "blue": 3}
    marked = [e.data for e in events if e.kind == "marked"]
    assert marked == [{"attacker": "yellow", "target": "grey", "amount": 1, "placed": 0}]


def test_the_cap_is_per_attacker() -> None:
    game = lock_rifle_at({}, {"square": "r1c3", "marks": {"blue": 3}})
    play(game, "shoot", "blue", "second-lock")
    assert player(game, "grey")["marks"] == {"blue": 3, "yellow": 1}


def test_marks_given_in_an_action_do_not_convert_in_that_action() -> None:
    # The Lock Rifle's mark lands, then a Targeting Scope adds 1 damage in the same action:
    # the fresh mark stays a mark.
    game = lock_rifle_at({}, powerups=["targeting-scope-red"])
    play(game, "shoot")
    assert game.pending.kind == "scope"
    play(game, "blue", "pay:yellow")
    blue = player(game, "blue")
    assert blue["damage"] == ["yellow"] * 3
    assert blue["marks"] == {"yellow": 1}


def test_an_old_mark_converts_with_the_scope_damage_too() -> None:
    # Control for the test above: a mark from an earlier action converts with the first damage.
    game = lock_rifle_at({"marks": {"yellow": 1}}, powerups=["targeting-scope-red"])
    play(game, "shoot", "blue", "pay:yellow")
    blue = player(game, "blue")
    assert blue["damage"] == ["yellow"] * 4
    assert blue["marks"] == {"yellow": 1}


def test_a_mark_from_the_first_action_converts_in_the_second() -> None:
    game = lock_rifle_at({}, weapons=["lock-rifle", "machine-gun"])
    play(game, "shoot", "lock-rifle")
    assert player(game, "blue")["marks"] == {"yellow": 1}
    play(game, "shoot")  # only the Machine Gun is loaded; blue is the only one in sight
    blue = player(game, "blue")
    assert blue["damage"] == ["yellow"] * 4
    assert blue["marks"] == {}


def test_the_eleventh_damage_is_the_killshot_and_the_board_waits_for_the_end_of_the_turn() -> None:
    game = lock_rifle_at({"damage": ["grey"] * 9})
    events = play(game, "shoot")
    blue = player(game, "blue")
    assert blue["damage"] == ["grey"] * 9 + ["yellow"] * 2
    assert blue["killed"] is True
    assert [e.data for e in events if e.kind == "killshot"] == [{"killer": "yellow", "target": "blue"}]
    assert "overkill" not in kinds(events)
    # Not scored yet: the turn goes on (a 12th damage is still possible).
    assert game.pending.player == "yellow" and game.pending.kind == "action"
    assert game.to_json()["killshot_track"] == []


def test_the_twelfth_damage_is_overkill_and_earns_a_revenge_mark() -> None:
    game = lock_rifle_at({"damage": ["grey"] * 10})
    events = play(game, "shoot")
    assert player(game, "blue")["damage"] == ["grey"] * 10 + ["yellow"] * 2
    assert [e.data for e in events if e.kind == "overkill"] == [{"killer": "yellow", "target": "blue"}]
    assert player(game, "yellow")["marks"] == {"blue": 1}


def test_the_revenge_mark_respects_the_cap_of_three() -> None:
    game = lock_rifle_at({"damage": ["grey"] * 10}, marks={"blue": 3})
    play(game, "shoot")
    assert player(game, "yellow")["marks"] == {"blue": 3}


def test_damage_beyond_twelve_is_wasted() -> None:
    # Blue took the killshot earlier this turn (11 damage); the Lock Rifle's 2 only fit 1.
    game = lock_rifle_at({"damage": ["grey"] * 11})
    events = play(game, "shoot")
    assert player(game, "blue")["damage"] == ["grey"] * 11 + ["yellow"]
    hit = damaged(events)[0]
    assert (hit["placed"], hit["converted"], hit["wasted"]) == (1, 0, 1)
    assert player(game, "blue")["marks"] == {"yellow": 1}
    assert player(game, "yellow")["marks"] == {"blue": 1}


def test_marks_that_would_go_beyond_twelve_go_back_to_their_owner() -> None:
    game = lock_rifle_at({"damage": ["grey"] * 9, "marks": {"yellow": 3}})
    events = play(game, "shoot")
    blue = player(game, "blue")
    # 2 damage (10, 11), then 1 of the 3 old marks (12); 2 marks return; then the new mark.
    assert blue["damage"] == ["grey"] * 9 + ["yellow"] * 3
    assert blue["marks"] == {"yellow": 1}
    hit = damaged(events)[0]
    assert (hit["placed"], hit["converted"], hit["wasted"]) == (2, 1, 2)
    assert player(game, "yellow")["marks"] == {"blue": 1}  # revenge for the overkill


def test_the_overkill_token_on_the_track_is_the_twelfth_tokens_colour() -> None:
    # Contrived to tell the two apart: grey's token is 11th (the killshot), yellow's the 12th.
    game = lock_rifle_at({"damage": ["yellow"] * 10 + ["grey"]})
    play(game, "shoot", "end")
    assert game.to_json()["killshot_track"] == [["grey", "yellow"]]
    assert player(game, "yellow")["marks"] == {"blue": 1}


# ------------------------------------------------------------------------- Tagback Grenade
def test_tagback_is_asked_of_the_damaged_player_after_the_shot() -> None:
    game = lock_rifle_at({"powerups": ["tagback-grenade-red", "tagback-grenade-blue"]})
    play(game, "shoot")
    assert game.pending.player == "blue" and game.pending.kind == "tagback"
    assert set(keys(game)) == {"tagback-grenade-red", "tagback-grenade-blue", "pass"}
    play(game, "tagback-grenade-red")
    assert player(game, "yellow")["marks"] == {"blue": 1}
    # One window per shot; the second grenade may follow in it.
    assert game.pending.player == "blue" and set(keys(game)) == {"tagback-grenade-blue", "pass"}
    play(game, "pass")
    assert game.pending.player == "yellow" and game.pending.kind == "action"
    assert player(game, "blue")["powerups"] == ["tagback-grenade-blue"]


def test_no_tagback_if_the_victim_cannot_see_the_shooter() -> None:
    # arena_10: r0c2 has a door into the red room, so yellow sees blue on r1c1; blue has no
    # door towards the blue room and does not see yellow.
    game = scenario(
        [
            {"colour": "yellow", "square": "r0c2", "weapons": ["lock-rifle"]},
            {"colour": "blue", "square": "r1c1", "powerups": ["tagback-grenade-red"]},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena="arena_10",
    )
    play(game, "shoot")
    assert player(game, "blue")["damage"] == ["yellow", "yellow"]
    assert game.pending.player == "yellow"
    assert player(game, "blue")["powerups"] == ["tagback-grenade-red"]


def test_being_only_marked_gives_no_tagback() -> None:
    game = lock_rifle_at({}, {"square": "r1c3", "powerups": ["tagback-grenade-red"]})
    play(game, "shoot", "blue", "second-lock")
    assert player(game, "grey")["marks"] == {"yellow": 1}
    assert game.pending.player == "yellow" and game.pending.kind == "action"


def test_tagback_sight_is_judged_when_the_damage_lands() -> None:
    # The Shotgun hits blue on yellow's square (they see each other), then pushes blue into
    # the white room, out of yellow's sight: blue may still answer.
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c1", "weapons": ["shotgun"]},
            {"colour": "blue", "square": "r1c1", "powerups": ["tagback-grenade-red"]},
            {"colour": "grey", "square": "r2c3"},
        ],
        arena="arena_10",
    )
    play(game, "shoot")  # the long barrel has nobody 1 square away: the basic mode it is
    assert game.pending.kind == "move"
    play(game, "r2c1")
    assert player(game, "blue")["square"] == "r2c1"
    assert game.pending.player == "blue" and game.pending.kind == "tagback"
    play(game, "tagback-grenade-red")
    assert player(game, "yellow")["marks"] == {"blue": 1}
