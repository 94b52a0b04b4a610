"""Turret mode (variant rules "Turret Mode", reference g.3): the turret board's 5 tiles, grabbing
and commandeering, turret damage on entering a square, dying on your own turn, the double kill,
untracked killshots and the final scoring of turrets with ties to the earlier final turn.

arena_11a: the non-spawn squares r0c0, r0c1, r0c3, r1c1, r1c2, r1c3, r2c1, r2c2 hold turrets;
the top row runs r0c0 - r0c1 - r0c2 (blue spawnpoint) - r0c3.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.modes.turret import turret_awards
from tests.rules.helpers import keys, kinds, play, player, scenario

NO_AMMO = {"red": 0, "blue": 0, "yellow": 0}


def turret(players: list[dict[str, Any]], offer: list[str | None] | None = None, **turrets: str) -> Game:
    return scenario(players, mode="turret", turret={"offer": offer, "turrets": turrets})


def board(game: Game) -> dict[str, Any]:
    return game.to_json()["turret"]


def test_a_new_game_deals_five_tiles_to_the_turret_board_and_none_to_the_squares() -> None:
    game = Game.new(GameConfig(players=("yellow", "blue", "grey"), mode="turret"), seed=2)
    state = game.to_json()
    assert state["ammo_tiles"] == {}
    assert len([t for t in state["turret"]["offer"] if t]) == 5
    assert len(state["decks"]["ammo"]) + 5 == 36
    assert state["turret"]["turrets"] == {}


def test_grabbing_takes_a_tile_of_the_turret_board_once_per_square_and_a_turn() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        offer=["YBB", "PRR", "YBB", "BRR", "RYY"],
    )
    play(game, "grab", "r0c0")
    assert game.pending.kind == "turret_tile"
    assert keys(game) == ["YBB", "PRR", "BRR", "RYY"]  # two YBB are one choice
    play(game, "BRR", "keep")
    assert player(game, "yellow")["ammo"] == {"red": 2, "blue": 1, "yellow": 0}
    assert board(game)["offer"] == ["YBB", "PRR", "YBB", None, "RYY"]
    play(game, "grab")
    # r0c0 was grabbed this turn; r0c1 (1 move away) is still on offer.
    assert "r0c0" not in keys(game) and "r0c1" in keys(game)


def test_the_turret_board_is_refilled_at_the_end_of_the_turn() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        offer=["YBB", "PRR", "YBB", "BRR", "RYY"],
    )
    play(game, "grab", "r0c0", "BRR", "keep", "end")
    assert None not in board(game)["offer"]
    assert board(game)["offer"][:3] == ["YBB", "PRR", "YBB"]


def test_a_scenarios_decks_ammo_is_the_top_of_the_stack_the_turret_board_refills_from() -> None:
    players = [
        {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO},
        {"colour": "blue", "square": "r2c3"},
        {"colour": "grey", "square": "r2c3"},
    ]
    game = scenario(
        players,
        mode="turret",
        turret={"offer": ["YBB", "PRR", "YBB", "BRR", "RYY"]},
        decks={"ammo": ["PBB", "PYR"]},
    )
    assert game.to_json()["decks"]["ammo"][-2:] == ["PYR", "PBB"]  # drawn from the end: PBB first
    play(game, "grab", "r0c0", "BRR", "keep", "end")
    assert board(game)["offer"] == ["YBB", "PRR", "YBB", "PBB", "RYY"]
    # Without an offer the turret board is dealt from the top of the stack, the named tiles first.
    game = scenario(players, mode="turret", decks={"ammo": ["PBB", "PYR"]})
    assert board(game)["offer"][:2] == ["PBB", "PYR"]
    # With `ammo_discard: rest` the stack holds only the named tiles once the board is dealt.
    game = scenario(
        players, mode="turret", turret={"offer": ["YBB"]}, decks={"ammo": ["PBB", "PYR"], "ammo_discard": "rest"}
    )
    assert game.to_json()["decks"]["ammo"] == ["PYR", "PBB"]
    assert len(game.to_json()["decks"]["ammo_discard"]) == 36 - 3


def test_commandeering_gives_up_one_item_even_one_you_could_not_keep() -> None:
    # Yellow holds 3 red: the red cube of RBB could not be taken anyway, and still pays.
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": {"red": 3, "blue": 0, "yellow": 0}},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        offer=["RBB", None, None, None, None],
        r0c0="blue",
    )
    play(game, "grab", "r0c0")
    assert game.pending.kind == "commandeer"
    assert keys(game) == ["keep", "give:red", "give:blue"]
    events = play(game, "give:red")
    assert player(game, "yellow")["ammo"] == {"red": 3, "blue": 2, "yellow": 0}
    assert board(game)["turrets"] == {"r0c0": "yellow"}
    # Blue's token comes back to yellow's board as a mark from blue.
    assert player(game, "yellow")["marks"] == {"blue": 1}
    assert "commandeered" in kinds(events)


def test_giving_up_the_powerup_and_no_fourth_mark() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO, "marks": {"blue": 3}},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        offer=["PYB", None, None, None, None],
        r0c0="blue",
    )
    play(game, "grab", "r0c0", "give:powerup")
    yellow = player(game, "yellow")
    assert yellow["powerups"] == [] and yellow["ammo"] == {"red": 0, "blue": 1, "yellow": 1}
    assert yellow["marks"] == {"blue": 3}
    assert board(game)["turrets"] == {"r0c0": "yellow"}


def test_your_own_turret_is_not_commandeered_again() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        offer=["YBB", None, None, None, None],
        r0c0="yellow",
    )
    play(game, "grab", "r0c0")
    assert player(game, "yellow")["ammo"] == {"red": 0, "blue": 2, "yellow": 1}


def test_each_square_entered_with_someone_elses_turret_deals_1_damage_without_converting_marks() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r0c0", "ammo": NO_AMMO, "marks": {"blue": 2}},
            {"colour": "blue", "square": "r2c3", "powerups": []},
            {"colour": "grey", "square": "r2c3"},
        ],
        r0c1="blue",
        r0c3="blue",
        r0c0="grey",
    )
    events = play(game, "run", "r0c3")
    yellow = player(game, "yellow")
    assert yellow["damage"] == ["blue", "blue"]  # r0c1 and r0c3; leaving grey's r0c0 does nothing
    assert yellow["marks"] == {"blue": 2}
    assert [e.data["square"] for e in events if e.kind == "turret"] == ["r0c1", "r0c3"]


def test_the_path_goes_round_turrets_when_a_shortest_path_does() -> None:
    # r1c2 -> r0c3: through r0c2 (no turret) or r1c3 (grey's turret): no damage.
    game = turret(
        [
            {"colour": "yellow", "square": "r1c2", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        r1c3="grey",
    )
    play(game, "run", "r0c3")
    assert player(game, "yellow")["damage"] == []


def test_moving_someone_else_the_mover_chooses_the_way_through_their_own_turret() -> None:
    # Yellow on r0c3 drags Banshee from r1c2 to r0c3 with the Tractor Beam: via r0c2 (a spawnpoint,
    # no turret) or via r1c3 (yellow's turret); Dozer's turret on r0c3 fires either way.
    def drag() -> Game:
        return turret(
            [
                {"colour": "yellow", "square": "r0c3", "weapons": ["tractor-beam"], "ammo": NO_AMMO},
                {"colour": "blue", "square": "r1c2"},
                {"colour": "grey", "square": "r2c1"},
            ],
            r1c3="yellow",
            r0c3="grey",
        )

    game = drag()
    play(game, "shoot", "blue", "r0c3")
    d = game.pending
    assert (d.kind, d.player, d.prompt) == ("route", "yellow", "Turrets: which way does Banshee go to r0c3?")
    assert [(o.key, o.label, o.target) for o in d.options] == [
        ("way:r0c2-r0c3", "Via r0c2: Dozer's fires", "blue"),
        ("way:r1c3-r0c3", "Via r1c3: yours and Dozer's fire", "blue"),
    ]
    from adrenaline_tui.rules.explain import explain

    why = explain(game, "way:r1c3-r0c3")
    assert why.subject == "Via r1c3 to r0c3" and why.legal
    assert why.does[:2] == (
        "Your turret on r1c3 deals Banshee 1 damage.",
        "Dozer's turret on r0c3 deals Banshee 1 damage.",
    )
    events = play(game, "way:r1c3-r0c3")
    assert [(e.data["square"], e.data["owner"]) for e in events if e.kind == "turret"] == [
        ("r1c3", "yellow"),
        ("r0c3", "grey"),
    ]
    # The turret damage lands on entering, the beam's 1 damage after the move.
    assert player(game, "blue")["damage"] == ["yellow", "grey", "yellow"]
    assert player(game, "blue")["square"] == "r0c3"
    # The other way: only Dozer's turret, then the beam.
    game = drag()
    play(game, "shoot", "blue", "r0c3", "way:r0c2-r0c3")
    assert player(game, "blue")["damage"] == ["grey", "yellow"]


def test_moving_yourself_you_choose_between_the_fewest_turret_ways_when_their_owners_differ() -> None:
    # r0c2 -> r1c3: via r0c3 (Banshee's turret) or r1c2 (Dozer's): one turret either way, whose
    # damage it is matters to the score, so yellow chooses.
    game = turret(
        [
            {"colour": "yellow", "square": "r0c2", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c1"},
        ],
        r0c3="blue",
        r1c2="grey",
    )
    play(game, "run", "r1c3")
    d = game.pending
    assert (d.kind, d.player, d.prompt) == ("route", "yellow", "Turrets: which way do you go to r1c3?")
    assert [(o.key, o.label) for o in d.options] == [
        ("way:r0c3-r1c3", "Via r0c3: Banshee's fires"),
        ("way:r1c2-r1c3", "Via r1c2: Dozer's fires"),
    ]
    play(game, "way:r1c2-r1c3")
    assert player(game, "yellow")["damage"] == ["grey"] and player(game, "yellow")["square"] == "r1c3"
    # One way through fewer turrets: nobody takes more damage for nothing, so nothing is asked.
    game = turret(
        [
            {"colour": "yellow", "square": "r0c2", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c1"},
        ],
        r0c3="blue",
    )
    play(game, "run", "r1c3")
    assert game.pending.kind == "action" and player(game, "yellow")["damage"] == []


def test_moved_by_someone_else_you_still_take_turret_damage_and_a_teleporter_only_where_it_lands() -> None:
    game = turret(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO, "powerups": ["newton-red", "teleporter-red"]},
            {"colour": "blue", "square": "r0c0", "powerups": ["tagback-grenade-blue"]},
            {"colour": "grey", "square": "r2c3"},
        ],
        r0c1="grey",
        r0c3="grey",
        r1c2="grey",
    )
    events = play(game, "newton-red", "blue", "r0c2")
    assert player(game, "blue")["damage"] == ["grey"]  # r0c1 on the way
    assert "tagback" not in kinds(events) and game.pending.kind == "action"  # no Tagback against a turret
    play(game, "teleporter-red", "r0c3")
    assert player(game, "yellow")["damage"] == ["grey"]  # only the landing square


def test_dying_on_your_own_turn_you_still_take_your_second_action_and_score_at_the_end() -> None:
    game = turret(
        [
            {
                "colour": "yellow",
                "square": "r0c0",
                "ammo": NO_AMMO,
                "damage": ["grey"] * 10,
                "powerups": ["newton-red"],
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        r0c1="blue",
        r0c3="blue",
    )
    events = play(game, "run", "r0c3")
    assert player(game, "yellow")["damage"] == ["grey"] * 10 + ["blue", "blue"]
    assert "killshot" in kinds(events) and "overkill" in kinds(events)
    assert game.pending.kind == "action" and "run" in keys(game)  # the second action
    events = play(game, "run", "r1c3", "end")
    scored = [e for e in events if e.kind == "scored" and e.data["board"] == "yellow"]
    assert [(a["player"], a["points"]) for a in scored[0].data["awards"]] == [("grey", 1), ("grey", 8), ("blue", 6)]
    assert game.to_json()["killshot_track"] == [] and game.to_json()["skulls_left"] == 7
    assert game.pending.kind == "respawn" and game.pending.player == "yellow"


def test_two_opponents_killed_in_your_turn_is_a_double_kill_whoever_killed_them() -> None:
    # Yellow pushes grey (10 damage) onto blue's turret, then shoots blue (9 damage) to death.
    game = turret(
        [
            {
                "colour": "yellow",
                "square": "r0c0",
                "weapons": ["lock-rifle"],
                "ammo": NO_AMMO,
                "powerups": ["newton-red"],
            },
            {"colour": "blue", "square": "r0c2", "damage": ["grey"] * 9, "powerups": ["newton-blue"]},
            {"colour": "grey", "square": "r1c0", "damage": ["blue"] * 10, "powerups": ["newton-yellow"]},
        ],
        r0c0="blue",
    )
    play(game, "newton-red", "grey", "r0c0")
    assert player(game, "grey")["damage"][-1] == "blue"  # blue's turret kills grey
    events = play(game, "shoot", "blue", "end")
    bonus = [a for e in events if e.kind == "scored" and e.data["board"] is None for a in e.data["awards"]]
    assert bonus == [{"player": "yellow", "points": 1, "reason": "double kill"}]


def test_turret_scoring_ties_go_to_the_earlier_final_turn() -> None:
    order = ["grey", "yellow", "blue"]
    awards = turret_awards({"a": "yellow", "b": "blue", "c": "blue", "d": "yellow", "e": "grey"}, order)
    assert [(a.player, a.points) for a in awards] == [("yellow", 8), ("blue", 6), ("grey", 4)]
    awards = turret_awards({"a": "yellow", "b": "blue"}, ["blue", "grey", "yellow"])
    assert [(a.player, a.points) for a in awards] == [("blue", 8), ("yellow", 6)]


def test_final_scoring_pays_the_turrets_instead_of_the_killshot_track() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r2c3", "frenzy_actions": 1, "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c3"},
        ],
        mode="turret",
        turret={"turrets": {"r0c0": "blue", "r0c1": "yellow", "r0c3": "grey", "r1c1": "grey"}},
        untracked_kills=8,
        frenzy=True,
        frenzy_trigger="yellow",
    )
    events = play(game, "end")
    assert game.pending is None
    final = [e for e in events if e.kind == "scored" and e.data["board"] == "turrets"]
    # Yellow played the last turn; blue's final turn came before it (blue, grey, yellow): blue 6.
    assert [(a["player"], a["points"]) for a in final[0].data["awards"]] == [("grey", 8), ("blue", 6), ("yellow", 4)]


def test_the_bot_moved_onto_a_turret_takes_its_damage() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c1", "ammo": NO_AMMO},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r2c1"},
        ],
        mode="turret",
        turret={"turrets": {"r0c1": "blue"}},
        bot={"colour": "purple", "square": "r0c2"},
        turn=2,
    )
    play(game, "bot", "r0c1")
    assert game.to_json()["bot"]["damage"] == ["blue"]
