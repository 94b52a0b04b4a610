"""The key clusters of Panic Fire's table, and what a person's keys mean.

Everyone plays at once, so each person at the keyboard has a cluster of their own: keys for a
card of their hand, for a set to aim at (the n-th key is the n-th set on screen, the same for
everyone), for a position (1-4) of that set, which plays the card there, for the gun (shoots
the set aimed at) and for a Shield. Two people share one keyboard with a cluster on each side;
one person alone gets the left cluster with more hand keys and the space bar as a second gun.

`Aim` turns a person's keys into the engine's action keys (`play:<card>:<seat>:<pos>`,
`shoot:<seat>`, `shield`) from their own view only, or into a one-line reason when the key
cannot mean an action yet ("pick a card first"). The engine gives the reason for every key
that is an action but not a legal one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adrenaline_tui.titles.panic_fire import moves


@dataclass(frozen=True)
class Cluster:
    """One person's keys, as Textual names them, and as the screen shows them."""

    side: str  # "left", "right" or "solo"
    hand: tuple[str, ...]
    targets: tuple[str, ...]
    positions: tuple[str, ...]
    gun: tuple[str, ...]
    shield: str

    def shown(self, key: str) -> str:
        return SHOWN.get(key, key)

    def card_keys(self, view: dict[str, Any]) -> str:
        """The hand keys in use, as shown: "1-8" alone (a key a character), "1-5" at two."""
        last = min(len(self.hand), len(view["characters"])) - 1
        return f"{self.shown(self.hand[0])}-{self.shown(self.hand[last])}"


SHOWN = {"semicolon": ";", "slash": "/", "space": "space"}
# A gun key arriving within this long of the last gun key is the same press held down: a terminal
# sends no key-up, and its key repeat (every 30-50 ms once it starts) would take the gun again the
# moment it is back in the middle. Two deliberate presses are further apart than this.
REPEAT_MS = 250

LEFT = Cluster("left", ("1", "2", "3", "4", "5"), ("q", "w", "e", "r", "t"), ("a", "s", "d", "f"), ("g",), "z")
RIGHT = Cluster(
    "right",
    ("6", "7", "8", "9", "0"),
    ("y", "u", "i", "o", "p"),
    ("j", "k", "l", "semicolon"),
    ("h",),
    "slash",
)
SOLO = Cluster(
    "solo",
    ("1", "2", "3", "4", "5", "6", "7", "8", "9"),
    LEFT.targets,
    LEFT.positions,
    ("g", "space"),
    LEFT.shield,
)


def hand_cards(view: dict[str, Any], keys: int = 9) -> list[str | None]:
    """Which card each hand key picks (None: a key with no card of the hand under it).

    Where the cluster has a key for every character of the deck (one person alone), each
    character has its own key, in the deck's order, whatever else is in the hand: a card drawn
    never moves another card to a different key under a person's fingers (it did, when the keys
    counted the hand's cards). Where it has fewer (two people, five keys each), the keys pick
    the hand's kinds by name, and only a hand of more kinds than keys (a long stalemate) puts
    the cards that can be played now first, so the one just drawn that matters has a key."""
    chars = list(view["characters"])
    held = set(view["hand"]) - {moves.SHIELD}
    if len(chars) <= keys:
        return [c if c in held else None for c in chars]
    mine = sorted(held, key=lambda c: view["characters"][c]["name"])
    if len(mine) <= keys:
        return list(mine)
    live = [s["set"] for s in view["table"].values() if s["live"] and s["set"][0] is not None]

    def playable(c: str) -> bool:
        return c == moves.GRANDMA or any(c in tops for tops in live)

    return [c for c in mine if playable(c)] + [c for c in mine if not playable(c)]


@dataclass
class Aim:
    """A person's choices so far: the card picked and the set aimed at (their own by default)."""

    seat: str
    cluster: Cluster
    card: str | None = None
    target: str | None = None
    said: str = field(default="")  # the last one-line reason or note shown under their hand
    gun_at: int | None = field(default=None)  # when a gun key of theirs last arrived (`REPEAT_MS`)

    def target_of(self, view: dict[str, Any]) -> str:
        return self.target if self.target is not None else self.seat

    def press(self, key: str, view: dict[str, Any], at_ms: int | None = None) -> tuple[str | None, str | None]:
        """`(engine key, None)` for an action to send, `(None, reason)` for a key that cannot
        be one yet, `(None, None)` for a choice made (a card picked, a set aimed at) or for a
        gun key held down (`at_ms`: when the key arrived, monotonic milliseconds)."""
        c = self.cluster
        seats = list(view["table"])
        if key in c.hand:
            cards = hand_cards(view, len(c.hand))
            n = c.hand.index(key)
            card = cards[n] if n < len(cards) else None
            if card is None:
                chars = list(view["characters"])
                if len(chars) <= len(c.hand) and n < len(chars):
                    name = view["characters"][chars[n]]["name"].removeprefix("The ")
                    return None, f"you hold no {name} (key {c.shown(key)})"
                return None, f"no card under {c.shown(key)}: you hold {len([x for x in cards if x])} kinds of card"
            self.card = card
            return None, None
        if key in c.targets:
            n = c.targets.index(key)
            if n >= len(seats):
                return None, f"no set {c.shown(key)}: {len(seats)} players at this table"
            self.target = seats[n]
            return None, None
        if key in c.positions:
            if self.card is None:
                return None, f"pick a card first ({c.card_keys(view)})"
            if self.card not in view["hand"]:
                return None, f"you no longer hold {view['characters'][self.card]['name']}"
            return f"play:{self.card}:{self.target_of(view)}:{c.positions.index(key) + 1}", None
        if key in c.gun:
            held = at_ms is not None and self.gun_at is not None and 0 <= at_ms - self.gun_at < REPEAT_MS
            if at_ms is not None:
                self.gun_at = at_ms
            if held:
                return None, None  # the key repeating: the same press
            if view.get("gun") == self.seat:
                return None, "the gun is in your hand: it is back in the middle in a moment"
            return self._shot(view)
        if key == c.shield:
            return "shield", None
        return None, None

    def _shot(self, view: dict[str, Any]) -> tuple[str | None, str | None]:
        """The gun shoots the set aimed at; aimed at nobody else, it shoots the only player it
        could fairly shoot, if there is just one."""
        target = self.target_of(view)
        if target != self.seat:
            return f"shoot:{target}", None
        if view["phase"] != "play":
            return None, 'wait for "fire!"'  # the engine's words, before any set can be a match
        table = view["table"]
        others = [s for s, t in table.items() if s != self.seat and t["live"]]
        fair = others if table[self.seat]["match"] else [s for s in others if table[s]["match"]]
        if len(fair) == 1:
            return f"shoot:{fair[0]}", None
        keys = "".join(self.cluster.shown(k) for k in self.cluster.targets)
        return None, f"aim at a player first ({keys}): the gun shoots the set you aim at"

    def settle(self, view: dict[str, Any]) -> None:
        """After a change: a card no longer held is unpicked. The set aimed at stays aimed at,
        even out of the round: a key pressed at it then says so ("violet is already out"),
        which is what a person racing for the gun needs to hear."""
        if self.card is not None and self.card not in view["hand"]:
            self.card = None
