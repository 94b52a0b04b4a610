"""A host's saves as a snapshot and a journal (adrenaline_tui/journal.py; docs/hosting.md, "Saves").

A person's decision is one line appended to the table's journal, at once, before anything of it
is sent: no new file, no rename. What a resumed table finds (the snapshot with the journal's
lines) is the game played; a journal cut short, damaged or hostile costs at most the decisions
from the damage on, said in one line, and never the host. The saving threads are the tests'
own (`HeldThread`), run by hand where the order of writes matters: nothing here sleeps.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adrenaline_tui import journal
from adrenaline_tui.host.server import Host
from adrenaline_tui.journal import Syncer, fold, journal_path
from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.tui import session as session_module
from adrenaline_tui.tui.session import HUMAN, Autosaver, Session
from adrenaline_tui.wire.protocol import ProtocolError
from tests.host.test_saves import Clock, HeldThread
from tests.host.wire import Wire, decider, seated_table, start_host, stop_host

KINDS = {"yellow": HUMAN, "blue": "random", "grey": "random"}


def on_disk(path: Path) -> list[str]:
    """The decisions a table resumed from `path` would find."""
    return journal.read(path)["choices"]


def journaled(tmp_path: Path, **kw: Any) -> tuple[Autosaver, Clock, HeldThread, HeldThread, Path]:
    clock, later, now = Clock(), HeldThread(), HeldThread()
    later.released = True  # the fsyncs run as they are asked
    saver = Autosaver(
        later,  # type: ignore[arg-type]
        now_pool=now,  # type: ignore[arg-type]
        clock=clock,
        call_later=clock.call_later,
        # No gathering: the fsyncs run as they are asked (the gathering has its own test below).
        syncer=Syncer(later, gather=0.0),  # type: ignore[arg-type]
        **kw,
    )
    return saver, clock, later, now, tmp_path / "ABCDE.json"


def play_to_person(session: Session) -> None:
    """Computers move until a person decides."""
    while session.computer_to_move:
        session.choose(session.computer_choice())


# ------------------------------------------------------------------ the writer
def test_a_persons_decision_is_one_line_appended_no_file_made_or_renamed(tmp_path: Path) -> None:
    saver, clock, _later, now, path = journaled(tmp_path)
    session = Session.start(GameConfig(players=FIGURES[:3]), 3, KINDS, path, saver=saver)
    assert saver.writing is not None and not saver.writing.done(), "the first save is a snapshot"
    now.run()
    assert saver.writing.result() is True
    snapshot = path.stat().st_ino, path.read_bytes()
    files = sorted(os.listdir(tmp_path))
    persons = 0
    while persons < 12 and session.game.pending is not None:
        play_to_person(session)
        size = journal_path(path).stat().st_size
        session.choose(session.game.pending.keys[0])
        persons += 1
        # On the file already, with no thread run: nothing to wait for before sending.
        assert saver.writing is None and not now.jobs
        assert on_disk(path) == session.game.history
        grew = journal_path(path).stat().st_size - size
        assert 0 < grew < 300, "one short line, not a save"
    assert (path.stat().st_ino, path.read_bytes()) == snapshot, "the snapshot was not rewritten"
    assert sorted(os.listdir(tmp_path)) == files, "no file made"
    assert session.save_problem is None
    clock.advance(5)
    now.release()
    saver.close()


def test_computers_moves_are_appended_within_a_second(tmp_path: Path) -> None:
    saver, clock, _later, now, path = journaled(tmp_path)
    session = Session.start(GameConfig(players=FIGURES[:3]), 3, KINDS, path, saver=saver)
    now.run()
    while not session.computer_to_move:
        session.choose(session.game.pending.keys[0])
    person = list(session.game.history)
    session.choose(session.computer_choice())
    assert on_disk(path) == person, "a computer's move waits for its batch"
    assert len(clock.timers) == 1
    clock.advance(1.0)
    assert on_disk(path) == session.game.history and not now.jobs
    now.release()
    saver.close()


def test_undo_and_compaction_keep_the_file_equal_to_the_game(tmp_path: Path) -> None:
    saver, _clock, _later, now, path = journaled(tmp_path, compact_bytes=600)
    now.released = True
    session = Session.start(GameConfig(players=FIGURES[:3]), 5, dict.fromkeys(FIGURES[:3], HUMAN), path, saver=saver)
    compactions = undos = 0
    size = journal_path(path).stat().st_size
    for i in range(120):
        if session.game.pending is None:
            break
        pending = session.game.pending
        if i % 7 == 6 and session.can_undo(pending.player):
            session.undo()
            undos += 1
        else:
            session.choose(pending.keys[i % len(pending.keys)])
        assert on_disk(path) == session.game.history
        compactions += journal_path(path).stat().st_size < size
        size = journal_path(path).stat().st_size
        assert size <= 600
    assert undos > 3 and compactions > 3, "undos were journaled and the journal compacted"
    saver.close()


def test_a_finished_game_is_one_plain_save(tmp_path: Path) -> None:
    saver, _clock, _later, now, path = journaled(tmp_path)
    now.released = True
    config = GameConfig(players=FIGURES[:3], skulls=5, ending="sudden_death")
    session = Session.start(config, 11, KINDS, path, saver=saver)
    for _ in range(5000):
        if session.game.over:
            break
        play_to_person(session)
        if session.game.pending is not None:
            session.choose(session.game.pending.keys[0])
    assert session.game.over
    saver.close()
    assert not journal_path(path).exists()
    assert Game.load(path).history == session.game.history


def test_a_closed_saver_leaves_one_plain_save(tmp_path: Path) -> None:
    """A suspended table, a host stopping: the save is one file again, which `adrenaline replay`,
    review and stats read as they always did."""
    saver, clock, _later, now, path = journaled(tmp_path)
    now.released = True
    session = Session.start(GameConfig(players=FIGURES[:3]), 3, KINDS, path, saver=saver)
    while not session.computer_to_move:
        session.choose(session.game.pending.keys[0])
    session.choose(session.computer_choice())  # waiting for its batch
    saver.close()
    assert not journal_path(path).exists()
    assert Game.load(path).history == session.game.history
    assert not clock.timers


def test_writes_asked_during_a_snapshot_wait_for_it_and_the_newest_wins(tmp_path: Path) -> None:
    saver, clock, _later, now, path = journaled(tmp_path)
    session = Session.start(GameConfig(players=FIGURES[:3]), 5, dict.fromkeys(FIGURES[:3], HUMAN), path, saver=saver)
    first = saver.writing
    # The first snapshot is held on its thread; decisions go on meanwhile.
    waits = []
    for _ in range(4):
        session.choose(session.game.pending.keys[0])
        assert saver.writing is not None and not saver.writing.done(), "told to wait: not on the file yet"
        waits.append(saver.writing)
    now.run()  # one job: the snapshot asked first, then again with the newest
    assert first is not None and first.result() is True and all(w.result() is True for w in waits)
    assert json.loads(path.read_text())["choices"] == session.game.history
    session.choose(session.game.pending.keys[0])
    assert saver.writing is None and on_disk(path) == session.game.history
    clock.advance(5)
    now.release()
    saver.close()


def test_a_full_disk_is_said_once_the_game_goes_on_and_the_next_write_puts_it_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver, _clock, _later, now, path = journaled(tmp_path)
    now.released = True
    told: list[str | None] = []
    saver.on_change = told.append
    session = Session.start(GameConfig(players=FIGURES[:3]), 5, dict.fromkeys(FIGURES[:3], HUMAN), path, saver=saver)

    def full(file: Any, line: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def full_too(path: Path, data: str | bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(session_module, "append_line", full)
    monkeypatch.setattr(session_module, "write_renamed", full_too)
    for _ in range(6):
        session.choose(session.game.pending.keys[0])
    assert told == [f"Could not save {path}: No space left on device"]
    assert session.save_problem == told[0]
    monkeypatch.undo()
    session.choose(session.game.pending.keys[0])
    assert told[-1] is None and session.save_problem is None
    assert on_disk(path) == session.game.history
    saver.close()


def test_a_line_cut_short_by_a_full_disk_is_not_appended_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saver, _clock, _later, now, path = journaled(tmp_path)
    now.released = True
    session = Session.start(GameConfig(players=FIGURES[:3]), 5, dict.fromkeys(FIGURES[:3], HUMAN), path, saver=saver)
    session.choose(session.game.pending.keys[0])
    kept = list(session.game.history)

    def half(file: Any, line: bytes) -> int:
        return file.write(line[: len(line) // 2])

    monkeypatch.setattr(session_module, "append_line", half)
    session.choose(session.game.pending.keys[0])
    assert session.save_problem is not None
    assert on_disk(path) == kept, "the half line is ignored"
    monkeypatch.undo()
    session.choose(session.game.pending.keys[0])
    assert on_disk(path) == session.game.history
    saver.close()


def test_the_syncs_asked_while_the_syncer_gathers_are_one_batch_and_every_journal_is_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables' people decide while the syncing thread gathers: after its one wait, each
    table's journal is synced (once, however many lines it got), in one batch."""
    later, now = HeldThread(), HeldThread()
    now.released = True
    t = [50.0]
    slept: list[float] = []
    sessions: list[Session] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        for session in sessions:  # people decide meanwhile, at both tables
            session.choose(session.game.pending.keys[0])
        t[0] += seconds

    syncer = Syncer(later, clock=lambda: t[0], sleep=sleep)  # type: ignore[arg-type]
    for code in ("AAAAA", "BBBBB"):
        saver = Autosaver(later, now_pool=now, syncer=syncer)  # type: ignore[arg-type]
        people = dict.fromkeys(FIGURES[:3], HUMAN)
        sessions.append(
            Session.start(GameConfig(players=FIGURES[:3]), 5, people, tmp_path / f"{code}.json", saver=saver)
        )
    synced: list[str] = []
    real = os.fdatasync
    monkeypatch.setattr(os, "fdatasync", lambda fd: (synced.append(os.readlink(f"/proc/self/fd/{fd}")), real(fd)))
    started: list[tuple[str, int]] = []  # each journal's writing set going, and the syncs done by then
    real_start = journal.start_writeback
    monkeypatch.setattr(
        journal,
        "start_writeback",
        lambda fd: (started.append((os.readlink(f"/proc/self/fd/{fd}"), len(synced))), real_start(fd)),
    )
    later.run()  # the first snapshots' syncs
    synced.clear()
    started.clear()
    slept.clear()
    for session in sessions:
        session.choose(session.game.pending.keys[0])
    assert len(later.jobs) == 1, "one hand-over for both tables"
    assert not synced, "nothing synced before the thread runs"
    later.run()
    assert slept == [pytest.approx(journal.GATHER_SECONDS)], "one wait, from the first ask"
    assert sorted(synced) == sorted(str(journal_path(s.path)) for s in sessions), "each journal synced once"
    assert sorted(started) == sorted((path, 0) for path in synced), "every writing started before the first sync"
    for session in sessions:
        assert on_disk(session.path) == session.game.history
        session.saver.close()


