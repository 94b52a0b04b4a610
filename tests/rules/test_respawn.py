"""Death and respawn (rulebook "Death and Respawn"): an out-of-turn decision of the dead player
after scoring; draw 1 even at 3 cards, discard 1, appear at its colour; keep marks, weapons
(loaded or not) and ammo."""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game
from tests.rules.helpers import keys, kinds, play, player, scenario

ONE_EACH = {"red": 1, "blue": 1, "yellow": 1}


def kill(victims: dict[str, dict[str, Any]], top: list[str]) -> Game:
    """arena_12: yellow on r2c3 swings the Electroscythe at everyone on r2c3."""
    return scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c3",
                "weapons": ["electroscythe"],
                "ammo": {"red": 0, "blue": 0, "yellow": 0},
            },
            *({"colour": c, "square": "r2c3", **v} for c, v in victims.items()),
        ],
        arena="arena_12",
        decks={"powerups": top},
    )


def test_the_dead_player_draws_one_even_at_three_and_discards_one_to_respawn() -> None:
    hand = ["newton-red", "teleporter-blue", "tagback-grenade-red"]
    game = kill(
        {
            "blue": {
                "damage": ["grey"] * 10,
                "marks": {"grey": 2, "yellow": 1},
                "ammo": {"red": 3, "blue": 0, "yellow": 2},
                "weapons": [{"id": "lock-rifle", "loaded": False}, "zx-2"],
                "powerups": hand,
            },
            "grey": {"square": "r0c0"},
        },
        top=["teleporter-yellow"],
    )
    events = play(game, "shoot", "pass", "end")  # blue keeps the Tagback Grenade
    assert "killshot" in kinds(events)
    # Yellow cannot reload; the turn ends, blue is scored, then blue decides, out of turn.
    assert game.pending.player == "blue" and game.pending.kind == "respawn"
    assert game.to_json()["active"] == "yellow"
    assert player(game, "blue")["powerups"] == [*hand, "teleporter-yellow"]
    assert set(keys(game)) == {*hand, "teleporter-yellow"}

    events = play(game, "teleporter-blue")
    blue = player(game, "blue")
    assert blue["square"] == "r0c2"  # the blue spawnpoint
    assert blue["powerups"] == ["newton-red", "tagback-grenade-red", "teleporter-yellow"]
    assert blue["damage"] == [] and blue["skulls"] == 1
    # The yellow mark converted with the Electroscythe's damage; grey's marks are kept.
    assert blue["marks"] == {"grey": 2}
    assert blue["ammo"] == {"red": 3, "blue": 0, "yellow": 2}
    assert blue["weapons"] == [{"id": "lock-rifle", "loaded": False}, {"id": "zx-2", "loaded": True}]
    assert game.to_json()["decks"]["powerup_discard"][-1] == "teleporter-blue"
    assert [e.data["square"] for e in events if e.kind == "respawn"] == ["r0c2"]
    # Then play goes on with the player after yellow: blue.
    assert game.pending.player == "blue" and game.pending.kind == "action"
    assert game.to_json()["active"] == "blue"


def test_the_dead_figure_is_off_the_board_while_its_player_chooses_where_to_respawn() -> None:
    # Rulebook: "3. Pick up your figure. You are dead. ... 5. ... place your figure on the
    # spawnpoint indicated by it. You are alive again."
    game = kill(
        {"blue": {"damage": ["grey"] * 10, "powerups": ["newton-red"]}, "grey": {"square": "r0c0"}}, ["newton-yellow"]
    )
    play(game, "shoot")
    # Tipped over but still on its square until the turn ends: it is scored then.
    assert player(game, "blue")["square"] == "r2c3" and player(game, "blue")["dead"] is False
    play(game, "end")
    assert game.pending.player == "blue" and game.pending.kind == "respawn"
    blue = player(game, "blue")
    assert blue["square"] is None and blue["dead"] is True and blue["killed"] is False
    assert "blue" not in game.positions()
    assert all(p["square"] is None for p in game.view("grey")["players"] if p["colour"] == "blue")
    play(game, "newton-red")
    blue = player(game, "blue")
    assert blue["square"] == "r1c0" and blue["dead"] is False


