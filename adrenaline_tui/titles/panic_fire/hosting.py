"""Panic Fire on `adrenaline host` (`registry.TitleHost`, and the host's real-time hook
`host.tables.RealTimeSession`): a table's game held by the host, refereed on the host's clock.

Who was first is the order actions reach the host: each `act` goes straight to the table's
`LiveReferee` (the local table's referee, the same due-list of the clock's events and the
computers' plans), so of two grabs of the gun the one the host read first takes it and the other
is refused with the engine's reason. The referee is woken on the host's event loop when
`wake_in()` says something is due ("fire!", the gun's return, a count of three, a computer's
planned action); after every change the host sends every seat its frame in one pass, each built
from `view(seat)` alone, with the round's clock as the host reads it (`now`), so every screen
counts down, flips and shows a shot within a frame of the others.

A person whose client drops is out of the round (their seat folds), not the game: the next deal
deals them in again if they are back. While no person is at the table its clock stands still.
Computers keep their levels' human reaction times. The save is the engine's own (config, seed,
deck, the ordered log), written after every change on the host's saving thread.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.seeds import player_seed
from adrenaline_tui.titles import registry
from adrenaline_tui.titles.panic_fire.game import Event, Game
from adrenaline_tui.titles.panic_fire.players import make_player
from adrenaline_tui.titles.panic_fire.referee import COUNTDOWN_MS, LiveReferee
from adrenaline_tui.titles.panic_fire.title import ENGINE
from adrenaline_tui.titles.panic_fire.ui.autosave import Autosave
from adrenaline_tui.tui import storage
from adrenaline_tui.wire.protocol import ProtocolError, options_create, printable

# This module's title in the registry (the package is the title's own: it may name itself).
TITLE = "panic_fire"
HUMAN = "human"


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class NoCopies:
    """Undo copies: none (a real-time game has no undo); kept so the host closes them as any table's."""

    def close(self) -> None:
        """Nothing to stop."""


class HostedGame:
    """What the host reads of a table's game: the engine's game, with the public events in
    order (each stamped with its round and the round's clock, for the shot's drawing), and in
    each view the round's clock now. A real-time game has no turns: nobody is ever "deciding",
    and every moment is a public point (what a seat may see of it is its `view`)."""

    at_public_point = True
    pending = None

    def __init__(self, game: Game, referee: LiveReferee) -> None:
        self.engine_game = game
        self.referee = referee
        self._events: list[Event] = []
        self._read = 0
        self.waiting: list[str] = []

    @property
    def events(self) -> list[Event]:
        for rnd, at, e in self.referee.events[self._read :]:
            self._events.append(Event(e.kind, e.text, {**e.data, "clock": [rnd, at]}))
        self._read = len(self.referee.events)
        return self._events

    @property
    def over(self) -> bool:
        return self.engine_game.over

    @property
    def turn(self) -> int:
        return self.engine_game.round

    @property
    def seed(self) -> int:
        return self.engine_game.seed

    @property
    def history(self) -> list[list[Any]]:
        return self.engine_game.log

    def decisions_seen(self, seat: str | None) -> int:
        return 0

    def pending_public(self) -> None:
        return None

    def name(self, seat: str) -> str:
        return seat.capitalize()

    def view(self, seat: str | None) -> dict[str, Any]:
        """`seat`'s view, and the round's clock as the host reads it now (public: the same for
        every seat), with how long a round taken up again waits before it goes on."""
        view = self.engine_game.view(seat)
        paused = self.referee.paused
        view["now"] = self.referee.now if paused else self.referee.round_now()
        view["holding"] = self.referee.holding()
        view["paused"] = paused
        # People's seats the next "fire!" waits for (away; public: the lobby says who is away).
        view["waiting_for"] = list(self.waiting)
        return view


