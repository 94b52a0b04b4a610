"""`Autosave`: a Panic Fire table's save, as the shell sees every title's (`session` of a table:
`path`, `game.over`, `save_problem`, `flush()`).

The save is the engine's own (config, seed, deck, the ordered log: `saves.py`), written after
every change, atomically, so a killed process loses nothing; beside it the shell's table file
says who sat where (a person or a computer level) and whether the game is over. Writing is
synchronous: a save is a few kilobytes, and the log grows by one entry per action."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from adrenaline_tui.atomicfile import write_problem
from adrenaline_tui.titles.panic_fire.game import Game
from adrenaline_tui.tui import storage


class Autosave:
    def __init__(self, game: Game, path: Path | None, kinds: Mapping[str, str]) -> None:
        self.game = game
        self.path = path
        self.kinds = dict(kinds)
        self.save_problem: str | None = None
        self._saved = -1
        self._over_written = False

    def save(self) -> bool:
        """Write the game if it changed since the last write; False if writing failed (the
        problem, one line, stays in `save_problem` until a write succeeds)."""
        if self.path is None or (len(self.game.log) == self._saved and self._over_written == self.game.over):
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._saved < 0 or self.game.over != self._over_written:
                table = {"seats": self.kinds, "over": self.game.over}
                if self.game.over:
                    table["ranking"] = self.game.ranking()
                storage.write_table(self.path, table)
                self._over_written = self.game.over
            self.game.save(self.path)
        except OSError as exc:
            self.save_problem = write_problem(self.path, exc)
            return False
        self._saved = len(self.game.log)
        self.save_problem = None
        return True

    def flush(self) -> None:
        """Everything is written as it happens; a last try if the last write failed."""
        self.save()
