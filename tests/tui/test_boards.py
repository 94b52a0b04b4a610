"""What the boards and the map say about a figure (`presenter`, `PlayerBoard`)."""

from __future__ import annotations

from adrenaline_tui.rules import Game
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.look_access import DEFAULT_LOOK
from adrenaline_tui.tui.widgets.player_board import render_board
from tests.rules.helpers import play, scenario


def blue_killed_and_respawning() -> Game:
    """D-struct-or's Electroscythe kills Banshee at the end of his turn; Banshee chooses where to
    respawn."""
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r2c3",
                "weapons": ["electroscythe"],
                "ammo": {"red": 0, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "square": "r2c3", "damage": ["grey"] * 10, "powerups": ["newton-red"]},
            {"colour": "grey", "square": "r0c0"},
        ],
        arena="arena_12",
        decks={"powerups": ["newton-yellow"]},
    )
    play(game, "shoot", "end")
    return game


def test_a_dead_figure_waiting_to_respawn_is_off_the_map_and_its_board_says_so() -> None:
    game = blue_killed_and_respawning()
    assert game.pending.kind == "respawn"
    view = game.view("blue")
    figures = dict(presenter.map_state(game, view, 0).figures)
    assert all("blue" not in here for here in figures.values())
    boards = presenter.board_states(game, view, "blue", False)
    for large in (False, True):
        text = render_board(boards["blue"], DEFAULT_LOOK, 60, large).plain
        assert "DEAD" in text
        assert "DEAD" not in render_board(boards["grey"], DEFAULT_LOOK, 60, large).plain


def test_long_weapon_names_are_shortened_so_every_weapon_keeps_its_loaded_mark() -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2"},
            {
                "colour": "blue",
                "square": "r0c0",
                "weapons": [
                    {"id": "flamethrower", "loaded": False},
                    {"id": "grenade-launcher", "loaded": False},
                    {"id": "rocket-launcher", "loaded": False},
                ],
            },
            {"colour": "grey", "square": "r0c0"},
        ],
        arena="arena_12",
    )
    boards = presenter.board_states(game, game.view("yellow"), "yellow", False)
    lines = render_board(boards["blue"], DEFAULT_LOOK, 42, False).plain.splitlines()
    weapons = lines[2]
    assert len(weapons) <= 42
    assert weapons.count("○") == 3 and weapons.count("…") >= 2
    assert weapons.endswith("♦0")


def test_the_player_whose_turn_it_is_waits_for_the_others_not_for_themselves() -> None:
    """While someone else answers in your turn (a respawn here, a Tagback Grenade at a hosted
    table), your panel said "Waiting for <your own name>"; the others still see whose turn it is."""
    game = blue_killed_and_respawning()
    assert game.pending.kind == "respawn" and game.pending.player == "blue"
    kinds = {"yellow": "human", "blue": "human", "grey": "human"}
    assert presenter.waiting_state(game.view("yellow"), kinds).prompt == "Waiting for the other players…"
    assert presenter.waiting_state(game.view("grey"), kinds).prompt == "Waiting for D-struct-or…"


def test_a_person_asked_while_a_computer_has_the_turn_is_named_in_the_waiting_line() -> None:
    """Issue 23: over SSH a 31 s wait said "Dozer (computer) is playing..." while a person was
    being asked about a Tagback Grenade. A question asked whatever anyone holds names who decides."""
    import random

    from tests.tui.test_hidden_cards import deal, public_choice

    game = Game.from_scenario({**deal({}, ("yellow", "blue")), "active": "purple"}, 1)
    rng = random.Random(1)
    while game.pending.kind != "tagback":
        assert game.active.colour == "purple", "no Tagback Grenade question in Violet's turn"
        game.choose(public_choice(game.pending.kind, game.pending.keys, rng))
    assert game.pending.player == "blue"
    kinds = {"yellow": "human", "blue": "human", "grey": "normal", "purple": "normal"}
    for viewer in ("yellow", None):
        line = presenter.waiting_state(game.view(viewer), kinds).prompt
        assert line == "Banshee is deciding whether to throw a Tagback Grenade…", line
        status = presenter.status(game, game.view(viewer), viewer, kinds)[0]
        assert status.endswith("Banshee decides"), status
