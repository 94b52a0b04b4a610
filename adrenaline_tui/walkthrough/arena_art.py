"""Small text drawings of an arena, for the rules reference: walls, doors, rooms and marks.

Each square is a cell two lines high: its id and room letter, then a mark (`@` you, `*` reached,
`.` not reached). A wall is a solid line; a door is a gap in it (a vertical wall keeps its top
half, a horizontal one its two ends); squares of one room have no line between them. Plain ASCII,
so it reads the same in any terminal.
"""

from __future__ import annotations

from collections.abc import Mapping

from adrenaline_tui.rules.arena import COLS, ROWS, Arena

CELL = 8  # characters inside a cell
LEGEND = "@ you   * reached   . not reached   walls are lines, doors are gaps"


def _square(arena: Arena, r: int, c: int) -> str | None:
    sid = f"r{r}c{c}"
    return sid if sid in arena.pos else None


def _between(arena: Arena, a: str | None, b: str | None) -> str:
    """`open` (same room), `door`, `wall`, or `none` (no square on either side)."""
    if a is None and b is None:
        return "none"
    if a is None or b is None:
        return "wall"
    if arena.room_of[a] == arena.room_of[b]:
        return "open"
    return "door" if frozenset((a, b)) in arena.doors else "wall"


def draw(arena: Arena, marks: Mapping[str, str]) -> list[str]:
    """The arena as text lines; `marks` maps squares to a one-character mark (default `.`)."""
    lines: list[str] = []
    for r in range(ROWS + 1):
        # the horizontal boundary above row r (r == ROWS: the bottom edge)
        top = [_square(arena, r - 1, c) if r > 0 else None for c in range(COLS)]
        bottom = [_square(arena, r, c) if r < ROWS else None for c in range(COLS)]
        edge = ""
        for c in range(COLS):
            kind = _between(arena, top[c], bottom[c])
            edge += _corner(arena, r, c)
            if kind == "wall":
                edge += "-" * CELL
            elif kind == "door":
                edge += "--" + " " * (CELL - 4) + "--"
            else:
                edge += " " * CELL
        edge += _corner(arena, r, COLS)
        lines.append(edge.rstrip())
        if r == ROWS:
            break
        for part in (0, 1):
            row = ""
            for c in range(COLS + 1):
                left = _square(arena, r, c - 1) if c > 0 else None
                right = _square(arena, r, c) if c < COLS else None
                kind = _between(arena, left, right)
                if kind == "wall" or (kind == "door" and part == 0):
                    row += "|"
                else:
                    row += " "
                if c == COLS:
                    break
                if right is None:
                    row += " " * CELL
                elif part == 0:
                    row += f"{right} {arena.room_of[right][0].upper()}".center(CELL)
                else:
                    row += marks.get(right, ".").center(CELL)
            lines.append(row.rstrip())
    return lines


def _corner(arena: Arena, r: int, c: int) -> str:
    """`+` where any of the four boundary segments meeting here is a wall or a door."""
    ul = _square(arena, r - 1, c - 1) if r > 0 and c > 0 else None
    ur = _square(arena, r - 1, c) if r > 0 and c < COLS else None
    dl = _square(arena, r, c - 1) if r < ROWS and c > 0 else None
    dr = _square(arena, r, c) if r < ROWS and c < COLS else None
    segments = (
        _between(arena, ul, ur),  # up
        _between(arena, dl, dr),  # down
        _between(arena, ul, dl),  # left
        _between(arena, ur, dr),  # right
    )
    return "+" if any(s in ("wall", "door") for s in segments) else " "
