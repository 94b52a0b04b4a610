"""The shoot action: the optional move and reload, the weapon choice, and running a shot.

The shot itself is interpreted by `effects`; this module turns its options into decisions and
its ops into damage, marks and moves on the real board, with the two powerup windows a shot
opens: Targeting Scope after each damaging effect, Tagback Grenade once the shot is over.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.cards import (
    CUBES,
    Effect,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Weapon,
    powerup_kind,
)
from adrenaline_tui.rules.damage import add_marks, deal_damage
from adrenaline_tui.rules.decision import Decision, Event, Option, new
from adrenaline_tui.rules.payment import ANY, budget, can_pay, paid_at_once, pay
from adrenaline_tui.rules.shot_labels import target_effect
from adrenaline_tui.rules.state import Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

Flow = Generator[Decision, str, None]

SCOPE = "targeting-scope"
TAGBACK = "tagback-grenade"


def _minus(b: tuple[int, int, int], cost: tuple[str, ...]) -> tuple[int, int, int]:
    return tuple(b[i] - cost.count(c) for i, c in enumerate(CUBES))  # type: ignore[return-value]


def fireable_weapons(g: Game, p: Player) -> list[str]:
    """Loaded weapons with at least one legal shot from where the player stands."""
    b, pos = budget(p), g.shot_positions(p)
    out = []  # a loop, not a comprehension (a call of its own)
    for w in p.weapons:
        if w.loaded and effects.can_fire(g.cards.weapons[w.id], g.arena, p.colour, pos, b):
            out.append(w.id)
    return out


def shoot_squares(g: Game, p: Player, n: int, *, reload: bool) -> list[str]:
    """Squares within `n` moves from which some weapon could be fired (reloading it first if allowed).

    The action question asks `can_shoot`: whether there is one."""
    b = budget(p)
    candidates: list[tuple[Weapon, tuple[int, int, int]]] = []
    for w in p.weapons:
        weapon = g.cards.weapons[w.id]
        if w.loaded:
            candidates.append((weapon, b))
        elif reload and can_pay(p, weapon.cost):  # `weapon.reload_cost` (the whole cost), no property read
            candidates.append((weapon, _minus(b, weapon.cost)))
    if not candidates:
        return []
    out = []
    here = p.square
    pos = g.shot_positions(p)
    arena, colour, can_fire = g.arena, p.colour, effects.can_fire
    squares = g.arena.within(here, n) if n else (here,)
    for q in squares:
        pos[colour] = q  # where the shooter would stand; nobody else moves
        for weapon, spend in candidates:
            if can_fire(weapon, arena, colour, pos, spend):
                out.append(q)
                break
    return out


def can_shoot(g: Game, p: Player, n: int, reload: bool, spend: tuple[int, int, int]) -> bool:
    """Whether `shoot_squares` has a square (`spend` is `budget(p)`): the action question's check,
    as `shoot_squares` made it when asked to stop at one square, without its lists and keyword
    call (issue 27, eleventh round); with no move and no reload, without a list of candidates
    either (twelfth round)."""
    weapons = g.cards.weapons
    if not n and not reload:
        # From where the player stands, with what is loaded (most action questions before the
        # frenzy, with no adrenaline): the weapons in turn, no list of candidates.
        # Where figures are the only targets, a weapon needing one target at most reads the
        # players' squares as they stand: no positions dict built (thirteenth round).
        pos = None
        figures_only = not g.hooks.targets
        for w in p.weapons:
            if w.loaded:
                weapon = weapons[w.id]
                if figures_only and weapon.required_targets <= 1:
                    if effects.can_fire_at_figures(weapon, g.arena, p.colour, p.square, g.players, spend):
                        return True
                    continue
                if pos is None:
                    pos = g.shot_positions(p)
                if effects.can_fire(weapon, g.arena, p.colour, pos, spend):
                    return True
        return False
    candidates: list[tuple[Weapon, tuple[int, int, int]]] = []
    single = not g.hooks.targets  # every candidate `can_fire_at_figures` can settle (see above)
    for w in p.weapons:
        weapon = weapons[w.id]
        if w.loaded:
            candidates.append((weapon, spend))
        elif reload and can_pay(p, weapon.cost):  # `weapon.reload_cost` (the whole cost), no property read
            candidates.append((weapon, _minus(spend, weapon.cost)))
        else:
            continue
        if weapon.required_targets > 1:
            single = False
    if not candidates:
        return False
    here = p.square
    if single:
        # The players' squares as they stand, the shooter's square given apart: no positions dict.
        players, arena, colour, fire_at = g.players, g.arena, p.colour, effects.can_fire_at_figures
        for weapon, b in candidates:
            if fire_at(weapon, arena, colour, here, players, b):
                return True
        if n:
            for q in arena.within(here, n):
                if q != here:  # settled above
                    for weapon, b in candidates:
                        if fire_at(weapon, arena, colour, q, players, b):
                            return True
        return False
    pos = g.shot_positions(p)
    arena, colour, can_fire = g.arena, p.colour, effects.can_fire
    for weapon, b in candidates:  # the square you stand on is the likeliest, and the cheapest to settle: first
        if can_fire(weapon, arena, colour, pos, b):
            return True
    if n:
        for q in arena.within(here, n):
            if q == here:
                continue  # settled above
            pos[colour] = q  # where the shooter would stand; nobody else moves
            for weapon, b in candidates:
                if can_fire(weapon, arena, colour, pos, b):
                    return True
    return False


def can_still_shoot(g: Game, p: Player, reloading: str) -> bool:
    """After paying to reload `reloading`, could the player still fire something from here?"""
    b = _minus(budget(p), g.cards.weapons[reloading].reload_cost)
    pos = g.shot_positions(p)
    for w in p.weapons:
        weapon = g.cards.weapons[w.id]
        if w.loaded or w.id == reloading:
            spend = b
        elif all(weapon.reload_cost.count(c) <= b[i] for i, c in enumerate(CUBES)):
            spend = _minus(b, weapon.reload_cost)
        else:
            continue
        if effects.can_fire(weapon, g.arena, p.colour, pos, spend):
            return True
    return False


def shoot_action(g: Game, p: Player, n: int, *, reload: bool) -> Flow:
    move_figure, reload_phase = turn.move_figure, turn.reload_phase
    if n:
        here = p.square
        options = tuple(
            [
                new(Option, (q, "Shoot from here" if q == here else f"Move to {q}, then shoot", q, None))
                for q in shoot_squares(g, p, n, reload=reload)
            ]
        )
        # `g.ask`, spelled out: the action was offered for a square to shoot from.
        if len(options) > 1:
            key = yield new(Decision, (p.colour, "shoot_move", f"Shoot: move up to {n} first?", options, True, False))
        else:
            key = options[0].key
        yield from move_figure(g, p, key)
    if reload:
        yield from reload_phase(g, p, then_shoot=True)
    weapons = g.cards.weapons
    fireable: list[str] | None = None
    if not reload and not (n and g.hooks.entered):
        # The action was offered (and its square chosen) because a loaded weapon can be fired
        # from here, and nothing since changed who stands where or what can be spent: with a
        # single weapon loaded, it is that one, without asking `can_fire` again.
        for w in p.weapons:
            if w.loaded:
                if fireable is not None:
                    fireable = None  # more than one: ask which can be fired
                    break
                fireable = [w.id]
    options = []  # a loop, not a comprehension (a call of its own)
    for wid in fireable_weapons(g, p) if fireable is None else fireable:
        options.append(new(Option, (wid, weapons[wid].name, None, None)))
    # `g.ask`, spelled out: the action was offered because some weapon can be fired.
    if len(options) > 1:
        key = yield new(Decision, (p.colour, "weapon", "Shoot with which weapon?", tuple(options), True, False))
    else:
        key = options[0].key
    yield from fire(g, p, key)


# `_decision_kind`'s answers, per weapon (by identity, kept alongside so the id is never reused),
# effect, step, and whether a pick or an effect was made: they depend on the card and those alone,
# and cards never change once loaded, so nothing invalidates an entry. Asked at every labelled
# shot question, and each is an f-string or two.
_KINDS: dict[tuple[int, int, int, bool, bool], tuple[Weapon, tuple[str, str]]] = {}


def _decision_kind(shot: effects.Shot) -> tuple[str, str]:
    weapon = shot.weapon
    key = (id(weapon), shot.cur, shot.idx, bool(shot.picks), bool(shot.used))
    entry = _KINDS.get(key)
    if entry is None:  # its object is kept in it: the id is never reused
        entry = _KINDS[key] = (weapon, _kind_and_prompt(shot))
    return entry[1]


def _kind_and_prompt(shot: effects.Shot) -> tuple[str, str]:
    eff = shot.weapon.effects[shot.cur] if shot.cur >= 0 else None  # `shot.effect`, inline: hot
    name = shot.weapon.name
    if eff is None:
        return "effect", f"{name}: choose an effect" if not shot.used else f"{name}: add an effect or finish"
    step = eff.steps[shot.idx]
    if isinstance(step, Select):
        what = target_effect(eff, step.name)
        more = " (another)" if shot.picks else ""
        return "target", f"{name}, {eff.name.lower()}: choose a target{more}" + (f" ({what})" if what else "")
    if isinstance(step, SelectSquare):
        return "square", f"{name}, {eff.name.lower()}: choose a square"
    if isinstance(step, SelectRoom):
        return "room", f"{name}, {eff.name.lower()}: choose a room"
    if isinstance(step, SelectLine):
        return "direction", f"{name}, {eff.name.lower()}: choose a direction"
    if isinstance(step, effects.Pause):
        return "effect", f"{name}: add an effect now, or carry on"
    return "move", f"{name}, {eff.name.lower()}: choose where to move"


def _paid_effect(weapon: Weapon, key: str) -> Effect | None:
    """The effect with a cost that answering `key` starts, if any."""
    for eff in weapon.effects:
        if eff.id == key and eff.cost:
            return eff
    return None


def fire(g: Game, p: Player, weapon_id: str) -> Flow:
    weapon = g.cards.weapons[weapon_id]
    p.weapon(weapon_id).loaded = False
    # `g.emit`, spelled out (a call and a keyword dict less), as for every effect fired.
    g.events.append(
        new(Event, ("shoot", f"{p.name} fires the {weapon.name}", {"player": p.colour, "weapon": weapon_id}))
    )
    pos = g.shot_positions(p)
    # The targets' names label the options; a shot whose every answer is its only one needs none.
    names: dict[str, str] | None = None
    shot = effects.begin(weapon, g.arena, p.colour, pos, budget(p))
    # One list per effect in progress: an effect slotted into a paused one has its own window.
    damaged: list[list[str]] = []
    memo: dict = {}
    while True:
        g.current_shot = shot
        # The shot started because it could be fired, and every answer since was legal: this
        # state can always be finished.
        steps = effects.legal_steps(shot, memo, completable_here=True)
        keys = list(steps)
        # A lone answer that starts a paid effect (most lone answers are targets: no search for one).
        paid = _paid_effect(weapon, keys[0]) if len(keys) == 1 and keys[0] in weapon.effect_ids else None
        if len(keys) == 1 and not (paid is not None and g.asks_spending(paid.cost)):
            key = keys[0]  # what `ask` would do, without labelling an option nobody sees
        else:
            if names is None:
                names = {}
                players = g.players
                for c in pos:  # `g.name(c)`, spelled out: a call less a figure
                    q = players.get(c)
                    names[c] = q.name if q is not None else g.mode.target_name(c)
            opts = effects.raw_options(shot, names, keys, steps)
            kind, prompt = _decision_kind(shot)
            if paid is not None:
                # The only way on costs something: say so, and let the player's key spend it.
                prompt = f"{weapon.name}: the only way on is {paid.name.lower()}, for {', '.join(paid.cost)}"
            options = []  # a loop, not a comprehension (a call of its own)
            for o in opts:
                options.append(new(Option, (o[0], o[1], o[3], o[4])))  # key, label, square, target
            # `g.ask`, spelled out: more than one option, or a lone paid one kept (auto=False).
            key = yield new(Decision, (p.colour, kind, prompt, tuple(options), paid is None, False))
        stepped = steps[key]  # `effects.apply(shot, key)`, already stepped unless None
        if stepped is None:
            if key == "done" and shot.cur < 0:
                break  # between effects, "done" finishes the shot and does nothing else (`effects._step`)
            shot, ops = effects.apply(shot, key)
        else:
            shot, ops = stepped
        if shot.finished:
            break
        # Whether anything below may have changed what the shooter can spend: a cost paid, a
        # Targeting Scope's window, a rule module's hook. Most steps only deal damage and marks,
        # and counting the budget again after each of them was most of its count in a shot.
        spent = False
        for op in ops:
            # Op's fields by index (kind, effect, figure, amount, square): CPython 3.11 does not
            # specialize a named tuple's field read by name, each is a call out of the loop.
            kind, figure = op[0], op[2]
            if kind == "start":
                eff = weapon.effects[weapon.effect_ids.index(op[1])]  # `weapon.effect`, without its call
                if eff.cost:
                    spent = True
                    why = f"{weapon.name}: {eff.name.lower()}"
                    if not paid_at_once(g, p, eff.cost, why):
                        yield from pay(g, p, eff.cost, why)
                # `g.emit`, spelled out (a call and a keyword dict less): every effect fired.
                data = {"player": p.colour, "weapon": weapon_id, "effect": eff.id}
                g.events.append(new(Event, ("effect", f"{p.name}: {weapon.name}, {eff.name.lower()}", data)))
                damaged.append([])
            elif figure not in g.players and kind in ("damage", "mark"):
                # A target that is not a figure (a spawnpoint): the mode says what a hit does.
                g.mode.hit_target(g, p.colour, figure, kind, op[3])
                spent = True
            elif kind == "damage":
                deal_damage(g, p.colour, g.players[figure], op[3])
                if figure not in damaged[-1]:
                    damaged[-1].append(figure)
            elif kind == "mark":
                add_marks(g, p.colour, g.players[figure], op[3])
            elif kind == "move":
                who = g.players[figure]
                yield from turn.move_figure(g, who, op[4], why=weapon.name)
                if g.hooks.entered:
                    spent = True
            elif kind == "end":
                hit = damaged.pop()
                if hit and p.powerups:  # else the window has nothing to offer (no generator made)
                    spent = True
                    yield from scope_window(g, p, hit)
        if spent:
            spend = budget(p)
            if spend != shot.budget:  # paid with cubes or powerups, or a Targeting Scope was used
                shot = shot.with_budget(spend)
    g.current_shot = None
    if g.ledger.tagback:  # nobody damaged in sight: the window has nobody to ask (no generator made)
        yield from tagback_window(g, p)


def scope_window(g: Game, p: Player, damaged: list[str]) -> Flow:
    """Targeting Scope: after an effect that damaged players, +1 damage to one of them per scope."""
    while damaged:
        # A loop, not comprehensions: entered after most hits, and most hands hold no scope.
        scopes: list[str] = []
        for c in p.powerups:
            if c not in scopes and powerup_kind(c) == SCOPE and can_pay(p, [ANY], exclude=[c]):
                scopes.append(c)
        if not scopes:
            return
        options = [new(Option, (c, f"{g.name(c)}: 1 more damage", g.players[c].square, c)) for c in damaged]
        options.append(new(Option, ("pass", "No Targeting Scope", None, None)))
        # `g.ask`, spelled out: there are always two options at least.
        key = yield new(
            Decision, (p.colour, "scope", "Use a Targeting Scope for 1 more damage?", tuple(options), True, False)
        )
        if key == "pass":
            return
        if len(scopes) > 1:
            card = yield from g.ask(
                Decision(
                    p.colour,
                    "scope_card",
                    "Which Targeting Scope?",
                    tuple(Option(c, g.card_name(c)) for c in scopes),
                )
            )
        else:
            card = scopes[0]
        p.powerups.remove(card)
        g.board.powerup_discard.append(card)
        g.emit(
            "powerup",
            f"{p.name} uses a {g.card_name(card)} on {g.name(key)}",
            player=p.colour,
            powerup=card,
            target=key,
        )
        yield from pay(g, p, [ANY], "the Targeting Scope")
        deal_damage(g, p.colour, g.players[key], 1)


def tagback_window(g: Game, shooter: Player) -> Flow:
    """Players the shooter damaged while in their sight may answer with Tagback Grenades."""
    # Loops rather than comprehensions (each a call of its own): entered after most shots.
    victims: dict[str, None] = {}
    for v, a in g.ledger.tagback:
        if a == shooter.colour:
            victims[v] = None
    if not victims:
        return
    ask_all = g.config.tagback_prompt == "all"
    if len(victims) > 1:
        order = [p.colour for p in g.figures_in_order(g.active_index)]
        in_order = sorted(victims, key=order.index)
    else:
        in_order = list(victims)
    for colour in in_order:
        victim = g.players[colour]
        while True:
            held: dict[str, None] = {}
            for c in victim.powerups:
                if powerup_kind(c) == TAGBACK:
                    held[c] = None
            cards = list(held)
            if not cards and not ask_all:
                break
            options = [Option(c, f"Throw {g.card_name(c)}: {shooter.name} gets 1 mark") for c in cards]
            options.append(Option("pass", "Do nothing"))
            key = yield from g.ask(
                Decision(
                    colour,
                    "tagback",
                    f"{shooter.name} damaged you. Throw a Tagback Grenade?",
                    tuple(options),
                    auto=not ask_all,
                    # The bot (no seat, no cards) is asked too, and declines at once (saves
                    # hold its answer): nobody waits on it, so it is not a public point.
                    public=ask_all and colour in g.seats,
                )
            )
            if key == "pass":
                break
            victim.powerups.remove(key)
            g.board.powerup_discard.append(key)
            g.emit(
                "powerup",
                f"{victim.name} throws a {g.card_name(key)} at {shooter.name}",
                player=colour,
                powerup=key,
                target=shooter.colour,
            )
            add_marks(g, colour, shooter, 1)


# At the end, not the top: `turn` imports this module. An import inside `shoot_action` cost about
# a microsecond at every shoot action (issue 27, seventh round).
from adrenaline_tui.rules import turn  # noqa: E402
