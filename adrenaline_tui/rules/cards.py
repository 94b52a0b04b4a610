"""Card data: weapons, powerups and ammo tiles, loaded from `weapons.yaml`.

The YAML is validated with pydantic (so a broken file names the file, the card and the field;
see `card_schema.py`) and then compiled into the small immutable structures below, which the
effect interpreter reads on its hot path. The language is documented in `docs/data-format.md`.

Validation is only paid for when the file changes: `load_cards` keeps the compiled card set in
the compiled-data cache (`compiled.py`), so starting a game imports neither pydantic nor YAML.
"""

# No `from __future__ import annotations` here: the compiled-data cache rebuilds the card set
# from the classes' type hints (`plaindata`) at every start, and hints written as strings must
# each be compiled and evaluated first (about 2 ms of every start, of 6 for the whole decode).

import re
from dataclasses import field, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal

from adrenaline_tui.record import record
from adrenaline_tui.rules.datafiles import weapons_path

CUBES = ("red", "blue", "yellow")
CUBE_LETTER = {"red": "R", "blue": "B", "yellow": "Y"}
LETTER_CUBE = {v: k for k, v in CUBE_LETTER.items()}

_RANGE = re.compile(r"^(\d+)(?:\.\.(\d+))?$")


def parse_range(value: int | str, what: str) -> tuple[int, int]:
    """`2` -> (2, 2); `"1..3"` -> (1, 3)."""
    m = _RANGE.match(str(value).strip())
    if not m:
        raise ValueError(f"{what} must be a number or a range like 1..3, not {value!r}")
    lo = int(m[1])
    hi = int(m[2]) if m[2] is not None else lo
    if hi < lo:
        raise ValueError(f"{what} range {value!r} runs backwards")
    return lo, hi


# --------------------------------------------------------------------------- filters
# A filter is written as a bare word or a one-key mapping; compiled to a tuple whose first item
# names the test. The interpreter (effects.py) gives each test its meaning.
_WORD_FILTERS = {"visible", "not_visible", "own_square", "not_own", "any"}
_KEY_FILTERS = {"distance", "visible_from", "near", "at", "same_square_as", "in_room", "not_spawnpoint"}

Filter = tuple


def compile_filter(raw: Any) -> Filter:
    if isinstance(raw, str):
        if raw not in _WORD_FILTERS:
            raise ValueError(f"unknown filter '{raw}' (known: {', '.join(sorted(_WORD_FILTERS | _KEY_FILTERS))})")
        if raw == "own_square":
            return ("distance", 0, 0)
        return (raw,)
    if isinstance(raw, dict) and len(raw) == 1:
        ((key, arg),) = raw.items()
        if key == "distance":
            if isinstance(arg, dict):
                extra = set(arg) - {"min", "max"}
                if extra:
                    raise ValueError(f"distance takes min and max, not {', '.join(sorted(extra))}")
                return ("distance", int(arg.get("min", 0)), int(arg.get("max", 99)))
            lo, hi = parse_range(arg, "distance")
            return ("distance", lo, hi)
        if key == "visible_from":
            return ("visible_from", str(arg))
        if key == "near":
            if not isinstance(arg, dict) or "of" not in arg:
                raise ValueError("near needs {of: <name>, max: <moves>}")
            return ("near", str(arg["of"]), int(arg.get("max", 1)))
        if key == "at":
            name, _, index = str(arg).partition(".")
            return ("at", name, int(index) if index else None)
        if key == "same_square_as":
            return ("same_square", str(arg))
        if key == "in_room":
            return ("in_room", str(arg))
        if key == "not_spawnpoint":
            return ("not_spawnpoint", str(arg))
    raise ValueError(f"unknown filter {raw!r}")


def compile_filters(raw: list[Any] | None) -> tuple[Filter, ...]:
    return tuple(compile_filter(f) for f in raw or ())


# ----------------------------------------------------------------------------- steps
@record
class Pool:
    """One group a selection may draw its targets from (`Select.pools`): its filters, and how many it gives at most."""

    where: tuple[Filter, ...]
    among: str | None
    exclude: tuple[str, ...]
    max: int


