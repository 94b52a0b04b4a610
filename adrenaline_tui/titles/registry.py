"""The titles the shell offers, each registered by one line of `TITLES` (issue 24).

A title is a package with its own engine, data, computer players (and, as the shell is opened up,
its widgets and lessons). What the shell needs of it without a screen - set a game up from named
options, seat computer players, play, rank, read a save - is the `TitleEngine` below; each title's
package has a module that provides one (`titles/adrenaline.py`, `titles/bloodrush/title.py`),
imported only when that title is first used, so starting one game loads no other.

Nothing outside this module names a title: the shell asks the registry (`title(name)`,
`title_of_format(...)`), and adding a title is one more `Title(...)` line here.

A title a person can play also names its `ui_module`: the module whose `UI` (a `TitleUI`, below)
makes the title's screens - its setup, its table for a new game or a save, what the load list
says of a save. The shell reaches a title's screens only through it, and lists on its title
screen only the titles that have one (docs/titles.md, "The title hook").

A title's `timing` says which of two contracts its games keep. "turns": the game waits on one
decision at a time (`pending` / `choose`). "real-time" (Panic Fire): any seat acts at any
moment, stamped with the round's clock, and the shell's referee orders the actions and fires
the clock's events (`RealTimeGame` below; docs/panic_fire.md says what the referee must do).
Both kinds of title offer the same `TitleEngine` for setting up, seating, ranking and loading.
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


class RealTimePlayer(Protocol):
    """A computer player of a real-time title: given its seat's view and the round's clock, the
    action it wants and at what time of that clock (None: nothing for now). The referee asks
    again after every change, and calls `done` when the plan was carried out or refused."""

    def plan(self, view: dict[str, Any], now_ms: int) -> tuple[int, str] | None: ...

    def done(self, now_ms: int) -> None: ...


class RealTimeGame(Protocol):
    """A game of a real-time title. Times are the current round's clock in milliseconds (0 is its
    "fire!", negative during the countdown); `round` says which round that clock belongs to."""

    round: int
    phase: str  # "ready" (counting down), "play", "over"

    def legal(self, seat: str, now_ms: int | None = None) -> Sequence[Any]:
        """The seat's legal actions at that time, each with a stable `key` and a `label`."""
        ...

    def act(self, seat: str, key: str, now_ms: int) -> list[Any]:
        """Apply the action (events out), or raise a ValueError with a one-line reason and
        change nothing. Calls are applied in the order they are made: the referee's order."""
        ...

    def next_deadline(self) -> int | None:
        """When the clock alone next changes something (None: nothing is due)."""
        ...

    def advance(self, now_ms: int) -> list[Any]:
        """Fire what is due by `now_ms`, in time order."""
        ...

    def view(self, seat: str | None) -> dict[str, Any]: ...

    def to_json(self) -> dict[str, Any]: ...

    def save(self, path: Path) -> None: ...


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

    def make_player(self, kind: str, seed: int) -> ComputerPlayer | RealTimePlayer: ...

    def seats(self, game: Any) -> Sequence[str]:
        """The seats of a game, in the order they were set up."""
        ...

    def play_out(self, game: Any, players: Mapping[str, Any]) -> None:
        """Play `game` to its end with a computer player in every seat (`make_player`'s): each
        title's own way, one decision at a time (`play_turns`) or in simulated time."""
        ...

    def places(self, game: Any) -> list[Place]:
        """The final ranking of a finished game."""
        ...

    def summary(self, game: Any) -> dict[str, Any]:
        """A few public facts of a finished game for a one-line report: at least `turns` (its
        turns, or rounds) and `decisions` (the answers, or actions, that made it)."""
        ...

    def load(self, path: Path) -> Any:
        """A saved game, replayed (SaveError in one line)."""
        ...

    def stats(self, game: Any) -> dict[str, Any]:
        """The figures of a saved game as JSON, with its "format" and "version" (`adrenaline stats
        --json`). Optional: a title without figures yet has none, and `stats` says so."""
        ...

    def stats_text(self, game: Any, figures: dict[str, Any]) -> str:
        """`stats(game)`'s figures as plain text (`adrenaline stats`)."""
        ...


