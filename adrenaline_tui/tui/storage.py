"""Where the game keeps its files: autosaves, their table sidecars and the settings.

Everything lives under `$ADRENALINE_HOME` (tests point it at a temporary folder), else
`$XDG_DATA_HOME/adrenaline`, else `~/.local/share/adrenaline`.

A saved game is two files in `saves/`: `<name>.json` is the engine's own save (config, seed,
chosen keys; `adrenaline replay` reads it) and `<name>.table.json` says who sits at each seat
(a person, or which computer player), which the engine does not need to know.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from adrenaline_tui.paths import data_home
from adrenaline_tui.rules.atomicfile import write_atomic
from adrenaline_tui.rules.state import HEROES

TABLE_FORMAT = "adrenaline-table"
TABLE_VERSION = 1
TABLE_SUFFIX = ".table.json"


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
    while path.exists() or table_path(path).exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def write_table(save: Path, data: dict[str, Any]) -> None:
    write_atomic(table_path(save), json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION, **data}))


def read_table(save: Path) -> dict[str, Any]:
    """The sidecar's data, or {} when it is missing or unreadable (every seat is then a person)."""
    try:
        data = json.loads(table_path(save).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        return {}
    return data


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What the load list shows about a save without replaying it."""

    path: Path
    modified: float
    arena: str
    players: tuple[str, ...]
    names: dict[str, str]
    decisions: int
    over: bool

    @property
    def who(self) -> str:
        return ", ".join(self.names.get(c) or HEROES.get(c, c) for c in self.players)

    @property
    def label(self) -> str:
        when = datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        who = self.who
        state = "finished" if self.over else f"{self.decisions} decisions in"
        return f"{when}  {self.arena}  {who}  ({state})"


def save_info(path: Path) -> SaveInfo | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        config = data["config"]
        info = SaveInfo(
            path=path,
            modified=path.stat().st_mtime,
            arena=str(config.get("arena", "?")),
            players=tuple(config.get("players", ())),
            names=dict(config.get("names", {})),
            decisions=len(data.get("choices", [])),
            over=bool(read_table(path).get("over", False)),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return info


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Readable saves, newest first."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        if path.name.endswith(TABLE_SUFFIX) or path.name.startswith("."):
            continue
        info = save_info(path)
        if info is not None:
            found.append(info)
    found.sort(key=lambda i: (i.modified, i.path.name), reverse=True)
    return found


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    return next((i for i in list_saves(folder) if not i.over), None)
