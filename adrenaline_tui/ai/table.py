"""The public facts a computer player reads from its view, in a shape that is quick to ask.

Only `game.view(colour)` goes in: other players' powerups and loaded weapons, the decks and the
scores are not there, so nothing built from a `Table` can peek at hidden information.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from adrenaline_tui.rules.arena import SPAWN_COLOURS, Arena, load_arena
from adrenaline_tui.rules.cards import CUBES, CardSet, load_cards
from adrenaline_tui.rules.payment import spendable
from adrenaline_tui.rules.state import ADRENALINE_GRAB, ADRENALINE_SHOOT

Budget = tuple[int, int, int]


def cost_counts(cost: tuple[str, ...] | list[str]) -> Budget:
    return (cost.count("red"), cost.count("blue"), cost.count("yellow"))


class Figure(NamedTuple):
    """A figure as the view shows it (a tuple: a table builds one for every figure at every
    question, and a frozen dataclass took three times as long to build)."""

    colour: str
    square: str | None
    damage: tuple[str, ...]
    marks: dict[str, int]
    skulls: int
    frenzy_board: bool
    frenzy_actions: int
    killed: bool


class Table:
    """One decision's view, parsed once."""

    def __init__(self, view: dict[str, Any], cards: CardSet | None = None) -> None:
        self.cards = cards or load_cards()
        self.view = view  # the mode's own parts are read by `modes.py`
        self.mode: str = view.get("mode", "standard")
        self.arena: Arena = load_arena(view["arena"])
        self.me: str = view["viewer"]
        self.turn: int = view["turn"]
        self.active: str = view["active"]
        self.frenzy: bool = view["frenzy"]
        self.ending: str = view["ending"]
        self.actions_left: int = view["actions_left"]
        self.skulls_left: int = view["skulls_left"]
        self.track: list[list[str]] = view["killshot_track"]
        self.racks: dict[str, list[str | None]] = view["racks"]
        self.tiles: dict[str, str | None] = view["ammo_tiles"]
        turret = view.get("turret")
        # Where a grab of ammo takes its tile from: the square, or (Turret mode) the turret board.
        self.tiles_on_board = turret is not None
        if turret is not None:
            # Turret mode: no tile lies on a square; a grab on any square without a spawnpoint
            # (not yet grabbed this turn) takes a tile of the turret board - count on the fullest.
            offer = [c for c in turret["offer"] if c]
            best = max(offer, key=len, default=None)
            self.tiles = {
                q: best
                for q in self.arena.squares
                if q not in self.arena.spawn_colour_at and q not in turret["grabbed"]
            }
        self.figures: dict[str, Figure] = {}
        for p in view["players"]:
            self.figures[p["colour"]] = Figure(
                p["colour"],
                p["square"],
                tuple(p["damage"]),
                dict(p["marks"]),
                p["skulls"],
                p["frenzy_board"],
                p["frenzy_actions"],
                p["killed"],
            )
            if p["colour"] == self.me:
                mine = p
        self.players: list[str] = list(self.figures)  # the seats, without the bot
        bot = view.get("bot")
        self.bot: str | None = bot["colour"] if bot else None
        if bot:
            # The bot is a figure like the others (shot, killed, scored); it stands after the
            # seats, where the engine lists it, so shots are keyed the same way.
            self.figures[bot["colour"]] = Figure(
                bot["colour"],
                bot["square"],
                tuple(bot["damage"]),
                dict(bot["marks"]),
                bot["skulls"],
                bot["frenzy_board"],
                bot["frenzy_actions"],
                bot["killed"],
            )
        self.my_weapons: list[tuple[str, bool]] = [(w["id"], w["loaded"]) for w in mine["weapons"]]
        self.powerups: tuple[str, ...] = tuple(mine["powerups"] or ())
        ammo = mine["ammo"]
        self.cubes: Budget = (ammo[CUBES[0]], ammo[CUBES[1]], ammo[CUBES[2]])
        # Figures on the board in seat order: effects.Shot is keyed by squares in this order.
        self.seats: tuple[tuple[str, str], ...] = tuple(
            [(c, f.square) for c, f in self.figures.items() if f.square is not None]
        )
        self.pos: dict[str, str] = dict(self.seats)
        # Targets that are not figures, offered to my shots now (Domination's spawnpoints from
        # my second turn until I have damaged one this turn), after the figures as in the engine.
        self.objects: tuple[tuple[str, str], ...] = ()
        self._leads: dict[str, int] | None = None  # `leads`, once asked
        # The view but its question-only keys (`sensible.position`), when the player has asked it
        self.facts: dict[str, Any] | None = None
        dom = view.get("domination")
        if dom is not None and self.active == self.me and not dom["first_turn"] and not dom["tagged_this_turn"]:
            self.objects = tuple((f"spawn:{c}", self.arena.spawn_square[c]) for c in SPAWN_COLOURS)
            self.pos.update(self.objects)

    def asked_again(self, view: dict[str, Any]) -> Table:
        """This table for a view that differs from its own only in the question, the decisions
        counted and the actions left (`sensible.QUESTION_ONLY`): the same facts, not parsed again."""
        table = object.__new__(Table)
        table.__dict__.update(self.__dict__)
        table.view = view
        table.actions_left = view["actions_left"]
        return table

    @property
    def bot_figure(self) -> Figure | None:
        return self.figures.get(self.bot) if self.bot else None

    def need(self) -> Budget:
        """Cubes my unloaded weapons need to reload."""
        need = [0, 0, 0]
        for w, loaded in self.my_weapons:
            if not loaded:
                for i, n in enumerate(cost_counts(self.cards.weapons[w].reload_cost)):
                    need[i] += n
        return (need[0], need[1], need[2])

    def lead(self, colour: str) -> int:
        """How well `colour` is doing on what is public: killshot-track tokens, spawnpoint-track
        tokens (Domination), turrets (Turret)."""
        return self.leads().get(colour, 0)

    def leads(self) -> dict[str, int]:
        """`lead` of every colour that has any, counted in one pass over the tracks and turrets
        (every search weighs every figure by it), kept: the table does not change."""
        if self._leads is None:
            counts: dict[str, int] = {}
            for entry in self.track:
                for c in entry:
                    counts[c] = counts.get(c, 0) + 1
            dom = self.view.get("domination")
            if dom:
                for track in dom["tracks"].values():
                    for c in track:
                        counts[c] = counts.get(c, 0) + 1
            turret = self.view.get("turret")
            if turret:
                for owner in turret["turrets"].values():
                    counts[owner] = counts.get(owner, 0) + 1
            self._leads = counts
        return self._leads

    @property
    def mine(self) -> Figure:
        return self.figures[self.me]

    @property
    def square(self) -> str | None:
        return self.figures[self.me].square

    @property
    def enemies(self) -> list[str]:
        return [c for c, _ in self.seats if c != self.me]

    def budget(self) -> Budget:
        return spendable(self.cubes, self.powerups)

    def action_moves(self) -> dict[str, int]:
        """How far each action lets me move first (the action tile and adrenaline, section e)."""
        me = self.mine
        if self.frenzy:
            if me.frenzy_actions == 2:
                return {"run": 4, "grab": 2, "shoot": 1}
            return {"grab": 3, "shoot": 2}
        dmg = len(me.damage)
        return {"run": 3, "grab": 2 if dmg >= ADRENALINE_GRAB else 1, "shoot": 1 if dmg >= ADRENALINE_SHOOT else 0}
