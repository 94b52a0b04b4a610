"""Scenario files: a Bloodrush position built by hand (format in docs/bloodrush.md).

A scenario starts at the beginning of the active seat's turn, after setup. Everything is checked:
a bad scenario is a `DataError` naming the field, and nothing is built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.titles.bloodrush.board import DIRECTIONS
from adrenaline_tui.titles.bloodrush.components import BLACK, RED
from adrenaline_tui.titles.bloodrush.errors import ConfigError, DataError
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD, Config, Vampire

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game

FIELDS = {
    "seats", "names", "first", "mozzie_player", "burst", "active", "turn", "time", "time_advances", "mozzie",
    "humans", "eaten", "vampires", "deck", "discard", "dice", "bug_commander",
}  # fmt: skip
VAMPIRE_FIELDS = {"square", "blood", "humans", "hand", "eliminated", "eliminated_at", "bursts"}
MAX_SCENARIO_BYTES = 64 * 1024
WHERE = "scenario"


def read_scenario(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(source, Mapping):
        return dict(source)
    import yaml

    path = Path(source)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(str(path), "", f"cannot read the file ({exc.strerror})") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise DataError(str(path), "", f"larger than {MAX_SCENARIO_BYTES} bytes")
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError):
        raise DataError(str(path), "", "not a valid YAML text file") from None
    if not isinstance(data, dict):
        raise DataError(str(path), "", "a scenario is a mapping")
    return data


def scenario_config(s: Mapping[str, Any]) -> Config:
    unknown = set(s) - FIELDS
    if unknown:
        raise DataError(WHERE, str(sorted(unknown)[0])[:30], "is not a scenario field")
    seats = s.get("seats")
    if not isinstance(seats, list):
        raise DataError(WHERE, "seats", "a list of seats in turn order, Player 1 first")
    try:
        settings = {k: s[k] for k in ("seats", "names", "mozzie_player", "burst") if k in s}
        return Config.from_dict(settings | {"first": seats[0] if seats else None})
    except ConfigError as exc:
        raise DataError(WHERE, exc.field, exc.problem) from None


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise DataError(WHERE, field, f"must be a whole number from {lo} to {hi}")
    return value


def _square(g: Game, value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in g.board.tiles:
        raise DataError(WHERE, field, f"{str(value)[:10]!r} is not a square of the board")
    return value


def _cards(value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in BLACK + RED for c in value):
        raise DataError(WHERE, field, f"a list of cards ({', '.join(BLACK + RED)})")
    return list(value)


def _tiles(value: Any, field: str, known: Mapping[str, Any]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) and t in known for t in value):
        raise DataError(WHERE, field, "a list of human tiles")
    return list(value)


def build(g: Game, s: Mapping[str, Any]) -> None:
    """Set `g` up as the scenario says (it replaces setup)."""
    seats = list(g.config.seats)
    g.order = seats
    g.phase = "turns"
    active = s.get("active", seats[0])
    if not isinstance(active, str) or active not in seats:
        raise DataError(WHERE, "active", "must be one of the seats")
    g.index = seats.index(active)
    g.turn = _int(s.get("turn", 0), "turn", 0, 10_000)
    g.round_due = bool(s.get("time_advances", g.index == 0))
    track = g.components.time
    t = s.get("time", 0)
    labels = [sp.label for sp in track]
    g.time = labels.index(t) if isinstance(t, str) and t in labels else _int(t, "time", 0, len(track) - 1)

    used: list[str] = []
    humans = s.get("humans", {})
    if not isinstance(humans, dict):
        raise DataError(WHERE, "humans", "maps squares to human tiles")
    known = g.components.human
    for sq, tile in humans.items():
        _square(g, sq, f"humans.{sq}")
        if sq == g.board.graveyard:
            raise DataError(WHERE, f"humans.{sq}", "no human stands in the graveyard")
        if not isinstance(tile, str) or tile not in known:
            raise DataError(WHERE, f"humans.{sq}", f"{str(tile)[:20]!r} is not a human tile")
        g.humans[sq] = tile
        used.append(tile)
    g.eaten = _tiles(s.get("eaten", []), "eaten", known)
    used += g.eaten

    vampires = s.get("vampires", {})
    if not isinstance(vampires, dict) or set(vampires) - set(g.config.vampires):
        raise DataError(WHERE, "vampires", f"maps the vampire seats ({', '.join(g.config.vampires)}) to their state")
    hands: list[str] = []
    for seat in g.config.vampires:
        d = vampires.get(seat) or {}
        if not isinstance(d, dict) or set(d) - VAMPIRE_FIELDS:
            raise DataError(WHERE, f"vampires.{seat}", f"fields: {', '.join(sorted(VAMPIRE_FIELDS))}")
        v = Vampire(seat, None)
        v.humans = _tiles(d.get("humans", []), f"vampires.{seat}.humans", known)
        used += v.humans
        v.hand = _cards(d.get("hand", []), f"vampires.{seat}.hand")
        if any(c not in RED for c in v.hand):
            raise DataError(WHERE, f"vampires.{seat}.hand", "only red cards are kept in a hand")
        hands += v.hand
        v.bursts = _int(d.get("bursts", 0), f"vampires.{seat}.bursts", 0, 1000)
        if d.get("eliminated", False):
            v.alive = False
            v.blood = 0
            # The turn it fell in (it ranks the eliminated); by default just before this position.
            v.eliminated_at = _int(d.get("eliminated_at", g.turn - 1), f"vampires.{seat}.eliminated_at", -1, g.turn)
        else:
            v.blood = _int(d.get("blood", 5), f"vampires.{seat}.blood", 1, MAX_BLOOD)
            v.square = _square(g, d.get("square", g.board.graveyard), f"vampires.{seat}.square")
            if v.square in g.humans:
                raise DataError(WHERE, f"vampires.{seat}.square", "a human stands there (a vampire would have fed)")
            other = g.vampire_at(v.square)
            if other is not None and v.square != g.board.graveyard:
                raise DataError(WHERE, f"vampires.{seat}.square", f"{other.seat} stands there (figures are walls)")
        g.vampires[seat] = v
    dup = [t for t, n in Counter(used).items() if n > 1]
    if dup:
        raise DataError(WHERE, "humans", f"the tile {dup[0]} is in two places")
    if not g.humans:
        raise DataError(WHERE, "humans", "at least one human must be on the board (else the game is over)")

    m = s.get("mozzie")
    if not isinstance(m, dict) or set(m) - {"square", "heading", "start"}:
        raise DataError(WHERE, "mozzie", "needs square, heading and optionally start")
    g.mozzie.square = _square(g, m.get("square"), "mozzie.square")
    g.mozzie.start = _square(g, m.get("start", g.mozzie.square), "mozzie.start")
    if g.board.graveyard in (g.mozzie.square, g.mozzie.start):
        raise DataError(WHERE, "mozzie", "the Mozzie never lands in the graveyard")
    if g.mozzie.square in g.humans or g.vampire_at(g.mozzie.square):
        raise DataError(WHERE, "mozzie.square", "someone stands there")
    heading = m.get("heading", "n")
    if not isinstance(heading, str) or heading not in DIRECTIONS:
        raise DataError(WHERE, "mozzie.heading", "one of n, e, s, w")
    g.mozzie.heading = heading

    discard = _cards(s.get("discard", []), "discard")
    counts = Counter(hands + discard)
    if "deck" in s:
        g.deck = list(reversed(_cards(s["deck"], "deck")))  # the file lists the top card first
        counts += Counter(g.deck)
    else:
        left = Counter({k: n for k, n in g.components.cards.items()}) - counts
        g.deck = [k for k in BLACK + RED for _ in range(left[k])]
        g.rng.shuffle(g.deck)
    over = [k for k, n in counts.items() if n > g.components.cards[k]]
    if over:
        raise DataError(WHERE, "deck", f"more {over[0]} cards than the deck holds ({g.components.cards[over[0]]})")
    g.discard = discard
    dice = s.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(x, int) and x in g.components.die for x in dice):
        raise DataError(WHERE, "dice", f"a list of die results ({', '.join(map(str, sorted(set(g.components.die))))})")
    g.forced_dice = list(dice)
    bug = s.get("bug_commander")
    if bug is not None and (not isinstance(bug, str) or bug not in seats):
        raise DataError(WHERE, "bug_commander", "the seat that played it, or null")
    g.straight_only_by = bug
    if len([v for v in g.vampires.values() if v.alive]) < 2:
        raise DataError(WHERE, "vampires", "at least two vampires must be alive (else the game is over)")
    if active in g.vampires and not g.vampires[active].alive:
        raise DataError(WHERE, "active", "an eliminated vampire has no turn")
