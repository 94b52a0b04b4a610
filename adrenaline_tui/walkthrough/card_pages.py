"""A reference page for every weapon and powerup, generated from `weapons.yaml`.

The text comes from the card catalogue (`rules/describe.py`, whose effect sentences are generated
from the effect steps), so a page always says what the engine plays. Where the geometry is the
point of a card - straight lines, rooms behind a door, the squares out of sight - the page adds a
drawing of a real arena with the squares the effect reaches from a well-chosen square. What to
draw is read from the effect language, not from a list of card names.
"""

from __future__ import annotations

from dataclasses import dataclass

from adrenaline_tui.rules.arena import DIRECTIONS, Arena, load_arena
from adrenaline_tui.rules.cards import CardSet, Effect, Move, Select, SelectLine, SelectRoom, Weapon, load_cards
from adrenaline_tui.rules.describe import STRUCTURE, ammo_entry, powerup_entry, weapon_entry
from adrenaline_tui.walkthrough.arena_art import LEGEND, draw

DIAGRAM_ARENA = "arena_12"  # the one arena with all twelve squares


@dataclass(frozen=True, slots=True)
class Diagram:
    caption: str
    origin: str
    squares: frozenset[str]
    lines: tuple[str, ...]  # the drawing, legend included

    @property
    def text(self) -> str:
        return "\n".join((self.caption, *self.lines))


@dataclass(frozen=True, slots=True)
class CardPage:
    id: str  # `weapon:<id>` or `powerup:<kind>`
    card: str  # the weapon id or powerup kind
    kind: str  # "weapon" or "powerup"
    title: str
    body: str  # everything but the drawing
    diagram: Diagram | None

    @property
    def text(self) -> str:
        return self.body + (f"\n\n{self.diagram.text}" if self.diagram else "")


def _cubes(cubes: list[str]) -> str:
    return " + ".join(cubes) if cubes else "free"


# ----------------------------------------------------------------------- geometry
def _shooter_filters_pass(arena: Arena, filters: tuple, origin: str, square: str) -> bool | None:
    """Whether `square` passes filters judged from the shooter alone; None if any filter needs
    a choice made during the shot (then no drawing can show it)."""
    for f in filters:
        kind = f[0]
        if kind == "visible":
            ok = square in arena.visible[origin]
        elif kind == "not_visible":
            ok = square not in arena.visible[origin]
        elif kind == "distance":
            ok = f[1] <= arena.distance[origin][square] <= f[2]
        elif kind == "not_own":
            ok = square != origin
        elif kind == "any":
            ok = True
        else:
            return None
        if not ok:
            return False
    return True


def _lines(arena: Arena, origin: str, walls: str, length: int | None) -> set[str]:
    table = arena.beam if walls == "ignore" else arena.walk
    out: set[str] = set()
    for d in DIRECTIONS:
        squares = table[(origin, d)]
        out.update(squares[:length] if length is not None else squares)
    return out


def _reach(arena: Arena, effect: Effect, origin: str) -> tuple[set[str], str] | None:
    """The squares an effect can reach from `origin`, and a caption - for the effects whose
    shape is worth a drawing; None for the rest."""
    for step in effect.steps:
        if isinstance(step, SelectLine):
            squares = _lines(arena, origin, step.walls, step.length)
            how = "through walls" if step.walls == "ignore" else "through doors, never walls"
            far = f", {step.length} squares" if step.length else ""
            return squares, f"{effect.name}: the straight lines from @ ({how}{far})"
        if isinstance(step, SelectRoom):
            own = arena.room_of[origin]
            rooms = [r for r in arena.visible_rooms[origin] if r != own]
            squares = {q for r in rooms for q in arena.rooms[r]}
            return squares, f"{effect.name}: the rooms it can reach from @ (behind the doors on that square)"
        if isinstance(step, Move) and step.path == "straight" and step.hi >= 1 and step.to is None:
            # moves that share a direction name continue one flight (Power Glove's rocket fist)
            flight = [
                m
                for m in effect.steps
                if isinstance(m, Move) and m.path == "straight" and m.who == step.who and m.direction == step.direction
            ]
            length = sum(m.hi for m in flight) if step.direction else step.hi
            squares = _lines(arena, origin, "block", length)
            who = "you fly" if step.who == "self" else "the target is sent"
            return squares, f"{effect.name}: where {who} in a straight line from @ (doors yes, walls no)"
        if isinstance(step, Select):
            words = {f[0] for f in step.where}
            far = any(f[0] == "distance" and f[1] >= 2 for f in step.where)
            if "not_visible" not in words and not far:
                continue  # an ordinary choice: what follows it may still be worth drawing
            squares = {q for q in arena.squares if _shooter_filters_pass(arena, step.where, origin, q)}
            what = "out of sight" if "not_visible" in words else "in sight and at least 2 moves away"
            return squares, f"{effect.name}: where a target may stand, seen from @ ({what})"
    return None


