"""Which lessons a learner has finished or skipped, and which weapon lessons were offered.

Kept in one small JSON file, `learn.json`, in the same folder as the saves and settings:
`$ADRENALINE_HOME`, else `$XDG_DATA_HOME/adrenaline`, else `~/.local/share/adrenaline`. It is
written atomically, and a missing or unreadable file means "nothing done yet" - progress is a
convenience, never a reason to refuse to start. For the same reason a failed write is told to
`on_error` (once, until a write works again) and the lesson goes on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from adrenaline_tui.atomicfile import write_atomic, write_problem
from adrenaline_tui.paths import data_home
from adrenaline_tui.rules.jsonfile import JsonFileError, read_json

PROGRESS_FORMAT = "adrenaline-learn"
PROGRESS_VERSION = 1
PROGRESS_FILE = "learn.json"
# Far above the lessons there are (a few dozen); the file is in a folder anyone on the account
# may write.
MAX_BYTES = 64 * 1024
MAX_IDS = 500
MAX_ID = 64


def progress_path() -> Path:
    return data_home() / PROGRESS_FILE


@dataclass
class Progress:
    path: Path
    done: set[str] = field(default_factory=set)
    skipped: set[str] = field(default_factory=set)
    offered: set[str] = field(default_factory=set)  # weapon ids whose lesson was offered in a game
    on_error: Callable[[str], None] | None = field(default=None, repr=False, compare=False)
    error: str | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, path: str | Path | None = None) -> Progress:
        path = Path(path) if path is not None else progress_path()
        progress = cls(path)
        try:
            raw = read_json(path, max_bytes=MAX_BYTES, max_depth=2, max_text=MAX_ID)
        except (FileNotFoundError, JsonFileError):
            return progress
        if not isinstance(raw, dict) or raw.get("format") != PROGRESS_FORMAT:
            return progress
        for name in ("done", "skipped", "offered"):
            values = raw.get(name)
            if isinstance(values, list):
                getattr(progress, name).update(v for v in values[:MAX_IDS] if isinstance(v, str))
        return progress

    def save(self) -> None:
        data = {
            "format": PROGRESS_FORMAT,
            "version": PROGRESS_VERSION,
            "done": sorted(self.done),
            "skipped": sorted(self.skipped - self.done),
            "offered": sorted(self.offered),
        }
        try:
            write_atomic(self.path, json.dumps(data, indent=1))
            error = None
        except OSError as exc:
            error = f"{write_problem(self.path, exc)} (lesson progress)"
        if error != self.error:
            self.error = error
            if error is not None and self.on_error is not None:
                self.on_error(error)

    # ------------------------------------------------------------------- changes
    def mark_done(self, lesson_id: str) -> None:
        self.done.add(lesson_id)
        self.skipped.discard(lesson_id)
        self.save()

    def mark_skipped(self, lesson_id: str) -> None:
        if lesson_id not in self.done:
            self.skipped.add(lesson_id)
            self.save()

    def mark_offered(self, weapon_ids: Iterable[str]) -> None:
        new = set(weapon_ids) - self.offered
        if new:
            self.offered |= new
            self.save()

    def reset(self) -> None:
        self.done.clear()
        self.skipped.clear()
        self.offered.clear()
        self.save()

    # ------------------------------------------------------------------ questions
    @property
    def seen(self) -> set[str]:
        """Lessons finished or skipped, and weapons whose lesson was already offered."""
        return self.done | self.skipped | self.offered

    def status(self, lesson_id: str) -> str:
        """`done`, `skipped` or `new`."""
        if lesson_id in self.done:
            return "done"
        if lesson_id in self.skipped:
            return "skipped"
        return "new"
