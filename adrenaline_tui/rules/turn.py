"""The flow of play: turns, the three actions, reloading, end-of-turn scoring, frenzy, game end.

Written as generators: each `yield` is a decision the game waits on, and reading the code top
to bottom follows the rulebook's order of play.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from functools import cache
from typing import TYPE_CHECKING

from adrenaline_tui.rules import shooting
from adrenaline_tui.rules.cards import CardSet, Weapon, powerup_colour
from adrenaline_tui.rules.decision import Decision, Event, Option, new
from adrenaline_tui.rules.payment import budget, paid_at_once, pay
from adrenaline_tui.rules.powerups import usable_powerups, use_powerup
from adrenaline_tui.rules.scoring import Award, score_board, standings
from adrenaline_tui.rules.state import (
    ADRENALINE_GRAB,
    ADRENALINE_SHOOT,
    KILLSHOT,
    MAX_CUBES,
    MAX_DAMAGE,
    MAX_POWERUPS,
    MAX_WEAPONS,
    HeldWeapon,
    Player,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.arena import Arena
    from adrenaline_tui.rules.game import Game

Flow = Generator[Decision, str, None]


def play(g: Game) -> Flow:
    """The whole game: turn after turn, then the final scoring. The turns are one loop of this
    generator rather than a generator a turn under it: every decision of the game passes through
    this frame, and each level of `yield from` costs something at every decision (issue 27)."""
    actions_taken = g.start_actions_taken
    while True:
        # ------------------------------------------------------------------ a turn
        p = g.players[g.seats[g.active_index]]  # `g.active`: a property read leaves the interpreter loop
        g.turn += 1
        # `g.emit`, spelled out (a call and a keyword dict less), as at every move.
        text = f"Turn {g.turn}: {p.name}" + (" (final frenzy)" if g.frenzy else "")
        g.events.append(new(Event, ("turn", text, {"player": p.colour, "turn": g.turn, "frenzy": g.frenzy})))
        g.ledger.clear()
        first = p.square is None
        for rules in g.hooks.start_turn:
            rules.start_turn(g, p, first=first)
        if first:
            yield from spawn(g, p, first=True)
        g.actions_left = max(0, (p.frenzy_actions if g.frenzy else 2) - actions_taken)
        while True:
            # The actions allowed, and their options, shared by every question with the same ones.
            allowances, menu, end, asked, whole = _action_menu(g, p) if g.actions_left else _NO_MENU
            extra = _NO_EXTRA  # shared, never filled: most games have no such module
            # The usual question (actions left, no rule module adding or owing actions, no usable
            # powerup) asks with the menu's shared options tuple, end option included: no list
            # built and copied into a tuple at every action question (issue 27, thirteenth round).
            usable = None
            if g.actions_left and not g.hooks.actions and not g.hooks.must_act:
                usable = usable_powerups(g, p) if p.powerups else ()
            if usable is not None and not usable:
                if len(whole) > 1:
                    key = yield new(Decision, (p.colour, "action", p.name + asked, whole, True, True))
                else:
                    key = "end"
            else:
                options = list(menu)
                # Actions a rule module adds (the bot action), each answered by the module that offered it.
                if g.hooks.actions:
                    extra = {}
                    for rules in g.hooks.actions:
                        for o in rules.actions(g, p):
                            extra[o] = rules
                    options += extra
                if usable is None and p.powerups:
                    usable = usable_powerups(g, p)
                if usable:  # a loop, not a comprehension (a call of its own), at every action question
                    for card in usable:
                        entry = _USE_OPTIONS.get((id(g.cards), card))
                        if entry is None:  # its object is kept in it: the id is never reused
                            option = new(Option, (card, f"Use {g.card_name(card)}", None, None))
                            entry = _USE_OPTIONS[(id(g.cards), card)] = (g.cards, option)
                        options.append(entry[1])
                # Asked even with "End your turn" as the only answer where skipping the question would
                # show that the player holds no usable powerup.
                ask_anyway = not g.actions_left and g.config.end_turn_prompt == "always"
                if not options and not ask_anyway:
                    break
                # An owed action (the bot action) must be taken before the turn can end.
                owed = False
                for rules in g.hooks.must_act:
                    if rules.must_act(g, p):
                        owed = True
                        break
                if not owed:
                    options.append(end)
                if g.actions_left:
                    prompt = p.name + asked
                elif owed:
                    prompt = f"{p.name}: still to take: " + ", ".join(o.label.split(":")[0].lower() for o in extra)
                else:
                    prompt = f"{p.name}: use a powerup or end your turn"
                # A public point while actions are left (Run is always among them), when the end of the
                # turn is always asked, or when an owed action keeps the turn going.
                public = bool(g.actions_left) or ask_anyway or owed
                # `g.ask`, spelled out (this question is asked a few hundred times a game, and the
                # generator `ask` makes costs more than the question): it always has options.
                if ask_anyway or len(options) > 1:
                    key = yield new(Decision, (p.colour, "action", prompt, tuple(options), not ask_anyway, public))
                else:
                    key = options[0].key
            if key == "end":
                break
            if key in allowances:
                g.actions_left -= 1
                g.ledger.clear()
                yield from _ACTIONS[key](g, p, allowances[key])
            elif (module := next((r for o, r in extra.items() if o.key == key), None)) is not None:
                yield from module.act(g, p, key)
            else:
                yield from use_powerup(g, p, key)
        g.actions_left = 0
        for w in p.weapons:  # nothing to reload, nothing asked: no generator made
            if not w.loaded:
                yield from reload_phase(g, p)
                break
        if g.hooks.end_turn or _anyone_killed(g):
            yield from end_of_turn(g)
        else:
            _quiet_end_of_turn(g)
        actions_taken = 0
        if g.over:
            break
        g.active_index = (g.active_index + 1) % len(g.seats)
    final_scoring(g)


# The action question's "use a powerup" options, per card set (by identity, kept alongside so the
# id is never reused) and card: the label depends on them alone, and card sets never change once
# loaded, so nothing invalidates an entry.
_USE_OPTIONS: dict[tuple[int, str], tuple[CardSet, Option]] = {}


@cache  # a few small numbers; in every action question's prompt
def _actions(n: int) -> str:
    return f"{n} action{'s' if n != 1 else ''}"


_ACTION_LABEL = {
    "run": lambda n: f"Run around: move up to {n} squares",
    "grab": lambda n: "Grab stuff here or 1 square away" if n == 1 else f"Grab stuff: move up to {n}, then grab",
    "shoot": lambda n: "Shoot people" if n == 0 else f"Shoot people: move up to {n}, then shoot",
}


class _ActionOptions(dict[tuple[str, int], Option]):
    """The action question's option for (action, how far it moves first), built on first use.

    The action question offers the same few options all game, and options are immutable: each is
    built once (nothing invalidates them; they depend on the pair alone). A hit is one subscript
    with the pair the allowances' `items()` hands over already (no call of a cached function,
    which builds its own key); building one made three Python frames: this, the label's lambda,
    `Option.__new__`."""

    def __missing__(self, allowance: tuple[str, int]) -> Option:
        action, n = allowance
        option = self[allowance] = Option(action, _ACTION_LABEL[action](n))
        return option


_ACTION_OPTIONS = _ActionOptions()


@cache
def _end_option(actions_left: int) -> Option:
    skip = f" now (skip {_actions(actions_left)})" if actions_left else ""
    return Option("end", f"End your turn{skip}")


def _allowances(g: Game, p: Player) -> tuple[int | None, int, int]:
    """How far run, grab and shoot let this player move first (run None: not on the tile)."""
    if g.frenzy:
        return (4, 2, 1) if p.frenzy_actions == 2 else (None, 3, 2)
    dmg = len(p.damage)
    return 3, 2 if dmg >= ADRENALINE_GRAB else 1, 1 if dmg >= ADRENALINE_SHOOT else 0


def action_moves(g: Game, p: Player) -> dict[str, int]:
    """How far each action lets this player move first (absent: action not on the tile)."""
    run, grab, shoot = _allowances(g, p)
    return {"grab": grab, "shoot": shoot} if run is None else {"run": run, "grab": grab, "shoot": shoot}


def action_allowances(g: Game, p: Player) -> dict[str, int]:
    """The actions this player can legally start now, with their move allowance."""
    return dict(_action_menu(g, p)[0])


# An action question's menu: the allowances as `action_allowances` gives them, their options in
# order, the "End your turn" option, the prompt after the player's name, and the options with the
# end option last (the usual question's whole tuple of options, handed to its `Decision` as is).
# Shared by every question with the same menu: a caller must never change any part of one.
Menu = tuple[dict[str, int], tuple[Option, ...], Option, str, tuple[Option, ...]]


def _action_menu(g: Game, p: Player) -> Menu:
    """`action_allowances` and the rest of the action question's menu, all shared (never change
    them): the same few combinations come up all game (`_MENUS`)."""
    # `action_moves` read as a tuple, not a dict built and walked: at every action question.
    run, grab_n, shoot_n = _allowances(g, p)
    spend = budget(p)  # what grabbing and shooting may spend, counted once for both
    grab = grab_n if can_grab(g, p, grab_n, spend) else None
    shoot = shoot_n if shooting.can_shoot(g, p, shoot_n, g.frenzy, spend) else None
    return _MENUS[(run, grab, shoot, g.actions_left)]


class _Menus(dict[tuple[int | None, int | None, int | None, int], Menu]):
    """Per (run, grab, shoot) move allowances (None: the action is not allowed) and actions left,
    the action question's menu (`Menu`), built on first use. At every action question, where a
    dict was built, its items walked to look each option up, and the end option and the prompt's
    count of actions left asked of cached functions; a handful of entries, which depend on the
    key alone, so nothing invalidates one."""

    def __missing__(self, key: tuple[int | None, int | None, int | None, int]) -> Menu:
        allowances = {a: n for a, n in zip(("run", "grab", "shoot"), key[:3], strict=True) if n is not None}
        options = tuple(_ACTION_OPTIONS[a] for a in allowances.items())
        left = key[3]
        end = _end_option(left)
        entry = self[key] = (allowances, options, end, f": choose an action ({_actions(left)} left)", (*options, end))
        return entry


_MENUS = _Menus()
# With no action left: no action allowed, and the prompt says something else.
_NO_MENU: Menu = ({}, (), _end_option(0), "", (_end_option(0),))
_NO_EXTRA: dict[Option, object] = {}


# ----------------------------------------------------------------------- moving
def move_figure(g: Game, p: Player, dest: str, why: str = "", *, jump: bool = False) -> Iterable[Decision]:
    """Every move of a figure goes through here, as `yield from move_figure(...)`: the figure is
    moved at once, and what the modules' `entered` hooks ask follows. `jump`: a teleport, which
    enters no square on the way (the Turret mode's entry damage looks at the squares entered,
    and may ask which way). Not a generator itself: most moves ask nothing (no module hooks
    `entered`), and a generator a move costs more than the move (issue 27)."""
    start = p.square
    if start == dest:
        return ()
    p.square = dest
    # `g.emit`, spelled out (a call and a keyword dict less): every step of every figure.
    text = f"{p.name} moves {start} -> {dest}" + (f" ({why})" if why else "")
    g.events.append(new(Event, ("moved", text, {"player": p.colour, "origin": start, "square": dest})))
    return _entered(g, p, start, dest, jump) if g.hooks.entered else ()


def _entered(g: Game, p: Player, start: str, dest: str, jump: bool) -> Flow:
    for rules in g.hooks.entered:
        yield from rules.entered(g, p, start, dest, jump=jump)


@cache
def _run_options(arena: Arena, here: str, n: int) -> tuple[Option, ...]:
    # The same few dozen questions come up all game; the options are immutable, so build each once.
    return tuple(
        Option(q, f"Move to {q} ({arena.distance[here][q]} away)", square=q) for q in arena.within(here, n) if q != here
    )


def run(g: Game, p: Player, n: int) -> Flow:
    options = _run_options(g.arena, p.square, n)
    # `g.ask`, spelled out (asked a hundred times a game): every square has a neighbour.
    key = (
        (yield new(Decision, (p.colour, "run", f"Run: where to? (up to {n} squares)", options, True, False)))
        if len(options) > 1
        else options[0].key
    )
    yield from move_figure(g, p, key)


# ------------------------------------------------------------------------- grab
def grab_squares(g: Game, p: Player, n: int) -> list[str]:
    """Squares within `n` moves with something the player can take (the action question asks
    `can_grab`, the grab question in plain ammo builds its options in the same pass)."""
    red, blue, yellow = budget(p)
    spawn_colour_at, racks, weapons = g.arena.spawn_colour_at, g.board.racks, g.cards.weapons
    plain, tiles = not g.hooks.has_ammo, g.board.tiles
    out = []
    for q in g.arena.within(p.square, n):
        # Whether anything here can be taken, spelled out (it was a call a square of every grab question).
        colour = spawn_colour_at.get(q)
        if colour is None:
            ok = (tiles.get(q) is not None) if plain else g.mode.has_ammo(g, p, q)
        else:
            ok = False
            for w in racks[colour]:
                if w is not None:
                    r, b, y = weapons[w].pickup_vec
                    if r <= red and b <= blue and y <= yellow:
                        ok = True
                        break
        if ok:
            out.append(q)
    return out


def can_grab(g: Game, p: Player, n: int, spend: tuple[int, int, int]) -> bool:
    """Whether `grab_squares` has a square (`spend` is `budget(p)`): the action question's check.

    Its own function, not `grab_squares` asked to stop at one square (as it was): no list and no
    keyword call, and a rack (and the cards) looked up only at a spawnpoint. At every action
    question (issue 27, eleventh round)."""
    spawn_colour_at, tiles, hooked = g.arena.spawn_colour_at, g.board.tiles, g.hooks.has_ammo
    red, blue, yellow = spend
    for q in g.arena.within(p.square, n):
        colour = spawn_colour_at.get(q)
        if colour is None:
            if g.mode.has_ammo(g, p, q) if hooked else tiles.get(q) is not None:
                return True
        else:
            weapons = g.cards.weapons
            for w in g.board.racks[colour]:
                if w is not None:
                    r, b, y = weapons[w].pickup_vec
                    if r <= red and b <= blue and y <= yellow:
                        return True
    return False


# The grab question's options by square, whether it is the grabber's, and the rack's colour or the
# tile's code: a label is three f-strings, and the same few hundred options come up in every game.
# They depend on those alone (bounded by the arenas' squares and the card data), so nothing
# invalidates an entry.
_GRAB_OPTIONS: dict[tuple[str, bool, str | None, bool], Option] = {}


def _grab_option(q: str, here: bool, what: str | None, rack: bool) -> Option:
    stuff = f"{what} weapon rack" if rack else (None if what is None else f"ammo {what}")
    option = _GRAB_OPTIONS[(q, here, what, rack)] = new(
        Option, (q, f"Grab {'here' if here else f'at {q}'}: {stuff}", q, None)
    )
    return option


def grab(g: Game, p: Player, n: int) -> Flow:
    here = p.square
    options = []
    plain, tiles, spawn_colour_at = not g.hooks.ammo_here, g.board.tiles, g.arena.spawn_colour_at
    if plain and not g.hooks.has_ammo:
        # `grab_squares` and the options in one pass over the squares in reach (the same
        # squares, in the same order): every grab question, with about five options each.
        red, blue, yellow = budget(p)
        racks, weapons = g.board.racks, g.cards.weapons
        for q in g.arena.within(here, n):
            colour = spawn_colour_at.get(q)
            if colour is None:
                code = tiles.get(q)
                if code is None:
                    continue
                key = (q, q == here, code, False)
            else:
                for w in racks[colour]:
                    if w is not None:
                        r, b, y = weapons[w].pickup_vec
                        if r <= red and b <= blue and y <= yellow:
                            break
                else:
                    continue  # nothing on this rack can be paid for
                key = (q, q == here, colour, True)
            option = _GRAB_OPTIONS.get(key)
            options.append(option if option is not None else _grab_option(*key))
    else:
        for q in grab_squares(g, p, n):
            colour = spawn_colour_at.get(q)
            if colour or plain:  # the default `ammo_here`, spelled out (a call an option)
                key = (q, q == here, colour, True) if colour else (q, q == here, tiles.get(q), False)
                option = _GRAB_OPTIONS.get(key)
                options.append(option if option is not None else _grab_option(*key))
            else:
                where = "here" if q == here else f"at {q}"
                options.append(new(Option, (q, f"Grab {where}: {g.mode.ammo_here(g, p, q)}", q, None)))
    # `g.ask`, spelled out (asked a hundred times a game): the action was offered for a square.
    if len(options) > 1:
        key = yield new(Decision, (p.colour, "grab", "Grab: where?", tuple(options), True, False))
    else:
        key = options[0].key
    yield from move_figure(g, p, key)
    if key in g.arena.spawn_colour_at:
        yield from grab_weapon(g, p, g.arena.spawn_colour_at[key])
    elif g.hooks.grab_ammo:
        yield from g.mode.grab_ammo(g, p, key)
    else:
        grab_ammo(g, p, key)  # what the default hook does, without its empty generator


def grab_ammo(g: Game, p: Player, square: str) -> None:
    code = g.board.tiles[square]
    g.board.tiles[square] = None
    take_tile(g, p, code, square)


def take_tile(g: Game, p: Player, code: str, square: str, *, give_up: str | None = None) -> None:
    """Take an ammo tile's cubes (up to 3 of a colour) and its powerup (up to 3 cards), then
    discard it. `give_up`: one item left behind (Turret: a cube colour or `powerup`)."""
    tile = g.cards.ammo_tiles[code]
    g.board.ammo_discard.append(code)
    cubes = list(tile.cubes)
    if give_up in cubes:
        cubes.remove(give_up)
    gained = []
    for cube in cubes:
        if p.ammo[cube] < MAX_CUBES:
            p.ammo[cube] += 1
            gained.append(cube)
    drew = None
    if tile.powerup and give_up != "powerup" and len(p.powerups) < MAX_POWERUPS:
        drew = g.draw_powerup(p)
    got = ", ".join(gained) or "no cubes (all full)"
    if drew:
        got += " and a powerup"
    elif tile.powerup and give_up != "powerup":
        got += " (no powerup: hand full)"
    # `g.emit`, spelled out (a call and a keyword dict less), as at every move.
    data = {"player": p.colour, "tile": code, "cubes": gained, "powerup": drew is not None, "square": square}
    g.events.append(new(Event, ("grabbed_ammo", f"{p.name} grabs ammo {code}: {got}", data)))


# The weapon question's options, by weapon: as `_reload_option`, each depends on its card alone.
_WEAPON_OPTIONS: dict[int, tuple[Weapon, Option]] = {}


def _weapon_option(weapon: Weapon) -> Option:
    entry = _WEAPON_OPTIONS.get(id(weapon))
    if entry is None:  # its object is kept in it: the id is never reused
        cost = f"pay {', '.join(weapon.pickup_cost)}" if weapon.pickup_cost else "free"
        entry = _WEAPON_OPTIONS[id(weapon)] = (weapon, new(Option, (weapon.id, f"{weapon.name} ({cost})", None, None)))
    return entry[1]


def grab_weapon(g: Game, p: Player, colour: str) -> Flow:
    rack = g.board.racks[colour]
    options = []
    red, blue, yellow = budget(p)  # `can_pay` for each weapon's cost, counted once
    for wid in rack:
        if wid is None:
            continue
        weapon = g.cards.weapons[wid]
        r, b, y = weapon.pickup_vec
        if r <= red and b <= blue and y <= yellow:
            options.append(_weapon_option(weapon))
    # The only weapon that can be taken is still asked when it costs a cube (`confirm_spending`).
    lone_cost = g.cards.weapons[options[0].key].pickup_cost if len(options) == 1 else ()
    prompt = "Grab which weapon?"
    auto = not g.asks_spending(lone_cost)  # asked once for both uses (a call and a generator)
    if not auto:
        prompt = f"Grab the only weapon you can take here, for {', '.join(lone_cost)}?"
    # `g.ask`, spelled out (asked at most grabs from a rack): the grab was offered for a weapon.
    if auto and len(options) == 1:
        key = options[0].key
    else:
        key = yield new(Decision, (p.colour, "weapon", prompt, tuple(options), auto, False))
    weapon = g.cards.weapons[key]
    # The drop is chosen before paying so that, while decisions are pending, every card is
    # either in a hand or on the rack; the swap itself happens at once.
    drop = None
    if len(p.weapons) >= MAX_WEAPONS:
        drop_opts = tuple(
            Option(w.id, f"Drop {g.cards.weapons[w.id].name} ({'loaded' if w.loaded else 'unloaded'})")
            for w in p.weapons
        )
        drop = yield from g.ask(Decision(p.colour, "drop", "You hold 3 weapons: drop one into the rack", drop_opts))
    if not paid_at_once(g, p, weapon.pickup_cost, weapon.name):
        yield from pay(g, p, weapon.pickup_cost, weapon.name)
    slot = rack.index(key)
    rack[slot] = drop
    if drop is not None:
        p.weapons.remove(p.weapon(drop))
        # `g.emit`, spelled out (a call with a keyword dict less), as below.
        text = f"{p.name} drops the {g.cards.weapons[drop].name}"
        g.events.append(new(Event, ("dropped_weapon", text, {"player": p.colour, "weapon": drop, "rack": colour})))
    p.weapons.append(HeldWeapon(key, loaded=True))
    # `g.emit`, spelled out: every weapon grabbed.
    data = {"player": p.colour, "weapon": key, "rack": colour}
    g.events.append(new(Event, ("grabbed_weapon", f"{p.name} grabs the {weapon.name}", data)))


# ------------------------------------------------------------------------ shoot
def shoot(g: Game, p: Player, n: int) -> Flow:
    # The shoot action's flow itself, not a generator around it: one level less for every
    # decision of a shot to pass through.
    return shooting.shoot_action(g, p, n, reload=g.frenzy)


_ACTIONS = {"run": run, "grab": grab, "shoot": shoot}


# ----------------------------------------------------------------------- reload
# The reload question's options, by weapon: each depends on its card alone, which never changes
# once loaded (keyed by the weapon's identity, kept alongside so the id is never reused).
_RELOAD_OPTIONS: dict[int, tuple[Weapon, Option]] = {}
_SHOOT_NOW = Option("done", "Shoot now")
_DONE_RELOADING = Option("done", "Done reloading")


def _reload_option(weapon: Weapon) -> Option:
    entry = _RELOAD_OPTIONS.get(id(weapon))
    if entry is None:  # its object is kept in it: the id is never reused
        label = f"Reload {weapon.name} ({', '.join(weapon.reload_cost)})"
        entry = _RELOAD_OPTIONS[id(weapon)] = (weapon, new(Option, (weapon.id, label, None, None)))
    return entry[1]


def reload_phase(g: Game, p: Player, *, then_shoot: bool = False) -> Flow:
    """Reload any number of weapons, paying each one's full cost."""
    while True:
        options = []
        red, blue, yellow = budget(p)  # `can_pay` for each weapon's cost, counted once
        for w in p.weapons:
            if w.loaded:
                continue
            weapon = g.cards.weapons[w.id]
            r, b, y = weapon.reload_vec
            if r <= red and b <= blue and y <= yellow:
                if then_shoot and not shooting.can_still_shoot(g, p, reloading=w.id):
                    continue
                options.append(_reload_option(weapon))
        if then_shoot:
            if shooting.fireable_weapons(g, p):
                options.append(_SHOOT_NOW)
        elif options:
            options.append(_DONE_RELOADING)
        if not options:
            return
        # Inside a frenzy shoot action the question has its own kind: it is answered differently
        # (what to fire now) from the end-of-turn reload (what to keep loaded).
        kind, prompt = ("shoot_reload", "Reload before shooting?") if then_shoot else ("reload", "Reload which weapon?")
        # A lone reload before a frenzy shot (nothing else is loaded) is asked all the same.
        lone = g.cards.weapons[options[0].key].reload_cost if len(options) == 1 and options[0].key != "done" else ()
        auto = not g.asks_spending(lone)  # asked once for both uses (a call and a generator)
        if not auto:
            prompt = f"Shooting needs a reload first, for {', '.join(lone)}: reload?"
        # `g.ask`, spelled out (asked at the end of most turns): `options` is not empty.
        if auto and len(options) == 1:
            key = options[0].key
        else:
            key = yield new(Decision, (p.colour, kind, prompt, tuple(options), auto, False))
        if key == "done":
            return
        weapon = g.cards.weapons[key]
        why = f"reloading the {weapon.name}"
        if not paid_at_once(g, p, weapon.reload_cost, why):
            yield from pay(g, p, weapon.reload_cost, why)
        p.weapon(key).loaded = True
        # `g.emit`, spelled out (a call and a keyword dict less), as at every move.
        g.events.append(
            new(Event, ("reloaded", f"{p.name} reloads the {weapon.name}", {"player": p.colour, "weapon": key}))
        )