def weapon_diagram(weapon: Weapon, arena: Arena | None = None) -> Diagram | None:
    """A drawing for the first effect whose geometry deserves one, from the square that shows
    it best (the most squares reached, then the most of them out of sight)."""
    arena = arena or load_arena(DIAGRAM_ARENA)
    for effect in weapon.effects:
        best = None
        for i, origin in enumerate(arena.squares):
            found = _reach(arena, effect, origin)
            if found is None:
                break
            squares, caption = found
            hidden = len(squares - arena.visible[origin])
            key = (len(squares), hidden, -i)
            if best is None or key > best[0]:
                best = (key, origin, squares, caption)
        if best is not None:
            _, origin, squares, caption = best
            marks = {q: "*" for q in squares}
            marks[origin] = "@"
            lines = (*draw(arena, marks), LEGEND)
            return Diagram(f"{caption}, on {arena.name}:", origin, frozenset(squares), lines)
    return None


def newton_diagram(arena: Arena | None = None) -> Diagram:
    """Newton: the squares a figure on @ can be pushed to (1 or 2 legal steps, one direction)."""
    arena = arena or load_arena(DIAGRAM_ARENA)
    origin = max(arena.squares, key=lambda q: (len(_lines(arena, q, "block", 2)), q))
    squares = _lines(arena, origin, "block", 2)
    marks = {q: "*" for q in squares}
    marks[origin] = "@"
    caption = f"Newton: where a figure on @ can be pushed, on {arena.name}:"
    legend = "@ the figure pushed   * where it may land"
    return Diagram(caption, origin, frozenset(squares), (*draw(arena, marks), legend))


# -------------------------------------------------------------------------- pages
def weapon_page(weapon_id: str, cards: CardSet | None = None) -> CardPage:
    cards = cards or load_cards()
    weapon = cards.weapons[weapon_id]
    e = weapon_entry(weapon)
    lines = [
        f"{e['name']} - {e['colour']} weapon ({STRUCTURE[e['structure']]})",
        f"Pick up: {_cubes(e['pickup_cost'])}    Reload: {_cubes(e['reload_cost'])}",
        e["description"],
        "",
    ]
    for effect in e["effects"]:
        # a basic effect or mode is paid by loading the weapon; only optional effects can be "free"
        cost = f"+ {_cubes(effect['cost'])}" if effect["cost"] else ("free" if effect["type"] == "optional" else "")
        lines.append(f"{effect['name']}" + (f" ({cost})" if cost else ""))
        lines.append(f"  {effect['description']}")
        if effect["timing"]:
            lines.append(f"  When: {effect['timing']}")
    if e["notes"]:
        lines += ["", "Notes"]
        lines += [f"  - {n}" for n in e["notes"]]
    if e["structure"] == "modes":
        lines += ["", "A shot uses exactly one mode."]
    return CardPage(f"weapon:{weapon_id}", weapon_id, "weapon", e["name"], "\n".join(lines), weapon_diagram(weapon))


def powerup_page(kind: str, cards: CardSet | None = None) -> CardPage:
    cards = cards or load_cards()
    e = powerup_entry(cards.powerup_kinds[kind])
    copies = ", ".join(f"{n} {c}" for c, n in e["copies"].items())
    lines = [
        f"{e['name']} - powerup ({e['count']} cards: {copies})",
        f"When: {e['timing']}.",
        e["description"],
    ]
    if e["notes"]:
        lines += ["", "Notes"]
        lines += [f"  - {n}" for n in e["notes"]]
    lines += [
        "",
        "Like every powerup, it can instead be discarded to pay for one cube of its colour, or to",
        "choose your spawnpoint when you enter the arena or respawn.",
    ]
    diagram = newton_diagram() if kind == "newton" else None
    return CardPage(f"powerup:{kind}", kind, "powerup", e["name"], "\n".join(lines), diagram)


def ammo_page(cards: CardSet | None = None) -> CardPage:
    """The ammo tiles in the box: what each gives, and how many there are."""
    cards = cards or load_cards()
    entries = [ammo_entry(t) for t in cards.ammo_tiles.values()]
    lines = [
        f"Ammo tiles - {sum(e['copies'] for e in entries)} in the box",
        "A tile is named by its cubes (R red, B blue, Y yellow); a P means it also draws a powerup.",
        "",
    ]
    for e in entries:
        extra = " and draw a powerup" if e["powerup"] else ""
        lines.append(f"  {e['id']:4} {' + '.join(e['cubes'])}{extra}  (x{e['copies']})")
    return CardPage("ammo:tiles", "tiles", "ammo", "Ammo tiles", "\n".join(lines), None)


def card_pages(cards: CardSet | None = None) -> list[CardPage]:
    """Every weapon (in card order), then every powerup."""
    cards = cards or load_cards()
    pages = [weapon_page(w, cards) for w in cards.weapons]
    pages += [powerup_page(k, cards) for k in cards.powerup_kinds]
    return pages
