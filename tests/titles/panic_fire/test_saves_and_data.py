"""Saves replay exactly and refuse bad files in one line; the deck is data a player can correct,
checked with errors naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adrenaline_tui.titles.panic_fire import DataError, Game, SaveError
from adrenaline_tui.titles.panic_fire.deck import load_deck
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import play

DECK = Path(__file__).parents[3] / "adrenaline_tui/titles/panic_fire/data/deck.yaml"


def played(seed: int = 4) -> Game:
    g = Game.new({"seats": ["scarlet", "violet", "amber"]}, seed)
    play(g, {s: make_player("normal", i) for i, s in enumerate(g.config.seats)}, seed=seed)
    return g


def test_the_shipped_deck_has_the_boxs_112_cards_and_the_texts_match_numbers() -> None:
    deck = load_deck()
    assert deck.size == 112 and deck.bullets == 6
    by = deck.by_id
    assert (by["nun"].match, by["alien"].match, by["grandma"].match) == (3, 4, 1)
    named = {"nun", "alien", "grandma", "cowboy", "viking", "zombie", "gangster", "gorilla"}
    assert set(by) == named
    # "a higher match number means more copies"
    for a in deck.characters:
        for b in deck.characters:
            if a.match < b.match:
                assert a.copies < b.copies, (a.id, b.id)


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        (("nun", "match", 2), "characters.3.match", "the rules text makes it 3"),
        (("cowboy", "copies", 13), "characters", "the deck has 113 cards; the box has 112"),
        (("alien", "colour", "green"), "characters.6.colour", "Extra inputs"),
        (("zombie", "id", "nun"), "characters.5.id", "'nun' is used twice"),
        (("viking", "match", 5), "characters.4.match", "less than or equal to 4"),
    ],
)
def test_a_corrected_deck_is_checked_and_errors_name_the_file_and_the_field(tmp_path: Path, change, field, says):
    import yaml

    data = yaml.safe_load(DECK.read_text())
    cid, key, value = change
    next(c for c in data["characters"] if c["id"] == cid)[key] = value
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(DataError) as err:
        load_deck(path)
    assert str(err.value).startswith(f"{path}: {field}: ") and says in str(err.value)


def test_a_deck_file_that_is_not_yaml_says_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("characters: [\n")
    with pytest.raises(DataError, match="not valid YAML"):
        load_deck(path)


def test_a_save_is_config_seed_deck_and_log_and_loads_as_it_was(tmp_path: Path) -> None:
    g = played()
    path = tmp_path / "g.json"
    g.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "panic-fire-save" and data["seed"] == 4 and len(data["log"]) == len(g.log)
    assert all(len(e) == 4 for e in data["log"]) and any(e[2] is None for e in data["log"])
    loaded = Game.load(path)
    assert loaded.state() == g.state() and loaded.to_json() == g.to_json() and loaded.log == g.log


def test_a_save_taken_mid_round_replays_to_the_same_moment(tmp_path: Path) -> None:
    g = played()
    cut = len(g.log) // 2
    fresh = Game.new(g.config, g.seed)
    from adrenaline_tui.titles.panic_fire.saves import replay

    replay(fresh, g.log[:cut])
    path = tmp_path / "mid.json"
    fresh.save(path)
    assert Game.load(path).state() == fresh.state()


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d.update(format="bloodrush-save"), "not a Panic Fire save"),
        (lambda d: d.update(version=99), "save version 99"),
        (lambda d: d.update(seed="x"), "64-bit"),
        (lambda d: d["log"].__setitem__(0, [1, 0, "scarlet"]), "log entry 1 is not"),
        (lambda d: d["log"].insert(1, [1, 5, "scarlet", "shoot:scarlet"]), "log entry 2 does not replay"),
        (lambda d: d["log"].insert(0, [3, 0, "scarlet", "fold"]), "is for round 3"),
        (lambda d: d["deck"].update(shields=13), "deck: characters: the deck has 113"),
        (lambda d: d["config"].update(seats=["a"]), "2 to 5 players"),
    ],
)
def test_a_bad_save_is_refused_in_one_line_and_left_alone(tmp_path: Path, edit, says: str) -> None:
    g = played()
    path = tmp_path / "g.json"
    g.save(path)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError, match=says) as err:
        Game.load(path)
    assert "\n" not in str(err.value) and path.read_bytes() == before


def test_a_set_turned_up_at_fire_is_rarely_a_match_already() -> None:
    # The deck's design goal (docs/rulings.md): about 1 set in 10, not a shootout at the flip.
    sets = matches = 0
    for seed in range(400):
        g = Game.new({"seats": ["scarlet", "violet", "amber", "teal"]}, seed)
        g.advance(0)
        sets += len(g.live)
        matches += sum(g.is_match(s) for s in g.live)
    assert 0.05 < matches / sets < 0.16


def test_a_game_is_the_same_in_every_process_whatever_the_hash_seed() -> None:
    # Saves are replayed by other processes: nothing may hang on the order of a set of strings.
    import os
    import subprocess
    import sys

    code = (
        "import json\n"
        "from adrenaline_tui.titles.panic_fire import Game\n"
        "from adrenaline_tui.titles.panic_fire.players import make_player\n"
        "from adrenaline_tui.titles.panic_fire.referee import play\n"
        "g = Game.new({'seats': ['scarlet', 'violet', 'amber', 'teal']}, 9)\n"
        "play(g, {s: make_player(k, i) for i, (s, k) in enumerate(zip(g.config.seats,"
        " ['easy', 'normal', 'hard', 'random']))}, seed=2)\n"
        "print(json.dumps(g.log))\n"
    )
    logs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env={**os.environ, "PYTHONHASHSEED": str(h)},
        ).stdout
        for h in (1, 2, 3)
    }
    assert len(logs) == 1 and len(json.loads(logs.pop())) > 50
