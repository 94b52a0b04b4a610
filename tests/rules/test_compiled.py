"""The compiled-data cache: a game starts without re-checking unchanged YAML, and a changed,
missing or broken cache never changes what is loaded."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.cards import load_cards_file
from adrenaline_tui.rules.compiled import load_compiled
from adrenaline_tui.rules.datafiles import weapons_path


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADRENALINE_CACHE", str(folder))
    return folder


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "weapons.yaml"
    shutil.copy(weapons_path(), path)
    return path


def counting(builds: list[Path]):
    def build(path: Path):
        builds.append(path)
        return load_cards_file(path)

    return build


def test_the_second_load_comes_from_the_cache_and_equals_the_first(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    first = load_compiled("cards", card_file, counting(builds))
    second = load_compiled("cards", card_file, counting(builds))
    assert builds == [card_file]
    assert second == first
    assert len(list(cache.glob("cards-weapons-*.pickle"))) == 1


def test_a_changed_file_is_compiled_again_and_replaces_the_old_entry(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    load_compiled("cards", card_file, counting(builds))
    card_file.write_text(card_file.read_text().replace("name: Lock Rifle", "name: Lock Rifle Mk II"))
    cards = load_compiled("cards", card_file, counting(builds))
    assert len(builds) == 2
    assert cards.weapons["lock-rifle"].name == "Lock Rifle Mk II"
    assert len(list(cache.glob("cards-weapons-*.pickle"))) == 1


def test_a_corrupt_entry_is_ignored_and_rewritten(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    load_compiled("cards", card_file, counting(builds))
    (entry,) = cache.glob("cards-weapons-*.pickle")
    entry.write_bytes(b"not a pickle")
    cards = load_compiled("cards", card_file, counting(builds))
    assert len(builds) == 2 and "lock-rifle" in cards.weapons
    assert pickle.loads(entry.read_bytes()) == cards


def test_a_broken_file_is_reported_not_cached(cache: Path, card_file: Path) -> None:
    card_file.write_text("weapons: [")
    with pytest.raises(DataError, match="not valid YAML"):
        load_compiled("cards", card_file, load_cards_file)
    assert not cache.exists() or not list(cache.glob("*.pickle"))


def test_the_cache_can_be_switched_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, card_file: Path) -> None:
    monkeypatch.setenv("ADRENALINE_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    builds: list[Path] = []
    load_compiled("cards", card_file, counting(builds))
    load_compiled("cards", card_file, counting(builds))
    assert len(builds) == 2
    assert not (tmp_path / "xdg").exists()


def test_an_unwritable_cache_folder_still_loads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, card_file: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("ADRENALINE_CACHE", str(blocker / "cache"))  # a folder inside a file
    cards = load_compiled("cards", card_file, load_cards_file)
    assert "lock-rifle" in cards.weapons
