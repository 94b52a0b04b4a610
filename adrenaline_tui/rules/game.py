"""`Game`: the deterministic state machine that always waits on exactly one decision.

`(config, seed, scenario, chosen keys)` determines everything: all chance comes from one seeded
RNG, and the rules run as a generator (`turn.play`) that yields each `Decision` and receives the
chosen key. `choose` checks the key before sending it, so an illegal key changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.arena import Arena, load_arena
from adrenaline_tui.rules.cards import CardSet, load_cards, powerup_colour, powerup_kind
from adrenaline_tui.rules.damage import ActionLedger
from adrenaline_tui.rules.decision import Decision, Event, new
from adrenaline_tui.rules.errors import IllegalChoice
from adrenaline_tui.rules.state import Board, GameConfig, Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.effects import Shot


class Game:
    """One game of Adrenaline. Build it with `Game.new` or `Game.from_scenario`."""

    # Slots, not an instance dict: a game has 33 attributes, more than the 30 keys CPython 3.11
    # shares between the dicts of a class's instances, so its dict was a plain one and every
    # `g.<attribute>` of the flow a hashed lookup; a slot is read at a fixed offset (issue 27,
    # sixth round). `__weakref__`: tests check a dropped game is freed.
    __slots__ = (
        "__weakref__",
        "_flow",
        "_pending",
        "_private_decisions",
        "_public_decisions",
        "_revealed",
        "actions_left",
        "active_index",
        "arena",
        "board",
        "cards",
        "config",
        "current_shot",
        "events",
        "first_index",
        "frenzy",
        "frenzy_trigger",
        "frenzy_turns_left",
        "history",
        "hooks",
        "ledger",
        "mode",
        "over",
        "players",
        "ranking",
        "rng",
        "rules",
        "scenario",
        "seats",
        "seed",
        "start_actions_taken",
        "turn",
        "undo_barrier",
        "unseated",
    )

    def __init__(
        self, config: GameConfig, seed: int, scenario: Mapping[str, Any] | None = None, cards: CardSet | None = None
    ) -> None:
        from adrenaline_tui.rules import effects, setup, turn

        self.config = config
        self.seed = seed
        self.scenario = dict(scenario) if scenario is not None else None
        self.cards = cards or load_cards()
        self.arena: Arena = load_arena(config.arena)
        self.rng = random.Random(seed)
        self.players: dict[str, Player] = {}
        self.seats: list[str] = list(config.players)
        # Figures on the board that have no seat (the bot): shot, killed and scored like players.
        self.unseated: list[str] = [config.bot] if config.bot is not None else []
        self.board: Board
        self.active_index = 0
        self.first_index = 0
        self.turn = 0
        self.frenzy = False
        self.frenzy_trigger: str | None = None
        self.frenzy_turns_left = 0
        self.over = False
        self.ranking: list[dict] | None = None
        self.actions_left = 0
        self.ledger = ActionLedger()
        self.events: list[Event] = []
        self.history: list[str] = []
        # The decisions of `history` taken at public points, and by whom the others were taken.
        self._public_decisions = 0
        self._private_decisions: dict[str, int] = {}
        self.start_actions_taken = 0
        # The shot being played while the game waits on one of its decisions, so that an
        # explanation can read its bindings and filters (`rules/explain.py`); None otherwise.
        self.current_shot: Shot | None = None
        # Undo may go back to `undo_barrier` decisions: no further, because at that point chance
        # or hidden information was revealed, or the decision passed to someone else.
        self.undo_barrier = 0
        self._revealed = False
        from adrenaline_tui.rules.modes import Hooks, make_rules

        # The game mode, and every rule module that plugs into the flow (rules/modes/).
        self.mode, self.rules = make_rules(self)
        self.hooks = Hooks(self.rules)
        if scenario is None:
            setup.new_game(self)
        else:
            from adrenaline_tui.rules.scenario import from_scenario

            from_scenario(self, scenario)
        effects.prepare_fire_tables(self.cards, self.arena)
        self._flow: Generator[Decision, str, None] = turn.play(self)
        self._pending: Decision | None = self._next(None)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, config: GameConfig | Mapping[str, Any], seed: int = 0) -> Game:
        if not isinstance(config, GameConfig):
            config = GameConfig.from_dict(config)
        return cls(config, seed)

    @classmethod
    def from_scenario(cls, source: str | Path | Mapping[str, Any], seed: int = 0) -> Game:
        from adrenaline_tui.rules.scenario import read_scenario, scenario_config

        mapping = read_scenario(source)
        return cls(scenario_config(mapping), seed, scenario=mapping)

    # ------------------------------------------------------------- the contract
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits on, or None once the game is over."""
        return self._pending

    def pending_public(self) -> dict[str, str] | None:
        """What everyone may know of the pending decision (`Decision.public_view`), or None
        once the game is over."""
        d = self._pending
        return None if d is None else d.public_view(self.active.colour)

    def decisions_seen(self, seat: str | None) -> int:
        """How many decisions `seat` has seen taken: its own and those at public points. It
        numbers that seat's questions (an answer names the one it answers) without counting
        the questions only others' hidden cards raised."""
        return self._public_decisions + self._private_decisions.get(seat or "", 0)

    @property
    def at_public_point(self) -> bool:
        """Whether the game waits on a question asked whatever anyone holds (or is over): the
        only moments at which others may be shown the game (docs/protocol.md)."""
        return self._pending is None or self._pending.public

    def choose(self, key: str) -> list[Event]:
        decision = self._pending
        if decision is None:
            raise IllegalChoice(key, [], "the game is over")
        # The decision's fields by index (3: options, 5: public, 0: player): CPython 3.11 does
        # not specialize a named tuple's field read by name, each is a call out of the loop.
        for o in decision[3]:  # `decision.option(key)`, spelled out: once a decision
            if o[0] == key:
                break
        else:
            raise IllegalChoice(key, decision.keys, decision.prompt)
        mark = len(self.events)
        self.history.append(key)
        player = decision[0]
        if decision[5]:
            self._public_decisions += 1
        else:
            self._private_decisions[player] = self._private_decisions.get(player, 0) + 1
        try:  # `_next`, spelled out: once a decision
            after = self._pending = self._flow.send(key)
        except StopIteration:
            after = self._pending = None
        if self._revealed or after is None or after[0] != player:
            self.undo_barrier = len(self.history)
            self._revealed = False
        return self.events[mark:]

    @property
    def can_undo(self) -> bool:
        return len(self.history) > self.undo_barrier

    def undo(self) -> Game:
        """The game as it was one decision ago (a replay), if `can_undo`."""
        if not self.can_undo:
            raise IllegalChoice("undo", [], "nothing to undo: the last decision revealed something or passed play on")
        game = self.replay(self.history[:-1])
        game.undo_barrier = self.undo_barrier
        return game

    def close(self) -> None:
        """Stop this game where it stands: nothing more can be chosen (`pending` is None).

        For a game dropped unfinished (an undo's replaced game, a computer player's imagined
        games): while its flow is suspended, the flow's generator holds the game that holds it,
        a reference cycle that only the cyclic collector frees; closing the flow breaks it, so
        the game is freed as soon as it is dropped (`tests/rules/test_game_freed.py`). A
        finished game needs none (its flow has ended)."""
        self._pending = None
        self._flow.close()

    def _next(self, key: str | None) -> Decision | None:
        try:
            return self._flow.send(key)  # type: ignore[arg-type]
        except StopIteration:
            return None

    # ---------------------------------------------------------- used by the rules
    def ask(self, decision: Decision) -> Generator[Decision, str, str]:
        """Yield a decision and return the key chosen; a question with one answer answers itself."""
        if not decision.options:
            raise AssertionError(f"engine asked '{decision.prompt}' with no options")
        if decision.auto and len(decision.options) == 1:
            return decision.options[0].key
        key = yield decision
        return key

    def asks_spending(self, cost: Iterable[str]) -> bool:
        """Is a lone answer that spends `cost` asked all the same (`confirm_spending: ask`)?"""
        return self.config.confirm_spending == "ask" and any(True for _ in cost)

    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(new(Event, (kind, text, data)))

    def name(self, colour: str) -> str:
        p = self.players.get(colour)
        return p.name if p is not None else self.mode.target_name(colour)

    def card_name(self, card: str) -> str:
        kind = self.cards.powerup_kinds[powerup_kind(card)]
        return f"{kind.name} ({powerup_colour(card)})"

    @property
    def active(self) -> Player:
        return self.players[self.seats[self.active_index]]

    @property
    def first_player(self) -> str:
        return self.seats[self.first_index]

    def in_turn_order(self, start: int) -> list[Player]:
        n = len(self.seats)
        return [self.players[self.seats[(start + i) % n]] for i in range(n)]

    def figures_in_order(self, start: int) -> list[Player]:
        """Every figure's board: the players in turn order from `start`, then the bot."""
        return self.in_turn_order(start) + [self.players[c] for c in self.unseated]

    def reveal(self) -> None:
        """Chance or hidden information was just revealed: undo cannot go back past this."""
        self._revealed = True

    def draw_powerup(self, p: Player) -> str:
        deck = self.board.powerup_deck
        if not deck:
            deck.extend(self.board.powerup_discard)
            self.board.powerup_discard.clear()
            self.rng.shuffle(deck)
            self.emit("reshuffled", "The powerup discards are shuffled into a new deck", deck="powerups")
        card = deck.pop()
        p.powerups.append(card)
        self.reveal()
        return card

    def positions(self) -> dict[str, str]:
        """Where every figure on the board stands, in seat order (then the bot)."""
        # A loop rather than a comprehension (which is a call of its own): asked for every
        # shoot check of every action question.
        out = {}
        for c, p in self.players.items():
            square = p.square
            if square is not None:
                out[c] = square
        return out

    def shot_positions(self, shooter: Player) -> dict[str, str]:
        """What a shot by `shooter` may target: every figure, then the mode's other targets
        (Domination's spawnpoints, keyed `spawn:<colour>`)."""
        # `positions()`, spelled out: at every shoot check of every action question.
        pos = {}
        for c, p in self.players.items():
            square = p.square
            if square is not None:
                pos[c] = square
        if self.hooks.targets:  # the default has none: no call for it (every shoot check)
            extra = self.mode.targets(self, shooter)
            if extra:
                pos.update(extra)
        return pos

    def target_name(self, key: str) -> str:
        return self.name(key)

    # ------------------------------------------------------------- inspection
    def to_json(self) -> dict[str, Any]:
        from adrenaline_tui.rules.snapshot import full_state

        return full_state(self)

    def view(self, player: str | None, *, reveal_scores: bool = False) -> dict[str, Any]:
        from adrenaline_tui.rules.snapshot import player_view

        return player_view(self, player, reveal_scores=reveal_scores)

    # ---------------------------------------------------------------- saves
    def save(self, path: str | Path) -> None:
        from adrenaline_tui.rules.saves import save_game

        save_game(self, Path(path))

    @classmethod
    def load(cls, path: str | Path) -> Game:
        from adrenaline_tui.rules.saves import load_game

        return load_game(Path(path))

    def replay(self, keys: list[str]) -> Game:
        """A fresh copy of this game's start, with `keys` chosen in order."""
        game = Game(self.config, self.seed, self.scenario, self.cards)
        for k in keys:
            game.choose(k)
        return game

    def __repr__(self) -> str:
        state = "over" if self.over else f"turn {self.turn}, {self.active.colour} to play"
        return f"<Game {self.config.arena} {len(self.seats)}p seed={self.seed} {state}>"
