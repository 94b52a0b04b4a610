"""A game of Bloodrush at the table: the engine's `Game`, who plays each seat, autosave, undo.

No Textual here. Saves go through the shell's own mechanism: the engine's save written atomically
by the shell's saver (`tui.session.Autosaver`, `atomicfile.write_atomic`) into the
shell's saves folder, with the shell's table sidecar (`tui.storage`: seats, over, ranking) that the
load list, Continue and the past-games list read for every title.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.atomicfile import write_problem
from adrenaline_tui.printable import printable
from adrenaline_tui.seeds import player_seed
from adrenaline_tui.titles.bloodrush import Decision, Event, Game, SaveError
from adrenaline_tui.titles.bloodrush.saves import MAX_SAVE_BYTES, save_data
from adrenaline_tui.titles.bloodrush.title import ENGINE
from adrenaline_tui.titles.files import read_save
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.session import Autosaver

HUMAN = storage.HUMAN
# Events that reveal what nobody chose: a die, a card, a shuffle. A decision followed by one
# cannot be undone (taking it back would let a person try again for another roll or card).
CHANCE = frozenset({"rolled", "drew", "drew-red", "reshuffled", "player-1"})


class BloodrushSession:
    def __init__(
        self,
        game: Game,
        kinds: Mapping[str, str] | None = None,
        path: Path | None = None,
        saver: Autosaver | None = None,
    ) -> None:
        self.game = game
        self.path = path
        self.saver = saver or Autosaver()
        given = kinds or {}
        self.kinds: dict[str, str] = {
            s: k if (k := str(given.get(s, HUMAN))) == HUMAN or ENGINE.canonical_kind(k) else ENGINE.levels[1]
            for s in game.config.seats
        }
        self.table_error: str | None = None
        self.fallbacks: list[str] = []
        self._bots: dict[str, Any] = {}
        # Who took each decision made at this table, and whether it revealed chance: undo takes
        # back only a person's own decisions that revealed nothing.
        self._made: list[tuple[str, bool]] = []
        self.moves = 0  # decisions and undos: a computer's answer to an older position is dropped

    # ---------------------------------------------------------------- creation
    @classmethod
    def start(cls, seats: int, options: Mapping[str, str], kinds: Mapping[str, str], seed: int) -> BloodrushSession:
        game = ENGINE.new_game(seats, options, seed)
        session = cls(game, kinds, storage.new_save_path())
        session.write_table()
        session.autosave()
        return session

    @classmethod
    def resume(cls, path: Path) -> BloodrushSession:
        """A saved game (SaveError in one line)."""
        game = Game.load(path)
        table, problem = storage.load_table(path)
        session = cls(game, {str(k): str(v) for k, v in table.get("seats", {}).items()}, path)
        if problem:
            session.fallbacks.append(f"{problem}: every seat is played by a person")
        return session

    # ------------------------------------------------------------------- seats
    @property
    def humans(self) -> list[str]:
        return [s for s in self.game.config.seats if self.kinds[s] == HUMAN]

    def is_human(self, seat: str | None) -> bool:
        return seat is not None and self.kinds.get(seat) == HUMAN

    @property
    def computer_to_move(self) -> bool:
        d = self.game.pending
        return d is not None and not self.is_human(d.player)

    def bot(self, seat: str) -> Any:
        if seat not in self._bots:
            index = self.game.config.seats.index(seat)
            self._bots[seat] = ENGINE.make_player(self.kinds[seat], player_seed(self.game.seed, index))
        return self._bots[seat]

    def computer_choice(self) -> str:
        d = self.game.pending
        assert d is not None and not self.is_human(d.player)
        return self.bot(d.player).choose(d, self.game.view(d.player))

    # -------------------------------------------------------------------- play
    def choose(self, key: str) -> list[Event]:
        d: Decision | None = self.game.pending
        events = self.game.choose(key)
        self.moves += 1
        if d is not None:
            self._made.append((d.player, any(e.kind in CHANCE for e in events)))
        # A person's decision is on the file before anyone sees what follows; computers' moves
        # are batched (`tui.session.Autosaver`).
        self.autosave(person=d is None or self.is_human(d.player) or self.game.over)
        if self.game.over:
            self.write_table()
        return events

    def can_undo(self, viewer: str | None) -> bool:
        """The person deciding may take back their own last decision if it revealed nothing
        and nobody decided since."""
        d = self.game.pending
        if d is None or d.player != viewer or not self.is_human(viewer) or not self._made:
            return False
        who, revealed = self._made[-1]
        return who == viewer and not revealed

    def undo(self) -> None:
        self._made.pop()
        # The engine has no undo: a game is its start and its keys, replayed (about 2 ms).
        self.game = self.game.replay(self.game.history[:-1])
        self.moves += 1
        self.autosave()

    # --------------------------------------------------------------- who looks
    def plan_view(self, current: str | None) -> tuple[str | None, bool]:
        """Whose view to show next, and whether the keyboard changes hands first (as
        Adrenaline's table does: a lone person keeps their view; with several, a computer's
        turn shows only public information)."""
        humans = self.humans
        d = self.game.pending
        if d is not None and self.is_human(d.player):
            return d.player, (d.player != current and len(humans) > 1)
        return (humans[0] if len(humans) == 1 else None), False

    # ------------------------------------------------------------------- saves
    def autosave(self, *, person: bool = True) -> None:
        if self.path is not None:
            # At the end a host's journal is folded into the save (`Autosaver.keep`).
            self.saver.keep(self.path, save_data(self.game), person=person, final=self.game.over)

    def write_table(self) -> None:
        if self.path is None:
            return
        table: dict[str, object] = {"seats": self.kinds, "over": self.game.over}
        if self.game.over:
            # In the shell's shape, so the past-games list says who won without replaying.
            table["ranking"] = [{"rank": p.place, "player": p.seat, "score": p.score} for p in ENGINE.places(self.game)]
        try:
            storage.write_table(self.path, table)
            self.table_error = None
        except OSError as exc:
            self.table_error = write_problem(storage.table_path(self.path), exc)

    @property
    def save_problem(self) -> str | None:
        return self.saver.error or self.table_error

    def flush(self) -> None:
        self.saver.flush()


def save_info(path: Path, modified: float) -> storage.SaveInfo:
    """What the lists show of a Bloodrush save, read within bounds and not replayed."""
    try:
        data = read_save(path, MAX_SAVE_BYTES, SaveError)
        config = data["config"]
        seats = tuple(str(s) for s in config["seats"])
        names = {str(k): str(v) for k, v in (config.get("names") or {}).items()}
        mozzie = config.get("mozzie_player")
        choices = data["choices"]
        if not isinstance(choices, list) or not seats:
            raise TypeError
    except SaveError as exc:
        return storage.SaveInfo(path, modified, problem=str(exc).removeprefix(f"{path}: ")[: storage.MAX_PROBLEM])
    except (KeyError, TypeError, AttributeError):
        return storage.SaveInfo(path, modified, problem="not a Bloodrush save")
    table = storage.read_table(path)
    kinds = table.get("seats", {})
    vampires = len(seats) - (mozzie in seats)
    summary = f"{vampires} vampires" + (" + the Mozzie's player" if mozzie in seats else "")
    if config.get("burst") == "eliminated":
        summary += ", bursts eliminate"
    return storage.SaveInfo(
        path=path,
        modified=modified,
        players=seats,
        names={s: printable(names.get(s, s.capitalize()))[:16] for s in seats},
        decisions=len(choices),
        over=bool(table.get("over", False)),
        people=sum(1 for s in seats if kinds.get(s, HUMAN) == HUMAN),
        title="Bloodrush",
        summary=summary,
    )