# ------------------------------------------------------------------ reading
def write_pair(tmp_path: Path, choices: list[str], lines: list[bytes]) -> Path:
    path = tmp_path / "ABCDE.json"
    snapshot = json.dumps({"format": "x", "choices": choices}, separators=(",", ":")).encode()
    path.write_bytes(snapshot)
    journal_path(path).write_bytes(journal.header(snapshot) + b"".join(lines))
    return path


def test_a_journal_is_read_up_to_its_first_bad_line(tmp_path: Path) -> None:
    good = [journal.entry(1, ["b", "c"]), journal.entry(3, ["d"])]
    path = write_pair(tmp_path, ["a"], good)
    assert journal.replay(path.read_bytes(), journal_path(path).read_bytes()) == (["a", "b", "c", "d"], None)
    # A last line whose write was cut short: ignored, silently (a crash leaves it).
    path = write_pair(tmp_path, ["a"], [*good, journal.entry(4, ["e"])[:-3]])
    assert journal.replay(path.read_bytes(), journal_path(path).read_bytes()) == (["a", "b", "c", "d"], None)
    # An undo: the line starts before the end.
    path = write_pair(tmp_path, ["a"], [*good, journal.entry(2, ["x"])])
    assert journal.replay(path.read_bytes(), journal_path(path).read_bytes())[0] == ["a", "b", "x"]
    bad_lines = [
        b"garbage\n",
        journal.entry(1, ["b"]).replace(b'"b"', b'"z"'),  # checksum wrong
        journal.line({"at": 9, "add": ["z"]}),  # beyond the end
        journal.line({"at": 1, "add": [""]}),
        journal.line({"at": 1, "add": ["z" * 500]}),
        journal.line({"at": True, "add": ["z"]}),
        journal.line({"at": 1, "add": "z"}),
        journal.line({"at": 1, "add": ["z"], "more": 1}),
        journal.line([1, 2]),  # type: ignore[arg-type]
        b"%08x %s\n" % (zlib.crc32(b"[" * 100_000), b"[" * 100_000),
        b"%08x %s\n" % (zlib.crc32(b"[" * 5000), b"[" * 5000),
    ]
    for bad in bad_lines:
        path = write_pair(tmp_path, ["a"], [good[0], bad, good[1]])
        choices, problem = journal.replay(path.read_bytes(), journal_path(path).read_bytes())
        assert choices == ["a", "b", "c"], bad[:40]
        assert problem is not None and "line 3" in problem and "\n" not in problem


