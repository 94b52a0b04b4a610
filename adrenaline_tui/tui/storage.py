"""Where the game keeps its files: autosaves, their table sidecars and the settings.

Everything lives under `$ADRENALINE_HOME` (tests point it at a temporary folder), else
`$XDG_DATA_HOME/adrenaline`, else `~/.local/share/adrenaline`.

Every file here may have been written by any guest of a shared account, so each is read within
bounds (`rules.jsonfile`) and checked; one that fails is listed as unreadable, with its reason,
and never stops the game.

A saved game is two files in `saves/`: `<name>.json` is the engine's own save (config, seed,
chosen keys; `adrenaline replay` reads it) and `<name>.table.json` says who sits at each seat
(a person, or which computer player), which the engine does not need to know.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.paths import data_home
from adrenaline_tui.printable import printable
from adrenaline_tui.record import record
from adrenaline_tui.rules.errors import SaveError
from adrenaline_tui.rules.jsonfile import JsonFileError, read_json
from adrenaline_tui.rules.saves import MAX_SAVE_BYTES, SAVE_FORMAT, read_save
from adrenaline_tui.rules.state import HEROES, MODE_NAMES

if TYPE_CHECKING:
    from adrenaline_tui.titles.registry import Title

TABLE_FORMAT = "adrenaline-table"
TABLE_VERSION = 1
TABLE_SUFFIX = ".table.json"
HUMAN = "human"  # the kind of a seat played by a person, in the table file
MAX_TABLE_BYTES = 64 * 1024
MAX_KIND = 32  # characters in a computer player's kind ("sensible")
# The lists read this many saves at most, the newest: a folder filled with files (every guest of
# an account can write it) must not slow the title screen down without end.
MAX_LISTED = 200
MAX_LIST_BYTES = 4 << 20  # read for one list at most: a real save is about 10 kB (200 of them: 2 MB)
STALE_SECONDS = 600.0
MAX_PROBLEM = 120  # characters of a save's problem in the lists


def home() -> Path:
    return data_home()


def saves_dir() -> Path:
    return home() / "saves"


def settings_path() -> Path:
    return home() / "settings.json"


def table_path(save: Path) -> Path:
    """The sidecar of `x.json` is `x.table.json`, in the same folder."""
    return save.with_name(save.name.removesuffix(".json") + TABLE_SUFFIX)


def new_save_path(now: datetime | None = None) -> Path:
    now = now or datetime.now()
    stem = now.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    path = folder / f"{stem}.json"
    n = 1
    # The sidecar is written at once, the save itself a moment later on the saving thread.
    while _taken(path):
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def _taken(path: Path) -> bool:
    try:
        return path.exists() or table_path(path).exists()
    except OSError:  # a folder that cannot be looked into: the write will fail, and say so
        return False


def write_table(save: Path, data: dict[str, Any]) -> None:
    write_atomic(table_path(save), json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION, **data}))


def load_table(save: Path) -> tuple[dict[str, Any], str | None]:
    """The sidecar's data, and why it could not be read if it could not.

    No sidecar is not a problem (every seat is then a person); an unreadable one is, since the
    computers' seats would silently become people's.
    """
    path = table_path(save)
    try:
        data = read_json(path, max_bytes=MAX_TABLE_BYTES, max_depth=4, max_text=MAX_KIND)
    except FileNotFoundError:
        return {}, None
    except JsonFileError as exc:
        return {}, f"{path.name} cannot be read ({exc})"
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        return {}, f"{path.name} is not a table file"
    seats, over = data.get("seats", {}), data.get("over", False)
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()) or type(over) is not bool:
        return {}, f"{path.name}: the seats or the end-of-game mark are malformed"
    table: dict[str, Any] = {"seats": seats, "over": over}
    if isinstance(data.get("ranking"), list):
        # Shown by the past-games list, which checks every field itself (the file may be edited).
        table["ranking"] = data["ranking"]
    return table, None


def read_table(save: Path) -> dict[str, Any]:
    """The sidecar's data, or {} when it is missing or unreadable (every seat is then a person)."""
    return load_table(save)[0]


@record
class SaveInfo:
    """What the load list shows about a save without replaying it: its game, or why it cannot
    be read (`problem`)."""

    path: Path
    modified: float
    arena: str = ""
    players: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)
    decisions: int = 0
    over: bool = False
    problem: str = ""
    mode: str = "standard"
    bot: str | None = None
    people: int = 0  # seats played by a person (from the table file; all, without one)
    # A save of a title other than the first: its name, and what its game is in a few words (in
    # place of the arena and the kind of game, which are the first title's).
    title: str = ""
    summary: str = ""

    @property
    def readable(self) -> bool:
        return not self.problem

    @property
    def who(self) -> str:
        return printable(", ".join(self.names.get(c) or HEROES.get(c, c) for c in self.players))

    @property
    def label(self) -> str:
        when = datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        if self.problem:
            return f"{when}  {printable(self.path.name)}  unreadable: {printable(self.problem)}"
        state = "finished" if self.over else f"{self.decisions} decisions in"
        if self.title:
            return f"{when}  {printable(self.title)}: {printable(self.summary)}  {self.who}  ({state})"
        return f"{when}  {self.kind}  {self.arena_name}  {self.who}  ({state})"

    @property
    def arena_name(self) -> str:
        """The arena as the setup screen names it ("Eleven squares, green corner"), not its id."""
        from adrenaline_tui.rules.arena import load_arena
        from adrenaline_tui.rules.errors import DataError

        try:
            return load_arena(self.arena).name
        except DataError:
            return printable(self.arena)

    @property
    def kind(self) -> str:
        """What kind of game: its mode, the bot, and who plays ("Turret + bot, 1 person vs 2
        computers", "Standard, hot seat"): a Turret save and a hot-seat save differ."""
        mode = MODE_NAMES.get(self.mode, printable(self.mode)) + (" + bot" if self.bot else "")
        computers = len(self.players) - self.people
        if computers == 0:
            seats = "hot seat" if self.people > 1 else "1 person"
        else:
            people = f"{self.people} {'person' if self.people == 1 else 'people'}"
            seats = f"{people} vs {computers} computer{'s' * (computers != 1)}"
        return f"{mode}, {seats}"