def play_turns(game: Any, players: Mapping[str, ComputerPlayer], random_kinds: frozenset[str] = frozenset()) -> None:
    """A turn-based game played to its end: each pending decision answered by its seat's
    player, from that seat's view (none for the seats in `random_kinds`: a random player never
    reads it, and building one costs more than its choice)."""
    while (d := game.pending) is not None:
        view = None if d.player in random_kinds else game.view(d.player)
        game.choose(players[d.player].choose(d, view))


class TitleUI(Protocol):
    """What the shell's screens need of a title: its own screens, built on request.

    Screens are Textual `Screen`s, typed `Any` here because the registry imports no UI. A table
    screen drives its game itself (computers, hand-offs, autosave, undo) and says it is a table
    by `is_game_table = True`, with `session` (`path`, `game.over`, `save_problem`, `flush()`),
    `save_now()` and `stop_computers()` (what the app needs to save on Ctrl+S, on quit and on a
    hang-up, whatever the title), `show_points` and `set_points(shown)` (points face up or
    down) and `action_explain()` (the command palette's Explain).
    """

    def setup_screen(self) -> Any:
        """The screen that sets up a new game. When the players are ready it posts the shell's
        `StartTitleGame` (the generic setup, `tui/screens/title_setup.py`, does), or the title's
        own start message."""
        ...

    def seat_label(self, game: Any, seat: str) -> str:
        """How setup names a seat of a game of these options ("Ivory, steers the Mozzie")."""
        ...

    def new_table(self, seats: int, options: Mapping[str, str], kinds: Mapping[str, str], seed: int) -> Any:
        """The table screen of a new game, autosaved in the shell's saves folder. `kinds` maps
        each seat to "human" or a computer level (ValueError in one line if it cannot be)."""
        ...

    def saved_table(self, path: Path) -> Any:
        """The table screen of a saved game (ValueError in one line if the save cannot be read)."""
        ...

    def save_info(self, path: Path, modified: float) -> Any:
        """What the load list shows of a save of this title, unreplayed (the shell's `SaveInfo`)."""
        ...

    def hosted_table(self, state: dict[str, Any]) -> Any:
        """Optional, for a title with a `host_module`: the table of one seat at a host, drawn
        from the host's `state` messages (its first one here). It has `is_hosted_table = True`,
        `game` (whose `apply(state)` takes in the next ones and returns the new events),
        `host_state(new, rebuilt)` and `chat(who, text)`, and answers through `shell.ToHost`."""
        ...

    def table_lines(self, table: Mapping[str, Any]) -> list[str]:
        """Optional, for a title with a `host_module`: a hosted table's set-up as the lobby says
        it, from the host's `table` message (its first line follows "Table CODE: ")."""
        ...

    def review_screen(self, path: Path) -> Any | None:
        """The replay viewer of a save, or None if the title has none yet (ValueError in one
        line if the save cannot be read)."""
        ...


