"""`ArenaMap`: the arena drawn like the board, with what the pending decision offers highlighted.

Rooms are drawn in their colours with walls between them and gaps for doors; squares of one
room run together. Spawnpoints list their weapon rack when a square is big enough (otherwise
`RacksPanel` does), ammo squares show their tile as cube letters (a powerup glyph when the tile
carries one), figures are letters on their colour. A square the decision offers shows the
option's key; the option under the cursor is drawn brightest.

A lesson can point at squares (drawn lighter, with a `*` as in the reference drawings) and at
figures (their letters reversed), so the map carries its own highlight without colour alone.

The map is a character canvas. When its state changes only the spans of the canvas that differ
are refreshed, so moving the cursor repaints two squares, not the whole map.
"""

from __future__ import annotations

from dataclasses import field

from rich.color import Color, blend_rgb
from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from adrenaline_tui.record import record
from adrenaline_tui.rules.arena import COLS, ROWS, Arena
from adrenaline_tui.tui.look import CUBE_LETTER, LETTER
from adrenaline_tui.tui.look_access import Look, look_of
from adrenaline_tui.tui.widgets._plain_lines import plain_lines
from adrenaline_tui.tui.widgets._tcss import tcss_beside

Cell = tuple[str, Style]
MARK = "*"  # a square a lesson points at: the same mark as the reference's drawings
MARK_LIGHTEN = 0.22  # how far a pointed-at square's room colour moves towards white
SQUARE_CACHE = 512  # painted squares kept (a square's few looks over a game, twelve squares)


@record
class RackSlot:
    """One weapon on a spawnpoint's rack as the map shows it (`weapon` None: an empty slot)."""

    weapon: str | None
    name: str = ""
    colour: str = ""
    pickup: tuple[str, ...] = ()
    key: str | None = None  # the option key when the decision offers this weapon


@record
class MapState:
    """Everything the map shows; two equal states draw the same picture."""

    arena: Arena
    figures: tuple[tuple[str, tuple[str, ...]], ...] = ()  # square -> figure colours
    tiles: tuple[tuple[str, str | None], ...] = ()
    racks: tuple[tuple[str, tuple[RackSlot, ...]], ...] = ()
    offers: tuple[tuple[str, tuple[str, ...]], ...] = ()  # square -> option keys offered there
    targets: frozenset[str] = frozenset()
    cursor_square: str | None = None
    cursor_target: str | None = None
    killed: frozenset[str] = frozenset()
    marked: frozenset[str] = frozenset()  # squares a lesson points at
    pointed: frozenset[str] = frozenset()  # figures a lesson points at
    preview: bool = False
    # What a game mode adds to a square, drawn at its top right: `(("turret", None), (letter
    # source, colour))` is a turret and its owner, `(("damage", None), (count, None))` the tokens
    # on a Domination spawnpoint's track.
    badges: tuple[tuple[str, tuple[tuple[str, str | None], ...]], ...] = ()
    _index: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def _get(self, name: str) -> dict:
        if name not in self._index:
            self._index[name] = dict(getattr(self, name))
        return self._index[name]

    @property
    def figures_at(self) -> dict[str, tuple[str, ...]]:
        return self._get("figures")

    @property
    def tile_at(self) -> dict[str, str | None]:
        return self._get("tiles")

    @property
    def rack_of(self) -> dict[str, tuple[RackSlot, ...]]:
        return self._get("racks")

    @property
    def badge_at(self) -> dict[str, tuple[tuple[str, str | None], ...]]:
        return self._get("badges")

    @property
    def offers_at(self) -> dict[str, tuple[str, ...]]:
        return self._get("offers")


