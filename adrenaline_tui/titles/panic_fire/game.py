"""Panic Fire's engine: a deterministic real-time state machine (docs/panic_fire.md).

There are no turns. Any seat acts at any moment with `act(seat, key, now_ms)`, `now_ms` being
the round's clock (milliseconds since its "fire!"); the order of calls is the referee's order,
so of two shots at the gun the first call wins and the second is refused (the gun is taken).
Three things happen by the clock alone - "fire!" (the sets flip), the gun coming back to the
middle, and the count of three of a stalemate - and the referee fires them with `advance`
(`next_deadline` says when). An act also fires every deadline due by its time first, so a late
referee cannot change an outcome. Every call that changed something is logged as
`[round, ms, seat, key]` (`seat` None and key "advance" for the clock); a save is the config,
the seed, the deck and that log, and replaying it gives every round again, card for card.

All chance comes from one `random.Random(seed)`: the deal, and every reshuffle.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from adrenaline_tui.titles.panic_fire import moves
from adrenaline_tui.titles.panic_fire.deck import SHIELD, Deck, load_deck
from adrenaline_tui.titles.panic_fire.errors import ConfigError, IllegalAction

SEATS = ("scarlet", "violet", "amber", "teal", "ivory")
SHIELD_OPTIONS = ("all", "half", "none")  # "para un juego más rápido, quita algunas cartas de escudo"
SET_SIZE = 4
HAND_SIZE = 4
# Times of the clock (docs/rulings.md, "Panic Fire": the text gives none).
GUN_MS = 1000  # the gun is out of the middle this long after a shot: nobody else shoots meanwhile
COUNT_MS = 3000  # "a la cuenta de tres": one, two, three, at a second each
MIN_MS = -600_000  # a round's clock before "fire!" (the countdown) ...
MAX_MS = 86_400_000  # ... and after: a day is more than any round
ADVANCE = "advance"


class Event(NamedTuple):
    """Something that happened, public to every seat. `text` reads as a sentence."""

    kind: str
    text: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Config:
    seats: tuple[str, ...] = SEATS[:4]
    shields: str = "all"
    rounds: int = 6  # one per Bullet card

    def __post_init__(self) -> None:
        if not isinstance(self.seats, tuple) or not 2 <= len(self.seats) <= 5:
            raise ConfigError("seats", "Panic Fire is for 2 to 5 players")
        for s in self.seats:
            if not isinstance(s, str) or not s.isascii() or not s.isalnum() or not 1 <= len(s) <= 12:
                raise ConfigError("seats", f"a seat is 1-12 letters or digits, not {str(s)[:20]!r}")
        if len(set(self.seats)) != len(self.seats):
            raise ConfigError("seats", "two seats have the same name")
        if self.shields not in SHIELD_OPTIONS:
            raise ConfigError("shields", f"one of {', '.join(SHIELD_OPTIONS)}")
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 6:
            raise ConfigError("rounds", "1 to 6 (one per Bullet card)")

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "shields": self.shields, "rounds": self.rounds}

    @classmethod
    def from_dict(cls, data: Any) -> Config:
        if data is None:
            return cls()
        if not isinstance(data, dict) or set(data) - {"seats", "shields", "rounds"}:
            raise ConfigError("config", "a mapping of seats, shields, rounds")
        seats = data.get("seats", list(SEATS[:4]))
        if not isinstance(seats, list):
            raise ConfigError("seats", "a list of names")
        return cls(tuple(seats), data.get("shields", "all"), data.get("rounds", 6))


class Game:
    """One game of Panic Fire. Read it through `view(seat)`, `to_json()` and `legal(...)`."""

    def __init__(self, config: Config, seed: int, deck: Deck | None = None) -> None:
        self.config = config
        self.seed = seed
        self.deck = deck or load_deck()
        self.rng = random.Random(seed)
        shields = {"all": self.deck.shields, "half": self.deck.shields // 2, "none": 0}[config.shields]
        self.cards = self.deck.play_cards(shields)  # every card a round deals, Bullets aside
        self.match_of = {c.id: c.match for c in self.deck.characters}
        self.log: list[list[Any]] = []
        self.scenario: dict[str, Any] | None = None
        self.round = 0
        self.sudden_death = False
        self.in_round: tuple[str, ...] = ()
        self.live: list[str] = []
        self.phase = "ready"  # ready (dealt, face down), play (after "fire!"), over (the game)
        self.clock: int | None = None  # the last time this round heard of
        self.sets: dict[str, list[list[str]]] = {s: [] for s in config.seats}  # 4 stacks, top last
        self.hands: dict[str, list[str]] = {s: [] for s in config.seats}
        self.shield: dict[str, bool] = dict.fromkeys(config.seats, False)  # a Shield in play
        self.draw: list[str] = []  # top is the end
        self.discard: list[str] = []
        self.bullets: dict[str, int] = dict.fromkeys(config.seats, 0)
        self.bullets_left = self.deck.bullets
        self.gun: str | None = None
        self.gun_back: int | None = None
        self.count_at: int | None = None
        self.champion: str | None = None
        self.round_winners: list[str] = []

    # --- setting up -------------------------------------------------------------------------

    @classmethod
    def new(cls, config: Config | dict[str, Any] | None = None, seed: int = 0, deck: Deck | None = None) -> Game:
        if not isinstance(config, Config):
            config = Config.from_dict(config)
        g = cls(config, seed, deck)
        g._deal(config.seats)
        return g

    def _deal(self, seats: tuple[str, ...]) -> list[Event]:
        """A new round: every card gathered, shuffled, 8 to each player (4 face down as the set,
        4 as the hand), the rest the draw pile. Its clock waits for "fire!" at 0."""
        self.round += 1
        cards = list(self.cards)
        self.rng.shuffle(cards)
        self.in_round = seats
        self.live = list(seats)
        for s in self.config.seats:
            self.sets[s], self.hands[s], self.shield[s] = [], [], False
        for s in seats:
            self.sets[s] = [[cards.pop()] for _ in range(SET_SIZE)]
            self.hands[s] = [cards.pop() for _ in range(HAND_SIZE)]
        self.draw, self.discard = cards, []
        self.phase, self.clock = "ready", None
        self.gun = self.gun_back = self.count_at = None
        what = "sudden death" if self.sudden_death else f"round {self.round} of {self.config.rounds}"
        return [Event("dealt", f"{what}: ready, aim...", {"round": self.round, "seats": list(seats)})]

    # --- reading ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The game has its champion (the shell asks every title's game this)."""
        return self.phase == "over"

    def tops(self, seat: str) -> list[str]:
        return [stack[-1] for stack in self.sets[seat]]

    def is_match(self, seat: str) -> bool:
        if seat not in self.live or self.phase != "play":
            return False
        tops = self.tops(seat)
        for char in set(tops):
            need = self.match_of.get(char)
            if need is not None and tops.count(char) >= need:
                return True
        return False

    def view(self, seat: str | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator): every set's face-up cards, who is a match,
        Shields in play, hand sizes, the gun, the Bullets, the piles' sizes; its own hand only
        after "fire!" ("no pueden mirarlas todavía"). Never another hand or the piles' order."""
        flipped = self.phase == "play"
        table = {}
        for s in self.config.seats:
            stacks = self.sets[s]
            table[s] = {
                "in_round": s in self.in_round,
                "live": s in self.live,
                "set": self.tops(s) if flipped else [None] * len(stacks),
                "heights": [len(st) for st in stacks],
                "match": self.is_match(s),
                "shield": self.shield[s],
                "hand_size": len(self.hands[s]),
                "bullets": self.bullets[s],
            }
        own = seat in self.live and flipped
        return {
            "seat": seat,
            "round": self.round,
            "rounds": self.config.rounds,
            "sudden_death": self.sudden_death,
            "phase": self.phase,
            "over": self.phase == "over",
            "clock": self.clock,
            "table": table,
            "hand": sorted(self.hands[seat]) if own and seat is not None else [],
            "draw_pile": len(self.draw),
            "discard": len(self.discard),
            "gun": self.gun,
            "gun_back": self.gun_back,
            "stalemate": self.count_at is not None,
            "count_at": self.count_at,
            "bullets_left": self.bullets_left,
            "champion": self.champion,
            "round_winners": list(self.round_winners),
            "characters": {c.id: {"name": c.name, "match": c.match} for c in self.deck.characters},
        }

    def to_json(self) -> dict[str, Any]:
        """The visible state (a spectator's view) and the log's length: documented in
        docs/panic_fire.md; tests and tools read it."""
        out = self.view(None)
        del out["seat"], out["hand"]
        out["actions"] = len(self.log)
        return out

    def state(self) -> dict[str, Any]:
        """Everything, hidden cards included: for tests (replay, conservation), never a screen."""
        return {
            "round": self.round,
            "phase": self.phase,
            "clock": self.clock,
            "live": list(self.live),
            "sets": copy.deepcopy(self.sets),
            "hands": copy.deepcopy(self.hands),
            "shield": dict(self.shield),
            "draw": list(self.draw),
            "discard": list(self.discard),
            "bullets": dict(self.bullets),
            "gun": [self.gun, self.gun_back],
            "count_at": self.count_at,
            "champion": self.champion,
            "rng": self.rng.getstate(),
        }

    def census(self) -> Counter[str]:
        """Every card of the box, wherever it is (the Bullets count as "bullet")."""
        out: Counter[str] = Counter(self.draw) + Counter(self.discard)
        for s in self.config.seats:
            for stack in self.sets[s]:
                out.update(stack)
            out.update(self.hands[s])
            if self.shield[s]:
                out[SHIELD] += 1
        out["bullet"] = self.bullets_left + sum(self.bullets.values())
        return out

    def next_deadline(self) -> int | None:
        """The next time (this round's clock) at which something happens by the clock alone."""
        if self.phase == "over":
            return None
        if self.phase == "ready":
            return 0
        times = [t for t in (self.gun_back, self.count_at) if t is not None]
        return min(times) if times else None

    def legal(self, seat: str, now_ms: int | None = None) -> list[moves.Action]:
        """`seat`'s legal actions at `now_ms` (after anything due by then), keys and labels."""
        due = self.next_deadline()
        if now_ms is not None and due is not None and due <= now_ms:
            ahead = copy.deepcopy(self)
            ahead.advance(now_ms)
            return ahead.legal(seat)
        return moves.actions(self.view(seat))

    # --- acting -----------------------------------------------------------------------------

    def _check_time(self, seat: str, key: str, now_ms: Any) -> int:
        if not isinstance(now_ms, int) or isinstance(now_ms, bool) or not MIN_MS <= now_ms <= MAX_MS:
            raise IllegalAction(seat, key, f"the time is whole milliseconds from {MIN_MS} to {MAX_MS}")
        if self.clock is not None and now_ms < self.clock:
            raise IllegalAction(seat, key, f"the round's clock is at {self.clock} ms; {now_ms} is in the past")
        return now_ms

    def advance(self, now_ms: int) -> list[Event]:
        """Fire every deadline due by `now_ms`, in the order of their times."""
        now = self._check_time("clock", ADVANCE, now_ms)
        events = self._due(now)
        self.clock = now if self.phase != "over" else self.clock
        if events:
            self.log.append([self.round, now, None, ADVANCE])
        return events

    def _due(self, now: int) -> list[Event]:
        events: list[Event] = []
        while (t := self.next_deadline()) is not None and t <= now:
            if self.phase == "ready":
                events += self._fire()
            elif self.gun_back is not None and self.gun_back == t:
                events.append(Event("gun_back", "the gun is back in the middle", {"seat": self.gun}))
                self.gun = self.gun_back = None
            else:
                events += self._count_of_three(t)
        return events

    def act(self, seat: str, key: str, now_ms: int) -> list[Event]:
        """Apply one action of `seat` at `now_ms`; IllegalAction (and nothing changed) if it is not
        legal then. Deadlines due by `now_ms` fire first, whatever the key."""
        if not isinstance(seat, str) or not isinstance(key, str) or len(key) > 64:
            raise IllegalAction(str(seat)[:20], str(key)[:40], "a seat and a key are short strings")
        if seat not in self.config.seats:
            raise IllegalAction(seat, key, "no such seat")
        now = self._check_time(seat, key, now_ms)
        round_before = self.round
        if self.next_deadline() is not None and self.next_deadline() <= now:
            # Refuse on the state after the deadlines, and leave nothing changed if refused.
            ahead = copy.deepcopy(self)
            ahead._due(now)
            reason = moves.why_not(ahead.view(seat), key)
            if reason is not None:
                raise IllegalAction(seat, key, reason)
            events = self._due(now)
        else:
            reason = moves.why_not(self.view(seat), key)
            if reason is not None:
                raise IllegalAction(seat, key, reason)
            events = []
        self.clock = now
        self.log.append([round_before, now, seat, key])
        verb, _, rest = key.partition(":")
        if verb == "fold":
            events.append(Event("fold", f"{seat} leaves the round", {"seat": seat}))
            events += self._out(seat)
        elif verb == "shield":
            events += self._put_shield(seat)
        elif verb == "shoot":
            events += self._shoot(seat, rest, now)
        else:
            char, target, pos = rest.split(":")
            events += self._play(seat, char, target, int(pos))
        if self.phase == "play":
            events += self._after_change(now)
        return events

    # --- the rules --------------------------------------------------------------------------

    def _take(self) -> str | None:
        """The top card of the draw pile. An empty pile is refilled from the discards, shuffled;
        if there are none, from the cards covered under every set (docs/rulings.md)."""
        if not self.draw:
            if self.discard:
                self.draw, self.discard = self.discard, []
            else:
                for s in self.live:
                    for stack in self.sets[s]:
                        self.draw += stack[:-1]
                        del stack[:-1]
            self.rng.shuffle(self.draw)
        return self.draw.pop() if self.draw else None

    def _draw_to_hand(self, seat: str) -> list[Event]:
        card = self._take()
        if card is None:
            return [Event("no_card", f"{seat} has no card to draw: the piles are empty", {"seat": seat})]
        self.hands[seat].append(card)
        return [Event("drew", f"{seat} draws a card", {"seat": seat})]

    def _settle(self, seat: str) -> list[Event]:
        """A set just turned face up: one Shield slides out into play (if none is in play) and
        its place is dealt again; every other Shield is covered with a new card, until every
        face-up card is a character ("una vez que tu colección esté compuesta por todas las
        cartas de Personaje")."""
        events = []
        for stack in self.sets[seat]:
            while stack[-1] == SHIELD:
                if not self.shield[seat] and len(stack) == 1:
                    stack.pop()
                    self.shield[seat] = True
                    events.append(Event("shield_out", f"{seat}'s Shield slides out into play", {"seat": seat}))
                card = self._take()
                if card is None:
                    if not stack:  # nothing to deal: the Shield goes back rather than leave a hole
                        stack.append(SHIELD)
                        self.shield[seat] = False
                    break
                stack.append(card)
        return events

    def _fire(self) -> list[Event]:
        self.phase = "play"
        events = [Event("fire", "fire! every set turns face up", {"round": self.round})]
        for s in self.live:
            events += self._settle(s)
        return events + self._after_change(0)

    def _put_shield(self, seat: str) -> list[Event]:
        self.hands[seat].remove(SHIELD)
        self.shield[seat] = True
        return [Event("shield", f"{seat} puts a Shield in play", {"seat": seat}), *self._draw_to_hand(seat)]

    def _play(self, seat: str, char: str, target: str, pos: int) -> list[Event]:
        self.hands[seat].remove(char)
        self.sets[target][pos - 1].append(char)
        name = self.deck.by_id[char].name
        data = {"seat": seat, "card": char, "target": target, "position": pos}
        return [Event("played", f"{seat} plays {name} on {target}'s card {pos}", data), *self._draw_to_hand(seat)]

    def _out(self, seat: str) -> list[Event]:
        """`seat` leaves the round and its cards leave the table ("limpia tus cartas de la
        mesa"): the set, the Shield in play and the hand go to the discards (docs/rulings.md)."""
        for stack in self.sets[seat]:
            self.discard += stack
        self.discard += self.hands[seat]
        if self.shield[seat]:
            self.discard.append(SHIELD)
        self.sets[seat], self.hands[seat], self.shield[seat] = [], [], False
        self.live.remove(seat)
        events = [Event("out", f"{seat} is out of the round", {"seat": seat})]
        if len(self.live) == 1:
            events += self._round_won(self.live[0])
        return events

    def _shoot(self, seat: str, target: str, now: int) -> list[Event]:
        self.gun, self.gun_back = seat, now + GUN_MS
        from_match = self.is_match(seat)
        if not from_match and not self.is_match(target):
            ev = Event("foul", f"{seat} shoots {target} with no match: a foul", {"seat": seat, "target": target})
            return [ev, *self._out(seat)]
        events = [Event("shot", f"{seat} shoots {target}", {"seat": seat, "target": target})]
        if self.shield[target]:
            self.shield[target] = False
            self.discard.append(SHIELD)
            events.append(Event("blocked", f"{target}'s Shield in play stops the bullet", {"seat": target}))
        elif SHIELD in self.hands[target]:
            self.hands[target].remove(SHIELD)
            self.discard.append(SHIELD)
            events.append(Event("blocked", f"{target} discards a Shield from the hand", {"seat": target}))
        else:
            round_was = self.round
            events += self._out(target)
            if self.round != round_was or self.phase != "play":
                return events  # the shot ended the round: the table is dealt again
        if from_match:
            # "limpia rápidamente tu juego combinado y reparte un nuevo conjunto de 4 cartas"
            for stack in self.sets[seat]:
                self.discard += stack
            self.sets[seat] = []
            for _ in range(SET_SIZE):
                card = self._take()
                assert card is not None  # the cleared set itself is in the discards
                self.sets[seat].append([card])
            events.append(Event("new_set", f"{seat}'s match is cleared and 4 new cards are dealt", {"seat": seat}))
            events += self._settle(seat)
        return events

    def _playable(self, seat: str) -> bool:
        chars = {c for c in self.hands[seat] if c != SHIELD}
        if not chars:
            return False
        if moves.GRANDMA in chars:
            return True
        return any(chars.intersection(self.tops(s)) for s in self.live)

    def _after_change(self, now: int) -> list[Event]:
        """A stalemate - no live player can play a character card - starts the count of three;
        anything that ends it stops the count."""
        if self.phase != "play":
            return []
        stalled = not any(self._playable(s) for s in self.live)
        if stalled and self.count_at is None:
            self.count_at = now + COUNT_MS
            return [Event("stalemate", "nobody can play: on the count of three, everyone draws", {"at": self.count_at})]
        if not stalled and self.count_at is not None:
            self.count_at = None
            return [Event("unstalled", "a card can be played again", {})]
        return []

    def _count_of_three(self, t: int) -> list[Event]:
        """Three! Every live player draws one card; a player with a Shield in hand and none in
        play plays it instead, and draws ("deben jugar Cartas Escudo en caso de empate")."""
        events = [Event("three", "one, two, three: everyone draws", {})]
        self.count_at = None
        for s in list(self.live):
            if SHIELD in self.hands[s] and not self.shield[s]:
                events += self._put_shield(s)
            else:
                events += self._draw_to_hand(s)
        stalled = not any(self._playable(s) for s in self.live)
        if stalled:
            self.count_at = t + COUNT_MS
        return events

    def _round_won(self, seat: str) -> list[Event]:
        events = []
        self.round_winners.append(seat)
        if self.sudden_death:
            self.champion = seat
        elif self.bullets_left > 0:
            self.bullets_left -= 1
            self.bullets[seat] += 1
            events.append(Event("bullet", f"{seat} is the last one standing and takes a Bullet", {"seat": seat}))
        self.gun = self.gun_back = self.count_at = None
        if self.champion is None and self.round < self.config.rounds and self.bullets_left > 0:
            events += self._deal(self.config.seats)
            return events
        if self.champion is None:
            most = max(self.bullets.values())
            tied = tuple(s for s in self.config.seats if self.bullets[s] == most)
            if len(tied) == 1:
                self.champion = tied[0]
            else:
                self.sudden_death = True
                events.append(
                    Event("sudden_death", f"a tie: sudden death for {', '.join(tied)}", {"seats": list(tied)})
                )
                return events + self._deal(tied)
        self.phase = "over"
        events.append(Event("champion", f"{self.champion} wins the game", {"seat": self.champion}))
        return events

    # --- ranking and saves ------------------------------------------------------------------

    def ranking(self) -> list[dict[str, Any]]:
        """Places by Bullets; the sudden-death winner first among the tied."""
        if self.phase != "over":
            return []
        key = {s: (self.bullets[s], s == self.champion) for s in self.config.seats}
        order = sorted(self.config.seats, key=lambda s: key[s], reverse=True)
        out = []
        for s in order:
            place = 1 + sum(1 for o in self.config.seats if key[o] > key[s])
            out.append({"seat": s, "place": place, "bullets": self.bullets[s]})
        return out

    @property
    def history(self) -> list[list[Any]]:
        return self.log

    def save(self, path: Path) -> None:
        from adrenaline_tui.titles.panic_fire.saves import save_game

        save_game(self, path)

    @classmethod
    def load(cls, path: Path) -> Game:
        from adrenaline_tui.titles.panic_fire.saves import load_game

        return load_game(path)