# ------------------------------------------------------------------ spawning
def spawn(g: Game, p: Player, *, first: bool) -> Flow:
    """First spawn: draw 2, keep 1. Respawn: draw 1 even at 3. Discard one to pick the spawnpoint."""
    drawn = [g.draw_powerup(p) for _ in range(2 if first else 1)]
    choices = drawn if first else p.powerups
    if first:
        for rules in g.rules:
            yield from rules.before_spawn(g, p)  # the starting player places the bot
    options = []
    for card in dict.fromkeys(choices):
        colour = powerup_colour(card)
        # Only the player sees the options: the card just drawn may be named for them.
        fresh = " (just drawn)" if not first and card == drawn[0] and len(choices) > 1 else ""
        label = f"Discard {g.card_name(card)}{fresh}: appear at the {colour} spawnpoint"
        options.append(new(Option, (card, label, g.arena.spawn_square[colour], None)))
    alone = not first and len(choices) == 1  # the card drawn is the only one: it must go
    kind = "spawn" if first else "respawn"
    # With `spawn_prompt: always` asked even with one card to discard: its player sees the card
    # drawn, and whether the question comes does not tell others that the hand held nothing else.
    always = g.config.spawn_prompt == "always"
    if not always and len(options) == 1:
        key = options[0].key  # what `g.ask` would answer, without its generator (issue 27)
    else:
        prompt = f"{p.name}: discard a powerup to choose where you {'enter' if first else 'respawn'}"
        key = yield new(Decision, (p.colour, kind, prompt, tuple(options), not always, always))
    p.powerups.remove(key)
    g.board.powerup_discard.append(key)
    p.square = g.arena.spawn_square[powerup_colour(key)]
    p.dead = False
    # The discarded card is face up on the discard pile, its colour the spawnpoint: public. That
    # it was the card just drawn is said only when it was the only one (nothing else is told:
    # which card was drawn, when others are kept, is the player's secret).
    card = g.card_name(key)
    how = f"draws {card} and discards it" if alone else f"discards {card}"
    # `g.emit`, spelled out (a call with a keyword dict less): every spawn.
    text = f"{p.name} {how}: {'enters' if first else 'respawns'} at the {powerup_colour(key)} spawnpoint ({p.square})"
    g.events.append(new(Event, (kind, text, {"player": p.colour, "square": p.square, "discarded": key})))


