"""The card data as loaded: every weapon's costs and effects, the powerup deck, the ammo tiles,
and the error a broken file gives."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.cards import load_cards, load_cards_file
from adrenaline_tui.rules.datafiles import weapons_path

R, B, Y = "red", "blue", "yellow"

# name, full cost (first cube = card colour), {effect id: (type, extra cost)} - reference table a.1
WEAPONS = {
    "lock-rifle": ("Lock Rifle", [B, B], {"basic": ("basic", []), "second-lock": ("optional", [R])}),
    "machine-gun": (
        "Machine Gun",
        [B, R],
        {"basic": ("basic", []), "focus-shot": ("optional", [Y]), "turret-tripod": ("optional", [B])},
    ),
    "thor": (
        "T.H.O.R.",
        [B, R],
        {"basic": ("basic", []), "chain-reaction": ("optional", [B]), "high-voltage": ("optional", [B])},
    ),
    "plasma-gun": (
        "Plasma Gun",
        [B, Y],
        {"basic": ("basic", []), "phase-glide": ("optional", []), "charged-shot": ("optional", [B])},
    ),
    "whisper": ("Whisper", [B, B, Y], {"basic": ("basic", [])}),
    "electroscythe": ("Electroscythe", [B], {"basic": ("mode", []), "reaper": ("mode", [B, R])}),
    "tractor-beam": ("Tractor Beam", [B], {"basic": ("mode", []), "punisher": ("mode", [R, Y])}),
    "vortex-cannon": ("Vortex Cannon", [R, B], {"basic": ("basic", []), "black-hole": ("optional", [R])}),
    "furnace": ("Furnace", [R, B], {"basic": ("mode", []), "cozy-fire": ("mode", [])}),
    "heatseeker": ("Heatseeker", [R, R, Y], {"basic": ("basic", [])}),
    "hellion": ("Hellion", [R, Y], {"basic": ("mode", []), "nano-tracer": ("mode", [R])}),
    "flamethrower": ("Flamethrower", [R], {"basic": ("mode", []), "barbecue": ("mode", [Y, Y])}),
    "grenade-launcher": ("Grenade Launcher", [R], {"basic": ("basic", []), "extra-grenade": ("optional", [R])}),
    "rocket-launcher": (
        "Rocket Launcher",
        [R, R],
        {"basic": ("basic", []), "rocket-jump": ("optional", [B]), "fragmenting-warhead": ("optional", [Y])},
    ),
    "railgun": ("Railgun", [Y, Y, B], {"basic": ("mode", []), "piercing": ("mode", [])}),
    "cyberblade": (
        "Cyberblade",
        [Y, R],
        {"basic": ("basic", []), "shadowstep": ("optional", []), "slice-and-dice": ("optional", [Y])},
    ),
    "zx-2": ("ZX-2", [Y, R], {"basic": ("mode", []), "scanner": ("mode", [])}),
    "shotgun": ("Shotgun", [Y, Y], {"basic": ("mode", []), "long-barrel": ("mode", [])}),
    "power-glove": ("Power Glove", [Y, B], {"basic": ("mode", []), "rocket-fist": ("mode", [B])}),
    "shockwave": ("Shockwave", [Y], {"basic": ("mode", []), "tsunami": ("mode", [Y])}),
    "sledgehammer": ("Sledgehammer", [Y], {"basic": ("mode", []), "pulverize": ("mode", [R])}),
}


def test_all_21_weapons_seven_of_each_colour():
    cards = load_cards()
    assert sorted(cards.weapons) == sorted(WEAPONS)
    assert Counter(w.colour for w in cards.weapons.values()) == {R: 7, B: 7, Y: 7}


@pytest.mark.parametrize("weapon_id", sorted(WEAPONS))
def test_weapon_costs_and_effects_as_printed(weapon_id):
    name, cost, effects = WEAPONS[weapon_id]
    w = load_cards().weapons[weapon_id]
    assert w.name == name
    assert list(w.cost) == cost and list(w.reload_cost) == cost
    assert list(w.pickup_cost) == cost[1:]
    assert w.colour == cost[0]
    assert {e.id: (e.type, list(e.cost)) for e in w.effects} == effects
    assert w.description, "every card carries a short description"


def test_powerup_deck_is_24_cards_two_of_each_kind_and_colour():
    deck = load_cards().powerup_deck()
    assert len(deck) == 24
    counts = Counter(deck)
    kinds = ("targeting-scope", "newton", "tagback-grenade", "teleporter")
    assert counts == {f"{k}-{c}": 2 for k in kinds for c in (R, B, Y)}


def test_ammo_tiles_are_the_36_of_the_box():
    cards = load_cards()
    deck = cards.ammo_deck()
    assert len(deck) == 36
    counts = Counter(deck)
    expected = {"YBB": 3, "YRR": 3, "RBB": 3, "RYY": 3, "BYY": 3, "BRR": 3}
    expected |= {"PYY": 2, "PRR": 2, "PBB": 2, "PYR": 4, "PYB": 4, "PRB": 4}
    assert counts == expected
    cubes = Counter(c for code in deck for c in cards.ammo_tiles[code].cubes)
    assert cubes == {R: 30, B: 30, Y: 30}
    for tile in cards.ammo_tiles.values():
        letters = tile.code.removeprefix("P")
        assert tile.powerup == tile.code.startswith("P")
        assert len(tile.cubes) == (2 if tile.powerup else 3)
        assert Counter(tile.cubes) == Counter({"R": R, "B": B, "Y": Y}[ch] for ch in letters)


def _broken(tmp_path: Path, edit) -> Path:
    raw = yaml.safe_load(weapons_path().read_text(encoding="utf-8"))
    edit(raw)
    path = tmp_path / "weapons.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_an_unknown_filter_names_the_file_the_card_and_the_field(tmp_path):
    def edit(raw):
        raw["weapons"]["whisper"]["effects"][0]["steps"][0]["select"]["where"] = ["visble"]

    with pytest.raises(DataError) as err:
        load_cards_file(_broken(tmp_path, edit))
    text = str(err.value)
    assert "weapon 'whisper'" in text and "visble" in text and "weapons.yaml" in text


def test_a_cost_whose_first_cube_is_not_the_card_colour_is_rejected(tmp_path):
    def edit(raw):
        raw["weapons"]["railgun"]["cost"] = [B, Y, Y]

    with pytest.raises(DataError) as err:
        load_cards_file(_broken(tmp_path, edit))
    assert "railgun" in str(err.value) and "colour" in str(err.value)


def test_a_name_no_select_binds_is_rejected(tmp_path):
    def edit(raw):
        raw["weapons"]["lock-rifle"]["effects"][1]["steps"][1]["mark"]["to"] = "nobody"

    with pytest.raises(DataError) as err:
        load_cards_file(_broken(tmp_path, edit))
    assert "nobody" in str(err.value)


def test_stay_ends_needs_a_move_that_may_be_zero(tmp_path):
    def edit(raw):
        raw["weapons"]["power-glove"]["effects"][1]["steps"][3]["move"]["steps"] = 1

    with pytest.raises(DataError) as err:
        load_cards_file(_broken(tmp_path, edit))
    assert "stay_ends" in str(err.value)
