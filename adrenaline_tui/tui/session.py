"""A game at the table: the engine's `Game` plus who sits where, autosaving, undo and hand-offs.

No Textual here, so the rules of the table (who is looking at the screen, when the keyboard
must be passed) can be tested without running the app.
"""

from __future__ import annotations

import json
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from adrenaline_tui.rules import Event, Game, GameConfig
from adrenaline_tui.rules.atomicfile import write_atomic
from adrenaline_tui.rules.saves import save_data
from adrenaline_tui.tui import storage

if TYPE_CHECKING:
    from adrenaline_tui.ai import ComputerPlayer

HUMAN = "human"
# The preferred computer player comes first (the default for a new seat), then the other levels.
PREFERRED_COMPUTERS = ("normal", "easy", "hard", "random")


def computer_kinds() -> list[str]:
    # Imported when first needed: the computer players are not needed to draw a table.
    from adrenaline_tui.ai import PLAYER_KINDS

    known = list(PLAYER_KINDS)
    return [k for k in PREFERRED_COMPUTERS if k in known] + sorted(k for k in known if k not in PREFERRED_COMPUTERS)


def best_computer() -> str:
    return computer_kinds()[0]


class Autosaver:
    """Writes saves on one background thread, in order, so a slow disk never delays a frame.

    The text is made on the caller's thread (the game keeps changing); only the write waits.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._last: Future[None] | None = None
        self.error: str | None = None

    def write(self, path: Path, text: str) -> None:
        self._last = self._pool.submit(self._write, path, text)

    def _write(self, path: Path, text: str) -> None:
        try:
            write_atomic(path, text)
            self.error = None
        except OSError as exc:
            self.error = f"could not save {path}: {exc.strerror or exc}"

    def flush(self) -> None:
        if self._last is not None:
            self._last.result()

    def close(self) -> None:
        self.flush()
        self._pool.shutdown(wait=True)


class Session:
    """One game in progress and the people and programs playing it."""

    def __init__(
        self,
        game: Game,
        kinds: dict[str, str] | None = None,
        path: Path | None = None,
        saver: Autosaver | None = None,
    ) -> None:
        self.game = game
        self.path = path
        self.saver = saver or Autosaver()
        self.kinds: dict[str, str] = {c: (kinds or {}).get(c, HUMAN) for c in game.seats}
        self.fallbacks: list[str] = []
        self._resolved = False
        self._bots: dict[str, ComputerPlayer] = {}

    def resolve_computers(self) -> list[str]:
        """Swap computer kinds this install lacks for the best it has; returns what was swapped.

        Not done on construction: loading the computer players is not needed to draw the table.
        """
        if not self._resolved:
            self._resolved = True
            known = computer_kinds() if any(k != HUMAN for k in self.kinds.values()) else []
            if known:
                from adrenaline_tui.ai import canonical_kind

                # older saves call the normal player "sensible": the same player, renamed
                self.kinds = {c: k if k == HUMAN else canonical_kind(k) for c, k in self.kinds.items()}
            for colour, kind in self.kinds.items():
                if kind != HUMAN and kind not in known:
                    self.fallbacks.append(
                        f"{self.game.name(colour)}: no '{kind}' computer player here, using {best_computer()}"
                    )
                    self.kinds[colour] = best_computer()
        return self.fallbacks

    # ---------------------------------------------------------------- creation
    @classmethod
    def start(
        cls, config: GameConfig, seed: int, kinds: dict[str, str], path: Path | None = None, *, autosave: bool = True
    ) -> Session:
        session = cls(Game.new(config, seed), kinds, path or (storage.new_save_path() if autosave else None))
        session.write_table()
        session.autosave()
        return session

    @classmethod
    def resume(cls, path: Path) -> Session:
        """Load a save (raises SaveError with a one-line reason)."""
        game = Game.load(path)
        seats = storage.read_table(path).get("seats")
        kinds = {str(k): str(v) for k, v in seats.items()} if isinstance(seats, dict) else {}
        return cls(game, kinds, path)

    # ----------------------------------------------------------------- seats
    @property
    def humans(self) -> list[str]:
        return [c for c in self.game.seats if self.kinds[c] == HUMAN]

    def is_human(self, colour: str) -> bool:
        return self.kinds.get(colour) == HUMAN

    def bot(self, colour: str) -> ComputerPlayer:
        from adrenaline_tui.ai import make_player

        self.resolve_computers()
        if colour not in self._bots:
            index = self.game.seats.index(colour)
            self._bots[colour] = make_player(self.kinds[colour], self.game.seed * 1009 + index)
        return self._bots[colour]

    @property
    def computer_to_move(self) -> bool:
        d = self.game.pending
        return d is not None and not self.is_human(d.player)

    # ------------------------------------------------------------------ play
    def choose(self, key: str) -> list[Event]:
        events = self.game.choose(key)
        self.autosave()
        if self.game.over:
            self.write_table()
        return events

    def computer_choice(self) -> str:
        d = self.game.pending
        assert d is not None and not self.is_human(d.player)
        return self.bot(d.player).choose(d, self.game.view(d.player))

    def can_undo(self, viewer: str | None) -> bool:
        """Undo is for the person deciding, within their own decisions (the engine's barrier)."""
        d = self.game.pending
        return d is not None and d.player == viewer and self.is_human(viewer) and self.game.can_undo

    def undo(self) -> None:
        self.game = self.game.undo()
        self.autosave()

    # ------------------------------------------------------------ who looks
    def plan_view(self, current: str | None) -> tuple[str | None, bool]:
        """Whose view the screen should show next, and whether the keyboard must change hands first.

        A person deciding sees their own view; when that person is not the one already at the
        screen and more than one person plays, a hand-off screen comes first. While a computer
        decides, a lone person keeps their view; with several people the screen shows only
        public information, since nobody in particular is looking.
        """
        humans = self.humans
        d = self.game.pending
        if d is None:
            return (humans[0] if len(humans) == 1 else None), False
        if self.is_human(d.player):
            return d.player, (d.player != current and len(humans) > 1)
        return (humans[0] if len(humans) == 1 else None), False

    # ----------------------------------------------------------------- saves
    def autosave(self) -> None:
        if self.path is not None:
            self.saver.write(self.path, json.dumps(save_data(self.game), separators=(",", ":")))

    def write_table(self) -> None:
        if self.path is not None:
            storage.write_table(self.path, {"seats": self.kinds, "over": self.game.over})

    def flush(self) -> None:
        self.saver.flush()
