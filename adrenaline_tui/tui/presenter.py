"""From a player's view of the game to what each widget shows.

Everything here reads `game.view(viewer)` (plus the public card and arena data), never the raw
state, so what one person may not know cannot reach the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.explain.previews import greyed_actions, last_weapon_fired, option_preview, options
from adrenaline_tui.tui.look import hero
from adrenaline_tui.tui.widgets.action_panel import PanelState, hotkey
from adrenaline_tui.tui.widgets.arena_map import MapState, RackSlot
from adrenaline_tui.tui.widgets.drawn import Drawn
from adrenaline_tui.tui.widgets.killshot_track import KillshotTrack, TrackState
from adrenaline_tui.tui.widgets.player_board import BoardState, board_state

if TYPE_CHECKING:
    from adrenaline_tui.tui.widgets.domination_board import DominationState
    from adrenaline_tui.tui.widgets.turret_board import TurretState

_SQUARE = re.compile(r"\br\dc\d\b")


def topic_at(view: dict[str, Any], cursor: int | None, greyed: Sequence[str]) -> str | None:
    """What `x` explains first: the option under the cursor, or the greyed action (one of
    `greyed`, listed after the options) it is on."""
    if cursor is None:
        return None
    opts = options(view)
    if cursor < len(opts):
        return opts[cursor]["key"]
    return greyed[cursor - len(opts)] if cursor - len(opts) < len(greyed) else None


def option_squares(game: Game, option: dict[str, Any]) -> list[str]:
    """Squares an option is about: its square, a room's squares, or those a direction passes."""
    if option.get("square"):
        return [option["square"]]
    key = option["key"]
    if key.startswith("room:"):
        return list(game.arena.rooms.get(key.split(":", 1)[1], ()))
    return [q for q in _SQUARE.findall(option["label"]) if q in game.arena.pos]


def map_state(game: Game, view: dict[str, Any], cursor: int | None) -> MapState:
    figures: dict[str, list[str]] = {}
    for p in figures_of(view):
        if p["square"]:
            figures.setdefault(p["square"], []).append(p["colour"])
    offers: dict[str, list[str]] = {}
    targets: set[str] = set()
    opts = options(view)
    for i, o in enumerate(opts):
        key = hotkey(i)
        if key is None:
            continue
        for q in option_squares(game, o):
            if key not in offers.setdefault(q, []):
                offers[q].append(key)
        if o.get("target"):
            targets.add(o["target"])
    cursor_square = cursor_target = None
    if cursor is not None and 0 <= cursor < len(opts):
        chosen = opts[cursor]
        squares = option_squares(game, chosen)
        cursor_square = squares[0] if len(squares) == 1 else None
        cursor_target = chosen.get("target")
    return MapState(
        arena=game.arena,
        figures=tuple((q, tuple(c)) for q, c in figures.items()),
        tiles=tuple(view["ammo_tiles"].items()),
        racks=racks(game, view),
        offers=tuple((q, tuple(k)) for q, k in offers.items()),
        targets=frozenset(targets),
        cursor_square=cursor_square,
        cursor_target=cursor_target,
        killed=frozenset(p["colour"] for p in figures_of(view) if p.get("killed")),
        badges=badges(game, view),
    )