class HostedSession:
    """A Panic Fire table's session on the host: its referee on the host's clock, its computers,
    its save. It keeps its own clock on the host's loop (`go`), and takes people's actions as
    they arrive (`act`): the host's real-time hook (`host.tables.RealTimeSession`)."""

    computer_to_move = False  # the referee carries out the computers' plans on its own clock

    def __init__(
        self,
        game: Game,
        kinds: Mapping[str, str],
        path: Path | None,
        saver: Any = None,
        spares: Any = None,
        *,
        clock: Callable[[], int] = monotonic_ms,
        resume_ms: int = 0,
    ) -> None:
        self.engine_game = game
        self.autosave = Autosave(game, path, kinds, saver)
        self.kinds = self.autosave.kinds  # the host updates them (seats given to computers)
        self.saver = self.autosave.saver
        self.spares = spares if spares is not None else NoCopies()
        self.referee = LiveReferee(game, {}, seed=game.seed, clock=clock, resume_ms=resume_ms)
        self.game = HostedGame(game, self.referee)
        self._changed: Callable[[], None] | None = None
        # Nobody is at a table made or resumed until the host says who is (`go`): a seat not
        # yet taken up again is waited for, not folded as one that dropped.
        self._absent: set[str] = {s for s, k in self.kinds.items() if k == HUMAN}
        self._handle: asyncio.TimerHandle | None = None
        self._stopped = False
        self._sync_players()
        # Still until the host sets it going (`go`): a resumed table waits for its players.
        self.referee.pause()

    # ---------------------------------------------------------------- what the host asks of a session
    @property
    def path(self) -> Path | None:
        return self.autosave.path

    @property
    def save_problem(self) -> str | None:
        return self.autosave.save_problem

    def write_table(self) -> None:
        if self.autosave.path is not None:  # a table kept in memory only (tests) has no file
            self.autosave._write_table()

    def autosave_now(self) -> None:
        self.autosave.save()

    def flush(self) -> None:
        self.autosave.flush()

    def can_undo(self, seat: str | None) -> bool:
        return False  # everyone saw every action the moment it happened

    def choose(self, key: str) -> list[Event]:
        raise ValueError("Panic Fire has no turns: every seat acts at any moment")

    # ---------------------------------------------------------------- the real-time hook
    def go(self, changed: Callable[[], None], absent: Iterable[str]) -> None:
        """Keep the clock on the running loop, calling `changed` after everything the clock or a
        computer did; `absent`: people's seats nobody is at now. Called again whenever who is at
        the table may have changed (idempotent). A person who has just gone is out of the round,
        not the game; the next round is not fired while a person it deals in is away (they come
        back, or the table's creator gives their seat to a computer)."""
        self._changed = changed
        self._stopped = False
        gone = set(absent) - self._absent
        self._absent = set(absent)
        self._sync_players()
        before = (len(self.referee.events), self.referee.paused)
        self.referee.catch_up()
        g = self.engine_game
        for seat in sorted(gone):
            if g.phase != "over" and seat in g.live and self.kinds.get(seat) == HUMAN:
                self.referee.apply(seat, "fold", self.referee.now)
        self._after()
        if (len(self.referee.events), self.referee.paused) != before:
            changed()  # an action, or the clock stopped or going on: every seat is told

    def act(self, seat: str, key: str) -> None:
        """A person's action, applied the moment it reached the host (ValueError: refused, with
        the engine's one-line reason; nothing changed)."""
        before = len(self.referee.events)
        outcome = self.referee.press(seat, key)
        self._after()
        if outcome.reason is not None:
            if len(self.referee.events) != before and self._changed is not None:
                self._changed()  # what was due before the refused action happened all the same
            raise ValueError(outcome.reason)

    def stop(self) -> None:
        """The table is suspended or the host stops: nothing more happens by the clock."""
        self._stopped = True
        self._cancel()

    def tick(self) -> bool:
        """Carry out whatever is due now and tell the host (True if anything happened)."""
        self._handle = None
        if self._stopped:
            return False
        done = self.referee.catch_up() > 0
        self._after()
        if done and self._changed is not None:
            self._changed()
        return done

    # ---------------------------------------------------------------- inside
    def _after(self) -> None:
        self._hold_or_go()
        self.autosave.save()
        self._schedule()

    def _hold_or_go(self) -> None:
        """The clock stands still while nobody is at the table, or while a person still in the
        round is away (a round about to be fired deals them in; a resumed round had them in it);
        it goes on (3 s to look first) when they are back."""
        g = self.engine_game
        people = [s for s, k in self.kinds.items() if k == HUMAN]
        away = [s for s in people if s in self._absent]
        waiting = [s for s in away if s in g.live]
        self.game.waiting = waiting
        if g.phase != "over" and ((people and len(away) == len(people)) or waiting):
            self.referee.pause()
        elif self.referee.paused:
            self.referee.resume(COUNTDOWN_MS)

    def _sync_players(self) -> None:
        """A computer for every computer seat (a seat given to one while its person is away)."""
        players = self.referee.players
        for n, seat in enumerate(self.engine_game.config.seats):
            kind = self.kinds.get(seat, HUMAN)
            if kind == HUMAN and seat in players:
                self.referee.seat(seat, None)
            elif kind != HUMAN and seat not in players:
                level = kind if ENGINE.canonical_kind(kind) else PanicFireHost.computer
                self.referee.seat(seat, make_player(level, player_seed(self.engine_game.seed, n)))

    def _cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _schedule(self) -> None:
        self._cancel()
        if self._stopped or self._changed is None:
            return
        wait = self.referee.wake_in()
        if wait is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a test driving `tick` by hand)
        self._handle = loop.call_later(max(wait, 1) / 1000, self.tick)


