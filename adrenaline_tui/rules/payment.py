"""Paying ammo costs with cubes and/or powerup cards of the same colour."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING

from adrenaline_tui.rules.cards import CUBES, powerup_colour
from adrenaline_tui.rules.decision import Decision, Event, Option, new
from adrenaline_tui.rules.state import Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

ANY = "any"  # a cube of any colour (Targeting Scope)


def spendable(cubes: tuple[int, int, int], powerups: Iterable[str]) -> tuple[int, int, int]:
    """Red, blue and yellow that can be spent: the cubes plus one for each powerup of the colour."""
    red, blue, yellow = cubes
    for card in powerups:
        colour = card[card.rindex("-") + 1 :]
        if colour == "red":
            red += 1
        elif colour == "blue":
            blue += 1
        else:
            yellow += 1
    return red, blue, yellow


def budget(p: Player, exclude: Iterable[str] = ()) -> tuple[int, int, int]:
    """What a player can spend: cubes plus powerups of each colour (less the cards in `exclude`)."""
    cards = p.powerups
    if exclude:
        cards = list(cards)
        for card in exclude:
            cards.remove(card)
    ammo = p.ammo
    red, blue, yellow = ammo["red"], ammo["blue"], ammo["yellow"]
    # `spendable`, spelled out: asked over a thousand times a game (every shoot, grab and pay
    # check). The colour from the cached `powerup_colour` (a lookup), not `str.endswith` (a call
    # of a method, two for a blue or yellow card).
    for card in cards:
        colour = powerup_colour(card)
        if colour == "red":
            red += 1
        elif colour == "blue":
            blue += 1
        else:
            yellow += 1
    return red, blue, yellow


def affordable(cost: tuple[str, ...], spend: tuple[int, int, int]) -> bool:
    """Can a cost of specific colours be met from a budget (as returned by `budget`)?"""
    return cost.count("red") <= spend[0] and cost.count("blue") <= spend[1] and cost.count("yellow") <= spend[2]


def can_pay(p: Player, cost: Iterable[str], exclude: Iterable[str] = ()) -> bool:
    # Asked for every weapon at every reload and grab question: one pass over the cost.
    red, blue, yellow = budget(p, exclude)
    spare = red + blue + yellow
    for c in cost:
        if c == "red":
            red -= 1
        elif c == "blue":
            blue -= 1
        elif c == "yellow":
            yellow -= 1
        elif c != ANY:
            continue
        spare -= 1  # every cube paid, of its own colour or of any colour (ANY)
    return red >= 0 and blue >= 0 and yellow >= 0 and spare >= 0


def paid_at_once(g: Game, p: Player, cost: Iterable[str], why: str) -> bool:
    """Pay a cost that no question could come from (no "any colour" cube, no card in hand of a
    colour it names, every cube at hand) as `pay` would, and say so; False, having paid nothing,
    when `pay` must run. The callers try this first: most payments ask nothing, and `pay`'s
    generator cost more than the payment (issue 27)."""
    if ANY in cost:
        return False
    ammo = p.ammo
    red = blue = yellow = 0
    for c in cost:
        if c == "red":
            red += 1
        elif c == "blue":
            blue += 1
        elif c == "yellow":
            yellow += 1
    if red > ammo["red"] or blue > ammo["blue"] or yellow > ammo["yellow"]:
        return False
    for card in p.powerups:
        if powerup_colour(card) in cost:
            return False
    for c in cost:
        if c in CUBES:
            ammo[c] -= 1
            # `g.emit`, spelled out (a call and a keyword dict less): most cubes paid.
            g.events.append(
                new(Event, ("paid", f"{p.name} pays a {c} cube for {why}", {"player": p.colour, "cube": c}))
            )
    return True


def pay(g: Game, p: Player, cost: Iterable[str], why: str) -> Generator[Decision, str, None]:
    """Pay a cost one cube at a time, asking only where a powerup could stand in for a cube."""
    cost = list(cost)
    for i, colour in enumerate(cost):
        colours = CUBES if colour == ANY else (colour,)
        # What could be spent: cubes first, then each distinct card of the colour, in hand order.
        ways = [c for c in colours if p.ammo[c] > 0]
        ways += [card for card in dict.fromkeys(p.powerups) if colour == ANY or powerup_colour(card) == colour]
        ways = [w for w in ways if _still_payable(p, w, cost[i + 1 :])]
        if len(ways) == 1:
            spent = ways[0]  # what `ask` would answer: a payment is never asked with one way
        else:
            options = tuple(
                Option(f"pay:{w}", f"A {w} cube" if w in CUBES else f"Discard {g.card_name(w)}") for w in ways
            )
            what = "a cube of any colour" if colour == ANY else f"{colour}"
            key = yield from g.ask(Decision(p.colour, "pay", f"Pay {what} for {why}", options))
            spent = key.split(":", 1)[1]
        if spent in CUBES:
            p.ammo[spent] -= 1
            # `g.emit`, spelled out (a call with a keyword dict less), as in `paid_at_once`.
            g.events.append(
                new(Event, ("paid", f"{p.name} pays a {spent} cube for {why}", {"player": p.colour, "cube": spent}))
            )
        else:
            p.powerups.remove(spent)
            g.board.powerup_discard.append(spent)
            text = f"{p.name} discards {g.card_name(spent)} to pay for {why}"
            g.events.append(new(Event, ("paid", text, {"player": p.colour, "powerup": spent})))


def _still_payable(p: Player, spent: str, rest: list[str]) -> bool:
    """Could the rest of the cost still be paid after spending `spent` (a cube colour or a card)?"""
    if spent in CUBES:
        p.ammo[spent] -= 1
        ok = can_pay(p, rest)
        p.ammo[spent] += 1
        return ok
    return can_pay(p, rest, exclude=[spent])