# ---------------------------------------------------------------- end of turn
def _anyone_killed(g: Game) -> bool:
    for p in g.players.values():
        if p.killed:
            return True
    return False


def _frenzy_due(g: Game) -> str:
    """Why a module starts the final frenzy now (a mode's tracks full, say), or "" if none does."""
    for rules in g.hooks.frenzy_due:
        due = rules.frenzy_due(g)
        if due:
            return due
    return ""


def _quiet_end_of_turn(g: Game) -> None:
    """`end_of_turn` where no module hooks the end of a turn and nobody was killed: nothing can
    be asked, so no generator is made (most turns; issue 27). The same steps in the same order."""
    # Before the frenzy, with no module that may start it (`frenzy_due`) and no skull taken,
    # `_frenzy_or_over` does nothing: not called (every turn).
    if g.frenzy or g.hooks.frenzy_due:
        _frenzy_or_over(g, last_skull_taken=False, was_frenzy=g.frenzy)
    if not g.over:
        refill(g)
    _turn_ends(g, g.players[g.seats[g.active_index]])  # `g.active`, spelled out: every turn


def _frenzy_or_over(g: Game, *, last_skull_taken: bool, was_frenzy: bool) -> None:
    """What a turn's end does to the game's course, for `end_of_turn` and its quiet twin: the
    last skull taken or a module's reason (a mode's tracks full) starts the final frenzy, or
    ends the game in sudden death; a frenzy turn counts down the turns left."""
    due = "" if g.frenzy else _frenzy_due(g)
    if not g.frenzy and (last_skull_taken or due):
        if g.config.ending == "sudden_death":
            g.over = True
            g.emit("sudden_death", f"{due or 'The last skull is taken'}: sudden death, the game is over")
        else:
            start_frenzy(g)
    if was_frenzy:
        g.frenzy_turns_left -= 1
        if g.frenzy_turns_left <= 0:
            g.over = True