def test_a_journal_of_another_snapshot_is_ignored(tmp_path: Path) -> None:
    """A compaction cut short: the new snapshot renamed, the old journal not yet started again."""
    path = write_pair(tmp_path, ["a"], [journal.entry(0, ["q"])])
    path.write_text(json.dumps({"format": "x", "choices": ["a", "b"]}))
    assert journal.replay(path.read_bytes(), journal_path(path).read_bytes()) == (None, None)
    inode = path.stat().st_ino
    assert fold(path) is None and path.stat().st_ino == inode
    assert json.loads(path.read_text())["choices"] == ["a", "b"]


def test_an_old_save_without_a_journal_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "ABCDE.json"
    path.write_text('{"choices": ["a"]}')
    inode = path.stat().st_ino
    assert fold(path) is None
    assert path.stat().st_ino == inode and path.read_text() == '{"choices": ["a"]}'


@pytest.mark.parametrize("kind", ["huge", "folder", "first-line", "not-ours"])
def test_a_hostile_journal_is_one_line_and_the_snapshot_stands(tmp_path: Path, kind: str) -> None:
    path = write_pair(tmp_path, ["a"], [])
    jpath = journal_path(path)
    if kind == "huge":
        with jpath.open("ab") as f:
            f.truncate(journal.MAX_JOURNAL_BYTES + 1)
    elif kind == "folder":
        jpath.unlink()
        jpath.mkdir()
    elif kind == "first-line":
        jpath.write_bytes(b"\x00" * 100 + b"\n" + journal.entry(1, ["b"]))
    else:
        jpath.write_bytes(journal.line({"journal": "other", "version": 1, "base": "x"}) + journal.entry(1, ["b"]))
    problem = fold(path)
    assert problem is not None and "\n" not in problem and str(jpath) in problem
    assert json.loads(path.read_text())["choices"] == ["a"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 400), flips=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), max_size=4))
