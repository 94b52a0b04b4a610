"""The card catalogue and the sentences generated from the effect steps, plus the labels a player
sees on the options of a shot."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from adrenaline_tui.rules.cards import load_cards
from adrenaline_tui.rules.describe import card_catalogue, format_catalogue
from adrenaline_tui.rules.effect_text import effect_description, timing_text
from tests.rules.shots import fire, shot_game


def text(weapon_id: str, effect_id: str) -> str:
    w = load_cards().weapons[weapon_id]
    return effect_description(w, w.effect(effect_id))


@pytest.mark.parametrize(
    ("weapon", "effect", "expected"),
    [
        ("lock-rifle", "basic", "Deal 2 damage and 1 mark to 1 target you can see."),
        ("lock-rifle", "second-lock", "Give 1 mark to another target you can see."),
        (
            "vortex-cannon",
            "basic",
            "Choose a square you can see other than yours;"
            " pull 1 target on it or 1 move away onto it and deal 2 damage.",
        ),
        (
            "vortex-cannon",
            "black-hole",
            "Pull 1 or 2 other targets on the vortex or 1 move away onto it and deal 1 damage to each.",
        ),
        ("machine-gun", "basic", "Deal 1 damage to each of 1 or 2 targets you can see."),
        ("machine-gun", "focus-shot", "Deal 1 more damage to one of the basic targets not hit with turret tripod."),
        ("thor", "chain-reaction", "Deal 1 damage to another target that the first target can see."),
        ("thor", "high-voltage", "Deal 2 damage to another target that the second target can see."),
        ("plasma-gun", "phase-glide", "Move 1 or 2 squares."),
        ("plasma-gun", "charged-shot", "Deal 1 more damage to the basic target."),
        ("whisper", "basic", "Deal 3 damage and 1 mark to 1 target you can see at least 2 moves away."),
        ("electroscythe", "reaper", "Deal 2 damage to everyone else on your square."),
        (
            "tractor-beam",
            "basic",
            "Move 1 target anywhere on the board 0, 1 or 2 squares onto a square you can see and deal 1 damage.",
        ),
        ("tractor-beam", "punisher", "Move 1 target at most 2 moves away onto your square and deal 3 damage."),
        ("furnace", "basic", "Choose a room you can see other than yours; deal 1 damage to everyone in it."),
        ("furnace", "cozy-fire", "Choose a square exactly 1 move away; deal 1 damage and 1 mark to everyone on it."),
        ("heatseeker", "basic", "Deal 3 damage to 1 target you cannot see."),
        (
            "hellion",
            "nano-tracer",
            "Deal 1 damage to 1 target you can see that is not on your square"
            " and give 2 marks to it and everyone else on its square.",
        ),
        (
            "flamethrower",
            "barbecue",
            "Choose a direction: the next 2 squares in a straight line, not through walls;"
            " deal 2 damage to everyone on the first square and 1 damage to everyone on the second square.",
        ),
        ("grenade-launcher", "basic", "Deal 1 damage to 1 target you can see, then you may move it 1 square."),
        ("rocket-launcher", "fragmenting-warhead", "Deal 1 damage to everyone on the basic target's square."),
        (
            "railgun",
            "piercing",
            "Choose a direction: your square and every square in a straight line, through walls;"
            " deal 2 damage to each of 1 or 2 targets on that line.",
        ),
        ("cyberblade", "slice-and-dice", "Deal 2 damage to another target on your square."),
        ("zx-2", "scanner", "Give 1 mark to each of up to 3 targets you can see."),
        ("shotgun", "long-barrel", "Deal 2 damage to 1 target exactly 1 move away."),
        (
            "power-glove",
            "basic",
            "Move onto the square of 1 target exactly 1 move away and deal 1 damage and 2 marks.",
        ),
        (
            "shockwave",
            "basic",
            "Deal 1 damage to each of up to 3 targets exactly 1 move away, each on a different square.",
        ),
        ("shockwave", "tsunami", "Deal 1 damage to everyone exactly 1 move away."),
        (
            "sledgehammer",
            "pulverize",
            "Deal 3 damage to 1 target on your square, then move it 0, 1 or 2 squares in a straight line.",
        ),
    ],
)
def test_generated_effect_sentences(weapon, effect, expected):
    assert text(weapon, effect) == expected


def test_rocket_fist_sentence_says_the_second_square_is_optional_and_in_the_same_direction():
    sentence = text("power-glove", "rocket-fist")
    assert sentence.startswith("Move 1 square in a straight line and you may deal 2 damage to 1 target there")
    assert "then you may move 1 more square in the same direction" in sentence


@pytest.mark.parametrize(
    ("weapon", "effect", "expected"),
    [
        ("lock-rifle", "basic", ""),
        ("lock-rifle", "second-lock", "After the basic effect."),
        ("thor", "high-voltage", "After chain reaction."),
        ("plasma-gun", "phase-glide", "Before, between or after the other effects, in one go."),
        ("rocket-launcher", "rocket-jump", "Before or after the basic effect, in one go."),
        ("rocket-launcher", "fragmenting-warhead", "Only during the basic effect, between its damage and its move."),
        (
            "grenade-launcher",
            "extra-grenade",
            "Before or after the basic effect, or in the middle of it (between its damage and its move).",
        ),
    ],
)
def test_timing_sentences(weapon, effect, expected):
    w = load_cards().weapons[weapon]
    assert timing_text(w, w.effect(effect)) == expected


def test_every_effect_has_a_generated_sentence_not_a_hand_written_one():
    for w in load_cards().weapons.values():
        for e in w.effects:
            assert not e.text, f"{w.id}/{e.id} overrides the generated text"
            sentence = effect_description(w, e)
            assert sentence[0].isupper() and sentence.endswith(".") and "  " not in sentence


def test_catalogue_lists_every_card_with_costs_and_effects():
    catalogue = card_catalogue()
    weapons = [e for e in catalogue if e["card"] == "weapon"]
    powerups = [e for e in catalogue if e["card"] == "powerup"]
    tiles = [e for e in catalogue if e["card"] == "ammo_tile"]
    assert len(weapons) == 21 and sum(p["count"] for p in powerups) == 24 and sum(t["copies"] for t in tiles) == 36
    whisper = next(e for e in weapons if e["id"] == "whisper")
    assert whisper["cost"] == ["blue", "blue", "yellow"] and whisper["pickup_cost"] == ["blue", "yellow"]
    assert whisper["structure"] == "single"
    rocket = next(e for e in weapons if e["id"] == "rocket-launcher")
    assert [(e["id"], e["type"], e["cost"]) for e in rocket["effects"]] == [
        ("basic", "basic", []),
        ("rocket-jump", "optional", ["blue"]),
        ("fragmenting-warhead", "optional", ["yellow"]),
    ]
    assert rocket["notes"] and rocket["description"]
    assert json.loads(json.dumps(catalogue)) == catalogue  # plain data


def test_formatted_catalogue_reads_like_the_cards():
    out = format_catalogue(card_catalogue())
    assert "Lock Rifle  (blue weapon; reload blue blue, pick up blue)" in out
    assert "  - With second lock [+red]: Give 1 mark to another target you can see." in out
    assert "Electroscythe  (blue weapon; reload blue, pick up free)" in out
    assert "Tagback Grenade  (powerup; 6 cards: 2 red, 2 blue, 2 yellow)" in out
    assert "Ammo tiles (36)" in out and "PYR  yellow red + draw a powerup  x4" in out


def test_cli_cards_json():
    result = subprocess.run(
        [sys.executable, "-m", "adrenaline_tui", "cards", "--json"], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == card_catalogue()


# ------------------------------------------------------------------ option labels
def labels(game) -> dict[str, str]:
    return {o.key: o.label for o in game.pending.options}


def test_effect_options_show_cost_and_card_text():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c1"}, ammo=(1, 0, 0))
    fire(game, "blue")
    assert labels(game) == {
        "second-lock": "With second lock (red): give 1 mark to another target you can see.",
        "done": "Finish the shot",
    }


def test_target_options_show_square_damage_and_marks():
    game = shot_game("lock-rifle", "r1c2", {"blue": "r2c3", "grey": "r0c1"}, ammo=(0, 0, 0))
    fire(game)
    assert labels(game) == {
        "blue": "Banshee on r2c3: 2 damage and 1 mark",
        "grey": "Dozer on r0c1: 2 damage and 1 mark",
    }
    assert game.pending.option("blue").target == "blue" and game.pending.option("blue").square == "r2c3"


def test_area_options_show_exactly_who_takes_what():
    others = {"blue": "r2c2", "purple": "r2c2", "grey": "r2c3", "green": "r1c1"}
    game = shot_game("flamethrower", "r2c1", others, ammo=(0, 0, 2))
    fire(game, "barbecue")
    assert labels(game) == {
        "north": "North: r1c1, r0c1 - Sprog: 2 damage",
        "east": "East: r2c2, r2c3 - Banshee, Violet: 2 damage each; Dozer: 1 damage",
    }


def test_room_and_square_options_show_the_victims():
    game = shot_game("furnace", "r1c2", {"blue": "r0c1", "purple": "r0c2", "grey": "r1c3"}, ammo=(0, 0, 0))
    fire(game)
    assert labels(game)["basic"].startswith("Basic mode: choose a room you can see other than yours")
    game.choose("cozy-fire")
    assert labels(game) == {"r0c2": "r0c2 - Violet: 1 damage and 1 mark", "r1c3": "r1c3 - Dozer: 1 damage and 1 mark"}


def test_move_options_name_who_moves_where():
    game = shot_game("grenade-launcher", "r1c2", {"blue": "r1c3", "grey": "r1c0"}, ammo=(0, 0, 0))
    fire(game)
    assert labels(game) == {
        "r0c3": "Move Banshee to r0c3",
        "r1c2": "Move Banshee to r1c2",
        "r1c3": "Leave Banshee on r1c3",
        "r2c3": "Move Banshee to r2c3",
    }