@record
class Select:
    """A step that picks `lo`-`hi` figures matching `where` and binds them to `name`."""

    name: str
    lo: int
    hi: int
    where: tuple[Filter, ...]
    among: str | None
    exclude: tuple[str, ...]
    distinct_squares: bool
    pools: tuple[Pool, ...]
    # Extra filters a target that is not a figure (a Domination spawnpoint) must pass, on top of
    # `where` (Tractor Beam, Vortex Cannon: only a spawnpoint you can see).
    spawnpoints: tuple[Filter, ...] = ()


@record
class SelectSquare:
    """A step that picks one square matching `where` and binds it to `name`."""

    name: str
    where: tuple[Filter, ...]


@record
class SelectRoom:
    """A step that picks one room matching `where` and binds it to `name`."""

    name: str
    where: tuple[Filter, ...]


@record
class SelectLine:
    """A step that picks a direction from the shooter's square and binds the line of squares that way to `name`."""

    name: str
    walls: Literal["block", "ignore"]
    include_own: bool
    length: int | None


@record
class Hit:
    """Damage or marks for a bound group (`to`) or for everyone matching `everyone`."""

    kind: Literal["damage", "mark"]
    to: str | None
    everyone: tuple[Filter, ...] | None
    amount: int


@record
class Move:
    """A step that moves the shooter or a bound figure (`who`) `lo`-`hi` squares."""

    who: str  # "self" or a bound name
    lo: int
    hi: int
    path: Literal["free", "straight"]
    to: str | None  # "self" (the shooter's square), a bound square, or "square_of:<name>"
    dest_where: tuple[Filter, ...]
    direction: str | None  # binding name that fixes (or is fixed by) a straight move's direction
    stay_ends: bool  # "you may move on, and if you do...": staying put ends the effect here


@record
class Pause:
    """A point inside an effect where effects listing it in `during` may be slotted in."""


Step = Select | SelectSquare | SelectRoom | SelectLine | Hit | Move | Pause


@record
class Effect:
    """One effect of a weapon: basic, optional or a mode, its cost, when it may be used, and its steps."""

    id: str
    name: str
    type: Literal["basic", "optional", "mode"]
    cost: tuple[str, ...]
    after: tuple[str, ...]
    during: tuple[str, ...]
    inside: tuple[str, ...]
    steps: tuple[Step, ...]
    text: str
    needs_hit: bool  # an effect that deals damage or marks must reach at least one target
    # Derived once here because the legality search reads them at every node.
    main: bool = field(init=False)  # a basic effect or a mode (one per shot, and it must be used)
    cost_vec: tuple[int, int, int] = field(init=False)  # the cost as red, blue, yellow counts

    def __post_init__(self) -> None:
        object.__setattr__(self, "main", self.type != "optional")
        object.__setattr__(self, "cost_vec", tuple(self.cost.count(c) for c in CUBES))


@record
class Weapon:
    """A weapon card: its cost (a reload pays all of it, a pick-up all but the first cube), its effects, its texts."""

    id: str
    name: str
    colour: str
    cost: tuple[str, ...]
    effects: tuple[Effect, ...]
    description: str
    notes: tuple[str, ...]
    # The most cubes of each colour (red, blue, yellow) one shot can ever spend: every effect at
    # most once. A budget above it changes nothing, so legality caches clamp budgets to it.
    spend_cap: tuple[int, int, int] = field(init=False)
    effect_ids: tuple[str, ...] = field(init=False)
    main_ids: frozenset[str] = field(init=False)
    # The most targets a main effect must pick before it can resolve (the sum of its selects'
    # minimums). When it is at most 1, a shot is possible among several figures exactly when it is
    # possible against one of them alone: nothing in the game blocks a shot, so more figures only
    # add choices. The legality check relies on it (effects.can_fire).
    required_targets: int = field(init=False)
    fire_cap: tuple[int, int, int] = field(init=False)
    pickup_vec: tuple[int, int, int] = field(init=False)  # the pickup cost as red, blue, yellow counts
    reload_vec: tuple[int, int, int] = field(init=False)  # the reload cost (the whole cost), the same way

    def __post_init__(self) -> None:
        object.__setattr__(self, "spend_cap", tuple(sum(e.cost_vec[i] for e in self.effects) for i in range(3)))
        object.__setattr__(self, "effect_ids", tuple(e.id for e in self.effects))
        object.__setattr__(self, "main_ids", frozenset(e.id for e in self.effects if e.main))
        required = max(sum(s.lo for s in e.steps if isinstance(s, Select)) for e in self.effects if e.main)
        object.__setattr__(self, "required_targets", required)
        object.__setattr__(self, "fire_cap", self._fire_cap())
        object.__setattr__(self, "pickup_vec", tuple(self.cost[1:].count(c) for c in CUBES))
        object.__setattr__(self, "reload_vec", tuple(self.cost.count(c) for c in CUBES))

    def _fire_cap(self) -> tuple[int, int, int]:
        """The most cubes a *first* legal shot could need: one main effect, plus the optional
        effects that move a figure and can start before a main effect has resolved. Other optional
        effects only add hits, so they never make an impossible shot possible; whether a weapon
        can be fired depends on the budget only up to this cap."""
        mains = [e for e in self.effects if e.main]
        early: set[str] = set()
        changed = True
        while changed:  # effects whose prerequisites can all resolve before any main effect
            changed = False
            for e in self.effects:
                if not e.main and e.id not in early and not e.inside and all(a in early for a in e.after):
                    early.add(e.id)
                    changed = True
        movers = [e for e in self.effects if e.id in early and any(isinstance(s, Move) for s in e.steps)]
        return tuple(  # type: ignore[return-value]
            max(m.cost_vec[i] for m in mains) + sum(e.cost_vec[i] for e in movers) for i in range(3)
        )

    @property
    def pickup_cost(self) -> tuple[str, ...]:
        return self.cost[1:]

    @property
    def reload_cost(self) -> tuple[str, ...]:
        return self.cost

    def effect(self, effect_id: str) -> Effect:
        if effect_id not in self.effect_ids:
            raise KeyError(effect_id)
        return self.effects[self.effect_ids.index(effect_id)]


