"""The compiled-data cache: a game starts without re-checking unchanged YAML, and a changed,
missing, broken or hostile cache never changes what is loaded and never runs anything."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.arena import compiled_arena
from adrenaline_tui.rules.cards import CardSet, card_set_from_plain, load_cards_file
from adrenaline_tui.rules.compiled import MAX_ENTRY_BYTES, load_compiled
from adrenaline_tui.rules.datafiles import arenas_dir, weapons_path
from adrenaline_tui.rules.effects import fire_tables
from adrenaline_tui.rules.plaindata import encode


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


def load(card_file: Path, build: Callable[[Path], CardSet] = load_cards_file) -> CardSet:
    return load_compiled("cards", card_file, build, encode, lambda data: card_set_from_plain(data, str(card_file)))


def counting(builds: list[Path]):
    def build(path: Path):
        builds.append(path)
        return load_cards_file(path)

    return build


def test_the_second_load_comes_from_the_cache_and_equals_the_first(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    first = load(card_file, counting(builds))
    second = load(card_file, counting(builds))
    assert builds == [card_file]
    assert second == first
    assert len(list(cache.glob("cards-weapons-*.json"))) == 1


def test_a_changed_file_is_compiled_again_and_replaces_the_old_entry(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    load(card_file, counting(builds))
    card_file.write_text(card_file.read_text().replace("name: Lock Rifle", "name: Lock Rifle Mk II"))
    cards = load(card_file, counting(builds))
    assert len(builds) == 2
    assert cards.weapons["lock-rifle"].name == "Lock Rifle Mk II"
    assert len(list(cache.glob("cards-weapons-*.json"))) == 1


def test_a_corrupt_entry_is_ignored_and_rewritten(cache: Path, card_file: Path) -> None:
    builds: list[Path] = []
    load(card_file, counting(builds))
    (entry,) = cache.glob("cards-weapons-*.json")
    entry.write_bytes(b"not JSON")
    cards = load(card_file, counting(builds))
    assert len(builds) == 2 and "lock-rifle" in cards.weapons
    assert card_set_from_plain(json.loads(entry.read_bytes()), str(card_file)) == cards


def test_a_broken_file_is_reported_not_cached(cache: Path, card_file: Path) -> None:
    card_file.write_text("weapons: [")
    with pytest.raises(DataError, match="not valid YAML"):
        load(card_file)
    assert not cache.exists() or not list(cache.glob("*.json"))


def test_the_cache_can_be_switched_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, card_file: Path) -> None:
    monkeypatch.setenv("ADRENALINE_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    builds: list[Path] = []
    load(card_file, counting(builds))
    load(card_file, counting(builds))
    assert len(builds) == 2
    assert not (tmp_path / "xdg").exists()


def test_an_unwritable_cache_folder_still_loads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, card_file: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("ADRENALINE_CACHE", str(blocker / "cache"))  # a folder inside a file
    cards = load(card_file)
    assert "lock-rifle" in cards.weapons


# ------------------------------------------------------------------ a hostile cache folder
# The cache folder of a shared game account may be writable by a guest, who can read in the
# public source which names the entries will have. Whatever is planted there is never run and
# never stops a load: the loaded data is exactly what compiling gives.


class RunsCode:
    """Unpickling this makes a folder: proof that a planted pickle ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


def retype_first_leaf(data):
    """The entry with its first value of the wrong type (a string for a number and the reverse)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "class":
                data[key] = retype_first_leaf(value)
                return data
    if isinstance(data, list) and data:
        data[0] = retype_first_leaf(data[0])
        return data
    return "1" if isinstance(data, int) else 1


def plant(how: str, entry: Path, marker: Path) -> None:
    real = entry.read_bytes()
    if how in ("folder", "fifo", "symlink to /dev/zero"):
        entry.unlink()
    if how == "pickle that runs code":
        payload = pickle.dumps(RunsCode(marker))
        entry.write_bytes(payload)
        entry.with_suffix(".pickle").write_bytes(payload)  # and under the name older versions read
    elif how == "not JSON":
        entry.write_bytes(b"\x80\x04\x95 not JSON")
    elif how == "not UTF-8":
        entry.write_bytes(b'{"class": "\xff\xfe"}')
    elif how == "null":
        entry.write_bytes(b"null")
    elif how == "a class that is not data":
        entry.write_text(json.dumps({"class": "system", "command": f"mkdir {marker}"}))
    elif how == "a value of the wrong type":
        entry.write_text(json.dumps(retype_first_leaf(json.loads(real))))
    elif how == "a missing field":
        entry.write_text(json.dumps({k: v for k, v in json.loads(real).items() if k != sorted(json.loads(real))[0]}))
    elif how == "deep nesting":
        entry.write_bytes(b"[" * 200_000)
    elif how == "a number of 100000 digits":
        entry.write_bytes(b"1" * 100_000)
    elif how == "huge":
        entry.write_bytes(real + b" " * (MAX_ENTRY_BYTES + 1))
    elif how == "folder":
        entry.mkdir()
    elif how == "fifo":
        os.mkfifo(entry)
    elif how == "symlink to /dev/zero":
        entry.symlink_to("/dev/zero")
    else:
        raise AssertionError(how)


HOSTILE = [
    "pickle that runs code",
    "not JSON",
    "not UTF-8",
    "null",
    "a class that is not data",
    "a value of the wrong type",
    "a missing field",
    "deep nesting",
    "a number of 100000 digits",
    "huge",
    "folder",
    "fifo",
    "symlink to /dev/zero",
]


@pytest.fixture
def loaders(tmp_path: Path, card_file: Path) -> dict[str, Callable[[], object]]:
    """For each kind of entry, a load through the cache giving a value that compares by content."""
    arena_file = tmp_path / "arena_12.yaml"
    shutil.copy(arenas_dir() / "arena_12.yaml", arena_file)

    def arena():
        a = compiled_arena(arena_file)
        return (a.layout, a.source, a.distance, a.visible)

    return {
        "cards": lambda: load(card_file),
        "arena": arena,
        "fire": lambda: fire_tables(load(card_file), compiled_arena(arena_file)),
    }


@pytest.mark.parametrize("kind", ["cards", "arena", "fire"])
@pytest.mark.parametrize("how", HOSTILE)
def test_a_planted_entry_is_never_run_and_never_fails_a_load(
    cache: Path, tmp_path: Path, loaders: dict[str, Callable[[], object]], kind: str, how: str
) -> None:
    expected = loaders[kind]()
    marker = tmp_path / "code-ran"
    entries = list(cache.glob(f"{kind}-*"))
    assert entries
    for entry in entries:
        plant(how, entry, marker)
    loaded: list[object] = []
    reader = threading.Thread(target=lambda: loaded.append(loaders[kind]()), daemon=True)
    reader.start()
    reader.join(timeout=120)  # a planted FIFO must not block the load
    assert loaded == [expected]
    assert not marker.exists()
