"""Why run, grab and shoot are (or are not) on offer, and what is missing when they are not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules.explain.reach import _hittable_from, _no_shot_reason, reach_text
from adrenaline_tui.rules.explain.words import Explanation, _ammo_line, _and, _cubes, _s, _viewer
from adrenaline_tui.rules.payment import affordable, budget
from adrenaline_tui.rules.state import (
    ADRENALINE_GRAB,
    ADRENALINE_SHOOT,
    MAX_CUBES,
    MAX_POWERUPS,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def explain_action(game: Game, action: str, viewer: str | None = None) -> Explanation:
    """Run, grab or shoot: can it be started now, and if not, what is missing."""
    from adrenaline_tui.rules.turn import action_allowances, action_moves

    p = _viewer(game, viewer)
    title = {"run": "Run around", "grab": "Grab stuff", "shoot": "Shoot people"}[action]
    moves = action_moves(game, p)
    if p.square is None:
        return Explanation(title, False, (f"{p.name} is not on the board yet.",))
    if action not in moves:
        why = f"{title} is not on your frenzy action tile: with one frenzy action you may only grab or shoot."
        return Explanation(title, False, (why,))
    n = moves[action]
    mine = game.pending is not None and game.pending.player == p.colour and game.pending.kind == "action"
    if mine and game.actions_left == 0:
        return Explanation(title, False, ("You have used your actions this turn.",))
    legal = action in action_allowances(game, p)
    if action == "run":
        reach = [q for q in game.arena.within(p.square, n) if q != p.square]
        return Explanation(
            title,
            True,
            (f"You may always run: up to {_s(n, 'move')}, through doors but never through walls.",),
            (f"{len(reach)} squares are within {_s(n, 'move')} of {p.square}.",),
        )
    if action == "grab":
        return _grab_action(game, p, n, legal, title)
    return _shoot_action(game, p, n, legal, title)


def _adrenaline_note(game: Game, p: Player, action: str, n: int) -> str:
    if game.frenzy:
        return f"Your frenzy action lets you move up to {_s(n, 'square')} first."
    dmg = len(p.damage)
    if action == "grab":
        if dmg >= ADRENALINE_GRAB:
            return f"You have {dmg} damage: from 3 on, a grab may move up to 2 squares first."
        return "You may move 1 square before grabbing (2 once you have 3 damage)."
    if dmg >= ADRENALINE_SHOOT:
        return f"You have {dmg} damage: from 6 on, you may move 1 square before shooting."
    return "You shoot from where you stand (with 6 damage you could move 1 square first)."


def _grab_action(game: Game, p: Player, n: int, legal: bool, title: str) -> Explanation:
    arena, board = game.arena, game.board
    spend = budget(p)
    why, does = [], []
    near = arena.within(p.square, n)
    tiles = [q for q in near if q not in arena.spawn_colour_at]
    racks = [q for q in near if q in arena.spawn_colour_at]
    full_tiles = [q for q in tiles if board.tiles.get(q)]
    for q in full_tiles:
        does.append(_tile_text(game, p, q))
    # Squares without a tile of their own (Turret mode: the tiles are on the turret board).
    elsewhere = [q for q in tiles if q not in board.tiles and game.mode.ammo_here(game, p, q)]
    if elsewhere:
        does.append(f"On {_and(elsewhere)} you may take {game.mode.ammo_here(game, p, elsewhere[0])}.")
    affordable_racks = []
    for q in racks:
        colour = arena.spawn_colour_at[q]
        weapons = [w for w in board.racks[colour] if w is not None]
        ok = [w for w in weapons if affordable(game.cards.weapons[w].pickup_cost, spend)]
        if ok:
            affordable_racks.append(q)
            names = _and([game.cards.weapons[w].name for w in ok])
            does.append(f"The {colour} rack on {q} has weapons you can pay for: {names}.")
    if legal:
        why.append(_adrenaline_note(game, p, "grab", n))
        return Explanation(title, True, tuple(why), tuple(does))
    within = f"within {_s(n, 'move')}" if n else "on your square"
    missing = []
    if racks:
        for q in racks:
            colour = arena.spawn_colour_at[q]
            weapons = [w for w in board.racks[colour] if w is not None]
            if not weapons:
                missing.append(f"the {colour} rack on {q} is empty")
            else:
                costs = "; ".join(
                    f"{game.cards.weapons[w].name} costs {_cubes(game.cards.weapons[w].pickup_cost)}" for w in weapons
                )
                missing.append(f"you cannot pay for any weapon on the {colour} rack ({costs}; {_ammo_line(p)})")
    if tiles:
        missing.append(
            f"the ammo {'tile' if len(tiles) == 1 else 'tiles'} {within} "
            f"{'was' if len(tiles) == 1 else 'were'} taken this turn and come back when it ends"
        )
    else:
        missing.append(f"there is no ammo {within}")
    why.append(f"Grab: {_and(missing)}.")
    why.append(_adrenaline_note(game, p, "grab", n))
    return Explanation(title, False, tuple(why))


def _tile_text(game: Game, p: Player, square: str) -> str:
    return tile_text(game, p, game.board.tiles[square], f" on {square}")


def tile_text(game: Game, p: Player, code: str, where: str = "") -> str:
    """What taking ammo tile `code` gives `p` (cubes beyond 3 and a 4th powerup are wasted)."""
    tile = game.cards.ammo_tiles[code]
    have = dict(p.ammo)
    gained, wasted = [], []
    for cube in tile.cubes:
        if have[cube] < MAX_CUBES:
            have[cube] += 1
            gained.append(cube)
        else:
            wasted.append(cube)
    parts = [f"+1 {c}" for c in gained] or ["no cubes"]
    text = f"The ammo tile {code}{where} gives {', '.join(parts)}"
    if wasted:
        text += f" ({_and(wasted)} wasted: you already hold {MAX_CUBES} of that colour)"
    if tile.powerup:
        if len(p.powerups) < MAX_POWERUPS:
            text += " and a powerup card"
        else:
            text += "; its powerup is not drawn because you already hold 3"
    return text + "."


def _shoot_action(game: Game, p: Player, n: int, legal: bool, title: str) -> Explanation:
    from adrenaline_tui.rules import shooting

    reload = game.frenzy
    if legal:
        squares = shooting.shoot_squares(game, p, n, reload=reload)
        squares.sort(key=lambda q: q != p.square)  # from here first
        does = []
        for q in squares:
            hits = _hittable_from(game, p, q, reload=reload)
            where = "From here" if q == p.square else f"From {q}"
            for wid, figs in hits.items():
                if figs:
                    reach = reach_text(game, p.colour, wid, q, figs)
                    does.append(f"{where} the {game.cards.weapons[wid].name} {reach}.")
        return Explanation(title, True, (_adrenaline_note(game, p, "shoot", n),), tuple(does))
    if not p.weapons:
        return Explanation(title, False, ("Shoot: you hold no weapons. Grab one at a spawnpoint first.",))
    loaded = [w for w in p.weapons if w.loaded]
    if not loaded and not reload:
        return Explanation(
            title,
            False,
            ("Shoot: your weapons are unloaded. You may reload them at the end of your turn.",),
        )
    reach = "from here" if n == 0 else f"from here or {_s(n, 'move')} away"
    why = [f"Shoot: no loaded weapon has a target {reach}."]
    for w in loaded:
        weapon = game.cards.weapons[w.id]
        why.append(f"{weapon.name}: {_no_shot_reason(game, p, weapon)}")
    for w in p.weapons:
        if not w.loaded:
            why.append(f"{game.cards.weapons[w.id].name} is unloaded.")
    why.append(_adrenaline_note(game, p, "shoot", n))
    return Explanation(title, False, tuple(why))