def _turn_ends(g: Game, active: Player) -> None:
    # `g.emit`, spelled out (a call and a keyword dict less): once a turn.
    g.events.append(new(Event, ("turn_end", f"{active.name}'s turn ends", {"player": active.colour, "turn": g.turn})))


def end_of_turn(g: Game) -> Flow:
    active = g.players[g.seats[g.active_index]]  # `g.active`, spelled out: every turn
    for rules in g.hooks.end_turn:
        yield from rules.end_turn(g, active)  # Domination: tagging by standing alone, strike back
    was_frenzy = g.frenzy
    # Most turns kill nobody: the turn order is only built when someone was.
    killed = []
    for p in g.players.values():
        if p.killed:
            killed = [p for p in g.figures_in_order(g.active_index) if p.killed]
            break
    # Double kill: two or more boards other than your own killed in your turn, whoever dealt the
    # killshots (the variants spell it out; in the standard game only you can deal them).
    others_killed = 0
    for p in killed:
        awards = score_board(p.damage, p.skulls, p.frenzy_board, payees=_payees(g, p))
        _pay_out(g, p, awards, final=False)
        entry = [p.damage[KILLSHOT - 1]] + ([p.damage[MAX_DAMAGE - 1]] if len(p.damage) >= MAX_DAMAGE else [])
        skull = g.board.skulls_left > 0
        yield from g.mode.record_kill(g, p, entry)
        if p is not active:
            others_killed += 1
        if skull and not g.frenzy:
            p.skulls += 1
        p.damage.clear()
        p.killed = False
        # "Pick up your figure. You are dead.": off the board until the respawn places it.
        p.square = None
        p.dead = True
        if g.frenzy and not p.frenzy_board:
            flip_board(p)
            g.emit("board_flipped", f"{p.name}'s board flips to the frenzy side", player=p.colour)
    if others_killed >= 2:
        active.score += 1
        g.emit(
            "scored",
            f"Double kill! {active.name} scores 1 point",
            board=None,
            awards=[Award(active.colour, 1, "double kill").as_dict()],
        )
    _frenzy_or_over(g, last_skull_taken=bool(killed) and g.board.skulls_left == 0, was_frenzy=was_frenzy)
    # After the last turn nobody plays again: respawning or restocking would change nothing.
    if not g.over:
        for p in killed:
            special = next((rules for rules in g.hooks.respawns if rules.respawns(p)), None)
            yield from (special.respawn(g, p) if special is not None else spawn(g, p, first=False))
        refill(g)
    _turn_ends(g, active)