def test_the_card_just_drawn_may_be_the_one_discarded() -> None:
    game = kill(
        {"blue": {"damage": ["grey"] * 10, "powerups": ["newton-red"]}, "grey": {"square": "r0c0"}}, ["newton-yellow"]
    )
    play(game, "shoot", "end", "newton-yellow")
    assert player(game, "blue")["square"] == "r2c3"
    assert player(game, "blue")["powerups"] == ["newton-red"]


def test_with_no_card_in_hand_the_drawn_card_decides_alone() -> None:
    game = kill({"blue": {"damage": ["grey"] * 10}, "grey": {"square": "r0c0"}}, ["newton-red"])
    play(game, "shoot", "end")
    assert player(game, "blue")["square"] == "r1c0"
    assert player(game, "blue")["powerups"] == []
    assert game.pending.player == "blue" and game.pending.kind == "action"


def test_several_dead_players_respawn_in_turn_order_from_the_active_player() -> None:
    game = kill(
        {
            "blue": {"damage": ["purple"] * 10, "powerups": ["newton-yellow"]},
            "grey": {"damage": ["purple"] * 10, "powerups": ["newton-blue"]},
            "purple": {"square": "r0c0"},
        },
        ["teleporter-red", "teleporter-blue"],
    )
    play(game, "shoot", "end")
    assert game.pending.player == "blue" and game.pending.kind == "respawn"
    assert set(keys(game)) == {"newton-yellow", "teleporter-red"}
    play(game, "teleporter-red")
    assert game.pending.player == "grey" and game.pending.kind == "respawn"
    assert set(keys(game)) == {"newton-blue", "teleporter-blue"}
    play(game, "newton-blue")
    assert player(game, "blue")["square"] == "r1c0"
    assert player(game, "grey")["square"] == "r0c2"
    assert game.pending.player == "blue" and game.pending.kind == "action"


def test_after_respawning_the_adrenaline_actions_are_gone() -> None:
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c3",
                "weapons": ["electroscythe"],
                "ammo": {"red": 0, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 10, "ammo": {"red": 0, "blue": 0, "yellow": 0}},
            {"colour": "grey", "square": "r0c2"},
        ],
        arena="arena_12",
        # The red rack is restocked with weapons blue cannot pay for.
        decks={"powerups": ["newton-red"], "weapons": ["railgun", "heatseeker", "thor"]},
        racks={"red": [None, None, None]},
    )
    play(game, "shoot", "end")
    assert player(game, "blue")["square"] == "r1c0"
    play(game, "grab")
    # Back to 0 damage: the grab reaches 1 square (r0c1 and r2c1, 2 away, are out of reach).
    assert set(keys(game)) == {"r0c0", "r2c0"}


def test_a_respawn_with_the_only_card_says_which_card_was_drawn_and_discarded() -> None:
    """Issue 23, finding 10: with no powerup in hand the respawn answers itself; the log says
    which card came and went (it is face up on the discard pile: its colour is the spawnpoint)."""
    game = kill({"blue": {"damage": ["grey"] * 10}, "grey": {"square": "r0c0"}}, top=["newton-red"])
    events = play(game, "shoot", "end")
    respawn = next(e for e in events if e.kind == "respawn")
    assert respawn.text == "Banshee draws Newton (red) and discards it: respawns at the red spawnpoint (r1c0)"
    assert respawn.data["discarded"] == "newton-red"


def test_a_respawn_among_kept_cards_names_the_drawn_card_to_its_player_only() -> None:
    """The discard is public; which card was just drawn, when the others are kept, is not: it is
    named in the respawning player's options (only they see them), never in the log."""
    game = kill(
        {"blue": {"damage": ["grey"] * 10, "powerups": ["teleporter-blue"]}, "grey": {"square": "r0c0"}},
        top=["newton-red"],
    )
    play(game, "shoot", "end")
    labels = {o["key"]: o["label"] for o in game.view("blue")["pending"]["options"]}
    assert labels["newton-red"] == "Discard Newton (red) (just drawn): appear at the red spawnpoint"
    assert "just drawn" not in labels["teleporter-blue"]
    assert "options" not in game.view("yellow")["pending"] and "options" not in game.view(None)["pending"]
    events = play(game, "newton-red")
    respawn = next(e for e in events if e.kind == "respawn")
    assert respawn.text == "Banshee discards Newton (red): respawns at the red spawnpoint (r1c0)"
