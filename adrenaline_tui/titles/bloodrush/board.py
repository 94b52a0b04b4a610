"""The board's geometry: squares, the four orthogonal steps, wraparound edges ("Mario pipe").

Squares are named column letter + row number from the top left (`a1`); north is up the grid.
"""

from __future__ import annotations

from adrenaline_tui.titles.bloodrush.components import Components, Tile, square_name

DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
# A Carriage Ride moves a human "in any direction": the diagonals too (docs/rulings.md).
ALL_DIRECTIONS = {**DIRECTIONS, "ne": (1, -1), "se": (1, 1), "sw": (-1, 1), "nw": (-1, -1)}
DIRECTION_NAMES = {
    "n": "north",
    "e": "east",
    "s": "south",
    "w": "west",
    "ne": "north-east",
    "se": "south-east",
    "sw": "south-west",
    "nw": "north-west",
}
LEFT = {"n": "w", "w": "s", "s": "e", "e": "n"}
RIGHT = {v: k for k, v in LEFT.items()}
# The kinds where no dawn penalty falls (rules: "No dawn penalty when in graveyard, buildings, or mine").
SHELTERS = ("graveyard", "building", "mine")
# Where a Damage tile the Mozzie steps on hurts nobody ("except those in graveyard or mine").
MOZZIE_DAMAGE_SAFE = ("graveyard", "mine")


class Board:
    """Geometry over the components' grid. Pure: it knows no figures, so one is shared by every
    game on the same components (`Board.of`): building the step table was most of a game's set-up."""

    _made: dict[int, tuple[Components, Board]] = {}

    @classmethod
    def of(cls, components: Components) -> Board:
        made = cls._made.get(id(components))
        if made is None or made[0] is not components:
            made = cls._made[id(components)] = (components, cls(components))
        return made[1]

    def __init__(self, components: Components) -> None:
        self.c = components
        self.width = components.width
        self.height = components.height
        self.tiles = components.tiles
        self.squares = list(components.tiles)
        self.graveyard = components.graveyard
        banned = {self.graveyard}
        self._step: dict[tuple[str, str], str] = {}
        for sq in self.squares:
            col, row = ord(sq[0]) - ord("a"), int(sq[1:]) - 1
            for d, (dc, dr) in ALL_DIRECTIONS.items():
                self._step[sq, d] = square_name((col + dc) % self.width, (row + dr) % self.height)
        banned |= set(self.neighbours(self.graveyard))
        self._human_squares = [sq for sq in self.squares if sq not in banned]

    def step(self, square: str, direction: str) -> str:
        """The square one step away; an edge leads to the opposite edge."""
        return self._step[square, direction]

    def tile(self, square: str) -> Tile:
        return self.tiles[square]

    def kind(self, square: str) -> str:
        return self.tiles[square].kind

    def neighbours(self, square: str) -> list[str]:
        """The orthogonal neighbours, across the wrapped edges too."""
        out: list[str] = []
        for d in DIRECTIONS:
            n = self._step[square, d]
            if n != square and n not in out:
                out.append(n)
        return out

    def human_squares(self) -> list[str]:
        """Where a human may be placed in setup: anywhere but the graveyard and the tiles
        immediately adjacent to it (orthogonally, across the wrapped edges too)."""
        return list(self._human_squares)

    def distance(self, a: str, b: str) -> int:
        """Orthogonal steps between two squares on the wrapped board, figures ignored."""
        ca, ra = ord(a[0]) - ord("a"), int(a[1:]) - 1
        cb, rb = ord(b[0]) - ord("a"), int(b[1:]) - 1
        dc, dr = abs(ca - cb), abs(ra - rb)
        return min(dc, self.width - dc) + min(dr, self.height - dr)