def _payees(g: Game, board: Player) -> list[str]:
    """Who is paid for damage on a board: every figure but its owner (tokens in the owner's own
    colour come from a spawnpoint striking back; their points stay in the bank)."""
    return [c for c in g.players if c != board.colour]


def _pay_out(g: Game, board: Player, awards: list[Award], *, final: bool) -> None:
    for a in awards:
        g.players[a.player].score += a.points
    lines = ", ".join(f"{g.name(a.player)} +{a.points} ({a.reason})" for a in awards) or "nobody"
    g.emit(
        "scored",
        f"{board.name}'s board is scored{' at the end' if final else ''}: {lines}",
        board=board.colour,
        damage=list(board.damage),
        skulls=board.skulls,
        frenzy_side=board.frenzy_board,
        final=final,
        awards=[a.as_dict() for a in awards],
    )


def frenzy_boxes(g: Game, trigger_index: int) -> dict[str, int]:
    """Frenzy actions per player (reference e.3, i.21): 2 for those whose frenzy turn comes
    before the first player's, 1 for the first player and everyone after (the trigger included)."""
    n = len(g.seats)
    out = {}
    reached_first = False
    for i in range(1, n + 1):
        idx = (trigger_index + i) % n
        if idx == g.first_index:
            reached_first = True
        out[g.seats[idx]] = 1 if reached_first else 2
    return out