class PanicFireHost:
    # A table's computers are named by their level (public: chosen in the lobby).
    names_levels = True
    # The computer of a table when the host names none: the title's kinder default (easy;
    # docs/panic_fire.md, "The default level").
    computer = ENGINE.default_level
    # The host's clock for every Panic Fire table (monotonic milliseconds; tests set their own).
    clock: Callable[[], int] = staticmethod(monotonic_ms)

    def parse_create(self, msg: dict[str, Any]) -> dict[str, Any]:
        fields = options_create(registry.title(TITLE), msg)
        low, high = ENGINE.seat_range
        if not low <= len(fields["kinds"]) <= high:
            raise ProtocolError(f"Panic Fire is for {low} to {high} players")
        try:
            game = ENGINE.new_game(len(fields["kinds"]), fields["options"], 0)
        except ValueError as exc:
            raise ProtocolError(printable(str(exc), 200)) from None
        # No turn timer: nobody waits on anyone in a real-time game.
        return fields | {"seats": list(ENGINE.seats(game)), "timer": 0}

    def create_fields(self, setup: Any) -> dict[str, Any]:
        return {"options": dict(setup.options), "seats": list(setup.kinds.values())}

    def lobby_fields(self, options: Mapping[str, str]) -> dict[str, Any]:
        return {}

    def figures(self, game: HostedGame) -> str | None:
        g = game.engine_game
        places = ", ".join(f"{r['seat']} {r['bullets']}" for r in g.ranking())
        return f"Bullets: {places}" if places else None

    def hints(self, session: HostedSession, view: dict[str, Any]) -> dict[str, Any] | None:
        return None

    def explanations(self, session: HostedSession, view: dict[str, Any]) -> dict[str, Any] | None:
        return None

    def session_of(
        self, game: Game, kinds: Mapping[str, str], path: Path | None, saver: Any = None, spares: Any = None
    ) -> HostedSession:
        """A table's session around a game (a new one, a resumed one, or a test's scenario)."""
        resume_ms = COUNTDOWN_MS if game.phase == "play" else 0
        return HostedSession(game, kinds, path, saver, spares, clock=self.clock, resume_ms=resume_ms)

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
        session = self.session_of(game, kinds, path, saver, spares)
        session.write_table()
        session.autosave_now()
        return session

    def resume(self, path: Path, saver: Any = None, spares: Any = None) -> HostedSession:
        game = Game.load(path)
        table, _problem = storage.load_table(path)
        kinds = {str(k): str(v) for k, v in table.get("seats", {}).items() if k in game.config.seats}
        kinds = {s: kinds.get(s, HUMAN) for s in game.config.seats}
        return self.session_of(game, kinds, path, saver, spares)

    def options_of(self, game: HostedGame) -> dict[str, str]:
        return {"shields": game.engine_game.config.shields}

    def hidden_from(self, seat: str | None, event: Event) -> bool:
        return False  # every event of the engine is public (who drew, never what)


HOST = PanicFireHost()