@record
class PowerupKind:
    """A kind of powerup card: how many copies of each colour, when it is played, its text."""

    kind: str
    name: str
    copies: dict[str, int]
    timing: str
    text: str
    notes: tuple[str, ...]


@record
class AmmoTile:
    """A kind of ammo tile: the cubes it gives, whether it gives a powerup, how many copies."""

    code: str
    cubes: tuple[str, ...]
    powerup: bool
    copies: int


@record
class CardSet:
    """Every card of the game, by id, read from one data file (`source`)."""

    weapons: dict[str, Weapon]
    powerup_kinds: dict[str, PowerupKind]
    ammo_tiles: dict[str, AmmoTile]
    source: str

    def powerup_deck(self) -> list[str]:
        """Every powerup card as its key `<kind>-<colour>`, one entry per physical copy."""
        return [f"{k.kind}-{c}" for k in self.powerup_kinds.values() for c, n in k.copies.items() for _ in range(n)]

    def ammo_deck(self) -> list[str]:
        return [t.code for t in self.ammo_tiles.values() for _ in range(t.copies)]


@cache  # a few dozen card names; asked for every card in hand at every action question and window
def powerup_kind(card: str) -> str:
    return card.rsplit("-", 1)[0]


@cache  # as `powerup_kind`: at every payment question and powerup label
def powerup_colour(card: str) -> str:
    return card.rsplit("-", 1)[1]


def load_cards_file(path: Path) -> CardSet:
    """Read, check and compile a card file; a problem is a DataError naming file, card and field."""
    from adrenaline_tui.rules.card_schema import read_card_file

    return read_card_file(path)


def card_set_from_plain(data: Any, source: str) -> CardSet:
    """A card set read back from the compiled-data cache: every value of the declared type and
    every card filed under its own id, or an exception. `source` is the file it stands for."""
    from adrenaline_tui.rules.plaindata import PlainDataError, decode

    cards = replace(decode(data, CardSet), source=source)
    filed_right = (
        all(k == w.id for k, w in cards.weapons.items())
        and all(k == p.kind for k, p in cards.powerup_kinds.items())
        and all(k == t.code for k, t in cards.ammo_tiles.items())
    )
    if not filed_right:
        raise PlainDataError("a card is filed under another card's key")
    return cards


@cache
def load_cards(path: str | None = None) -> CardSet:
    """The card set, from the compiled-data cache when the file has not changed."""
    from adrenaline_tui.rules.compiled import load_compiled
    from adrenaline_tui.rules.plaindata import encode

    source = Path(path) if path else weapons_path()
    return load_compiled("cards", source, load_cards_file, encode, lambda data: card_set_from_plain(data, str(source)))