def flip_board(p: Player) -> None:
    """The frenzy side pays 2-1-1-1 whatever happened before: the skulls are set aside."""
    p.frenzy_board = True
    p.skulls = 0


def start_frenzy(g: Game) -> None:
    g.frenzy = True
    g.frenzy_trigger = g.active.colour
    n = len(g.seats)
    for colour, actions in frenzy_boxes(g, g.active_index).items():
        g.players[colour].frenzy_actions = actions
    flipped = []
    for p in g.players.values():
        if not p.damage and not p.frenzy_board:
            flip_board(p)
            flipped.append(p.colour)
    g.frenzy_turns_left = n
    g.emit(
        "frenzy",
        "FINAL FRENZY! Everyone gets one more turn",
        trigger=g.active.colour,
        flipped=flipped,
        actions={c: p.frenzy_actions for c, p in g.players.items()},
    )


def draw_ammo_tile(g: Game) -> str | None:
    """The top ammo tile; the discards are shuffled into a new deck when it runs out. None when
    there is no tile left at all."""
    board = g.board
    if not board.ammo_deck:
        board.ammo_deck.extend(board.ammo_discard)
        board.ammo_discard.clear()
        g.rng.shuffle(board.ammo_deck)
    return board.ammo_deck.pop() if board.ammo_deck else None


