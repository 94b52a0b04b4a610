"""The vocabulary of explanations: the `Explanation` type, small phrases, and how sight and
distance are put into words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from adrenaline_tui.record import record
from adrenaline_tui.rules.arena import Arena
from adrenaline_tui.rules.cards import (
    CUBES,
    powerup_colour,
)
from adrenaline_tui.rules.payment import budget
from adrenaline_tui.rules.state import (
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


SHOT_KINDS = frozenset({"effect", "target", "square", "room", "direction", "move"})
ACTIONS = ("run", "grab", "shoot")


@record
class Explanation:
    """The answer to "why?" about one thing.

    `legal` is True when the thing is an option that can be chosen now, False when it is a
    choice the rules do not allow now, None when it is not a choice at all (a board, a square
    looked at during someone's run). `why` holds the reasons, most important first; `does`
    what choosing it would do (damage, marks, moves, cost).
    """

    subject: str
    legal: bool | None
    why: tuple[str, ...] = ()
    does: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        head = self.subject
        if self.legal is True:
            head += " - allowed"
        elif self.legal is False:
            head += " - not allowed"
        return "\n".join([head, *self.why, *self.does])


# ------------------------------------------------------------------------- words
def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _names(game: Game, colours: Iterable[str]) -> str:
    """Figures named in seat order (sets of figures have no order of their own)."""
    return _and([game.name(c) for c in game.seats if c in set(colours)])


def _cubes(cost: Iterable[str]) -> str:
    cost = list(cost)
    return " ".join(cost) if cost else "nothing"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    if not re.match(r"r\dc\d", text):  # a square id keeps its lower case
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith((".", "!", "?")) else ".")


# ----------------------------------------------------------------------- geometry
def sight(arena: Arena, src: str, dst: str) -> tuple[bool, str]:
    """Can someone on `src` see `dst`, and why (a clause about `dst`)."""
    room = arena.room_of[dst]
    if src == dst:
        return True, "on your square"
    if arena.room_of[src] == room:
        return True, f"in your own room, the {room} room"
    doors = [n for n in arena.neighbours[src] if arena.room_of[n] == room]
    if doors:
        return True, f"in the {room} room, which you see through the door on your square ({src}-{doors[0]})"
    elsewhere = sorted(
        a if arena.room_of[a] == arena.room_of[src] else b
        for a, b in (tuple(d) for d in arena.doors)
        if {arena.room_of[a], arena.room_of[b]} == {arena.room_of[src], room}
    )
    if elsewhere:
        where = _and(elsewhere)
        return False, (
            f"in the {room} room; the door into it is on {where}, not on your square, "
            "and only a door on your own square lets you see through"
        )
    return False, f"in the {room} room, and no door on your square opens into it"


def distance_text(arena: Arena, src: str, dst: str) -> str:
    d = arena.distance[src][dst]
    if d == 0:
        return "0 moves away"
    (r1, c1), (r2, c2) = arena.pos[src], arena.pos[dst]
    walls = " (walls make the way round longer)" if d > abs(r1 - r2) + abs(c1 - c2) else ""
    return f"{_s(d, 'move')} away{walls}"


def whereabouts(game: Game, viewer: str, colour: str) -> str:
    """`Dozer stands on r1c3, in the yellow room, which you see ...; 2 moves away.`"""
    arena = game.arena
    me = game.players[viewer].square
    if colour in game.players:
        them, name = game.players[colour].square, game.name(colour)
    else:  # a target that is not a figure (a spawnpoint): where the shot in progress has it
        shot = game.current_shot
        them = shot.pos.get(colour) if shot is not None else None
        name = game.target_name(colour)
        name = name[:1].upper() + name[1:]
    if them is None:
        return f"{name} is not on the board."
    if me is None:
        return f"{name} stands on {them}, in the {arena.room_of[them]} room."
    _, clause = sight(arena, me, them)
    if me == them:
        return f"{name} stands on your square ({me})."
    return f"{name} stands on {them}, {clause}; {distance_text(arena, me, them)}."


# --------------------------------------------------------------------- who decides
def _viewer(game: Game, viewer: str | None) -> Player:
    if viewer is not None:
        return game.players[viewer]
    d = game.pending
    return game.players[d.player] if d is not None else game.active


def _afford_text(p: Player, cost: Sequence[str]) -> str:
    """Why a cost cannot be paid: the colour that is short."""
    have = budget(p)
    short = []
    for i, c in enumerate(CUBES):
        need = list(cost).count(c)
        if need > have[i]:
            cards = sum(1 for card in p.powerups if powerup_colour(card) == c)
            short.append(f"{need} {c} (you have {_s(p.ammo[c], c + ' cube')} and {_s(cards, c + ' powerup')})")
    return "you need " + _and(short) if short else "you can pay it"


def _ammo_line(p: Player) -> str:
    return "you have " + ", ".join(f"{p.ammo[c]} {c}" for c in CUBES)
