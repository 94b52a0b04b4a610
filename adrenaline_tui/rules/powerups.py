"""Powerups played on your own turn outside actions: Newton and Teleporter.

(Targeting Scope and Tagback Grenade belong to a shot and live in `shooting`.)
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from typing import TYPE_CHECKING

from adrenaline_tui.rules.arena import DIRECTIONS
from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.decision import Decision, Event, Option, new
from adrenaline_tui.rules.state import Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.arena import Arena
    from adrenaline_tui.rules.game import Game

NEWTON = "newton"
TELEPORTER = "teleporter"


def newton_destinations(g: Game, square: str) -> list[str]:
    """Squares 1 or 2 legal steps away in one straight direction."""
    return list(_newton_squares(g.arena, square))


# Asked for every figure at every action question of a player holding a Newton. It depends on the
# arena (immutable, hashed by identity) and the square alone, so nothing invalidates an entry.
@cache
def _newton_squares(arena: Arena, square: str) -> tuple[str, ...]:
    out: list[str] = []
    for d in DIRECTIONS:
        out += arena.walk[(square, d)][:2]
    return tuple(out)


def newton_targets(g: Game, p: Player) -> list[Player]:
    arena = g.arena
    return [q for q in g.players.values() if q is not p and q.square is not None and _newton_squares(arena, q.square)]


def usable_powerups(g: Game, p: Player) -> list[str]:
    """Distinct cards the player could play right now (between actions on their own turn)."""
    out: list[str] = []
    if not p.powerups:  # asked at every action question
        return out
    for card in dict.fromkeys(p.powerups):
        kind = powerup_kind(card)
        if (kind == TELEPORTER and p.square is not None) or (kind == NEWTON and _any_newton_target(g, p)):
            out.append(card)
    return out


def _any_newton_target(g: Game, p: Player) -> bool:
    """Whether `newton_targets` has one: at every action question of a player holding a Newton,
    where only a yes or no is wanted (no list, stopping at the first)."""
    arena = g.arena
    for q in g.players.values():
        if q is not p and q.square is not None and _newton_squares(arena, q.square):
            return True
    return False


def use_powerup(g: Game, p: Player, card: str) -> Generator[Decision, str, None]:
    move_figure = turn.move_figure
    kind = powerup_kind(card)
    if kind == NEWTON:
        # `g.ask` spelled out, the options built by loops (issue 27: no generator, no call per
        # option): the card was offered because it has a target, and a target somewhere to go.
        options = []
        for q in newton_targets(g, p):
            options.append(new(Option, (q.colour, q.name, q.square, q.colour)))
        if len(options) > 1:
            target = yield new(Decision, (p.colour, "newton_target", "Newton: push whom?", tuple(options), True, False))
        else:
            target = options[0].key
        victim = g.players[target]
        options = []
        for q in newton_destinations(g, victim.square):
            options.append(new(Option, (q, f"Push {victim.name} to {q}", q, None)))
        if len(options) > 1:
            prompt = f"Newton: push {victim.name} where?"
            dest = yield new(Decision, (p.colour, "newton_square", prompt, tuple(options), True, False))
        else:
            dest = options[0].key
        _discard(g, p, card, f"on {victim.name}")
        yield from move_figure(g, victim, dest, why="Newton")
    elif kind == TELEPORTER:
        options = _teleport_options(g.arena, p.square)
        if len(options) > 1:  # `g.ask`, spelled out
            dest = yield new(Decision, (p.colour, "teleport", "Teleporter: where to?", options, True, False))
        else:
            dest = options[0].key
        _discard(g, p, card, "")
        yield from move_figure(g, p, dest, why="Teleporter", jump=True)
    else:
        raise AssertionError(f"{card} cannot be played between actions")


# Asked a dozen times a game; the options depend on the arena and the square alone (immutable,
# the arena hashed by identity), so nothing invalidates an entry.
@cache
def _teleport_options(arena: Arena, here: str) -> tuple[Option, ...]:
    return tuple(Option(q, f"Teleport to {q}", square=q) for q in arena.squares if q != here)


def _discard(g: Game, p: Player, card: str, what: str) -> None:
    p.powerups.remove(card)
    g.board.powerup_discard.append(card)
    # `g.emit`, spelled out (a call with a keyword dict less): every powerup played.
    text = f"{p.name} plays a {g.card_name(card)}" + (f" {what}" if what else "")
    g.events.append(new(Event, ("powerup", text, {"player": p.colour, "powerup": card})))


# At the end, not the top: `turn` imports this module. An import inside `use_powerup` cost about
# a microsecond at every powerup played (issue 27, seventh round).
from adrenaline_tui.rules import turn  # noqa: E402