def refill(g: Game) -> None:
    board = g.board
    placed_tiles = {}
    if None in board.tiles.values():
        for sq, tile in board.tiles.items():
            if tile is None:
                drawn = draw_ammo_tile(g)
                if drawn is not None:
                    board.tiles[sq] = placed_tiles[sq] = drawn
    placed_weapons = {}
    # With the weapon deck empty (late in a game) nothing can be placed: the racks' empty slots
    # stay empty, and are not looked at again at every turn's end.
    for colour, rack in board.racks.items() if board.weapon_deck else ():
        if None not in rack:
            continue
        for i, slot in enumerate(rack):
            if slot is None and board.weapon_deck:
                rack[i] = board.weapon_deck.pop()
                placed_weapons.setdefault(colour, []).append(rack[i])
    if placed_tiles or placed_weapons:
        g.reveal()
        # `g.emit`, spelled out: at most once a turn.
        g.events.append(
            new(Event, ("refilled", "The board is restocked", {"tiles": placed_tiles, "weapons": placed_weapons}))
        )


# ---------------------------------------------------------------- end of game
def final_scoring(g: Game) -> None:
    for p in g.figures_in_order(0):
        if p.damage:
            _pay_out(g, p, score_board(p.damage, p.skulls, p.frenzy_board, payees=_payees(g, p)), final=True)
    # The killshot track, or what the mode scores instead; those points also break ties.
    track_points = g.mode.final_scoring(g)
    g.ranking = standings({c: p.score for c, p in g.players.items()}, track_points, g.seats)
    g.over = True
    winners = [r["player"] for r in g.ranking if r["rank"] == 1]
    g.emit(
        "game_over",
        "Game over. "
        + " and ".join(g.name(w) for w in winners)
        + (" win" if len(winners) > 1 else " wins")
        + f" with {g.ranking[0]['score']} points",
        ranking=g.ranking,
    )
