"""Arenas: the board layouts, loaded from `arenas/*.yaml`, with their geometry precomputed.

Everything a rule asks of the board (how far, what can I see, which squares lie in a straight
line) is a table lookup here, computed once per arena when it is loaded.
"""

from __future__ import annotations

import re
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any, Literal

from adrenaline_tui.record import record
from adrenaline_tui.rules.datafiles import arenas_dir
from adrenaline_tui.rules.errors import DataError

ROWS, COLS = 3, 4
SPAWN_COLOURS = ("red", "blue", "yellow")
DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (-1, 0),
    "east": (0, 1),
    "south": (1, 0),
    "west": (0, -1),
}
SQUARE_ID = re.compile(r"^r(\d)c(\d)$")


def parse_square(sid: str) -> tuple[int, int]:
    m = SQUARE_ID.match(sid)
    if not m:
        raise ValueError(f"'{sid}' is not a square id")
    return int(m[1]), int(m[2])


@record
class SquareLayout:
    """A square as an arena file gives it: its room, and the spawnpoint colour if it has one."""

    room: str
    spawn: Literal["red", "blue", "yellow"] | None


@record
class ArenaLayout:
    """What an arena file says, as plain data: the checked file (`arena_schema`) or the
    compiled-data cache gives one, and `Arena` checks it again and derives the geometry."""

    id: str
    name: str
    recommended_players: tuple[int, ...]
    squares: dict[str, SquareLayout]
    doors: tuple[tuple[str, str], ...]


