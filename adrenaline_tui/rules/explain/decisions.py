"""The options of the turn's other decisions (run, grab, pay, reload, powerups...) and of weapons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules.cards import (
    CUBES,
    powerup_colour,
    powerup_kind,
)
from adrenaline_tui.rules.explain.actions import _tile_text
from adrenaline_tui.rules.explain.modes import HANDLERS as MODE_HANDLERS
from adrenaline_tui.rules.explain.reach import _hittable_from, _no_shot_reason, reach_text, weapon_reach
from adrenaline_tui.rules.explain.shots import _hit_preview
from adrenaline_tui.rules.explain.words import (
    Explanation,
    _afford_text,
    _ammo_line,
    _and,
    _cubes,
    _s,
    _sentence,
    _viewer,
    distance_text,
    whereabouts,
)
from adrenaline_tui.rules.payment import can_pay
from adrenaline_tui.rules.shot_labels import effect_label
from adrenaline_tui.rules.state import (
    MAX_WEAPONS,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def _run_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.turn import action_moves

    n = action_moves(game, p).get("run", 3)
    if square not in game.arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    path = game.arena.path(p.square, square)
    if legal:
        return Explanation(
            f"Run to {square}",
            True,
            (f"{square} is {distance_text(game.arena, p.square, square)}; you may run up to {n}.",),
            (f"You go {' -> '.join((p.square, *path))}.",),
        )
    if square == p.square:
        return Explanation(square, False, ("Running means moving at least 1 square.",))
    return Explanation(square, False, (f"{square} is {distance_text(game.arena, p.square, square)}; a run goes {n}.",))


def _grab_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.turn import action_moves

    arena = game.arena
    n = action_moves(game, p).get("grab", 1)
    if square not in arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    d = arena.distance[p.square][square]
    where = "here" if d == 0 else f"{_s(d, 'move')} away"
    colour = arena.spawn_colour_at.get(square)
    does = []
    if colour is None:
        if game.board.tiles.get(square):
            does.append(_tile_text(game, p, square))
        elif square not in game.board.tiles and (here := game.mode.ammo_here(game, p, square)):
            # Turret mode: no tile lies on the square; the mode says what a grab there takes.
            does.append(f"Take {here}.")
    else:
        for w in game.board.racks[colour]:
            if w is None:
                continue
            weapon = game.cards.weapons[w]
            ok = can_pay(p, weapon.pickup_cost)
            does.append(
                f"{weapon.name}: pick up for {_cubes(weapon.pickup_cost) if weapon.pickup_cost else 'free'}"
                + ("" if ok else f" - {_afford_text(p, weapon.pickup_cost)}")
            )
        if len(p.weapons) >= MAX_WEAPONS:
            does.append("You hold 3 weapons: you will drop one into the emptied slot.")
    title = f"Grab on {square}"
    if legal:
        return Explanation(
            title, True, (f"{square} is {where}; a grab may move up to {_s(n, 'square')} first.",), tuple(does)
        )
    if d > n:
        return Explanation(title, False, (f"{square} is {where}; a grab moves at most {_s(n, 'square')} first.",))
    if colour is None:
        return Explanation(title, False, (f"The ammo tile on {square} was taken this turn; it comes back at the end.",))
    return Explanation(title, False, ("You cannot pay for any weapon on this rack.", *does))


def _weapon_choice(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    d = game.pending
    if key not in game.cards.weapons:
        return Explanation(key, False, (f"There is no weapon called '{key}'.",))
    weapon = game.cards.weapons[key]
    shooting = d is not None and any(p.weapon(o.key) for o in d.options)
    if not shooting:
        why = [
            f"Picking it up costs {_cubes(weapon.pickup_cost) if weapon.pickup_cost else 'nothing'}"
            f" (its full cost {_cubes(weapon.cost)} minus the first cube, which is already paid)."
        ]
        if not legal:
            why.insert(0, _sentence(_afford_text(p, weapon.pickup_cost)))
        does = [f"You take it loaded. {weapon.description}"]
        if len(p.weapons) >= MAX_WEAPONS:
            does.append("You hold 3 weapons, so you will drop one into this rack slot.")
        return Explanation(weapon.name, legal, tuple(why), tuple(does))
    return explain_weapon(game, key, p.colour)


def explain_weapon(game: Game, weapon_id: str, viewer: str | None = None) -> Explanation:
    """A weapon of the player's: can it fire from here, and whom it could hit."""
    p = _viewer(game, viewer)
    weapon = game.cards.weapons[weapon_id]
    held = p.weapon(weapon_id)
    does = [effect_label(weapon, e) for e in weapon.effects]
    if held is None:
        where = _weapon_whereabouts(game, weapon_id)
        return Explanation(
            weapon.name,
            None,
            (f"You do not hold it{where}. Pick-up cost {_cubes(weapon.pickup_cost)}, reload {_cubes(weapon.cost)}.",),
            tuple(does),
        )
    if not held.loaded:
        return Explanation(
            weapon.name,
            False,
            (f"It is unloaded. Reloading costs its full cost, {_cubes(weapon.cost)}: {_afford_text(p, weapon.cost)}.",),
            tuple(does),
        )
    if p.square is None:
        return Explanation(weapon.name, False, ("You are not on the board.",), tuple(does))
    figs = weapon_reach(game, p.colour, weapon_id)
    if figs:
        reach = reach_text(game, p.colour, weapon_id, p.square, figs)
        return Explanation(weapon.name, True, (f"Loaded; from {p.square} it {reach}.",), tuple(does))
    return Explanation(weapon.name, False, (_no_shot_reason(game, p, weapon),), tuple(does))


