"""The rules reference: sections that search finds, and a page (with a drawing where it helps)
for every weapon and powerup, generated from weapons.yaml."""

from __future__ import annotations

import pytest
import yaml

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.arena import load_arena
from adrenaline_tui.rules.cards import load_cards
from adrenaline_tui.rules.effect_text import effect_description
from adrenaline_tui.walkthrough.arena_art import draw
from adrenaline_tui.walkthrough.card_pages import card_pages, powerup_page, weapon_page
from adrenaline_tui.walkthrough.reference import chapters, load_sections, search, section

CARDS = load_cards()
ARENA = load_arena("arena_12")


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("line of sight", "sight"),
        ("what can I see", "sight"),
        ("marks", "marks"),
        ("overkill revenge", "overkill"),
        ("tie", "tie-breaks"),
        ("first blood", "scoring-a-board"),
        ("double kill", "double-kill"),
        ("frenzy", "final-frenzy"),
        ("reloading", "reload"),
        ("railgun", "weapon:railgun"),
        ("Tagback", "powerup:tagback-grenade"),
        ("how do I win", "object"),
        ("domination", "domination"),
        ("spawnpoint track", "domination"),
        ("commandeer a turret", "turret-mode"),
        ("bot action", "the-bot"),
        # a word's beginning, and a near miss
        ("overk", "overkill"),
        ("ovrekill", "overkill"),
        ("railg", "weapon:railgun"),
        ("tagbak", "powerup:tagback-grenade"),
    ],
)
def test_search_finds_the_section(query, first):
    found = search(query)
    assert found and found[0].id == first, [s.id for s in found]


def test_search_without_a_match_finds_nothing():
    assert search("xyzzy") == [] and search("   ") == [] and search("the") == []


def test_sections_come_in_chapters_and_link_to_each_other():
    groups = chapters()
    assert list(groups)[:3] == ["Basics", "The arena", "Actions"]
    assert list(groups)[-2:] == ["Rulings", "Weapons"]
    assert len(groups["Weapons"]) == 21
    assert [s.id for s in groups["Powerups"]] == [
        "powerups",
        "powerup:targeting-scope",
        "powerup:newton",
        "powerup:tagback-grenade",
        "powerup:teleporter",
    ]
    for s in load_sections():
        for target in s.see:
            assert section(target).title


@pytest.mark.parametrize("weapon_id", list(CARDS.weapons))
def test_every_weapon_page_renders_from_the_card_data(weapon_id):
    weapon = CARDS.weapons[weapon_id]
    page = weapon_page(weapon_id)
    text = page.text
    assert text.startswith(f"{weapon.name} - {weapon.colour} weapon")
    assert f"Reload: {' + '.join(weapon.cost)}" in text
    assert f"Pick up: {' + '.join(weapon.pickup_cost) or 'free'}" in text
    assert weapon.description in text
    for effect in weapon.effects:
        assert effect.name in text
        assert effect_description(weapon, effect) in text
        if effect.cost:
            assert f"{effect.name} (+ {' + '.join(effect.cost)})" in text
    for note in weapon.notes:
        assert note in text
    assert section(f"weapon:{weapon_id}").page == page


def test_the_weapons_that_get_a_drawing():
    drawn = {p.card for p in card_pages() if p.diagram is not None}
    assert drawn == {
        "railgun",
        "flamethrower",
        "power-glove",
        "sledgehammer",
        "furnace",
        "heatseeker",
        "whisper",
        "newton",
    }


def test_railgun_drawing_goes_through_walls():
    d = weapon_page("railgun").diagram
    assert d.squares - ARENA.visible[d.origin], "a railgun drawing shows squares behind walls"
    expected = {q for dirn in ("north", "east", "south", "west") for q in ARENA.beam[(d.origin, dirn)]}
    assert d.squares == expected


def test_flamethrower_drawing_stops_at_walls_after_two_squares():
    d = weapon_page("flamethrower").diagram
    assert d.squares == {q for dirn in ("north", "east", "south", "west") for q in ARENA.walk[(d.origin, dirn)][:2]}
    assert all(ARENA.distance[d.origin][q] <= 2 for q in d.squares)


def test_furnace_drawing_shows_only_rooms_behind_doors_on_the_square():
    d = weapon_page("furnace").diagram
    own = ARENA.room_of[d.origin]
    rooms = {ARENA.room_of[q] for q in d.squares}
    assert own not in rooms and rooms == set(ARENA.visible_rooms[d.origin]) - {own}


def test_heatseeker_and_whisper_drawings():
    heat = weapon_page("heatseeker").diagram
    assert heat.squares == set(ARENA.squares) - ARENA.visible[heat.origin]
    whisper = weapon_page("whisper").diagram
    assert whisper.squares == {q for q in ARENA.visible[whisper.origin] if ARENA.distance[whisper.origin][q] >= 2}


def test_powerup_pages():
    for kind in CARDS.powerup_kinds.values():
        page = powerup_page(kind.kind)
        assert page.title == kind.name and kind.text in page.text and kind.timing in page.text
        assert "pay for one cube of its colour" in page.text
    newton = powerup_page("newton").diagram
    assert newton.squares == {
        q for dirn in ("north", "east", "south", "west") for q in ARENA.walk[(newton.origin, dirn)][:2]
    }


def test_the_drawing_shows_walls_doors_and_missing_squares():
    lines = draw(load_arena("arena_10"), {"r1c2": "@"})
    # arena_10 has no r2c0: its cell is blank, and its corner carries no wall
    assert lines[7].startswith("         |") and lines[8].startswith("         |")
    # r0c2-r1c2 is a door: a gap in the horizontal wall under r0c2; r0c1 above r1c1 is a wall
    assert lines[3][18:27] == "+--    --"
    assert lines[3][9:18] == "+--------"
    # no line inside the red room (r1c0-r1c2); the door r1c2-r1c3 is a wall on top, a gap below
    assert lines[4] == "| r1c0 R   r1c1 R   r1c2 R | r1c3 Y |"
    assert lines[5] == "|   .        .        @        .    |"


def test_a_broken_reference_file_names_the_section_and_field(tmp_path):
    path = tmp_path / "reference.yaml"
    path.write_text(yaml.safe_dump({"sections": [{"id": "ok", "title": "T", "chapter": "C", "text": "x", "sea": []}]}))
    with pytest.raises(DataError) as exc:
        load_sections(path)
    assert str(exc.value).startswith(f"{path}: section 'ok': sea: ")
    path.write_text(
        yaml.safe_dump({"sections": [{"id": "ok", "title": "T", "chapter": "C", "text": "x", "see": ["nope"]}]})
    )
    with pytest.raises(DataError) as exc:
        load_sections(path)
    assert exc.value.field == "see" and "no section 'nope'" in exc.value.problem