class Arena:
    """A checked arena with every geometric question answered in advance."""

    def __init__(self, layout: ArenaLayout, source: str = "") -> None:
        self.layout = layout
        self.id = layout.id
        self.name = layout.name
        self.recommended_players = tuple(layout.recommended_players)
        self.source = source
        self.squares: tuple[str, ...] = tuple(sorted(layout.squares, key=parse_square))
        self.pos: dict[str, tuple[int, int]] = {s: parse_square(s) for s in self.squares}
        self._at: dict[tuple[int, int], str] = {p: s for s, p in self.pos.items()}
        self.room_of: dict[str, str] = {s: layout.squares[s].room for s in self.squares}
        rooms: dict[str, list[str]] = {}
        for s in self.squares:
            rooms.setdefault(self.room_of[s], []).append(s)
        self.rooms: dict[str, tuple[str, ...]] = {r: tuple(v) for r, v in rooms.items()}
        self.spawn_square: dict[str, str] = {
            sq.spawn: sid for sid, sq in layout.squares.items() if sq.spawn is not None
        }
        self.spawn_colour_at: dict[str, str] = {v: k for k, v in self.spawn_square.items()}
        self.doors: frozenset[frozenset[str]] = frozenset(frozenset(d) for d in layout.doors)
        self._check(layout)
        self._precompute()

    # ------------------------------------------------------------------ checks
    def _fail(self, field: str, problem: str) -> DataError:
        return DataError(self.source or "arena", self.id, field, problem)

    def _check(self, layout: ArenaLayout) -> None:
        for sid, (r, c) in self.pos.items():
            if r >= ROWS or c >= COLS:
                raise self._fail("squares", f"'{sid}' is outside the {ROWS}x{COLS} grid")
        for a, b in layout.doors:
            for s in (a, b):
                if s not in self.pos:
                    raise self._fail("doors", f"door {a}-{b} names a square that does not exist: {s}")
            (r1, c1), (r2, c2) = self.pos[a], self.pos[b]
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                raise self._fail("doors", f"door {a}-{b} joins squares that are not side by side")
            if self.room_of[a] == self.room_of[b]:
                raise self._fail("doors", f"door {a}-{b} is inside room {self.room_of[a]}")
        if sorted(self.spawn_square) != sorted(SPAWN_COLOURS) or len(self.spawn_square) != 3:
            raise self._fail("squares", "needs exactly one red, one blue and one yellow spawnpoint")
        for colour, sid in self.spawn_square.items():
            if self.room_of[sid] != colour:
                raise self._fail(f"squares.{sid}.spawn", f"{colour} spawnpoint sits in the {self.room_of[sid]} room")
        for room, members in self.rooms.items():
            if len(self._flood(members[0], lambda s, room=room: self.room_of[s] == room)) != len(members):
                raise self._fail("squares", f"room {room} is not in one piece")
        if not layout.recommended_players or not all(3 <= n <= 5 for n in layout.recommended_players):
            raise self._fail("recommended_players", "must list player counts between 3 and 5")

    def _flood(self, start: str, keep) -> set[str]:
        seen, stack = {start}, [start]
        while stack:
            r, c = self.pos[stack.pop()]
            for dr, dc in DIRECTIONS.values():
                o = self._at.get((r + dr, c + dc))
                if o is not None and o not in seen and keep(o):
                    seen.add(o)
                    stack.append(o)
        return seen

    # ------------------------------------------------------------- geometry
    def _open(self, a: str, b: str) -> bool:
        return self.room_of[a] == self.room_of[b] or frozenset((a, b)) in self.doors

    def _precompute(self) -> None:
        self.step: dict[tuple[str, str], str | None] = {}
        neighbours: dict[str, list[str]] = {s: [] for s in self.squares}
        for s in self.squares:
            r, c = self.pos[s]
            for d, (dr, dc) in DIRECTIONS.items():
                o = self._at.get((r + dr, c + dc))
                ok = o is not None and self._open(s, o)
                self.step[(s, d)] = o if ok else None
                if ok:
                    neighbours[s].append(o)
        self.neighbours: dict[str, tuple[str, ...]] = {s: tuple(v) for s, v in neighbours.items()}
        self.distance: dict[str, dict[str, int]] = {s: self._bfs(s) for s in self.squares}
        if any(len(d) != len(self.squares) for d in self.distance.values()):
            raise self._fail("doors", "some squares cannot be reached from others")
        self.visible_rooms: dict[str, frozenset[str]] = {}
        self.visible: dict[str, frozenset[str]] = {}
        for s in self.squares:
            rooms = {self.room_of[s]}
            for n in self.neighbours[s]:
                rooms.add(self.room_of[n])  # a neighbour in another room is behind a door on s
            self.visible_rooms[s] = frozenset(rooms)
            self.visible[s] = frozenset(q for q in self.squares if self.room_of[q] in rooms)
        # Straight lines: `beam` ignores walls (Railgun), `walk` follows legal steps only.
        self.beam: dict[tuple[str, str], tuple[str, ...]] = {}
        self.walk: dict[tuple[str, str], tuple[str, ...]] = {}
        for s in self.squares:
            r, c = self.pos[s]
            for d, (dr, dc) in DIRECTIONS.items():
                beam = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < ROWS and 0 <= cc < COLS:
                    if (rr, cc) in self._at:
                        beam.append(self._at[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                self.beam[(s, d)] = tuple(beam)
                walk, cur = [], s
                while (nxt := self.step[(cur, d)]) is not None:
                    walk.append(nxt)
                    cur = nxt
                self.walk[(s, d)] = tuple(walk)
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        for s in self.squares:
            for k in range(0, 5):
                self._within[(s, k)] = tuple(q for q in self.squares if self.distance[s][q] <= k)

    def _bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for nxt in self.neighbours[cur]:
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        return dist

    def within(self, square: str, moves: int) -> tuple[str, ...]:
        """Squares at most `moves` legal steps away (the square itself included)."""
        return self._within.get((square, moves)) or tuple(q for q in self.squares if self.distance[square][q] <= moves)

    def path(self, start: str, end: str) -> tuple[str, ...]:
        """A shortest legal path, the squares entered in order (start excluded).

        Ties are broken by the fixed direction order so the path is deterministic.
        """
        if start == end:
            return ()
        out, cur = [], start
        while cur != end:
            cur = next(n for n in self.neighbours[cur] if self.distance[n][end] == self.distance[cur][end] - 1)
            out.append(cur)
        return tuple(out)

    def direction(self, start: str, end: str) -> str | None:
        """The cardinal direction from start to end if they share a row or column."""
        (r1, c1), (r2, c2) = self.pos[start], self.pos[end]
        if r1 == r2 and c1 != c2:
            return "east" if c2 > c1 else "west"
        if c1 == c2 and r1 != r2:
            return "south" if r2 > r1 else "north"
        return None

    def sees(self, viewer_square: str, target_square: str) -> bool:
        return target_square in self.visible[viewer_square]

    def __repr__(self) -> str:
        return f"Arena({self.id!r})"


ARENA_IDS = ("arena_10", "arena_11a", "arena_11b", "arena_12")


def load_arena_file(path: Path) -> Arena:
    """Read and check an arena file; a problem is a DataError naming file, arena and field."""
    from adrenaline_tui.rules.arena_schema import read_arena_file

    return read_arena_file(path)


@cache
def load_arena(arena_id: str) -> Arena:
    path = arenas_dir() / f"{arena_id}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in arenas_dir().glob("*.yaml")))
        raise DataError(str(path), arena_id, "", f"no such arena (known: {known})")
    return compiled_arena(path)


def compiled_arena(path: Path) -> Arena:
    """The arena in this file, from the compiled-data cache when the file has not changed."""
    from adrenaline_tui.rules.compiled import load_compiled
    from adrenaline_tui.rules.plaindata import decode, encode

    def from_plain(data: Any) -> Arena:  # Arena checks the layout again as it is built
        return Arena(decode(data, ArenaLayout), source=str(path))

    return load_compiled("arena", path, load_arena_file, lambda arena: encode(arena.layout), from_plain)


def all_arenas() -> list[Arena]:
    return [load_arena(a) for a in ARENA_IDS]