class ArenaMap(Widget):
    """The arena with rooms, walls, doors, spawnpoints and racks, ammo tiles and figures."""

    DEFAULT_CSS = tcss_beside(__file__)
    can_focus = False

    class SquareClicked(Message):
        """A square of the map was clicked."""

        def __init__(self, square: str) -> None:
            self.square = square
            super().__init__()

    class LayoutChanged(Message):
        """The squares became too small to hold the weapon racks, or big enough again."""

        def __init__(self, compact: bool) -> None:
            self.compact = compact
            super().__init__()

    def __init__(
        self, *, compact: bool = True, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        plain_lines(self)
        self.state: MapState | None = None
        # Small squares cannot list a spawnpoint's rack; someone else must show it then.
        # `compact` is the owner's guess before the first layout; a wrong guess is corrected
        # by a LayoutChanged message once the map is drawn.
        self.compact = compact
        self._canvas: list[list[Cell]] = []
        self._canvas_size = Size(0, 0)
        self._geometry: tuple[int, int, int, int] = (0, 0, 0, 0)  # cell w, cell h, left, top
        self._look: Look | None = None
        # (what it was painted for, the canvas of walls and floor alone): see `_draw`.
        self._frame: tuple[tuple, list[list[Cell]]] | None = None
        # Each square's painted cells by what it shows (`_Painter.square_key`), for the frame
        # above; and what each square showed at the last drawing, to refresh only the changed.
        self._squares: dict[tuple, list[list[Cell]]] = {}
        self._shown: dict[str, tuple] = {}

    # ------------------------------------------------------------------ updates
    def show(self, state: MapState) -> None:
        """Draw `state`; repaints only the parts of the map that changed."""
        if state == self.state and look_of(self.app) is self._look:
            return
        self.state = state
        if not self._canvas or self.size != self._canvas_size:
            self.refresh()
            return
        frame, shown, old = self._frame, self._shown, self._canvas
        new = self._canvas = self._draw(self.size)
        if self._frame is not frame:
            self.refresh()
            return
        # Only squares change between states of one arena: the cells that differ are looked
        # for in the squares that show something else, and refreshed as one span a row (a
        # span each would cost the terminal a cursor move and the styles again).
        w, h, left, top = self._geometry
        spans: dict[int, tuple[int, int]] = {}
        for sq, (r, c) in self.state.arena.pos.items():
            if shown.get(sq) == self._shown.get(sq):
                continue
            x = left + c * (w + 1) + 1
            for y in range(top + r * (h + 1) + 1, min(top + r * (h + 1) + 1 + h, len(new))):
                a, b = old[y][x : x + w], new[y][x : x + w]
                if a != b:
                    x0 = x + next(i for i in range(len(b)) if a[i] != b[i])
                    x1 = x + next(i for i in range(len(b) - 1, -1, -1) if a[i] != b[i])
                    first, last = spans.get(y, (x0, x1))
                    spans[y] = (min(first, x0), max(last, x1))
        if spans:  # one call: each sets the widget's dirty regions up anew
            self.refresh(*(Region(x0, y, x1 - x0 + 1, 1) for y, (x0, x1) in spans.items()))

    def repaint_all(self) -> None:
        self._canvas = []
        self.refresh()

    # --------------------------------------------------------------- rendering
    def render_line(self, y: int) -> Strip:
        if not self._canvas or self._canvas_size != self.size or self._look is not look_of(self.app):
            self._canvas = self._draw(self.size)
        if y >= len(self._canvas):
            return Strip.blank(self.size.width, self.rich_style)
        return _strip(self._canvas[y])

    def _draw(self, size: Size) -> list[list[Cell]]:
        look = look_of(self.app)
        self._look = look
        self._canvas_size = size
        base = self.rich_style
        canvas = [[(" ", base)] * size.width for _ in range(size.height)]
        if self.state is None or size.width < 9 or size.height < 4:
            return canvas
        h = max(2, min(7, (size.height - 4) // ROWS))
        # Terminal cells are about twice as tall as wide: keep squares looking square.
        w = max(5, min(3 * h + 2, 24, (size.width - 5) // COLS))
        left = max(0, (size.width - (w * COLS + COLS + 1)) // 2)
        top = max(0, (size.height - (h * ROWS + ROWS + 1)) // 2)
        self._geometry = (w, h, left, top)
        # Walls, doors and open floor depend on the arena and the geometry alone: painted once,
        # then copied under each state's squares (a decision repaints the map's contents).
        frame_key = (self.state.arena, look, base, size, w, h, left, top)
        if self._frame is None or self._frame[0] != frame_key:
            _Painter(canvas, self.state, look, base, w, h, left, top).paint_frame()
            self._frame = (frame_key, canvas)
            self._squares = {}
        canvas = [row[:] for row in self._frame[1]]
        painter = _Painter(canvas, self.state, look, base, w, h, left, top)
        self._shown = painter.paint_squares(self._squares)
        if painter.compact != self.compact:
            self.compact = painter.compact
            self.post_message(self.LayoutChanged(self.compact))
        return canvas

    # -------------------------------------------------------------------- mouse
    def square_at(self, x: int, y: int) -> str | None:
        if self.state is None:
            return None
        w, h, left, top = self._geometry
        if w == 0:
            return None
        col, cx = divmod(x - left, w + 1)
        row, cy = divmod(y - top, h + 1)
        if cx == 0 or cy == 0 or not (0 <= row < ROWS and 0 <= col < COLS):
            return None
        sid = f"r{row}c{col}"
        return sid if sid in self.state.arena.pos else None

    def on_click(self, event: Click) -> None:
        square = self.square_at(event.x, event.y)
        if square is not None:
            self.post_message(self.SquareClicked(square))


def _strip(row: list[Cell]) -> Strip:
    segments: list[Segment] = []
    text: list[str] = []
    style: Style | None = None
    for ch, st in row:
        if st is not style and st != style:
            if text:
                segments.append(Segment("".join(text), style))
            text, style = [ch], st
        else:
            text.append(ch)
    if text:
        segments.append(Segment("".join(text), style))
    return Strip(segments, len(row))


class _Painter:
    """Paints one state onto a canvas: walls and doors first, then each square's contents."""

    def __init__(
        self, canvas: list[list[Cell]], state: MapState, look: Look, base: Style, w: int, h: int, left: int, top: int
    ) -> None:
        self.c = canvas
        self.s = state
        self.look = look
        self.pal = look.palette
        self.g = look.glyphs
        self.base = base
        self.w, self.h, self.left, self.top = w, h, left, top
        self.arena = state.arena
        self.at = {p: s for s, p in self.arena.pos.items()}
        self.wall_style = base + Style(color=self.pal.wall)
        self.compact = not (w >= 16 and h >= 5)

    # ---------------------------------------------------------- primitives
    def put(self, x: int, y: int, text: str, style: Style) -> None:
        row = self.c[y] if 0 <= y < len(self.c) else None
        if row is None:
            return
        start, end = max(0, x), min(len(row), x + len(text))
        if start < end:  # one slice: the map is painted a few hundred runs a frame
            row[start:end] = [(ch, style) for ch in text[start - x : end - x]]

    def square(self, r: int, c: int) -> str | None:
        return self.at.get((r, c))

    def room_style(self, sq: str) -> Style:
        bg = self.pal.room_bg.get(self.arena.room_of[sq])
        return self.base + Style(bgcolor=bg) if bg else self.base

    def marked_style(self, sq: str) -> Style:
        """A pointed-at square keeps its room's hue (rooms decide sight), only lighter."""
        bg = self.pal.room_bg.get(self.arena.room_of[sq])
        if not bg:
            return self.base + Style(bold=True)
        lit = blend_rgb(Color.parse(bg).get_truecolor(), Color.parse("#ffffff").get_truecolor(), MARK_LIGHTEN)
        return self.base + Style(bgcolor=Color.from_triplet(lit))

    def boundary(self, a: str | None, b: str | None) -> str:
        """What separates two grid cells: none (outside), open, door or wall."""
        if a is None and b is None:
            return "none"
        if a is None or b is None:
            return "wall"
        if self.arena.room_of[a] == self.arena.room_of[b]:
            return "open"
        return "door" if frozenset((a, b)) in self.arena.doors else "wall"

    # --------------------------------------------------------------- paint
    def paint_frame(self) -> None:
        """What the state does not change: walls, doors, open floor between squares."""
        w, h, left, top = self.w, self.h, self.left, self.top
        # horizontal boundaries: above row r, for each column
        for r in range(ROWS + 1):
            y = top + r * (h + 1)
            for c in range(COLS):
                a, b = self.square(r - 1, c), self.square(r, c)
                kind = self.boundary(a, b)
                x0 = left + c * (w + 1) + 1
                if kind == "open":
                    self.put(x0, y, " " * w, self.room_style(a))  # type: ignore[arg-type]
                elif kind in ("wall", "door"):
                    line = self.g.h * w
                    if kind == "door":
                        gap = max(2, w // 3)
                        start = (w - gap) // 2
                        line = line[:start] + " " * gap + line[start + gap :]
                    self.put(x0, y, line, self.wall_style)
        # vertical boundaries: left of column c, for each row
        for c in range(COLS + 1):
            x = left + c * (w + 1)
            for r in range(ROWS):
                a, b = self.square(r, c - 1), self.square(r, c)
                kind = self.boundary(a, b)
                y0 = top + r * (h + 1) + 1
                for i in range(h):
                    if kind == "open":
                        self.put(x, y0 + i, " ", self.room_style(a))  # type: ignore[arg-type]
                    elif kind == "wall" or (kind == "door" and not _door_row(i, h)):
                        self.put(x, y0 + i, self.g.v, self.wall_style)
        # junctions
        for r in range(ROWS + 1):
            for c in range(COLS + 1):
                x, y = left + c * (w + 1), top + r * (h + 1)
                up = self.boundary(self.square(r - 1, c - 1), self.square(r - 1, c)) in ("wall", "door")
                down = self.boundary(self.square(r, c - 1), self.square(r, c)) in ("wall", "door")
                lft = self.boundary(self.square(r - 1, c - 1), self.square(r, c - 1)) in ("wall", "door")
                rgt = self.boundary(self.square(r - 1, c), self.square(r, c)) in ("wall", "door")
                if up or down or lft or rgt:
                    self.put(x, y, self.g.junction(up, down, lft, rgt), self.wall_style)
                else:
                    corner = [
                        self.square(r - 1, c - 1),
                        self.square(r - 1, c),
                        self.square(r, c - 1),
                        self.square(r, c),
                    ]
                    present = [q for q in corner if q is not None]
                    if present and len({self.arena.room_of[q] for q in present}) == 1:
                        self.put(x, y, " ", self.room_style(present[0]))

    def paint_squares(self, cache: dict[tuple, list[list[Cell]]]) -> dict[str, tuple]:
        """Every square, each copied from `cache` when a square showing the same was painted
        before (a decision changes a few squares of twelve); returns each square's key."""
        w, h, left, top = self.w, self.h, self.left, self.top
        shown = {}
        for sq, (r, c) in self.arena.pos.items():
            x, y = left + c * (w + 1) + 1, top + r * (h + 1) + 1
            key = shown[sq] = self.square_key(sq)
            block = cache.get(key)
            if block is None:
                self.paint_square(sq, x, y)
                if len(cache) > SQUARE_CACHE:
                    cache.clear()
                cache[key] = [row[x : x + w] for row in self.c[y : y + h]]
            else:
                for i, cells in enumerate(block):
                    self.c[y + i][x : x + w] = cells
        return shown

    def square_key(self, sq: str) -> tuple:
        """Everything `paint_square` reads for `sq`: two squares with equal keys look the same."""
        s = self.s
        spawn = self.arena.spawn_colour_at.get(sq)
        figs = s.figures_at.get(sq, ())
        return (
            sq,
            s.offers_at.get(sq, ()),
            s.cursor_square == sq,
            sq in s.marked,
            s.rack_of.get(spawn, ()) if spawn is not None else None,
            s.preview or s.tile_at.get(sq),
            s.badge_at.get(sq, ()),
            figs,
            tuple((f in s.killed, f == s.cursor_target, f in s.pointed, f in s.targets) for f in figs),
        )

    def paint_square(self, sq: str, x: int, y: int) -> None:
        s, pal, w, h = self.s, self.pal, self.w, self.h
        room = self.arena.room_of[sq]
        keys = s.offers_at.get(sq, ())
        cursor = s.cursor_square == sq
        # Offered squares keep their room's colour (rooms decide what can be seen) and show
        # the option's key; only the square under the cursor changes colour.
        marked = sq in s.marked
        if cursor:
            fill = self.base + Style(bgcolor=pal.cursor_bg, color=pal.cursor_fg)
        else:
            fill = self.marked_style(sq) if marked else self.room_style(sq)
        for i in range(h):
            self.put(x, y + i, " " * w, fill)
        label = fill if cursor else fill + Style(color=pal.room_fg[room])
        if keys and not cursor:
            label = label + Style(bold=True, underline=True)
        spawn = self.arena.spawn_colour_at.get(sq)
        self.put(x, y, sq[:w], label + Style(dim=False))
        badge = self.badge_text(s.badge_at.get(sq, ()), fill)
        if spawn is not None:
            slots = s.rack_of.get(spawn, ())
            if not self.compact:
                tag = f"{spawn.upper()} SPAWN"
                if len(tag) + len(sq) + len(badge) + 2 > w:
                    tag = "SPAWN"
                self.put(x + w - len(tag), y, tag, label + Style(bold=True))
                self.put_cells(x + w - len(tag) - 1 - len(badge), y, badge)
                for i, slot in enumerate(slots[: max(0, h - 2)]):
                    self.paint_slot(slot, x, y + 1 + i, fill)
            elif h >= 3:
                # Bottom left, so an offered option's key can sit bottom right (next to it on a
                # small square: "SPAWN[1]"). Where both do not fit the word gives way with a
                # sign ("SPA…[1 2]"), never silently ("SPWN [1]" read as a cut word).
                tag = "SPAWN"
                room = w - (len("[" + " ".join(keys) + "]") if keys else 0)
                if len(tag) > room:
                    tag = tag[: room - 1] + self.g.ellipsis if room > 1 else ""
                self.put(x, y + h - 1, tag[:w], label + Style(bold=True))
        elif not s.preview:
            self.paint_tile(s.tile_at.get(sq), x + w - 1, y, fill)
        if badge and (spawn is None or self.compact):
            # No tile lies on a turret's square (the tiles are on the turret board), and a
            # small spawnpoint's name is at its bottom: the top right is free.
            self.put_cells(x + w - len(badge), y, badge)
        figs = s.figures_at.get(sq, ())
        if spawn is not None and not self.compact:
            fig_row = min(h - 1, 4)
        elif self.compact:
            fig_row = min(1, h - 1)
        else:
            fig_row = h // 2
        self.paint_figures(figs, x, y + fig_row, fill)
        if marked:
            self.put(x + w - 1, y + fig_row, MARK, fill + Style(bold=True))
        if keys:
            text = "[" + " ".join(keys) + "]"
            text = text[:w]
            key_style = fill + Style(bold=True, color=pal.offer_fg, bgcolor=pal.offer_bg)
            if cursor:
                key_style = fill + Style(bold=True, reverse=True)
            if fig_row == h - 1 or (spawn is not None and self.compact):
                self.put(x + w - len(text), y + h - 1, text, key_style)
            else:
                self.put(x + (w - len(text)) // 2, y + h - 1, text, key_style)

    def badge_text(self, parts: tuple[tuple[str, str | None], ...], fill: Style) -> list[Cell]:
        """A mode's mark on a square as cells: a turret and its owner's letter, or the number
        of tokens on a spawnpoint's track after a damage sign."""
        cells: list[Cell] = []
        for text, colour in parts:
            if text == "turret":
                cells.append((self.g.turret, fill + Style(bold=True)))
            elif text == "damage":
                cells.append((self.g.tagged, fill + Style(bold=True, color=self.pal.room_fg["red"])))
            elif colour is not None:
                cells.append((LETTER.get(colour, "?"), fill + self.pal.token_style(colour)))
            else:
                cells.extend((ch, fill + Style(bold=True)) for ch in text)
        return cells

    def put_cells(self, x: int, y: int, cells: list[Cell]) -> None:
        row = self.c[y] if 0 <= y < len(self.c) else None
        if row is None:
            return
        for i, cell in enumerate(cells):
            if 0 <= x + i < len(row):
                row[x + i] = cell

    def paint_tile(self, code: str | None, right: int, y: int, fill: Style) -> None:
        """The tile's code as the options, the log and explain write it (`PYB`: a powerup, a
        yellow and a blue cube): one notation everywhere, each cube letter in its colour."""
        if code is None:
            return
        x = right - len(code) + 1
        for i, (ch, style) in enumerate(self.pal.tile_cells(code)):
            self.put(x + i, y, ch, fill + style)

    def paint_slot(self, slot: RackSlot, x: int, y: int, fill: Style) -> None:
        w = self.w
        if slot.weapon is None:
            self.put(x, y, self.g.empty, fill + Style(color=self.pal.dim))
            return
        cost = "".join(CUBE_LETTER[c] for c in slot.pickup)
        prefix = f"{slot.key} " if slot.key else ""
        room = w - len(cost) - 1 - len(prefix)
        name = slot.name if len(slot.name) <= room else slot.name[: max(1, room - 1)] + self.g.ellipsis
        if prefix:
            self.put(x, y, prefix.rstrip(), fill + Style(bold=True, reverse=True))
        self.put(x + len(prefix), y, name, fill + Style(color=self.pal.cube.get(slot.colour)))
        for i, ch in enumerate(slot.pickup):
            self.put(x + w - len(cost) + i, y, CUBE_LETTER[ch], fill + self.pal.cube_style(ch))

    def paint_figures(self, figs: tuple[str, ...], x: int, y: int, fill: Style) -> None:
        if not figs:
            return
        s = self.s
        step = 2 if 2 * len(figs) - 1 <= self.w else 1
        for i, colour in enumerate(figs):
            style = self.pal.figure_style(colour)
            if colour in s.killed:
                style = fill + Style(color=self.pal.dim, strike=True)
            if colour == s.cursor_target:
                style = style + Style(underline=True, reverse=True)
            elif colour in s.pointed:
                style = style + Style(reverse=True)
            elif colour in s.targets:
                style = style + Style(underline=True)
            letter = LETTER.get(colour, "?")
            self.put(x + i * step, y, letter.lower() if colour in s.killed else letter, style)


def _door_row(i: int, h: int) -> bool:
    """Which rows of a vertical wall the door opens: the middle one, or all but the ends."""
    if h <= 3:
        return i == h // 2
    return 0 < i < h - 1
