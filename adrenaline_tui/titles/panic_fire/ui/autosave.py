"""`Autosave`: a Panic Fire table's save, as the shell sees every title's (`session` of a table:
`path`, `game.over`, `save_problem`, `flush()`).

The save is the engine's own (config, seed, deck, the ordered log: `saves.py`), written after
every change on the shell's autosave thread (`tui.session.Autosaver`: in order, atomically, so
a slow disk never holds back a frame of a real-time game and a killed process loses at most the
write under way); beside it the shell's table file says who sat where (a person or a computer
level) and, at the end, that the game is over and its ranking."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from adrenaline_tui.atomicfile import write_problem
from adrenaline_tui.titles.panic_fire.game import Game
from adrenaline_tui.titles.panic_fire.saves import save_data
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import Autosaver


class Autosave:
    def __init__(self, game: Game, path: Path | None, kinds: Mapping[str, str], saver: Autosaver | None = None) -> None:
        self.game = game
        self.path = path
        self.kinds = dict(kinds)
        self.saver = saver or Autosaver()
        self.table_error: str | None = None
        self._saved = -1
        self._table_over: bool | None = None

    @property
    def save_problem(self) -> str | None:
        """Why the game is not being saved, if it is not (one line naming the file)."""
        return self.saver.error or self.table_error

    def save(self) -> None:
        """Queue a write of the game if it changed since the last (and of the table file when
        the game starts and when it ends)."""
        if self.path is None:
            return
        if self._table_over != self.game.over:
            self._write_table()
        if len(self.game.log) != self._saved:
            self._saved = len(self.game.log)
            self.saver.write(self.path, json.dumps(save_data(self.game), separators=(",", ":")))

    def _write_table(self) -> None:
        assert self.path is not None
        table: dict = {"seats": self.kinds, "over": self.game.over}
        if self.game.over:
            table["ranking"] = self.game.ranking()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            storage.write_table(self.path, table)
            self._table_over, self.table_error = self.game.over, None
        except OSError as exc:
            self.table_error = write_problem(storage.table_path(self.path), exc)

    def flush(self) -> None:
        """Wait for the writes under way (quitting, a hang-up, a test reading the file)."""
        self.save()
        self.saver.flush()
