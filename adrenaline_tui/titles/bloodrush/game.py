"""`Game`: Bloodrush as a deterministic state machine that always waits on exactly one decision.

`(config, seed, scenario, chosen keys)` determines everything: every shuffle and die roll comes
from the game's one seeded RNG (or, in a scenario, from its listed die results first), and the
rules run as a generator (`flow.play`) that yields each `Decision` and receives the chosen key.
`choose` checks the key before sending it, so an illegal key changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from pathlib import Path
from typing import Any

from adrenaline_tui.titles.bloodrush.board import Board
from adrenaline_tui.titles.bloodrush.components import BLACK, RED, Components, load_components
from adrenaline_tui.titles.bloodrush.decision import Decision, Event
from adrenaline_tui.titles.bloodrush.errors import IllegalChoice
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD, START_BLOOD, Config, Mozzie, Vampire

CARD_NAMES = {
    "coyote_snack": "Coyote Snack",
    "donkey_ride": "Donkey Ride",
    "time_energy": "Time Energy",
    "bug_commander": "Bug Commander",
    "giant_umbrella": "Giant Umbrella",
    "mask_of_immunity": "Mask of Immunity",
    "carriage_ride": "Carriage Ride",
}


class GameOver(Exception):
    """Raised inside the flow the moment an end condition holds ("wins immediately")."""


class Game:
    """One game of Bloodrush. Build it with `Game.new`, `Game.from_scenario` or `Game.load`."""

    def __init__(self, config: Config, seed: int, scenario: Mapping[str, Any] | None = None) -> None:
        from adrenaline_tui.titles.bloodrush import flow

        self.config = config
        self.seed = seed
        self.scenario = dict(scenario) if scenario is not None else None
        self.components: Components = load_components()
        self.board = Board.of(self.components)
        self.rng = random.Random(seed)
        self.vampires: dict[str, Vampire] = {}
        self.order: list[str] = []  # every seat in turn order, Player 1 first
        self.index = 0  # whose turn, in `order`
        self.turn = 0
        self.round_due = True  # time advances at the start of Player 1's turn (each round)
        self.phase = "setup"
        self.humans: dict[str, str] = {}  # square -> human tile on the board
        self.stack: list[str] = []  # setup's face-up stack, top last
        self.eaten: list[str] = []  # humans the Mozzie eliminated
        self.mozzie = Mozzie()
        self.time = 0
        self.deck: list[str] = []  # top last
        self.discard: list[str] = []
        self.straight_only_by: str | None = None  # who played a Bug Commander not yet used up
        self.shields: set[tuple[str, str]] = set()  # (seat, card) played this turn
        self.forced_dice: list[int] = []  # a scenario's die results, used before the RNG
        self.over = False
        self.ranking: list[dict[str, Any]] | None = None
        self.end_reason: str | None = None
        self.events: list[Event] = []
        self.history: list[str] = []
        if scenario is None:
            self._setup()
        else:
            from adrenaline_tui.titles.bloodrush.scenario import build

            build(self, scenario)
        self._flow: Generator[Decision, str, None] = flow.play(self)
        self._pending: Decision | None = self._next(None)

    def _setup(self) -> None:
        seats = list(self.config.seats)
        first = self.config.first if self.config.first is not None else self.rng.choice(seats)
        i = seats.index(first)
        self.order = seats[i:] + seats[:i]  # clockwise from Player 1
        self.stack = [h.id for h in self.components.humans]
        self.rng.shuffle(self.stack)
        for seat in self.config.vampires:
            self.vampires[seat] = Vampire(seat, self.board.graveyard, START_BLOOD)
        self.deck = [kind for kind in BLACK + RED for _ in range(self.components.cards[kind])]
        self.rng.shuffle(self.deck)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, config: Config | Mapping[str, Any] | None = None, seed: int = 0) -> Game:
        if config is None:
            config = Config()
        elif not isinstance(config, Config):
            config = Config.from_dict(config)
        return cls(config, seed)

    @classmethod
    def from_scenario(cls, source: str | Path | Mapping[str, Any], seed: int = 0) -> Game:
        from adrenaline_tui.titles.bloodrush.scenario import read_scenario, scenario_config

        mapping = read_scenario(source)
        return cls(scenario_config(mapping), seed, scenario=mapping)

    # ------------------------------------------------------------- the contract
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits on, or None once the game is over."""
        return self._pending

    # What a host needs to send each seat only what it may know (docs/protocol.md). Every
    # question of Bloodrush is asked whatever anyone holds (a red-card question is asked of every
    # holder of a red card, `Decision.auto`), so every one is a public point, and a seat's count
    # of decisions is the game's.
    at_public_point = True

    def pending_public(self) -> dict[str, str] | None:
        """Who decides and the decision's kind, as every seat's view says (`waiting_on`)."""
        d = self._pending
        return None if d is None else {"player": d.player, "kind": d.kind}

    def decisions_seen(self, seat: str | None) -> int:
        return len(self.history)

    def choose(self, key: str) -> list[Event]:
        decision = self._pending
        if decision is None:
            raise IllegalChoice(key, [], "the game is over")
        if not isinstance(key, str) or decision.option(key) is None:
            raise IllegalChoice(str(key)[:40], decision.keys, decision.prompt)
        mark = len(self.events)
        self.history.append(key)
        self._pending = self._next(key)
        return self.events[mark:]

    def _next(self, key: str | None) -> Decision | None:
        try:
            return self._flow.send(key)  # type: ignore[arg-type]
        except StopIteration:
            return None

    def replay(self, keys: list[str] | None = None) -> Game:
        """A fresh copy of this game's start with `keys` (by default this game's) chosen in order."""
        game = Game(self.config, self.seed, self.scenario)
        for k in self.history if keys is None else keys:
            game.choose(k)
        return game

    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden parts included (deck order, every hand): for tests and tools."""
        from adrenaline_tui.titles.bloodrush.views import full_state

        return full_state(self)

    def view(self, seat: str | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator): no other seat's red cards, no deck order."""
        from adrenaline_tui.titles.bloodrush.views import seat_view

        return seat_view(self, seat)

    def save(self, path: str | Path) -> None:
        from adrenaline_tui.titles.bloodrush.saves import save_game

        save_game(self, Path(path))

    @classmethod
    def load(cls, path: str | Path) -> Game:
        from adrenaline_tui.titles.bloodrush.saves import load_game

        return load_game(Path(path))

    # ---------------------------------------------------------- used by the rules
    def ask(self, decision: Decision) -> Generator[Decision, str, str]:
        """Yield a decision and return the key chosen; a question with one answer answers itself."""
        if not decision.options:
            raise AssertionError(f"engine asked '{decision.prompt}' with no options")
        if decision.auto and len(decision.options) == 1:
            return decision.options[0].key
        key = yield decision
        return key

    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, text, data))

    def name(self, seat: str) -> str:
        return self.config.names.get(seat, seat.capitalize())

    def human_label(self, tile: str) -> str:
        h = self.components.human[tile]
        return f"{h.name} ({h.colour} {h.value})"

    @property
    def active(self) -> str:
        return self.order[self.index]

    @property
    def living(self) -> list[Vampire]:
        """The vampires still in the game, in turn order from the active seat."""
        n = len(self.order)
        seats = [self.order[(self.index + i) % n] for i in range(n)]
        return [self.vampires[s] for s in seats if s in self.vampires and self.vampires[s].alive]

    def vampire_at(self, square: str) -> Vampire | None:
        for v in self.vampires.values():
            if v.alive and v.square == square:
                return v
        return None

    def roll(self, why: str) -> int:
        value = self.forced_dice.pop(0) if self.forced_dice else self.rng.choice(self.components.die)
        self.emit("rolled", f"The die shows {value} ({why})", value=value, why=why)
        return value

    def draw_card(self) -> str:
        if not self.deck:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit("reshuffled", "The discards are shuffled into a new deck", cards=len(self.deck))
        return self.deck.pop()

    def advance_time(self, hours: int, why: str) -> None:
        track = self.components.time
        self.time = (self.time + hours) % len(track)
        text = f"Time moves {hours} hour{'s' * (hours != 1)} to {track[self.time].label} ({why})"
        self.emit("time", text, hours=hours, to=self.time, why=why)

    def gain(self, v: Vampire, amount: int, why: str, *, capped: bool) -> None:
        """Blood in. `capped` gains stop at the maximum; the others burst past it."""
        if capped:
            got = min(amount, MAX_BLOOD - v.blood)
            v.blood += got
            self.emit("blood", f"{self.name(v.seat)} gains {got} blood ({why})", seat=v.seat, change=got, why=why)
            return
        if v.blood + amount <= MAX_BLOOD:
            v.blood += amount
            self.emit("blood", f"{self.name(v.seat)} gains {amount} blood ({why})", seat=v.seat, change=amount, why=why)
            return
        v.bursts += 1
        before = v.blood
        if self.config.burst == "eliminated":
            self.emit("burst", f"{self.name(v.seat)} bursts ({before} + {amount} blood, {why})", seat=v.seat, why=why)
            self.eliminate(v, "burst")
            return
        v.blood = 1
        v.square = self.board.graveyard
        self.emit(
            "burst",
            f"{self.name(v.seat)} bursts ({before} + {amount} blood, {why}): back to the graveyard with 1 blood",
            seat=v.seat,
            why=why,
        )

    def lose(self, v: Vampire, amount: int, why: str) -> None:
        """Blood out; a vampire without blood is eliminated."""
        lost = min(amount, v.blood)
        v.blood -= lost
        self.emit("blood", f"{self.name(v.seat)} loses {lost} blood ({why})", seat=v.seat, change=-lost, why=why)
        if v.blood == 0:
            self.eliminate(v, why)

    def eliminate(self, v: Vampire, why: str) -> None:
        v.alive = False
        v.blood = 0
        v.square = None
        v.eliminated_at = self.turn
        self.discard.extend(v.hand)
        v.hand.clear()
        self.emit("eliminated", f"{self.name(v.seat)} is eliminated ({why})", seat=v.seat, why=why)
        self.check_end()

    def check_end(self) -> None:
        if self.phase != "turns":
            return
        alive = [v for v in self.vampires.values() if v.alive]
        if len(alive) <= 1:
            self.end_reason = "survival"
            raise GameOver
        if not self.humans:
            self.end_reason = "collection"
            raise GameOver

    def __repr__(self) -> str:
        state = "over" if self.over else f"turn {self.turn}, {self.active} to play"
        return f"<Bloodrush {len(self.order)} seats seed={self.seed} {state}>"
