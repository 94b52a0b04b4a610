"""The game folder is written by every guest of a shared account: a broken or hostile file in it
is listed as unreadable with its reason, never stops the game, and never reaches the terminal."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from adrenaline_tui import cli
from adrenaline_tui.printable import CONTROL, printable
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import HUMAN, Session
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.walkthrough.progress import Progress

from .helpers import make_app, play_to_the_end, scenario_session, screen_name, screen_text, settle

ESCAPE = "\x1b]0;owned\x07"  # an OSC sequence: retitles the terminal


def three() -> dict:
    return {
        "arena": "arena_11a",
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c1"},
            {"colour": "blue", "name": "Ben", "square": "r1c0"},
            {"colour": "grey", "name": "Cat", "square": "r2c3"},
        ],
    }


def good_save() -> Session:
    session = scenario_session(three(), {"yellow": HUMAN, "blue": "random", "grey": "random"})
    session.flush()
    return session


def save_text(session: Session, **changes: object) -> str:
    data = json.loads(session.path.read_text())
    config = dict(data["config"], **changes.pop("config", {}))  # type: ignore[arg-type]
    return json.dumps(dict(data, config=config, **changes))


def plant(name: str, content: str | bytes, age: float) -> Path:
    """A file in the saves folder, modified `age` seconds ago (newer than the good save)."""
    path = storage.saves_dir() / name
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def plant_hostile_saves(session: Session) -> None:
    stamp = time.time() - 3600
    os.utime(session.path, (stamp, stamp))
    plant("name-not-text.json", save_text(session, config={"names": {"yellow": 7}}), 60)
    plant("list-player.json", save_text(session, config={"players": ["yellow", ["blue"], "grey"]}), 50)
    deep = '{"format": "adrenaline-save", "version": 1, "config": ' + "[" * 50_000 + "]" * 50_000 + "}"
    plant("deep.json", deep, 40)
    plant("big-seed.json", save_text(session).replace('"seed": 1', '"seed": ' + "9" * 5000), 30)
    plant(f"escape{ESCAPE}.json", save_text(session, config={"names": {"yellow": ESCAPE + "Ann"}}), 20)
    folder = storage.saves_dir() / "a-folder.json"
    folder.mkdir()
    os.utime(folder, (stamp, stamp))
    plant("newest.json", save_text(session, config={"names": {"yellow": "\u202eAnn"}}), 10)


def no_control_characters(app) -> None:
    for strip in app.screen._compositor.render_strips():
        found = CONTROL.findall(strip.text)
        assert not found, f"control characters {found!r} on screen: {strip.text!r}"


async def test_hostile_saves_are_listed_as_unreadable_and_the_good_one_still_plays() -> None:
    session = good_save()
    plant_hostile_saves(session)
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        text = screen_text(app)
        # Continue offers the readable game, and says why the newest save is not it.
        assert "Continue: Ann, Ben, Cat" in text
        assert "The newest save, newest.json, cannot be read" in text
        no_control_characters(app)
        await pilot.press("l")
        await settle(pilot)
        assert screen_name(app) == "LoadScreen"
        text = screen_text(app)
        assert text.count("unreadable:") == 7, text
        for name in ("deep.json", "big-seed.json", "list-player.json", "name-not-text.json", "a-folder.json"):
            assert name in text
        assert "nested too deeply" in text and "a number of 5000 digits" in text
        assert "not a regular file" in text and "control character" in text
        no_control_characters(app)
        # Choosing an unreadable one says why, in one line, and changes nothing.
        await pilot.press("enter")
        await settle(pilot)
        assert app.table() is None and screen_name(app) == "LoadScreen"
        assert any("newest.json cannot be read" in n.message for n in app._notifications)
        no_control_characters(app)
        # The good one is last (oldest) in the list, and still loads.
        await pilot.press("end", "enter")
        await settle(pilot)
        assert app.table() is not None and app.table().session.path == session.path


async def test_continue_with_an_unreadable_newest_save_names_it_and_resumes_nothing_older() -> None:
    session = good_save()
    stamp = time.time() - 3600
    os.utime(session.path, (stamp, stamp))
    plant("broken.json", save_text(session)[:-20], 5)
    app = make_app()
    app._continue = True
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert app.table() is None and screen_name(app) == "TitleScreen"
        messages = [n.message for n in app._notifications]
        assert any("broken.json" in m and "cannot be read" in m and "broken JSON" in m for m in messages), messages
        assert not any("no game in progress" in m for m in messages)
        assert any("Continue picks up an older game (Ann, Ben, Cat)" in m for m in messages), messages
        # The older game is one key away, for the players to choose.
        assert "Continue: Ann, Ben, Cat" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        assert app.table() is not None and app.table().session.path == session.path


async def test_a_name_pasted_or_set_with_escape_sequences_never_reaches_the_terminal() -> None:
    """A paste can carry escape sequences into a text field; Textual draws them as they are."""
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        field = app.screen.query_one("#name-0", Input)
        field.focus()
        field.post_message(events.Paste(f"Zoë{ESCAPE}\x9b2J"))
        await settle(pilot)
        assert field.value == ""  # a paste holding control characters is refused whole
        field.post_message(events.Paste("Zoë"))
        await settle(pilot)
        assert field.value == "Zoë"
        no_control_characters(app)
        # Set from code, the value is cleaned when the game starts.
        field.value = f"{ESCAPE}Zoë\x9b2J"
        await pilot.press("enter")
        await settle(pilot)
        table = app.table()
        assert table is not None
        assert table.session.game.config.names[table.session.game.seats[0]] == "]0;ownedZoë2J"
        await settle(pilot)
        no_control_characters(app)


async def test_names_that_look_like_markup_are_shown_as_typed_everywhere() -> None:
    """A name is typed by a person: "[/b]" used to stop the title screen (MarkupError) on every
    start, for everyone on the account, and the explain list too."""
    from adrenaline_tui.rules import FIGURES, GameConfig

    names = {"yellow": "[/b]Ann", "blue": "[red]Ben[/]", "grey": "[@click=quit]C"}
    config = GameConfig(players=FIGURES[:3], names=names, skulls=5, ending="sudden_death", tagback_prompt="all")
    session = Session.start(config, 5, {"yellow": HUMAN, "blue": HUMAN, "grey": "random"})
    session.flush()
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        assert "Continue: [/b]Ann, [red]Ben[/]" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("enter")  # the hand-off to the first person
        await settle(pilot)
        assert "[/b]Ann" in screen_text(app)
        for key, screen in (("x", "ExplainScreen"), ("escape", "TableScreen"), ("l", "LogScreen"), ("escape", None)):
            await pilot.press(key)
            await settle(pilot)
            if screen:
                assert screen_name(app) == screen
        await play_to_the_end(pilot, seed=3, stop=lambda app: app.table().session.game.turn >= 4)
        no_control_characters(app)


async def test_a_search_pasted_with_escape_sequences_is_refused() -> None:
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.action_rules()
        await settle(pilot)
        search = app.screen.query_one("#search", Input)
        search.focus()
        search.post_message(events.Paste(f"lock{ESCAPE}"))
        await settle(pilot)
        assert search.value == ""
        no_control_characters(app)


async def test_a_notice_quoting_a_file_shows_brackets_and_drops_escapes() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        # Markup in a file name used to be read as markup (and a stray closing tag raises).
        app.notify(f"saves/[/bold][link=http://x]{ESCAPE}.json: broken")
        await settle(pilot)
        assert "[/bold][link=http://x]" in screen_text(app)
        no_control_characters(app)


def test_stale_temporary_files_of_killed_writes_are_removed_and_fresh_ones_kept() -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    stale, fresh = folder / ".a.json.x1y2.tmp", folder / ".b.json.z3w4.tmp"
    stale.write_text("{half")
    fresh.write_text("{being written")
    old = time.time() - 2 * storage.STALE_SECONDS
    os.utime(stale, (old, old))
    keep = folder / "a.json"
    keep.write_text("{}")
    os.utime(keep, (old, old))
    assert storage.remove_stale_temporaries(folder) == [stale]
    assert not stale.exists() and fresh.exists() and keep.exists()


async def test_the_app_clears_stale_temporaries_when_it_starts() -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    stale = folder / ".a.json.x1y2.tmp"
    stale.write_text("{half")
    old = time.time() - 2 * storage.STALE_SECONDS
    os.utime(stale, (old, old))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert not stale.exists()


def test_the_lists_read_a_bounded_number_of_saves() -> None:
    session = good_save()
    text = session.path.read_text()
    for i in range(storage.MAX_LISTED + 5):
        plant(f"copy-{i:03}.json", text, 100 + i)
    saves = storage.list_saves()
    # The newest: the good save itself (just written), then the copies from the youngest on.
    assert [i.path.name for i in saves] == [session.path.name] + [f"copy-{i:03}.json" for i in range(199)]


def test_the_lists_read_a_bounded_number_of_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    session = good_save()
    text = session.path.read_text()
    for i in range(5):
        plant(f"copy-{i}.json", text, 100 + i)
    plant("huge.json", b" " * (2 << 20), 50)  # refused unread: it costs nothing
    monkeypatch.setattr(storage, "MAX_LIST_BYTES", 3 * len(text))
    saves = storage.list_saves()
    assert [s.readable for s in saves] == [True, False, True, True, False, False, False]
    assert saves[1].problem.startswith("not a save file (too big")
    assert saves[-1].problem == "not read: the saves folder holds too much"


def test_an_unreadable_seats_file_is_said_not_silently_turned_into_people() -> None:
    session = good_save()
    storage.table_path(session.path).write_text("[" * 10_000)
    resumed = Session.resume(session.path)
    assert set(resumed.kinds.values()) == {HUMAN}
    notes = resumed.resolve_computers()
    assert any(storage.table_path(session.path).name in n and "every seat is played by a person" in n for n in notes)


@pytest.mark.parametrize(
    "content",
    [b"[" * 100_000, b'{"show_points": ' + b"9" * 5000 + b"}", b" " * (1 << 20) + b"{}", b"\xff\xfe"],
    ids=["deep", "long number", "huge", "not UTF-8"],
)
def test_a_hostile_settings_or_progress_file_means_the_defaults(home: Path, content: bytes) -> None:
    home.mkdir(parents=True)
    (home / "settings.json").write_bytes(content)
    (home / "learn.json").write_bytes(content)
    assert Settings.load() == Settings()
    progress = Progress.load()
    assert progress.seen == set()


def test_progress_lists_are_bounded_and_only_text(home: Path) -> None:
    home.mkdir(parents=True)
    done = [f"lesson-{i}" for i in range(2000)]
    (home / "learn.json").write_text(json.dumps({"format": "adrenaline-learn", "done": [*done, 5, None]}))
    progress = Progress.load()
    assert len(progress.done) == 500 and all(isinstance(d, str) for d in progress.done)


@pytest.mark.parametrize(
    ("case", "content"),
    [
        ("deep", b'{"format": "adrenaline-save", "version": 1, "config": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
        ("seed", b'{"format": "adrenaline-save", "version": 1, "seed": ' + b"7" * 5000 + b"}"),
        ("escape", b'{"format": "adrenaline-save", "version": 1, "seed": 1, "\\u001b]0;owned\\u0007": 1}'),
    ],
    ids=["deep", "seed", "escape"],
)
@pytest.mark.parametrize("command", ["replay", "stats", "review"])
def test_every_command_reading_a_save_refuses_a_hostile_one_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, content: bytes, command: str
) -> None:
    path = tmp_path / f"{ESCAPE}{case}.json"
    path.write_bytes(content)
    assert cli.main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("adrenaline: ") and "Traceback" not in err
    assert not CONTROL.search(err.removesuffix("\n")), err
    assert printable(str(path)) in err


def test_printable_takes_out_every_kind_of_control_character() -> None:
    assert printable("Ann\x1b[31m\x07\x9b\u202e\u2066\x7f\u200f\nBen\tCat") == "Ann[31m Ben Cat"
    assert printable("Zoë 李雷 👩‍🚀") == "Zoë 李雷 👩‍🚀"
