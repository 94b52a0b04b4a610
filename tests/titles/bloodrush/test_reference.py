"""The rules reference: every rule of the text has a page, the designed numbers come from the data
files (so the pages never disagree with them), and the search finds the page a player means."""

import shutil
from pathlib import Path

import pytest
import yaml

from adrenaline_tui.titles.bloodrush import reference
from adrenaline_tui.titles.bloodrush.components import DATA, load_components
from adrenaline_tui.titles.bloodrush.errors import DataError


def test_the_reference_has_chapters_and_every_link_leads_somewhere():
    chapters = reference.chapters()
    assert list(chapters)[:3] == ["Basics", "Actions", "Blood"]
    assert [s.id for s in chapters["The components"]] == ["board", "time-track", "human-tiles", "deck"]
    ids = {s.id for s in reference.sections()}
    assert all(target in ids for s in reference.sections() for target in s.see)
    assert all(s.text and "{" not in s.text for s in reference.sections())


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("mario pipe", "wraparound"),
        ("burst", "ruling-burst"),
        ("coyote snack", "black-cards"),
        ("bug commander", "red-cards"),
        ("hidden hazard", "hidden-hazard"),
        ("stopping rule", "stopping-rule"),
        ("mozzie player", "variant"),
        ("colour bonus", "human-tiles"),
        ("mosquito", "mozzie"),
        ("drained", "mozzie-encounters"),
        ("shelter", "shelters"),
        ("midnight bonus", "midnight"),
        ("board map", "board"),
    ],
)
def test_search_finds_the_page(query, first):
    assert reference.search(query)[0].id == first


def test_search_without_a_match_finds_nothing():
    assert reference.search("railgun") == []
    assert reference.search("the of") == []


def test_every_part_of_the_rules_text_has_a_page():
    """Each heading and named rule of bloodrush-rules.txt is written somewhere in the reference."""
    text = " ".join(" ".join(s.text for s in reference.sections()).lower().split())
    for phrase in (
        "player 1", "player 2", "face up", "immediately next to it", "5 blood", "dusk", "straight, left or right",
        "u-turn", "midnight", "dawn", "coyote snack", "donkey ride", "time energy", "bug commander",
        "giant umbrella", "mask of immunity", "carriage ride", "at most 10", "burst", "walls", "opposite edge",
        "stops", "rolls 2", "hidden", "flies over the graveyard", "drained", "damage", "clocks", "steps",
        "mine", "eliminated", "survival", "colour bonuses", "most blood", "mozzie player",
    ):  # fmt: skip
        assert phrase in text, phrase


def test_the_pages_show_the_shipped_data():
    board = reference.section("board").text
    assert "  4  . . . G . C ." in board
    assert "D Damage (2 blood)   C Clocks (1 hour)   S Steps (2 free steps)" in board
    assert "No human may be placed on d3, e4, d5 and c4 (next to the graveyard)." in board
    assert " 4. midnight              moon: +2 blood" in reference.section("time-track").text
    assert " 15  Coyote Snack      black" in reference.section("deck").text
    assert "a die of 1-6" in reference.section("ruling-components").text


def _changed_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    board = yaml.safe_load((folder / "board.yaml").read_text())
    board["legend"]["D"]["blood"] = 3
    board["legend"]["S"]["steps"] = 4
    (folder / "board.yaml").write_text(yaml.safe_dump(board))
    deck = yaml.safe_load((folder / "deck.yaml").read_text())
    deck["cards"]["giant_umbrella"]["count"] = 3
    deck["die"] = [1, 2, 3, 4, 5, 6, 7, 8]
    (folder / "deck.yaml").write_text(yaml.safe_dump(deck))
    time = yaml.safe_load((folder / "time.yaml").read_text())
    time["spaces"][3] = {"label": "witching hour", "symbol": "moon", "blood": 3}
    (folder / "time.yaml").write_text(yaml.safe_dump(time))
    return folder


def test_the_pages_follow_the_data_when_a_player_corrects_it(tmp_path):
    sections = reference.load_sections(components=load_components(_changed_data(tmp_path)))
    pages = {s.id: " ".join(s.text.split()) if s.page is None else s.text for s in sections}
    assert "D Damage (3 blood)" in pages["board"] and "S Steps (4 free steps)" in pages["board"]
    assert "pays 3 blood" in pages["mozzie-tiles"] and "4 free steps" in pages["mozzie-tiles"]
    assert "a Damage tile takes its 3 blood first" in pages["hidden-hazard"]
    assert "witching hour +3" in pages["midnight"] and "witching hour" in pages["time-track"]
    assert "Giant Umbrella (3)" in pages["red-cards"] and "  3  Giant Umbrella" in pages["deck"]
    assert "39 cards" in pages["components"] and "a die of 1-8" in pages["ruling-components"]
    assert "2 blood" not in pages["board"]


def test_a_name_the_data_does_not_give_is_refused_naming_the_section(tmp_path):
    path = tmp_path / "reference.yaml"
    path.write_text(
        "sections:\n  - {id: a, title: A, chapter: B, text: 'costs {mozzie_blood} blood'}\n", encoding="utf-8"
    )
    with pytest.raises(DataError, match=r"section 'a': text: \{mozzie_blood\} is not a fact of the data"):
        reference.load_sections(path)


def test_a_broken_link_or_shape_is_refused(tmp_path):
    path = tmp_path / "reference.yaml"
    path.write_text("sections:\n  - {id: a, title: A, chapter: B, text: t, see: [nowhere]}\n", encoding="utf-8")
    with pytest.raises(DataError, match="no section 'nowhere'"):
        reference.load_sections(path)
    path.write_text("sections:\n  - {id: a, title: A, text: t}\n", encoding="utf-8")
    with pytest.raises(DataError, match="section 'a'"):
        reference.load_sections(path)
