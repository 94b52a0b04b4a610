"""A whole game that agrees with what one seat can see: the hard player's imagination.

Only `game.view(seat)` goes in. Everything the view hides (the others' powerups and loaded
weapons, the order of the decks, the others' points) is filled in at random from the cards that
seat has not seen, and the result is built as a scenario (`Game.from_scenario`). Two true games
that look the same from the seat give the same imagined games for the same random numbers, so a
player searching these can never play on information it should not have.
"""

from __future__ import annotations

import random
from typing import Any

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.cards import CardSet, load_cards
from adrenaline_tui.rules.errors import DataError


def unseen_cards(view: dict[str, Any], cards: CardSet) -> tuple[list[str], list[str]]:
    """The weapons and powerups this seat has not seen anywhere: in others' hands or a deck."""
    me = view["viewer"]
    weapons = set(cards.weapons)
    for rack in view["racks"].values():
        weapons.difference_update(w for w in rack if w)
    powerups = cards.powerup_deck()
    for c in view["decks"]["powerup_discard"]:
        if c in powerups:
            powerups.remove(c)
    for p in view["players"]:
        weapons.difference_update(w["id"] for w in p["weapons"] if w["id"])
        if p["colour"] == me:
            for c in p["powerups"] or ():
                if c in powerups:
                    powerups.remove(c)
    return sorted(weapons), sorted(powerups)


def scenario_from_view(view: dict[str, Any], rng: random.Random, cards: CardSet | None = None) -> dict[str, Any]:
    """A scenario for the position `view` shows, hidden parts sampled with `rng`.

    Meant for the start of an action of the viewer's own turn (`actions_taken` comes from the
    actions left), which is where the hard player searches.
    """
    cards = cards or load_cards()
    me = view["viewer"]
    weapons, powerups = unseen_cards(view, cards)
    rng.shuffle(weapons)
    rng.shuffle(powerups)
    players = []
    for p in view["players"]:
        mine = p["colour"] == me
        held: list[Any] = []
        for w in p["weapons"]:
            if w["id"] is not None:
                held.append({"id": w["id"], "loaded": w["loaded"]})
            elif weapons:  # a loaded weapon I have not seen: one of the weapons I have not seen
                held.append({"id": weapons.pop(), "loaded": True})
        if mine:
            hand = list(p["powerups"] or ())
        else:
            hand = [powerups.pop() for _ in range(min(p["powerup_count"], len(powerups)))]
        players.append(
            {
                "colour": p["colour"],
                "name": p["name"],
                "square": p["square"],
                "damage": list(p["damage"]),
                "marks": dict(p["marks"]),
                "skulls": p["skulls"],
                "frenzy_board": p["frenzy_board"],
                "frenzy_actions": p["frenzy_actions"],
                "ammo": dict(p["ammo"]),
                "weapons": held,
                "powerups": hand,
                # others' points are face down; only differences made in the search are compared
                "score": p["score"] if mine and p["score"] is not None else 0,
            }
        )
    active = next(p for p in view["players"] if p["colour"] == view["active"])
    per_turn = active["frenzy_actions"] if view["frenzy"] else 2
    scenario: dict[str, Any] = {
        "arena": view["arena"],
        "skulls": view["skulls"],
        "ending": view["ending"],
        "players": players,
        "active": view["active"],
        "first_player": view["first_player"],
        "turn": max(1, view["turn"]),
        "actions_taken": max(0, min(2, per_turn - view["actions_left"])),
        "killshot_track": [list(e) for e in view["killshot_track"]],
        # kills that took a skull and left no token on the track (a mode's own scoring)
        "untracked_kills": max(0, view["skulls"] - view["skulls_left"] - len(view["killshot_track"])),
        "frenzy": view["frenzy"],
        "racks": {c: list(r) for c, r in view["racks"].items()},
        "ammo_tiles": dict(view["ammo_tiles"]),
        "decks": {
            "powerup_discard": list(view["decks"]["powerup_discard"]),
            "ammo_discard": list(view["decks"]["ammo_discard"]),
        },
    }
    if view["frenzy"]:
        scenario["frenzy_trigger"] = view["frenzy_trigger"]
    _mode_parts(view, scenario)
    return scenario


def _mode_parts(view: dict[str, Any], scenario: dict[str, Any]) -> None:
    """The mode's public parts, so an imagined game scores what the real one does: Domination's
    spawnpoint tracks, the turret board and its owners, the bot's figure and board. All of them
    are on the table for everyone to see."""
    mode = view.get("mode", "standard")
    scenario["mode"] = mode
    dom = view.get("domination")
    if dom is not None:
        scenario["domination"] = {c: list(t) for c, t in dom["tracks"].items()}
    turret = view.get("turret")
    if turret is not None:
        scenario["turret"] = {"offer": list(turret["offer"]), "turrets": dict(turret["turrets"])}
        scenario["ammo_tiles"] = {}  # the turret board holds the tiles; the stack is sampled
    bot = view.get("bot")
    if bot is not None:
        scenario["bot"] = {
            "colour": bot["colour"],
            "name": bot["name"],
            "square": bot["square"],
            "damage": list(bot["damage"]),
            "marks": dict(bot["marks"]),
            "skulls": bot["skulls"],
            "frenzy_board": bot["frenzy_board"],
        }


def _turn_state(game: Game, view: dict[str, Any]) -> None:
    """What the mode remembers of the turn under way (a scenario starts its turn afresh): whether
    the spawnpoints can be tagged and were, the squares grabbed from the turret board, whether the
    bot has acted. Read from the view, which shows all of it."""
    dom = view.get("domination")
    turret = view.get("turret")
    for rules in game.rules:
        if rules.name == "domination" and dom is not None:
            rules.first_turn = bool(dom["first_turn"])  # type: ignore[attr-defined]
            rules.tagged = bool(dom["tagged_this_turn"])  # type: ignore[attr-defined]
        elif rules.name == "turret" and turret is not None:
            rules.grabbed = list(turret["grabbed"])  # type: ignore[attr-defined]
        elif rules.name == "bot" and "bot_acted" in view:
            rules.acted = bool(view["bot_acted"])  # type: ignore[attr-defined]


def sample_game(view: dict[str, Any], rng: random.Random, cards: CardSet | None = None) -> Game:
    """An imagined game consistent with `view` (raises DataError if the position cannot be one)."""
    if view["frenzy"] and view.get("bot") is not None:
        # rules/scenario.py hands the bot a frenzy action box it has none of (KeyError): no
        # imagined game here, the player's plan search answers alone (left to the engine's owners)
        raise DataError("scenario", "", "bot", "a final-frenzy position with the bot cannot be built yet")
    game = Game.from_scenario(scenario_from_view(view, rng, cards), seed=rng.randrange(1 << 30))
    if game.pending is not None:  # the turn has started (its hooks ran): put back what it had done
        _turn_state(game, view)
    return game


__all__ = ["sample_game", "scenario_from_view", "unseen_cards"]
