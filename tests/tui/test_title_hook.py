"""A title plugs into the shell through its registry line alone (docs/titles.md, "The title
hook"): its setup, its table and its saves are reached through its `UI`, never by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adrenaline_tui.titles import registry
from adrenaline_tui.tui import shell, storage

from .helpers import make_app, settle

FAKE = registry.Title(
    "fake",
    "Fake",
    "a test's title",
    "fake-save",
    "adrenaline_tui.titles.adrenaline",
    ui_module="tests.tui.fake_title_ui",
)


@pytest.fixture
def fake_title(monkeypatch: pytest.MonkeyPatch) -> registry.Title:
    monkeypatch.setattr(registry, "TITLES", (*registry.TITLES, FAKE))
    return FAKE


def _save(folder: Path, name: str, **extra: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps({"format": "fake-save", **extra}))
    return path


def _shown(app) -> str:
    return getattr(app.screen, "what", "")


async def test_setup_and_a_new_table_come_from_the_titles_ui(fake_title) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.post_message(shell.OpenSetup("fake"))
        await settle(pilot)
        assert _shown(app) == "fake setup"
        app.screen.post_message(shell.StartTitleGame("fake", 3, {}, {}))
        await settle(pilot)
        assert _shown(app) == "fake table of 3"


async def test_a_save_opens_at_its_titles_table_and_a_bad_one_is_a_notice(fake_title) -> None:
    good = _save(storage.saves_dir(), "a.json")
    bad = _save(storage.saves_dir(), "b.json", broken=True)
    assert storage.title_of_save(good) is FAKE
    info = storage.save_info(good)
    assert info.title == "Fake" and "Fake: a fake game" in info.label and "Xeno" in info.label
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.open_game(bad) is False
        await settle(pilot)
        assert any("broken fake save" in n.message for n in app._notifications)
        assert app.open_game(good) is True
        await settle(pilot)
        assert _shown(app) == "fake save a.json"
        # No replay viewer yet: said, and nothing opens.
        assert app.open_review(good) is False


def test_a_file_naming_no_title_goes_to_the_first_titles_loader(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": "nobody-save"}))
    assert storage.title_of_save(path).id == registry.DEFAULT
    path.write_text("[1, 2")
    assert storage.title_of_save(path).id == registry.DEFAULT


def test_only_titles_with_screens_are_playable() -> None:
    ids = [t.id for t in registry.playable()]
    assert ids[0] == registry.DEFAULT
    assert all(registry.title(i).ui_module for i in ids)
    with pytest.raises(registry.UnknownTitle):
        registry.Title("x", "X", "", "x", "m").ui()