def test_any_damage_to_a_journal_costs_at_most_the_decisions_after_it(
    tmp_path: Path, cut: int, flips: list[tuple[int, int]]
) -> None:
    choices = ["a"]
    lines = []
    for i in range(8):
        lines.append(journal.entry(len(choices), [f"k{i}", f"m{i}"]))
        choices += [f"k{i}", f"m{i}"]
    path = write_pair(tmp_path, ["a"], lines)
    data = bytearray(journal_path(path).read_bytes())
    for at, value in flips:
        if at < len(data):
            data[at] = value
    data = data[: len(data) - cut]
    got, _problem = journal.replay(path.read_bytes(), bytes(data))
    assert got is None or choices[: len(got)] == got


# ------------------------------------------------------------------ the host
def crash_image(folder: Path, to: Path) -> Path:
    """A copy of a running host's folder: what a host killed now leaves."""
    shutil.copytree(folder, to)
    return to


async def answer_first(wire: Wire, state: dict[str, Any]) -> int:
    """The first option of the question `state` asks; returns its decision count."""
    n: int = state["decisions"]
    await wire.send({"type": "choose", "key": state["view"]["pending"]["options"][0]["key"], "decision": n})
    return n


async def test_a_table_resumed_from_its_journal_is_the_game_played(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "tables"
    sock = tmp_path / "host.sock"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated_table(sock)
        path = folder / f"{code}.json"
        n = 0
        for i in range(8):
            colour, state = await decider(wires, n)
            if i == 1:
                inode, files = (path.stat().st_ino, path.stat().st_mtime_ns), sorted(os.listdir(folder))
            n = await answer_first(wires[colour], state)
        await decider(wires, n)
        played = list(host.tables[code].session.game.history)
        assert (path.stat().st_ino, path.stat().st_mtime_ns) == inode, "no rename, no rewrite"
        assert sorted(os.listdir(folder)) == files
        # Another host on the same folder, as after a kill -9: nothing was flushed or closed.
        other = Host(folder, bot_delay=0.0, computer="random", seed=7)
        table = other.wake(code)
        assert table is not None and table.session.game.history == played
        assert Game.load(path).history == played, "folded into one plain save when resumed"
        assert journal.replay(path.read_bytes(), journal_path(path).read_bytes()) == (None, None)
        other.close()
    finally:
        await stop_host(host, server)
    assert not journal_path(path).exists(), "a stopped host's saves are plain saves"


async def test_a_damaged_journal_resumes_the_table_from_before_the_damage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "tables"
    sock = tmp_path / "host.sock"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated_table(sock)
        n = 0
        for _ in range(4):
            colour, state = await decider(wires, n)
            n = await answer_first(wires[colour], state)
        await decider(wires, n)
        played = list(host.tables[code].session.game.history)
        # What the disk holds if the host is killed now (stopped, it folds the journal).
        folder = crash_image(folder, tmp_path / "killed")
    finally:
        await stop_host(host, server)
    path = folder / f"{code}.json"
    jpath = journal_path(path)
    lines = jpath.read_bytes().split(b"\n")
    assert len(lines) >= 4  # the header, people's lines, the empty rest
    lines[2] = b"00000000 " + b"\xff" * 30
    jpath.write_bytes(b"\n".join(lines))
    untouched = shutil.copytree(folder, tmp_path / "untouched")
    with caplog.at_level(logging.WARNING):
        table = Host(folder, bot_delay=0.0, computer="random", seed=7).wake(code)
    assert table is not None
    history = table.session.game.history
    assert history == played[: len(history)] and len(history) < len(played)
    said = [r.getMessage() for r in caplog.records if code in r.getMessage()]
    assert any("line 3 is damaged" in m for m in said), said
    # Its people are told, once, by the first of them back (the host's paths stay in its log).
    sock = tmp_path / "again.sock"
    again, server = await start_host(untouched, sock)
    try:
        back = await Wire.connect(sock, "back")
        await back.send({"type": "join", "code": code, "seat": "yellow"})
        told = await back.expect("chat", text=journal.DAMAGED_NOTICE)
        assert "/" not in told["text"] and code not in told["text"]
        await back.send({"type": "chat", "text": "marker"})
        await back.expect("chat", text="marker")
        assert [m for m in back.inbox if m["type"] == "chat" and m["text"] == journal.DAMAGED_NOTICE] == [told]
    finally:
        await stop_host(again, server)


async def test_a_journal_that_cannot_be_folded_refuses_the_table_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tables"
    sock = tmp_path / "host.sock"
    host, server = await start_host(folder, sock)
    try:
        code, wires = await seated_table(sock)
        colour, state = await decider(wires, 0)
        await decider(wires, await answer_first(wires[colour], state))
        folder = crash_image(folder, tmp_path / "killed")
    finally:
        await stop_host(host, server)

    def full(path: Path, data: str | bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal, "write_renamed", full)
    with pytest.raises(ProtocolError, match=r"cannot be resumed: Could not save .*No space left on device"):
        Host(folder, bot_delay=0.0, computer="random", seed=7).wake(code)
    assert journal_path(folder / f"{code}.json").exists(), "nothing lost: tried again next time"
