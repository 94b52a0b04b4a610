"""Grabbing ammo and weapons, paying costs, and restocking the board at the end of the turn
(rulebook "Grab Stuff", "Paying an Ammo Cost", "Weapon Limits", "End Of Your Turn" step 3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.rules.helpers import keys, kinds, play, player, scenario

BROKE = {"red": 0, "blue": 0, "yellow": 0}
ONE_EACH = {"red": 1, "blue": 1, "yellow": 1}


def at(square: str, **me: Any) -> list[dict[str, Any]]:
    """Yellow (active) on `square`; blue and grey out of the way on arena_10's yellow spawnpoint."""
    return [
        {"colour": "yellow", "square": square, **me},
        {"colour": "blue", "square": "r2c3"},
        {"colour": "grey", "square": "r2c3"},
    ]


# ---------------------------------------------------------------------------------- ammo
def test_ammo_beyond_three_cubes_of_a_colour_is_wasted() -> None:
    game = scenario(at("r1c1", ammo={"red": 0, "blue": 2, "yellow": 3}), arena="arena_10", ammo_tiles={"r1c1": "YBB"})
    events = play(game, "grab", "r1c1")
    assert player(game, "yellow")["ammo"] == {"red": 0, "blue": 3, "yellow": 3}
    grabbed = next(e for e in events if e.kind == "grabbed_ammo")
    assert grabbed.data["cubes"] == ["blue"] and grabbed.data["tile"] == "YBB"
    state = game.to_json()
    assert state["ammo_tiles"]["r1c1"] is None
    assert state["decks"]["ammo_discard"] == ["YBB"]


def test_a_powerup_tile_draws_a_card_below_three_cards() -> None:
    game = scenario(
        at("r1c1", ammo=BROKE, powerups=["newton-red", "newton-blue"]),
        arena="arena_10",
        ammo_tiles={"r1c1": "PYR"},
        decks={"powerups": ["teleporter-yellow", "newton-yellow"]},
    )
    play(game, "grab", "r1c1")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 1, "blue": 0, "yellow": 1}
    assert me["powerups"] == ["newton-red", "newton-blue", "teleporter-yellow"]


def test_a_powerup_tile_draws_nothing_at_three_cards() -> None:
    hand = ["newton-red", "newton-blue", "teleporter-red"]
    game = scenario(
        at("r1c1", ammo=BROKE, powerups=hand),
        arena="arena_10",
        ammo_tiles={"r1c1": "PYR"},
        decks={"powerups": ["teleporter-yellow"]},
    )
    deck_before = game.to_json()["decks"]["powerups"]
    events = play(game, "grab", "r1c1")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 1, "blue": 0, "yellow": 1}
    assert me["powerups"] == hand
    assert game.to_json()["decks"]["powerups"] == deck_before
    assert next(e for e in events if e.kind == "grabbed_ammo").data["powerup"] is False


def test_a_tile_that_gives_nothing_can_still_be_taken() -> None:
    full = {"red": 3, "blue": 3, "yellow": 3}
    game = scenario(at("r1c1", ammo=full), arena="arena_10", ammo_tiles={"r1c1": "RBB"})
    play(game, "grab", "r1c1")
    assert player(game, "yellow")["ammo"] == full
    assert game.to_json()["ammo_tiles"]["r1c1"] is None


# ------------------------------------------------------------------------------- weapons
RED_RACK = {"red": ["machine-gun", "lock-rifle", "electroscythe"]}


def test_grabbing_a_weapon_pays_its_cost_minus_the_first_cube() -> None:
    # Machine Gun costs blue + red: the blue is already paid, the red is due.
    game = scenario(at("r1c0", ammo=ONE_EACH), arena="arena_10", racks=RED_RACK)
    play(game, "grab")
    assert game.pending.kind == "grab"
    assert set(keys(game)) == {"r1c0", "r0c0", "r1c1"}  # the rack here, the tiles 1 away
    play(game, "r1c0")
    assert game.pending.kind == "weapon"
    assert set(keys(game)) == {"machine-gun", "lock-rifle", "electroscythe"}
    events = play(game, "machine-gun")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 0, "blue": 1, "yellow": 1}
    assert me["weapons"] == [{"id": "machine-gun", "loaded": True}]
    assert game.to_json()["racks"]["red"] == [None, "lock-rifle", "electroscythe"]
    assert [e.data["cube"] for e in events if e.kind == "paid"] == ["red"]


