"""Bloodrush on `adrenaline host` (`registry.TitleHost`): a table's game held by the host.

No screen here: the host holds a `BloodrushSession` (the table's own session: seats, autosave,
undo, computers) saved at the table's code in the host's folder on the host's threads. What
each seat is sent comes from `game.view(seat)` and the events that seat may see (`views.events_for`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.titles import registry
from adrenaline_tui.titles.bloodrush import Event, Game
from adrenaline_tui.titles.bloodrush.title import ENGINE
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.views import events_for
from adrenaline_tui.tui import storage
from adrenaline_tui.wire.protocol import ProtocolError, options_create, printable

# This module's title in the registry (the package is the title's own: it may name itself).
TITLE = "bloodrush"


class NoCopies:
    """Undo copies for a session made without the host's threads (tests): none to close."""

    def close(self) -> None:
        """Nothing to stop."""


class HostedSession(BloodrushSession):
    """The table's session with the host's threads: its saver, and its undo copies (unused:
    Bloodrush's undo replays the game, about 2 ms; kept so the host closes them as any table's)."""

    def __init__(self, game: Game, kinds: Mapping[str, str], path: Path | None, saver: Any, spares: Any) -> None:
        super().__init__(game, kinds, path, saver)
        self.spares = spares if spares is not None else NoCopies()


class BloodrushHost:
    # A table's computers are named by their level (public: chosen in the lobby).
    names_levels = True

    @property
    def computer(self) -> str:
        """The computer kind of a table when the host names none: the middle level."""
        return ENGINE.levels[len(ENGINE.levels) // 2]

    def parse_create(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A `create` of a Bloodrush table checked: its options and seat kinds, its seats named
        by a trial game of those options (as the local setup names them)."""
        fields = options_create(registry.title(TITLE), msg)
        try:
            game = ENGINE.new_game(len(fields["kinds"]), fields["options"], 0)
        except ValueError as exc:
            raise ProtocolError(printable(str(exc), 200)) from None
        return fields | {"seats": list(ENGINE.seats(game))}

    def create_fields(self, setup: Any) -> dict[str, Any]:
        """The create of the game the title's setup asked for (the shell's `StartTitleGame`)."""
        return {"options": dict(setup.options), "seats": list(setup.kinds.values())}

    def lobby_fields(self, options: Mapping[str, str]) -> dict[str, Any]:
        return {}

    def figures(self, game: Game) -> str | None:
        # The game's figures once it is over: blood, humans, bursts, all public.
        return ENGINE.stats_text(game, ENGINE.stats(game))

    def hints(self, session: HostedSession, view: dict[str, Any]) -> dict[str, Any] | None:
        # The table's own screen says what each option does, from the seat's view.
        return None

    def explanations(self, session: HostedSession, view: dict[str, Any]) -> dict[str, Any] | None:
        # `x` explains from the seat's own screen (the title's explain reads its view).
        return None

    def start(
        self,
        seats: int,
        options: Mapping[str, str],
        kinds: Mapping[str, str],
        seed: int,
        path: Path | None,
        saver: Any = None,
        spares: Any = None,
    ) -> HostedSession:
        game = ENGINE.new_game(seats, options, seed)
        session = HostedSession(game, kinds, path, saver, spares)
        session.write_table()
        session.autosave()
        return session

    def resume(self, path: Path, saver: Any = None, spares: Any = None) -> HostedSession:
        game = Game.load(path)
        table, _problem = storage.load_table(path)
        kinds = {str(k): str(v) for k, v in table.get("seats", {}).items()}
        return HostedSession(game, kinds, path, saver, spares)

    def options_of(self, game: Game) -> dict[str, str]:
        return {"mozzie_player": "yes" if game.config.mozzie_player else "no", "burst": game.config.burst}

    def hidden_from(self, seat: str | None, event: Event) -> bool:
        return not events_for(seat, [event])


HOST = BloodrushHost()
