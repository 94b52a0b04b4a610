"""What a seat may do, read from that seat's view alone: the legal actions with their keys and
labels, and why a key is not one of them.

The engine checks every action here (`Game.act`), and the computer players read their options
here too: one reading of the rules, built from what the seat may know, so neither a prompt nor
a refusal can depend on hidden cards.

Keys (stable; saves and the wire carry them):
    play:<character>:<seat>:<position>   a character from your hand on a card (1-4) of a set
    shield                                a Shield from your hand into play, beside your set
    shoot:<seat>                          take the gun and shoot that seat
    fold                                  leave the round (a player who drops, or gives up)
"""

from __future__ import annotations

from typing import Any, NamedTuple

GRANDMA = "grandma"
SHIELD = "shield"
POSITIONS = 4


class Action(NamedTuple):
    key: str
    label: str


def _seat(view: dict[str, Any], seat: str) -> dict[str, Any] | None:
    return view["table"].get(seat)


def _name(view: dict[str, Any], char: str) -> str:
    return view["characters"][char]["name"]


def why_not(view: dict[str, Any], key: str) -> str | None:
    """None if `key` is legal for the view's seat now, else the reason in a few words."""
    me = view["seat"]
    if view["over"]:
        return "the game is over"
    mine = _seat(view, me) if me is not None else None
    if mine is None:
        return "this seat is not in the game"
    if not mine["in_round"]:
        return "you are not in this round"
    if not mine["live"]:
        return "you are out of this round"
    if key == "fold":
        return None
    if view["phase"] != "play":
        return 'wait for "fire!"'
    verb, _, rest = key.partition(":")
    if verb == "shield":
        if rest:
            return "a Shield goes beside your own set: the key is just 'shield'"
        if SHIELD not in view["hand"]:
            return "you hold no Shield"
        if mine["shield"]:
            return "you already have a Shield in play (one at a time)"
        return None
    if verb == "shoot":
        target = _seat(view, rest)
        if target is None or not target["in_round"]:
            return f"{rest[:20]!r} is not a player of this round"
        if rest == me:
            return "you cannot shoot yourself"
        if not target["live"]:
            return f"{rest} is already out"
        if view["gun"] is not None:
            return f"the gun is in {view['gun']}'s hand"
        return None
    if verb == "play":
        char, _, where = rest.partition(":")
        seat, _, pos = where.partition(":")
        if char == SHIELD:
            return "a Shield is not played on a set (key 'shield' puts it in play)"
        if char not in view["characters"]:
            return f"{char[:20]!r} is not a character"
        if char not in view["hand"]:
            return f"you hold no {_name(view, char)}"
        target = _seat(view, seat)
        if target is None or not target["in_round"]:
            return f"{seat[:20]!r} is not a player of this round"
        if not target["live"]:
            return f"{seat} is out: their cards are off the table"
        if pos not in {str(p) for p in range(1, POSITIONS + 1)}:
            return f"the position is 1 to {POSITIONS}, not {pos[:5]!r}"
        if char != GRANDMA and char not in target["set"]:
            return f"{_name(view, char)} is not in {seat}'s set"
        return None
    return f"no action {verb[:20]!r} (play, shield, shoot, fold)"


def shot_is_fair(view: dict[str, Any], target: str) -> bool:
    """A shot is fair if the shooter's set or the target's is a match; otherwise it is a foul
    and the shooter leaves the round."""
    return view["table"][view["seat"]]["match"] or view["table"][target]["match"]


def actions(view: dict[str, Any]) -> list[Action]:
    """Every legal action of the view's seat, in a stable order: plays, shield, shots, fold."""
    me = view["seat"]
    mine = _seat(view, me) if me is not None else None
    if view["over"] or mine is None or not mine["live"]:
        return []
    out: list[Action] = []
    if view["phase"] == "play":
        hand = view["hand"]
        for char in sorted(set(hand) - {SHIELD}):
            name = _name(view, char)
            for seat, s in view["table"].items():
                if not s["live"] or (char != GRANDMA and char not in s["set"]):
                    continue
                whose = "your" if seat == me else f"{seat}'s"
                for p, top in enumerate(s["set"], 1):
                    on = _name(view, top) if top in view["characters"] else "a card"
                    out.append(Action(f"play:{char}:{seat}:{p}", f"{name} on {whose} card {p} ({on})"))
        if SHIELD in hand and not mine["shield"]:
            out.append(Action("shield", "put a Shield in play"))
        if view["gun"] is None:
            for seat, s in view["table"].items():
                if seat == me or not s["live"]:
                    continue
                if mine["match"]:
                    why = "your set is a match"
                elif s["match"]:
                    why = "their set is a match"
                else:
                    why = "no match: a foul, you would leave the round"
                out.append(Action(f"shoot:{seat}", f"shoot {seat} ({why})"))
    out.append(Action("fold", "leave the round"))
    return out