def figures_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every figure on the table: the players, then the bot when there is one."""
    return [*view["players"], *([view["bot"]] if view.get("bot") else [])]


def badges(game: Game, view: dict[str, Any]) -> tuple[tuple[str, tuple[tuple[str, str | None], ...]], ...]:
    """What a mode adds to squares of the map: a turret's owner, a spawnpoint's damage."""
    out: list[tuple[str, tuple[tuple[str, str | None], ...]]] = []
    for square, owner in (view.get("turret") or {}).get("turrets", {}).items():
        out.append((square, (("turret", None), (owner, owner))))
    for colour, tokens in (view.get("domination") or {}).get("tracks", {}).items():
        square = game.arena.spawn_square.get(colour)
        if square is not None and tokens:
            out.append((square, (("damage", None), (str(len(tokens)), None))))
    return tuple(out)


def racks(game: Game, view: dict[str, Any]) -> tuple[tuple[str, tuple[RackSlot, ...]], ...]:
    pending = view.get("pending") or {}
    offered: dict[str, str] = {}
    if pending.get("kind") == "weapon" and pending.get("options"):
        for i, o in enumerate(pending["options"]):
            key = hotkey(i)
            if key and o["key"] in game.cards.weapons:
                offered[o["key"]] = key
    out = []
    for colour, slots in view["racks"].items():
        row = []
        for wid in slots:
            if wid is None:
                row.append(RackSlot(None))
                continue
            w = game.cards.weapons[wid]
            row.append(RackSlot(wid, w.name, w.colour, w.pickup_cost, offered.get(wid)))
        out.append((colour, tuple(row)))
    return tuple(out)


def preview_state(game_arena: Any) -> MapState:
    return MapState(arena=game_arena, preview=True)


def board_colours(view: dict[str, Any]) -> tuple[str, ...]:
    """Whose boards the table shows, in seat order, then the bot's: from the view, so a table
    held by a host (which has no `Game` here) draws them the same way."""
    seats = tuple(p["colour"] for p in view["players"])
    bot = view.get("bot")
    return (*seats, bot["colour"]) if bot else seats


def board_states(game: Game, view: dict[str, Any], viewer: str | None, reveal: bool) -> dict[str, BoardState]:
    pending = view.get("pending") or {}
    active = view["active"] if not view["over"] else None
    out = {}
    bot = (view.get("bot") or {}).get("colour")
    for p in figures_of(view):
        out[p["colour"]] = board_state(
            p,
            viewer=viewer,
            active=active,
            first=view["first_player"],
            reveal_score=reveal or view["over"],
            weapon_name=lambda wid: game.cards.weapons[wid].name,
            powerup_name=lambda card: game.cards.powerup_kinds[powerup_kind(card)].name,
            carries=p["colour"] != bot,
        )
    del pending
    return out


def track_state(game: Game, view: dict[str, Any]) -> TrackState:
    return TrackState(
        skulls=view["skulls"],
        entries=tuple(tuple(e) for e in view["killshot_track"]),
        frenzy=view["frenzy"],
        ending=view["ending"],
    )


def domination_state(game: Game, view: dict[str, Any]) -> DominationState:
    from adrenaline_tui.tui.widgets.domination_board import DominationState

    spawn_at = game.arena.spawn_square
    return DominationState(
        skulls_left=view["skulls_left"],
        frenzy=view["frenzy"],
        ending=view["ending"],
        tracks=tuple((c, spawn_at.get(c, ""), tuple(t)) for c, t in view["domination"]["tracks"].items()),
    )


def turret_state(game: Game, view: dict[str, Any]) -> TurretState:
    from adrenaline_tui.tui.widgets.turret_board import TurretState

    turret = view["turret"]
    held: dict[str, int] = {}
    for owner in turret["turrets"].values():
        held[owner] = held.get(owner, 0) + 1
    pending = view.get("pending") or {}
    offered: list[tuple[str, str]] = []
    if pending.get("kind") == "turret_tile":
        for i, o in enumerate(pending.get("options") or []):
            key = hotkey(i)
            if key:
                offered.append((o["key"], key))
    return TurretState(
        skulls_left=view["skulls_left"],
        frenzy=view["frenzy"],
        ending=view["ending"],
        offer=tuple(turret["offer"]),
        held=tuple(sorted(held.items(), key=lambda item: -item[1])),
        offered=tuple(offered),
    )


def _domination_board() -> type[Drawn]:
    from adrenaline_tui.tui.widgets.domination_board import DominationBoard

    return DominationBoard


def _turret_board() -> type[Drawn]:
    from adrenaline_tui.tui.widgets.turret_board import TurretBoard

    return TurretBoard


# The board over the killshot track, by game mode: the widget (imported when a game of that
# mode is shown, not at every start) and what it is shown. A new mode adds its entry here; the
# table asks for the mode's board and never for the mode itself.
MODE_BOARDS: dict[str, tuple[Callable[[], type[Drawn]], Callable[[Game, dict[str, Any]], Any]]] = {
    "standard": (lambda: KillshotTrack, track_state),
    "domination": (_domination_board, domination_state),
    "turret": (_turret_board, turret_state),
}


def mode_board(mode: str) -> type[Drawn]:
    """The widget that shows the board over the killshot track in this mode."""
    return MODE_BOARDS.get(mode, MODE_BOARDS["standard"])[0]()


def mode_board_state(game: Game, view: dict[str, Any]) -> Any:
    """What that widget shows, from the view."""
    return MODE_BOARDS.get(view.get("mode", "standard"), MODE_BOARDS["standard"])[1](game, view)


class Previews(Sequence[str]):
    """The options' previews (`option_preview`), each worked out when first read: a frame
    shows only the one under the cursor, and working them all out on every decision (a
    Shoot's reach for every weapon among them) cost more than drawing the frame. Equal to
    another of the same game at the same decision without working any out; to another
    game's when every preview reads the same.

    A preview is only ever worked out at the decision it was made for: once the game has
    moved on (a computer answering a Tagback Grenade while this list is still on screen),
    an unread one stays empty - worked out then, it could tell what the computer did."""

    def __init__(self, game: Game, options: list[dict[str, Any]], weapon: str | None) -> None:
        self._game, self._options, self._weapon = game, options, weapon
        self._known: dict[int, str] = {}
        self._history = tuple(game.history)
        self._position = (self._history, tuple(o["key"] for o in options), weapon)

    def __len__(self) -> int:
        return len(self._options)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self))[index]  # IndexError as a tuple would
        if index not in self._known:
            if len(self._game.history) != len(self._history) or tuple(self._game.history) != self._history:
                return ""
            self._known[index] = option_preview(self._game, self._options[index], self._weapon)
        return self._known[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Previews) and other._game is self._game:
            # The same game at the same decision: no need to work any preview out.
            return other._position == self._position
        return isinstance(other, Previews | tuple | list) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(len(self))  # equal previews may come from different games

    def __repr__(self) -> str:
        return f"Previews({len(self)} options at decision {len(self._history)})"


def panel_state(game: Game, view: dict[str, Any], kinds: dict[str, str]) -> PanelState:
    pending = view.get("pending")
    if pending is None:
        return PanelState("The game is over.", note="Press Enter for the final standings.")
    opts = options(view)
    if not opts:
        return waiting_state(view, kinds)
    weapon = last_weapon_fired(game)
    return PanelState(
        prompt=pending["prompt"],
        labels=tuple(o["label"] for o in opts),
        details=Previews(game, opts, weapon),
        greyed=greyed_actions(game, view),
    )


# What the one deciding is doing, by public kind (`rules.decision.PUBLIC_KINDS`); "turn" says
# only whose turn it is.
WAITING_FOR = {
    "spawn": "where to enter the arena",
    "respawn": "where to respawn",
    "tagback": "whether to throw a Tagback Grenade",
    "overkill": "which track gets the overkill token",
}


def waiting_state(view: dict[str, Any], kinds: dict[str, str]) -> PanelState:
    """The panel while someone other than the viewer decides: who decides, and what about when
    the question is one asked whatever anyone holds.

    Read from the view's public pending decision (who decides and a public kind): a question only
    hidden cards raise (a Targeting Scope, a Newton kept for the end of a turn) shows as the active
    player's turn, so the line is the same whatever anyone holds.
    """
    pending = view.get("pending") or {}
    colour = pending.get("player") or view["active"]
    figures = [*view["players"], *([view["bot"]] if view.get("bot") else [])]
    who = next((p for p in figures if p["colour"] == colour), None)
    note = f"Turn {view['turn']}"
    if who is None or colour == view.get("viewer"):
        # Your own turn, someone else answering (a Tagback Grenade, say, at a hosted table).
        return PanelState("Waiting for the other players…", note=note)
    about = WAITING_FOR.get(pending.get("kind", "turn"))
    computer = kinds.get(colour, "human") != "human"
    if about is None:
        line = f"{who['name']} (computer) is playing…" if computer else f"Waiting for {who['name']}…"
    else:
        line = f"{who['name']}{' (computer)' if computer else ''} is deciding {about}…"
    return PanelState(line, note=note)


def status(game: Game, view: dict[str, Any], viewer: str | None, kinds: dict[str, str]) -> tuple[str, str | None, str]:
    if view["over"]:
        return "Game over", None, "final standings"
    active = view["active"]
    p = next(p for p in view["players"] if p["colour"] == active)
    who = p["name"] if p["name"] == hero(active) else f"{p['name']} ({hero(active)})"
    bits = [f"Turn {view['turn']}: {who}"]
    n = view["actions_left"]
    left = [f"{n} action{'s' if n != 1 else ''}"] if n else []
    if view.get("bot_owed"):
        left.append("bot action")  # owed besides the two actions, in any order
    if left:
        bits.append(" + ".join(left) + " left")
    if view["frenzy"]:
        bits.append("FINAL FRENZY")
    pending = view.get("pending") or {}
    # Who decides out of turn: the viewer's own decision, or a public one (anyone else's view
    # names the active player for a question only hidden cards raise).
    if pending.get("player") not in (None, active):
        bits.append(f"{game.name(pending['player'])} decides")
    right = "public view" if viewer is None else f"{game.name(viewer)}'s view"
    return " · ".join(bits), active, right
