"""Where the Mozzie would fly on each face of the die, worked out from a public view.

The steersman chooses straight, left or right before the roll; `flights(view, turn)` says what
each face of the die would then do, so an explanation (and a map) can show it before the choice.
It reads only what every seat sees (`view(seat)`: figures, humans, tiles, the time track), and
the board data; it follows the rules of `flow.mozzie_flight` step by step (the graveyard flown
over without a step, special tiles on every step, a Steps tile once a flight, the stopping rule).
A Mask of Immunity held by someone is hidden, so a Damage tile's loss is given as it falls on
bare skin, with "unless a Mask stops it" where the seat holds red cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adrenaline_tui.record import record
from adrenaline_tui.titles.bloodrush.board import LEFT, MOZZIE_DAMAGE_SAFE, RIGHT, Board
from adrenaline_tui.titles.bloodrush.components import Components, load_components

TURNS = {"straight": None, "left": LEFT, "right": RIGHT}


@record
class Flight:
    """One face of the die: the squares flown to in order, where the Mozzie ends (its start
    again after a drain), and what happens, in words, in order."""

    face: int
    heading: str
    path: tuple[str, ...]
    end: str
    happens: tuple[str, ...]
    eats: str | None = None  # the human tile it would eliminate
    drains: str | None = None  # the seat it would drain
    hurts: tuple[str, ...] = ()  # the seats a Damage tile it lands on would hurt


def heading_after(heading: str, turn: str) -> str:
    table = TURNS[turn]
    return heading if table is None else table[heading]


def _name(names: Mapping[str, str], seat: str) -> str:
    return names.get(seat, seat.capitalize())


def fly(
    view: Mapping[str, Any],
    heading: str,
    face: int,
    names: Mapping[str, str] | None = None,
    components: Components | None = None,
) -> Flight:
    """The Mozzie's flight of `face` steps toward `heading` from where the view has it."""
    c = components or load_components()
    board = Board.of(c)
    names = names or {}
    humans = dict(view["humans"])
    where = {s: v["square"] for s, v in view["vampires"].items() if v["alive"]}
    blood = {s: v["blood"] for s, v in view["vampires"].items() if v["alive"]}
    masks = {s for s, v in view["vampires"].items() if v["hand_count"]}
    mozzie = view["mozzie"]
    square = mozzie["square"]
    steps = face
    used: set[str] = set()
    path: list[str] = []
    happens: list[str] = []
    hurts: list[str] = []
    while steps > 0:
        square = board.step(square, heading)
        if square == board.graveyard:
            happens.append(f"Over the graveyard {square}, free.")
            square = board.step(square, heading)
        steps -= 1
        path.append(square)
        tile = board.tile(square)
        if tile.kind == "damage":
            hit = [s for s in where if board.kind(where[s]) not in MOZZIE_DAMAGE_SAFE]
            safe = [s for s in where if s not in hit]
            words = f"Damage tile {square}"
            if hit:
                each = []
                for s in hit:
                    who = _name(names, s)
                    lose = "lose" if who == "you" else "loses"
                    mask = " (unless a Mask)" if s in masks else ""
                    each.append(f"{who} {lose} {min(tile.amount, blood[s])}{mask}")
                words += f": {', '.join(each)}"
            else:
                words += ": nobody is out there to hurt"
            if safe:
                who = [_name(names, s) for s in safe]
                words += f"; {_and(who)} {'is' if who != ['you'] and len(who) == 1 else 'are'} safe"
            happens.append(words + ".")
            out = []
            for s in hit:
                hurts.append(s)
                blood[s] -= tile.amount
                if blood[s] <= 0 and s not in masks:
                    out.append(s)
                    del where[s]
            if out:
                happens.append(f"{_cap(_and([_name(names, s) for s in out]))} would be eliminated.")
            if len(where) <= 1:
                # "Last vampire standing wins immediately": the flight ends with the game.
                happens.append("The game would end there.")
                return Flight(face, heading, tuple(path), square, tuple(happens), hurts=tuple(hurts))
        elif tile.kind == "clocks":
            happens.append(f"Clocks tile {square}: time +{tile.amount} hour{'s' * (tile.amount != 1)}.")
        elif tile.kind == "steps" and square not in used:
            used.add(square)
            steps += tile.amount
            happens.append(f"Steps tile {square}: {tile.amount} more steps.")
        tile_id = humans.pop(square, None)
        if tile_id is not None:
            h = c.human[tile_id]
            happens.append(f"Stops on {square}: the {h.name} ({h.colour} {h.value}) is eliminated.")
            return Flight(face, heading, tuple(path), square, tuple(happens), eats=tile_id, hurts=tuple(hurts))
        seat = next((s for s, sq in where.items() if sq == square), None)
        if seat is not None:
            left = max(blood[seat], 1)
            happens.append(
                f"Stops on {_name(names, seat)} at {square}: drained to 1 blood (from {left});"
                f" back to {mozzie['start']}."
            )
            return Flight(face, heading, tuple(path), mozzie["start"], tuple(happens), drains=seat, hurts=tuple(hurts))
    happens.append(f"Ends on {square}.")
    return Flight(face, heading, tuple(path), square, tuple(happens), hurts=tuple(hurts))


def flights(
    view: Mapping[str, Any],
    turn: str,
    names: Mapping[str, str] | None = None,
    components: Components | None = None,
) -> list[Flight]:
    """The flight for every distinct face of the die, turning `turn` (straight, left, right) first."""
    c = components or load_components()
    heading = heading_after(view["mozzie"]["heading"], turn)
    return [fly(view, heading, face, names, c) for face in sorted(set(c.die))]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