class TitleHost(Protocol):
    """What `adrenaline host` needs to hold a turn-based title's table (docs/hosting.md), beyond
    its `TitleEngine`; nothing of a screen. The session it makes has what the host drives:
    `game` (the engine contract plus `at_public_point`, `pending_public()` and
    `decisions_seen(seat)`), `kinds`, `choose`, `undo`/`can_undo`, `computer_to_move`,
    `computer_choice()`, `write_table()`, `flush()`, `save_problem`, `saver` and `spares`.

    Beyond the methods below: `names_levels` (whether a table's computers are named to its
    clients by their level, or all "computer") and `computer` (the kind of a table's computer
    when the host names none)."""

    names_levels: bool
    computer: str

    def parse_create(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A client's `create` of a table of the title checked (a `wire.protocol.ProtocolError` in
        one line if not): `options` (words), `seats` (their names, in order), `kinds` (each
        "human", "computer" or a level) and `timer` (seconds, 0: none)."""
        ...

    def create_fields(self, setup: Any) -> dict[str, Any]:
        """The title's own fields of a `create` (`parse_create` reads them) for the game its
        setup screen asked for: the message that screen posted to start it (`TitleUI.setup_screen`)."""
        ...

    def lobby_fields(self, options: Mapping[str, str]) -> dict[str, Any]:
        """What the lobby's `table` message says of the set-up beyond `title` and `options`."""
        ...

    def figures(self, game: Any) -> str | None:
        """A finished game's figures as text, sent to every seat (None: none)."""
        ...

    def hints(self, session: Any, view: dict[str, Any]) -> dict[str, Any] | None:
        """The words beside the deciding seat's options, worked out on the host (None: the
        title's table screen words them from the view itself)."""
        ...

    def explanations(self, session: Any, view: dict[str, Any]) -> dict[str, Any] | None:
        """What `x` may ask and its answers, for the view's owner (None: the table screen
        explains from the view itself)."""
        ...

    def start(
        self,
        seats: int,
        options: Mapping[str, str],
        kinds: Mapping[str, str],
        seed: int,
        path: Path | None,
        *threads: Any,
    ) -> Any:
        """A new game autosaved at `path` (None: kept in memory only) on the host's threads
        (`Autosaver`, `UndoSpares`); ValueError in one line if the options make no game."""
        ...

    def resume(self, path: Path, *threads: Any) -> Any:
        """A table's saved game, exactly where it was (SaveError in one line)."""
        ...

    def options_of(self, game: Any) -> dict[str, str]:
        """The options a game was set up with, as words (the lobby of a resumed table says them)."""
        ...

    def hidden_from(self, seat: str | None, event: Any) -> bool:
        """Whether `seat` may not see `event` (a card drawn into another's hand): the host sends
        null in its place, so every seat's log keeps the same positions."""
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
    # Which contract its games keep: "turns" (pending / choose) or "real-time" (act / advance).
    timing: str = "turns"
    # The module whose `UI` is the title's TitleUI (its screens), imported when first used; None
    # for a title with no table yet, which the title screen does not list.
    ui_module: str | None = None
    # The module whose `HOST` (a `TitleHost`, below) lets `adrenaline host` hold a table of the
    # title; None: the host does not offer it.
    host_module: str | None = None

    def engine(self) -> TitleEngine:
        return importlib.import_module(self.engine_module).ENGINE

    def host(self) -> TitleHost | None:
        return None if self.host_module is None else importlib.import_module(self.host_module).HOST

    def ui(self) -> TitleUI:
        if self.ui_module is None:
            raise UnknownTitle(f"{self.name} cannot be played on this screen yet")
        return importlib.import_module(self.ui_module).UI


TITLES: tuple[Title, ...] = (
    Title(
        "adrenaline",
        "Adrenaline",
        "3-5 players shoot each other in a small arena",
        "adrenaline-save",
        "adrenaline_tui.titles.adrenaline",
        ui_module="adrenaline_tui.titles.adrenaline_ui",
        host_module="adrenaline_tui.titles.adrenaline_hosting",
    ),
    Title(
        "bloodrush",
        "Bloodrush",
        "2-5 vampires hunt humans in a Far West town while a mosquito flies",
        "bloodrush-save",
        "adrenaline_tui.titles.bloodrush.title",
        ui_module="adrenaline_tui.titles.bloodrush.ui",
        host_module="adrenaline_tui.titles.bloodrush.hosting",
    ),
    Title(
        "panic_fire",
        "Panic Fire",
        "2-5 players at once, no turns: make a match of cards and be first to the gun",
        "panic-fire-save",
        "adrenaline_tui.titles.panic_fire.title",
        timing="real-time",
        ui_module="adrenaline_tui.titles.panic_fire.ui",
        host_module="adrenaline_tui.titles.panic_fire.hosting",
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


def playable() -> tuple[Title, ...]:
    """The titles with screens, in the registry's order: the title screen lists these."""
    return tuple(t for t in TITLES if t.ui_module is not None)


def hostable() -> tuple[Title, ...]:
    """The titles `adrenaline host` holds tables of: those with a `host_module` (a real-time
    title's session keeps its own clock on the host's loop: `host.tables.RealTimeSession`)."""
    return tuple(t for t in playable() if t.host_module is not None)


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