MAX_FORMAT = 40  # characters of a save's "format" field that are looked at


def save_format(path: Path) -> str | None:
    """The "format" a save file names (which title's save it is), None if it names none."""
    try:
        data = read_json(path, max_bytes=MAX_SAVE_BYTES, max_depth=64, max_text=1 << 16)
    except (FileNotFoundError, JsonFileError, OSError):
        return None
    value = data.get("format") if isinstance(data, dict) else None
    return value if isinstance(value, str) and len(value) <= MAX_FORMAT else None


def title_of_save(path: Path) -> Title:
    """The title whose save `path` is; the first title's when the file names no title with
    screens (its own loader then says what is wrong with the file)."""
    from adrenaline_tui.titles.registry import DEFAULT, title, title_of_format

    named = title_of_format(save_format(path))
    return named if named is not None and named.ui_module is not None else title(DEFAULT)


def save_info(path: Path, modified: float | None = None) -> SaveInfo:
    """The save's game, checked against the save schema (not replayed), or its problem. A save of
    another title is described by that title (`TitleUI.save_info`)."""
    if modified is None:
        try:
            modified = path.stat().st_mtime
        except OSError:
            modified = 0.0
    try:
        save = read_save(path)
    except SaveError as exc:
        other = _other_title(path)
        if other is not None:
            return other.ui().save_info(path, modified)
        problem = str(exc).removeprefix(f"{path}: ")
        if len(problem) > MAX_PROBLEM:
            problem = problem[: MAX_PROBLEM - 3] + "..."
        return SaveInfo(path, modified, problem=problem)
    config = save.config
    table = read_table(path)
    kinds = table.get("seats", {})
    return SaveInfo(
        path=path,
        modified=modified,
        arena=config.arena,
        players=config.players,
        names=dict(config.names),
        decisions=len(save.choices),
        over=bool(table.get("over", False)),
        mode=config.mode,
        bot=config.bot,
        # A seat the table file does not name is a person's (as when the game is resumed).
        people=sum(1 for c in config.players if kinds.get(c, HUMAN) == HUMAN),
    )


def _other_title(path: Path) -> Title | None:
    """The title with screens whose save this is, if not one this module reads (its format is
    another's: a save of no format is read here, and says what is wrong with it)."""
    named = title_of_save(path)
    return named if named.save_format != SAVE_FORMAT else None


def _save_files(folder: Path) -> list[tuple[float, int, Path]]:
    """(modified, size, path) of every save file in `folder`, newest first."""
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if not name.endswith(".json") or name.endswith(TABLE_SUFFIX) or name.startswith("."):
            continue
        try:
            info = entry.stat()
            modified, size = info.st_mtime, info.st_size
        except OSError:
            modified, size = 0.0, 0
        found.append((modified, size, Path(entry.path)))
    found.sort(key=lambda m: (m[0], m[2].name), reverse=True)
    return found


def saves(folder: Path | None = None) -> Iterator[SaveInfo]:
    """The newest `MAX_LISTED` saves, newest first, unreadable ones included (with their problem),
    each read only when it is asked for: continuing a game reads saves until it meets one not
    over, not every finished game in the folder (150 of them cost a resumed game's start about
    100 ms of CPU).

    At most `MAX_LIST_BYTES` are read for one list: past that, saves are listed unread.
    """
    budget = MAX_LIST_BYTES
    for modified, size, path in _save_files(folder or saves_dir())[:MAX_LISTED]:
        if size <= MAX_SAVE_BYTES:  # a bigger file is refused unread
            if size > budget:
                yield SaveInfo(path, modified, problem="not read: the saves folder holds too much")
                continue
            budget -= size
        yield save_info(path, modified)


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save `saves` lists, read."""
    return list(saves(folder))


def newest_unfinished(saves: Iterable[SaveInfo]) -> SaveInfo | None:
    """The newest save not known to be finished: an unreadable one counts, it may be the game
    someone means to continue. (Given an iterator, it reads no further than that save.)"""
    return next((i for i in saves if not i.over), None)


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The newest readable save of a game not yet over."""
    return next((i for i in saves(folder) if i.readable and not i.over), None)


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files of atomic writes that were killed half-way; returns them.

    A write takes milliseconds, so a temporary file older than `STALE_SECONDS` belongs to no
    writer; a younger one may be another guest's save being written at this moment.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if entry.is_file(follow_symlinks=False) and age > STALE_SECONDS:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