def test_lock_rifle_costs_one_blue_and_a_one_cube_weapon_is_free() -> None:
    # With no tiles in reach the rack is the only place to grab: the square is not asked.
    game = scenario(
        at("r1c0", ammo=ONE_EACH), arena="arena_10", racks=RED_RACK, ammo_tiles={"r0c0": None, "r1c1": None}
    )
    play(game, "grab", "lock-rifle")
    assert player(game, "yellow")["ammo"] == {"red": 1, "blue": 0, "yellow": 1}
    play(game, "grab")
    # Blue is spent: only the Machine Gun (red due) and the free Electroscythe are offered.
    assert set(keys(game)) == {"machine-gun", "electroscythe"}
    play(game, "electroscythe")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 1, "blue": 0, "yellow": 1}
    assert me["weapons"] == [{"id": "lock-rifle", "loaded": True}, {"id": "electroscythe", "loaded": True}]


def test_weapons_that_cannot_be_paid_are_not_offered() -> None:
    game = scenario(
        at("r1c0", ammo={"red": 0, "blue": 1, "yellow": 0}),
        arena="arena_10",
        racks={"red": ["machine-gun", "lock-rifle", "shockwave"]},
        ammo_tiles={"r0c0": None, "r1c1": None},
    )
    play(game, "grab")
    assert game.pending.kind == "weapon"
    assert set(keys(game)) == {"lock-rifle", "shockwave"}


def test_grab_is_not_offered_when_nothing_in_reach_can_be_taken() -> None:
    game = scenario(
        at("r1c0", ammo=BROKE),
        arena="arena_10",
        racks={"red": ["machine-gun", "railgun", "heatseeker"]},
        ammo_tiles={"r0c0": None, "r1c1": None},
    )
    assert "grab" not in keys(game)
    assert "run" in keys(game)


def test_a_powerup_of_the_colour_pays_for_a_cube() -> None:
    game = scenario(
        at("r1c0", ammo={"red": 0, "blue": 0, "yellow": 1}, powerups=["newton-red"]),
        arena="arena_10",
        racks={"red": ["machine-gun", "lock-rifle", "railgun"]},
        ammo_tiles={"r0c0": None, "r1c1": None},
    )
    play(game, "grab")
    # Only the Machine Gun is payable, only with the Newton: nothing to ask.
    assert player(game, "yellow")["weapons"] == [{"id": "machine-gun", "loaded": True}]
    assert player(game, "yellow")["powerups"] == []
    assert game.to_json()["decks"]["powerup_discard"] == ["newton-red"]


def test_a_cube_or_a_powerup_of_the_colour_is_the_players_choice() -> None:
    game = scenario(
        at("r1c0", ammo=ONE_EACH, powerups=["newton-red", "teleporter-blue"]),
        arena="arena_10",
        racks={"red": ["machine-gun", None, None]},
        ammo_tiles={"r0c0": None, "r1c1": None},
    )
    play(game, "grab")
    assert game.pending.kind == "pay"
    assert set(keys(game)) == {"pay:red", "pay:newton-red"}
    play(game, "pay:newton-red")
    me = player(game, "yellow")
    assert me["ammo"] == ONE_EACH
    assert me["powerups"] == ["teleporter-blue"]


