"""Building a game in any position, for tests, lessons and bug reports (docs/panic_fire.md).

A scenario is a plain mapping; every field but `seats` may be left out:

    seats: [scarlet, violet, amber]      the table (config), and `shields`, `rounds` as in Config
    round: 3                             the round being played (1 by default)
    sudden_death: false                  and `in_round`: the seats dealt in (all by default)
    out: [amber]                         seats of the round already out (cards off the table)
    phase: play                          or ready (dealt face down, waiting for "fire!")
    sets: {scarlet: [nun, nun, [cowboy, nun], alien]}   4 cards a set, top last in a stack
    hands: {scarlet: [nun, shield]}
    shield: [violet]                     seats with a Shield in play
    draw: [zombie, shield]               the next cards drawn, in order
    discard: []
    bullets: {scarlet: 2}

Every card of the box not named goes into the draw pile below the named ones, shuffled by the
seed, so a scenario always holds the 112 cards.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from adrenaline_tui.titles.panic_fire.deck import SHIELD, Deck
from adrenaline_tui.titles.panic_fire.errors import ConfigError
from adrenaline_tui.titles.panic_fire.game import SET_SIZE, Config, Game

FIELDS = {"seats", "shields", "rounds", "round", "sudden_death", "in_round", "out", "phase", "sets", "hands",
          "shield", "draw", "discard", "bullets"}  # fmt: skip


def _cards(g: Game, where: str, cards: Any) -> list[str]:
    known = set(g.match_of) | {SHIELD}
    if not isinstance(cards, list) or not all(isinstance(c, str) and c in known for c in cards):
        raise ConfigError(where, f"a list of cards ({', '.join(sorted(known))})")
    return list(cards)


def from_scenario(spec: dict[str, Any], seed: int = 0, deck: Deck | None = None) -> Game:
    if not isinstance(spec, dict) or set(spec) - FIELDS:
        raise ConfigError("scenario", f"a mapping of {', '.join(sorted(FIELDS))}")
    config = Config.from_dict({k: spec[k] for k in ("seats", "shields", "rounds") if k in spec})
    g = Game(config, seed, deck)
    g.scenario = json.loads(json.dumps(spec))
    seats = config.seats
    g.round = spec.get("round", 1)
    if not isinstance(g.round, int) or not 1 <= g.round <= config.rounds + 1:
        raise ConfigError("round", f"1 to {config.rounds + 1}")
    g.sudden_death = bool(spec.get("sudden_death", False))
    in_round = spec.get("in_round", list(seats))
    if not isinstance(in_round, list) or not set(in_round) <= set(seats) or len(in_round) < 2:
        raise ConfigError("in_round", "two or more of the seats")
    g.in_round = tuple(s for s in seats if s in in_round)
    out = spec.get("out", [])
    if not isinstance(out, list) or not set(out) <= set(g.in_round):
        raise ConfigError("out", "seats of the round")
    g.live = [s for s in g.in_round if s not in out]
    if len(g.live) < 2:
        raise ConfigError("out", "two players at least must still be in the round")
    g.phase = spec.get("phase", "play")
    if g.phase not in ("play", "ready"):
        raise ConfigError("phase", "play or ready")
    used: Counter[str] = Counter()
    sets = spec.get("sets", {})
    hands = spec.get("hands", {})
    if not isinstance(sets, dict) or not isinstance(hands, dict) or set(sets) - set(g.live) or set(hands) - set(g.live):
        raise ConfigError("sets", "sets and hands belong to seats still in the round")
    for s in g.live:
        if s not in sets:
            raise ConfigError(f"sets.{s}", "every live seat needs its set")
        if not isinstance(sets[s], list) or len(sets[s]) != SET_SIZE:
            raise ConfigError(f"sets.{s}", f"{SET_SIZE} stacks")
        g.sets[s] = [_cards(g, f"sets.{s}", st if isinstance(st, list) else [st]) for st in sets[s]]
        if any(not st for st in g.sets[s]):
            raise ConfigError(f"sets.{s}", "a stack has a card at least")
        g.hands[s] = _cards(g, f"hands.{s}", hands.get(s, []))
        for st in g.sets[s]:
            used.update(st)
        used.update(g.hands[s])
    shields = spec.get("shield", [])
    if not isinstance(shields, list) or not set(shields) <= set(g.live):
        raise ConfigError("shield", "live seats")
    for s in shields:
        g.shield[s] = True
        used[SHIELD] += 1
    draw = _cards(g, "draw", spec.get("draw", []))
    g.discard = _cards(g, "discard", spec.get("discard", []))
    used.update(draw)
    used.update(g.discard)
    rest = Counter(g.cards)
    rest.subtract(used)
    over = sorted(c for c, n in rest.items() if n < 0)
    if over:
        raise ConfigError("scenario", f"more {over[0]} cards than the deck has")
    below = list(rest.elements())
    g.rng.shuffle(below)
    g.draw = below + draw[::-1]  # the end of the list is the top
    bullets = spec.get("bullets", {})
    if not isinstance(bullets, dict) or not set(bullets) <= set(seats):
        raise ConfigError("bullets", "a mapping of seats to Bullet cards")
    for s, n in bullets.items():
        if not isinstance(n, int) or n < 0:
            raise ConfigError(f"bullets.{s}", "a count")
        g.bullets[s] = n
    g.bullets_left = g.deck.bullets - sum(g.bullets.values())
    if g.bullets_left < 0:
        raise ConfigError("bullets", f"there are {g.deck.bullets} Bullet cards")
    if g.phase == "play":
        g._after_change(0)  # a position nobody can play in is a stalemate from its start
    return g