def _weapon_whereabouts(game: Game, weapon_id: str) -> str:
    for colour, rack in game.board.racks.items():
        if weapon_id in rack:
            return f"; it is on the {colour} rack ({game.arena.spawn_square[colour]})"
    return ""


def _drop(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    held = p.weapon(key)
    name = game.cards.weapons[key].name if key in game.cards.weapons else key
    if held is None:
        return Explanation(name, False, ("You do not hold it.",))
    return Explanation(
        f"Drop the {name}",
        legal,
        ("You may hold 3 weapons; grabbing a 4th means dropping one into the emptied rack slot.",),
        ("It stays on the rack: anyone (you too) can grab it later for its pick-up cost.",),
    )


def _pay(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    spent = key.split(":", 1)[-1]
    if spent in CUBES:
        left = p.ammo[spent] - 1
        return Explanation(
            f"A {spent} cube",
            legal,
            (f"You have {p.ammo[spent]} {spent}." if legal else f"You have no {spent} cube.",),
            (f"You keep {left} {spent} afterwards.",) if legal else (),
        )
    if spent in p.powerups:
        return Explanation(
            f"Discard {game.card_name(spent)}",
            legal,
            (f"Any powerup can pay for one cube of its colour ({powerup_colour(spent)}).",),
            ("You lose the card but keep your cubes.",),
        )
    return Explanation(key, False, ("You cannot pay with that.",))


def _shoot_move(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    if square not in game.arena.pos:
        return Explanation(square, False, (f"{square} is not a square of this arena.",))
    hits = _hittable_from(game, p, square, reload=game.frenzy)
    does = [
        f"From {square} the {game.cards.weapons[w].name} {reach_text(game, p.colour, w, square, figs)}."
        for w, figs in hits.items()
    ]
    title = "Shoot from here" if square == p.square else f"Move to {square}, then shoot"
    if legal:
        return Explanation(title, True, (f"{square} is {distance_text(game.arena, p.square, square)}.",), tuple(does))
    return Explanation(title, False, ("No weapon you can fire has a target from there.",))


def _reload(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    if key == "done":
        return Explanation("Done reloading", legal, ("Unloaded weapons stay unloaded until a later reload.",))
    weapon = game.cards.weapons[key]
    why = [f"Reloading pays the full cost, {_cubes(weapon.reload_cost)}; {_ammo_line(p)}."]
    if not legal:
        held = p.weapon(key)
        why.insert(
            0, "It is already loaded." if held and held.loaded else _sentence(_afford_text(p, weapon.reload_cost))
        )
    return Explanation(f"Reload the {weapon.name}", legal, tuple(why), ("It will be loaded for your next shot.",))


def _spawn(game: Game, p: Player, card: str, legal: bool) -> Explanation:
    colour = powerup_colour(card)
    square = game.arena.spawn_square.get(colour, "?")
    why = ("You discard one powerup; its colour says which spawnpoint you appear on.",)
    keep = [c for c in p.powerups if c != card]
    does = [f"You appear on the {colour} spawnpoint ({square}), in the {colour} room."]
    if keep:
        does.append("You keep " + _and([game.card_name(c) for c in keep]) + ".")
    return Explanation(f"Discard {game.card_name(card)}", legal, why, tuple(does))


def _newton_target(game: Game, p: Player, colour: str, legal: bool) -> Explanation:
    from adrenaline_tui.rules.powerups import newton_destinations

    if colour == p.colour:
        return Explanation(game.name(colour), False, ("Newton moves another player's figure, never yours.",))
    q = game.players[colour].square
    dests = newton_destinations(game, q) if q else []
    why = (whereabouts(game, p.colour, colour), "Newton works on anyone, seen or not.")
    return Explanation(game.name(colour), legal, why, (f"It could be pushed to {_and(dests) or 'nowhere'}.",))


def _newton_square(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    why = ("Newton pushes 1 or 2 squares in one straight direction, each step a legal move (doors, not walls).",)
    return Explanation(f"Push to {square}", legal, why)


def _teleport(game: Game, p: Player, square: str, legal: bool) -> Explanation:
    why = ("A teleport is not a move: walls and distance do not matter.",)
    if square == p.square:
        why = ("You already stand there.",)
    return Explanation(f"Teleport to {square}", legal, why)


def _scope(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    if key == "pass":
        return Explanation("No Targeting Scope", legal, ("You keep the card for a later shot.",))
    if key in game.players:
        return Explanation(
            game.name(key),
            legal,
            ("A Targeting Scope adds 1 damage to a player the effect just damaged; it costs 1 cube of any colour.",),
            (_hit_preview(game, p.colour, key, 1),),
        )
    return Explanation(game.card_name(key), legal, ("Which of your Targeting Scopes to discard.",))


def _tagback(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    shooter = game.active
    if key == "pass":
        return Explanation("Do nothing", legal, ("You keep your cards.",))
    return Explanation(
        f"Throw {game.card_name(key)}",
        legal,
        (f"{shooter.name} damaged you while you could see them, so you may answer.",),
        (f"{shooter.name} gets 1 mark from you: it turns into damage the next time you damage them.",),
    )


def _end_turn(game: Game, p: Player) -> Explanation:
    why = []
    if game.actions_left:
        why.append(f"Actions are not compulsory: you skip {_s(game.actions_left, 'action')}.")
    does = [
        "Then you may reload unloaded weapons (full cost), boards that took a killshot are scored, "
        "the dead respawn and the board is restocked."
    ]
    return Explanation("End your turn", True, tuple(why), tuple(does))


def _powerup_card(game: Game, card: str, p: Player) -> Explanation:
    kind_id = powerup_kind(card)
    kind = game.cards.powerup_kinds.get(kind_id)
    if kind is None:
        return Explanation(card, False, ("No such powerup.",))
    title = game.card_name(card)
    why = [f"When: {kind.timing}."]
    d = game.pending
    legal: bool | None = None
    if d is not None and d.player == p.colour and d.kind == "action":
        legal = d.option(card) is not None
        if not legal:
            if card not in p.powerups:
                why.insert(0, "You do not hold it.")
            elif kind_id in ("targeting-scope", "tagback-grenade"):
                why.insert(0, "It is not played between actions; it answers damage during a shot.")
            else:
                why.insert(0, "Nobody could be moved with it now.")
    why.append(f"Or discard it to pay 1 {powerup_colour(card)} cube, or to choose a spawnpoint.")
    return Explanation(title, legal, tuple(why), (kind.text,))


_HANDLERS = {
    "run": _run_square,
    "grab": _grab_square,
    "weapon": _weapon_choice,
    "drop": _drop,
    "pay": _pay,
    "shoot_move": _shoot_move,
    "reload": _reload,
    "shoot_reload": _reload,
    "spawn": _spawn,
    "respawn": _spawn,
    "newton_target": _newton_target,
    "newton_square": _newton_square,
    "teleport": _teleport,
    "scope": _scope,
    "scope_card": _scope,
    "tagback": _tagback,
    **MODE_HANDLERS,  # the decisions the game modes and the bot add
}