def test_a_fourth_weapon_drops_one_into_the_emptied_slot_and_it_can_be_grabbed_back() -> None:
    hand = [{"id": "lock-rifle"}, {"id": "shotgun", "loaded": False}, {"id": "zx-2"}]
    game = scenario(
        at("r1c0", ammo=ONE_EACH, weapons=hand),
        arena="arena_10",
        racks={"red": ["railgun", "electroscythe", "heatseeker"]},
        ammo_tiles={"r0c0": None, "r1c1": None},
    )
    play(game, "grab")
    assert game.pending.kind == "weapon"
    play(game, "electroscythe")
    assert game.pending.kind == "drop"
    assert set(keys(game)) == {"lock-rifle", "shotgun", "zx-2"}
    events = play(game, "shotgun")
    assert "dropped_weapon" in kinds(events)
    me = player(game, "yellow")
    assert me["weapons"] == [
        {"id": "lock-rifle", "loaded": True},
        {"id": "zx-2", "loaded": True},
        {"id": "electroscythe", "loaded": True},
    ]
    assert me["ammo"] == ONE_EACH  # the Electroscythe is free
    assert game.to_json()["racks"]["red"] == ["railgun", "shotgun", "heatseeker"]

    # The unloaded Shotgun is back on the rack: anyone, its owner too, grabs it loaded at the
    # usual pickup cost (yellow + yellow: one yellow due).
    play(game, "grab")
    # Railgun: yellow + blue due; Heatseeker: red + yellow; Shotgun: yellow.
    assert set(keys(game)) == {"railgun", "shotgun", "heatseeker"}
    play(game, "shotgun", "electroscythe")
    me = player(game, "yellow")
    assert me["ammo"] == {"red": 1, "blue": 1, "yellow": 0}
    assert {"id": "shotgun", "loaded": True} in me["weapons"]
    assert game.to_json()["racks"]["red"] == ["railgun", "electroscythe", "heatseeker"]


# ------------------------------------------------------------------------------ restock
def test_taken_tiles_and_weapons_are_replaced_at_the_end_of_the_turn_from_the_top_of_the_decks() -> None:
    game = scenario(
        at("r1c1", ammo=BROKE),
        arena="arena_10",
        ammo_tiles={"r1c1": "YRR"},
        racks={"red": ["electroscythe", "lock-rifle", "machine-gun"]},
        decks={"ammo": ["PBB", "RYY"], "weapons": ["railgun", "thor"]},
    )
    play(game, "grab", "r1c1")
    play(game, "grab", "r1c0", "electroscythe")
    state = game.to_json()
    assert state["ammo_tiles"]["r1c1"] == "PBB"
    assert state["racks"]["red"] == ["railgun", "lock-rifle", "machine-gun"]
    assert state["decks"]["ammo"][-1] == "RYY"
    assert state["decks"]["weapons"][-1] == "thor"


def test_an_empty_ammo_stack_is_rebuilt_from_the_shuffled_discards() -> None:
    game = scenario(
        at("r1c1", ammo=BROKE),
        arena="arena_10",
        ammo_tiles={"r1c1": "YRR"},
        decks={"ammo": [], "ammo_discard": "rest"},
    )
    state = game.to_json()
    assert state["decks"]["ammo"] == []
    on_board = [t for t in state["ammo_tiles"].values() if t]
    assert Counter(on_board + state["decks"]["ammo_discard"]) == Counter(game.cards.ammo_deck())

    play(game, "grab", "r1c1")
    assert game.to_json()["decks"]["ammo_discard"][-1] == "YRR"
    play(game, "end")
    state = game.to_json()
    assert state["ammo_tiles"]["r1c1"] is not None
    assert state["decks"]["ammo_discard"] == []
    # The discards, the tile just grabbed included, became the new stack: 7 tiles on the board.
    on_board = [t for t in state["ammo_tiles"].values() if t]
    assert len(on_board) == 7
    assert Counter(on_board + state["decks"]["ammo"]) == Counter(game.cards.ammo_deck())


def test_no_new_weapons_once_the_weapon_deck_is_empty() -> None:
    hands = {
        "blue": ["lock-rifle", "machine-gun", "thor"],
        "grey": ["plasma-gun", "whisper", "tractor-beam"],
        "purple": ["vortex-cannon", "furnace", "heatseeker"],
        "green": ["hellion", "flamethrower", "grenade-launcher"],
    }
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c0", "ammo": ONE_EACH, "weapons": ["rocket-launcher", "railgun"]},
            *({"colour": c, "square": "r2c3", "weapons": w} for c, w in hands.items()),
        ],
        arena="arena_12",
        racks={"red": ["cyberblade", "zx-2", "shotgun"], "blue": ["power-glove", "shockwave", "sledgehammer"]},
        ammo_tiles={"r0c0": None, "r2c0": None},
    )
    state = game.to_json()
    assert state["decks"]["weapons"] == []
    assert state["racks"]["yellow"] == ["electroscythe", None, None]
    play(game, "grab", "shotgun")
    assert player(game, "yellow")["weapons"][-1] == {"id": "shotgun", "loaded": True}
    play(game, "end")
    assert game.to_json()["racks"]["red"] == ["cyberblade", "zx-2", None]
    assert game.pending.player == "blue"
