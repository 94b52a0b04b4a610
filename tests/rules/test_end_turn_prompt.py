"""`end_turn_prompt`: in hot-seat the player always ends their own turn, so whether the keyboard
comes back to them after their last action cannot show that they hold a Newton or Teleporter."""

from __future__ import annotations

from typing import Any

import pytest

from adrenaline_tui.rules import Game


def last_action_done(prompt: str, powerups: list[str]) -> Game:
    scenario: dict[str, Any] = {
        "arena": "arena_11a",
        "end_turn_prompt": prompt,
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c1", "powerups": powerups},
            {"colour": "blue", "name": "Ben", "square": "r1c0"},
            {"colour": "grey", "name": "Cat", "square": "r2c3"},
        ],
        "active": "yellow",
        "actions_taken": 1,
    }
    game = Game.from_scenario(scenario, 1)
    game.choose("run")
    game.choose("r1c2")
    return game


def test_usable_ends_the_turn_of_a_player_with_nothing_to_use() -> None:
    game = last_action_done("usable", [])
    assert game.pending.player == "blue"


def test_always_asks_a_player_with_nothing_to_use_to_end_the_turn() -> None:
    game = last_action_done("always", [])
    assert (game.pending.player, game.pending.kind, game.pending.keys) == ("yellow", "action", ["end"])
    game.choose("end")
    assert game.pending.player == "blue"


@pytest.mark.parametrize("prompt", ["usable", "always"])
def test_a_player_holding_a_newton_is_asked_either_way(prompt: str) -> None:
    game = last_action_done(prompt, ["newton-red"])
    assert (game.pending.player, game.pending.kind) == ("yellow", "action")
    assert game.pending.keys == ["newton-red", "end"]
    # the prompt is the same whatever the player holds
    assert game.pending.prompt == last_action_done("always", []).pending.prompt


def test_the_setting_is_kept_in_a_save() -> None:
    from adrenaline_tui.rules import GameConfig

    config = GameConfig(players=("yellow", "blue", "grey"), end_turn_prompt="always")
    assert GameConfig.from_dict(config.to_dict()) == config
    with pytest.raises(ValueError):
        GameConfig(players=("yellow", "blue", "grey"), end_turn_prompt="sometimes")
