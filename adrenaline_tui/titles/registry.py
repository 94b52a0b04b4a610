"""The titles the shell offers, each registered by one line of `TITLES` (issue 24).

A title is a package with its own engine, data, computer players (and, as the shell is opened up,
its widgets and lessons). What the shell needs of it without a screen - set a game up from named
options, seat computer players, play, rank, read a save - is the `TitleEngine` below; each title's
package has a module that provides one (`titles/adrenaline.py`, `titles/bloodrush/title.py`),
imported only when that title is first used, so starting one game loads no other.

Nothing outside this module names a title: the shell asks the registry (`title(name)`,
`title_of_save(path)`), and adding a title is one more `Title(...)` line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from adrenaline_tui.record import record


@record
class TitleOption:
    """One way a table of the title can be set up beyond its seats: `choices` in the order a
    menu shows them, `default` one of them. Values are words, as typed on a command line."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str


@record
class Place:
    """Where a seat finished: `place` 1 is a winner (ties share one), `score` what it was
    ranked by first that a person reads as points."""

    seat: str
    place: int
    score: int


class ComputerPlayer(Protocol):
    def choose(self, decision: Any, view: dict[str, Any] | None) -> str: ...


class TitleEngine(Protocol):
    """What the shell needs of a title's engine, without any screen."""

    seat_range: tuple[int, int]
    # Every computer player the title has (`random` included, for tests and benchmarks) and the
    # levels a person picks from.
    player_kinds: tuple[str, ...]
    levels: tuple[str, ...]
    options: tuple[TitleOption, ...]

    def canonical_kind(self, kind: str) -> str | None:
        """`kind` under its current name, or None for a kind the title does not have."""
        ...

    def default_seats(self, options: Mapping[str, str]) -> int:
        """How many players a table of these options has when nobody says."""
        ...

    def new_game(self, seats: int, options: Mapping[str, str], seed: int) -> Any:
        """A new game for `seats` players (ConfigError with a one-line reason if it cannot be)."""
        ...

    def make_player(self, kind: str, seed: int) -> ComputerPlayer: ...

    def seats(self, game: Any) -> Sequence[str]:
        """The seats of a game, in the order they were set up."""
        ...

    def places(self, game: Any) -> list[Place]:
        """The final ranking of a finished game."""
        ...

    def summary(self, game: Any) -> dict[str, Any]:
        """A few public facts of a finished game for a one-line report (its turns, its mode)."""
        ...

    def load(self, path: Path) -> Any:
        """A saved game, replayed (SaveError in one line)."""
        ...


@record
class Title:
    id: str
    name: str
    blurb: str
    # The "format" field of the title's save files: a save names its title by it.
    save_format: str
    # The module whose `ENGINE` is the title's TitleEngine, imported when first used.
    engine_module: str

    def engine(self) -> TitleEngine:
        return importlib.import_module(self.engine_module).ENGINE


TITLES: tuple[Title, ...] = (
    Title(
        "adrenaline",
        "Adrenaline",
        "3-5 players shoot each other in a small arena",
        "adrenaline-save",
        "adrenaline_tui.titles.adrenaline",
    ),
    Title(
        "bloodrush",
        "Bloodrush",
        "2-5 vampires hunt humans in a Far West town while a mosquito flies",
        "bloodrush-save",
        "adrenaline_tui.titles.bloodrush.title",
    ),
)
DEFAULT = TITLES[0].id


class UnknownTitle(ValueError):
    pass


def title(name: str) -> Title:
    for t in TITLES:
        if t.id == name:
            return t
    known = ", ".join(t.id for t in TITLES)
    raise UnknownTitle(f"no game called {name[:40]!r} (the games: {known})")


def title_of_format(save_format: object) -> Title | None:
    """The title whose saves carry this "format" (None for a file of no title's)."""
    return next((t for t in TITLES if t.save_format == save_format), None)


def parse_options(engine: TitleEngine, given: Mapping[str, str]) -> dict[str, str]:
    """Every option of the title, `given` (checked against its choices) or its default."""
    known = {o.name: o for o in engine.options}
    for name, value in given.items():
        option = known.get(name)
        if option is None:
            names = ", ".join(known) or "none"
            raise UnknownTitle(f"no option {name[:40]!r} for this game (its options: {names})")
        if value not in option.choices:
            raise UnknownTitle(f"{name} is one of {', '.join(option.choices)}, not {value[:40]!r}")
    return {o.name: given.get(o.name, o.default) for o in engine.options}
