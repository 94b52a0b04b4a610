"""What anyone but the one deciding knows of a pending decision (docs/rulings.md, "What others
know of a pending question"): who decides and a public kind, the same whatever anyone holds."""

from __future__ import annotations

import random

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.decision import PUBLIC_KINDS
from tests.rules.helpers import play, scenario
from tests.rules.test_respawn import kill


def test_a_targeting_scope_question_shows_to_the_others_as_the_shooters_turn() -> None:
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c3",
                "weapons": ["electroscythe"],
                "powerups": ["targeting-scope-red"],
                "ammo": {"red": 1, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r0c0"},
        ],
        arena="arena_12",
    )
    play(game, "shoot")
    assert game.pending.kind == "scope" and game.pending.player == "yellow"
    assert not game.at_public_point
    for other in ("blue", None):
        view = game.view(other)
        assert view["pending"] == {"player": "yellow", "kind": "turn"}
        assert view["decisions"] is None
    own = game.view("yellow")
    assert own["pending"]["kind"] == "scope" and own["pending"]["public"] == {"player": "yellow", "kind": "turn"}
    assert own["decisions"] == 1


def test_with_spawn_prompt_always_a_respawn_with_one_card_is_asked_and_public() -> None:
    base = kill({"blue": {"damage": ["grey"] * 10}, "grey": {"square": "r0c0"}}, ["newton-red"])
    game = Game.from_scenario({**base.scenario, "spawn_prompt": "always"})
    play(game, "shoot", "end")
    assert (game.pending.player, game.pending.kind, game.pending.keys) == ("blue", "respawn", ["newton-red"])
    assert game.at_public_point
    assert game.view("yellow")["pending"] == {"player": "blue", "kind": "respawn"}
    play(game, "newton-red")
    assert game.pending.player == "blue" and game.pending.kind == "action"


def test_over_random_games_nobody_else_sees_more_than_who_decides_and_a_public_kind() -> None:
    config = GameConfig(
        players=("yellow", "blue", "grey"),
        skulls=5,
        tagback_prompt="all",
        end_turn_prompt="always",
        spawn_prompt="always",
    )
    private = 0
    for seed in range(3):
        game = Game.new(config, seed)
        rng = random.Random(seed)
        while (d := game.pending) is not None and len(game.history) < 400:
            for other in [None, *(c for c in game.seats if c != d.player)]:
                seen = game.view(other)["pending"]
                assert set(seen) == {"player", "kind"} and seen["kind"] in PUBLIC_KINDS, seen
                if not d.public:
                    assert seen == {"player": game.active.colour, "kind": "turn"}
            # Asked of anyone but the active player, a question is always a public point.
            assert d.public or d.player == game.active.colour, d
            private += not d.public
            game.choose(rng.choice(d.keys))
    assert private > 20
