"""Turret mode: fight over the turrets on the ammo squares (variant rules, reference g.3).

No ammo tiles lie on the squares: the turret board offers 5 face-up tiles, refilled at the end of
every turn, and a grab on a square without a spawnpoint takes one of them (still at most once a
turn from the same square). Every such square holds a turret: while grabbing there you may leave
one cube or the powerup of the tile behind to commandeer it - your token goes on it, and the
previous owner's token comes to your board as a mark from them. Entering a square with someone
else's turret costs 1 damage from its owner, for every square entered (a Teleporter enters only
where it lands; where the shortest ways would fire differently, whoever moves the figure picks
the way); that damage converts no marks and allows no Targeting Scope or Tagback Grenade.
Killshots are not tracked. At the end the turrets pay 8-6-4-2-1, ties to the earlier final turn.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.damage import add_marks, deal_damage
from adrenaline_tui.rules.decision import Decision, Option
from adrenaline_tui.rules.modes import Flow, Rules, nothing, pay
from adrenaline_tui.rules.scoring import Award, _ordinal
from adrenaline_tui.rules.turn import draw_ammo_tile

if TYPE_CHECKING:
    from adrenaline_tui.rules.arena import Arena
    from adrenaline_tui.rules.game import Game
    from adrenaline_tui.rules.state import Player

OFFER = 5  # face-up tiles on the turret board
TURRET_VALUES = (8, 6, 4, 2, 1)
KEEP = "keep"
ROUTE = "route"  # the decision: which way a move goes where the ways cross different turrets
WAY = "way:"  # an option of it: `way:r0c1-r0c2`, the squares entered in order (the last is the destination)


def way_key(way: tuple[str, ...]) -> str:
    return WAY + "-".join(way)


@cache
def _paths(arena: Arena, start: str, dest: str) -> tuple[tuple[str, ...], ...]:
    """Every shortest legal path from start to dest (squares entered, start excluded)."""
    if start == dest:
        return ((),)
    out = []
    for n in arena.neighbours[start]:
        if arena.distance[n][dest] == arena.distance[start][dest] - 1:
            out += [(n, *rest) for rest in _paths(arena, n, dest)]
    return tuple(out)


class Turret(Rules):
    name = "turret"
    tiles_on_squares = False

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.offer: list[str | None] = [None] * OFFER
        self.turrets: dict[str, str] = {}  # square -> owner colour
        self.grabbed: list[str] = []  # squares grabbed on this turn

    # ------------------------------------------------------------------ set-up
    def setup(self, g: Game) -> None:
        # The tiles dealt to the squares go back on top of the stack, in order, and the turret
        # board is dealt from it instead.
        board = g.board
        board.ammo_deck.extend(code for code in reversed(list(board.tiles.values())) if code is not None)
        board.tiles.clear()
        self.refill(g)

    def refill(self, g: Game) -> dict[int, str]:
        placed = {}
        for i, code in enumerate(self.offer):
            if code is None:
                drawn = draw_ammo_tile(g)
                if drawn is not None:
                    self.offer[i] = placed[i] = drawn
        return placed

    # -------------------------------------------------------------------- grab
    def ammo_here(self, g: Game, p: Player, square: str) -> str | None:
        if square in self.grabbed or not any(self.offer):
            return None
        owner = self.turrets.get(square)
        turret = "" if owner == p.colour else " (or commandeer its turret)"
        return f"a tile from the turret board{turret}"

    def has_ammo(self, g: Game, p: Player, square: str) -> bool:
        return self.ammo_here(g, p, square) is not None

    def grab_ammo(self, g: Game, p: Player, square: str) -> Flow:
        codes = list(dict.fromkeys(c for c in self.offer if c is not None))
        options = tuple(Option(c, f"Take {_tile_words(g, c)}") for c in codes)
        code = yield from g.ask(Decision(p.colour, "turret_tile", "Which tile of the turret board?", options))
        give_up = None
        owner = self.turrets.get(square)
        if owner != p.colour:
            tile = g.cards.ammo_tiles[code]
            items = list(dict.fromkeys(tile.cubes)) + (["powerup"] if tile.powerup else [])
            options = (
                Option(KEEP, "Take the whole tile"),
                *(
                    Option(
                        f"give:{item}", f"Leave the {_item(item)} and commandeer the turret on {square}", square=square
                    )
                    for item in items
                ),
            )
            key = yield from g.ask(Decision(p.colour, "commandeer", f"Commandeer the turret on {square}?", options))
            if key != KEEP:
                give_up = key.removeprefix("give:")
        from adrenaline_tui.rules.turn import take_tile

        # The tile leaves the board only now, so that it is always somewhere while a question waits.
        self.offer[self.offer.index(code)] = None
        self.grabbed.append(square)
        take_tile(g, p, code, square, give_up=give_up)
        if give_up is not None:
            self.turrets[square] = p.colour
            g.emit(
                "commandeered",
                f"{p.name} commandeers the turret on {square}" + (f" from {g.name(owner)}" if owner else ""),
                player=p.colour,
                square=square,
                previous=owner,
                gave_up=give_up,
            )
            if owner is not None:
                add_marks(g, owner, p, 1)  # the old token comes back as a mark (none past 3)

    # ----------------------------------------------------------------- moving
    def entered(self, g: Game, p: Player, start: str, dest: str, *, jump: bool) -> Flow:
        if not self.turrets:
            return
        if jump:
            squares: tuple[str, ...] = (dest,)
        else:
            ways = self.ways(g, p, start, dest)
            squares = ways[0]
            if len(ways) > 1:
                # The ways hit differently (other turrets, or in another order): the player who
                # moves the figure - always the one whose turn it is - chooses (docs/rulings.md).
                mover = g.active
                goes = "do you go" if p is mover else f"does {p.name} go"
                # `target`: the figure moved, so a screen and a computer player know whose move it
                # is. No `square`: a screen points at every square the label names (the squares
                # the way passes on to the destination).
                options = tuple(Option(way_key(w), self.way_label(g, p, w), target=p.colour) for w in ways)
                prompt = f"Turrets: which way {goes} to {dest}?"
                key = yield from g.ask(Decision(mover.colour, ROUTE, prompt, options))
                squares = next(w for w in ways if way_key(w) == key)
        for q in squares:
            owner = self.turrets.get(q)
            if owner is not None and owner != p.colour:
                g.emit(
                    "turret",
                    f"{g.name(owner)}'s turret on {q} fires at {p.name}",
                    owner=owner,
                    square=q,
                    target=p.colour,
                )
                deal_damage(g, owner, p, 1, by_action=False)

    def ways(self, g: Game, p: Player, start: str, dest: str) -> list[tuple[str, ...]]:
        """The shortest ways from start to dest worth telling apart, the fewest-turret one first.

        Two ways are the same choice when their turrets fire in the same order (the same owners,
        one after another): the score cannot tell them apart. A player moving themselves is
        offered only the ways through the fewest turrets of others (nobody would take more damage
        for nothing) and asked only when those hit from different owners; a figure moved by
        someone else may be taken along any of them.
        """
        turrets, colour = self.turrets, p.colour

        def owners(way: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(o for q in way if (o := turrets.get(q)) is not None and o != colour)

        distinct: dict[tuple[str, ...], tuple[str, ...]] = {}
        for way in sorted(_paths(g.arena, start, dest), key=lambda w: len(owners(w))):
            distinct.setdefault(owners(way), way)
        out = list(distinct.values())
        if p is g.active:
            fewest = len(owners(out[0]))
            out = [w for w in out if len(owners(w)) == fewest]
        return out

    def way_label(self, g: Game, p: Player, way: tuple[str, ...]) -> str:
        """`Via r1c3: yours and Banshee's fire`: whose turrets fire (1 damage each), in order, for
        the player who moves; short enough for the 80-column panel (the prompt says it is about
        turrets, the explanation names their squares)."""
        mover = g.active.colour
        owners = [o for q in way if (o := self.turrets.get(q)) is not None and o != p.colour]
        path = f"Via {', '.join(way[:-1])}" if len(way) > 1 else "Straight there"
        if not owners:
            return f"{path}: none fires"
        whose = ["yours" if o == mover else f"{g.name(o)}'s" for o in owners]
        listed = whose[0] if len(whose) == 1 else ", ".join(whose[:-1]) + " and " + whose[-1]
        return f"{path}: {listed} fire{'s' if len(whose) == 1 else ''}"

    # ------------------------------------------------------------------ turns
    def start_turn(self, g: Game, p: Player, *, first: bool) -> None:
        self.grabbed = []

    def end_turn(self, g: Game, p: Player) -> Flow:
        placed = self.refill(g)
        if placed:
            g.reveal()
            g.emit("turret_board", "The turret board is refilled", tiles=list(placed.values()))
        return nothing()

    def record_kill(self, g: Game, board: Player, entry: list[str]) -> Flow:
        g.board.untracked_kills += 1  # killshots and overkills are not tracked; a skull is taken
        return nothing()

    # ------------------------------------------------------------ end of game
    def final_scoring(self, g: Game) -> dict[str, int]:
        # Ties go to the player whose final turn came earlier: the last round ended with the
        # player who played last, so the final turns ran from the seat after theirs.
        order = [p.colour for p in g.in_turn_order(g.active_index + 1)]
        awards = turret_awards(self.turrets, order)
        pay(g, awards)
        g.emit(
            "scored",
            "The turrets are scored: " + (", ".join(f"{g.name(a.player)} +{a.points}" for a in awards) or "no turrets"),
            board="turrets",
            awards=[a.as_dict() for a in awards],
            final=True,
        )
        return {a.player: a.points for a in awards}

    # ---------------------------------------------------------------- as data
    def state(self, g: Game) -> dict[str, Any]:
        return {
            "turret": {
                "offer": list(self.offer),
                "turrets": dict(sorted(self.turrets.items())),
                "grabbed": list(self.grabbed),
            }
        }

    def load(self, g: Game, scenario: Any) -> None:
        spec = scenario.turret
        board = g.board
        offer = list(spec.offer) if spec is not None and spec.offer is not None else None
        # The scenario dealt no tiles to the squares (`tiles_on_squares`), so `decks.ammo` is
        # still the top of the stack: the turret board is dealt, and refilled, from it.
        if offer is None:
            self.refill(g)
        else:
            # The offer's tiles come out of the stack (from its bottom: `remove` finds the first
            # copy, and the named top tiles are last), or, with `ammo_discard: rest`, out of the
            # discards that took every tile nobody named.
            piles = [board.ammo_deck] + ([board.ammo_discard] if scenario.decks.ammo_discard == "rest" else [])
            for code in offer:
                if code is not None:
                    pile = next((p for p in piles if code in p), None)
                    if pile is None:
                        from adrenaline_tui.rules.errors import DataError

                        raise DataError("scenario", "", "turret.offer", f"ammo tile '{code}' is unknown or used up")
                    pile.remove(code)
            self.offer = offer + [None] * (OFFER - len(offer))
        if spec is not None:
            self.turrets = dict(spec.turrets)


def turret_awards(turrets: dict[str, str], order: list[str]) -> list[Award]:
    """Most turrets 8, then 6, 4, 2, 1; a tie goes to the player earlier in `order`."""
    count: dict[str, int] = {}
    for owner in turrets.values():
        count[owner] = count.get(owner, 0) + 1
    ranked = sorted(count, key=lambda c: (-count[c], order.index(c) if c in order else len(order)))
    return [
        Award(c, TURRET_VALUES[i], f"turrets ({_ordinal(i + 1)})")
        for i, c in enumerate(ranked)
        if i < len(TURRET_VALUES)
    ]


def _item(item: str) -> str:
    return "powerup" if item == "powerup" else f"{item} cube"


def _tile_words(g: Game, code: str) -> str:
    tile = g.cards.ammo_tiles[code]
    words = [f"{tile.cubes.count(c)} {c}" for c in dict.fromkeys(tile.cubes)]
    if tile.powerup:
        words.append("a powerup")
    return f"{code} ({', '.join(words)})"
