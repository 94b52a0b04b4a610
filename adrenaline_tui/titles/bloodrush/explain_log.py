"""Why each event of the log happened, in words a player understands:
"You lost 2 blood: the Mozzie landed on the Damage tile g5, and you stood outside the graveyard
and the mine, the only places its Damage tiles do not reach."

Built from the events a seat may see (`views.events_for(seat, events)`) and the board data:
the reasons come from the event's own data and the events before it (where the Mozzie landed,
where the vampire last stood), never from the game, so the words cannot tell a seat what its
view does not. An event marked secret for another seat is not explained at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adrenaline_tui.titles.bloodrush.board import Board
from adrenaline_tui.titles.bloodrush.components import Components, load_components
from adrenaline_tui.titles.bloodrush.decision import Event
from adrenaline_tui.titles.bloodrush.explain import Explanation, cap
from adrenaline_tui.titles.bloodrush.game import CARD_NAMES
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD, START_BLOOD

Names = Mapping[str, str]


class _Log:
    def __init__(self, events: Sequence[Event], viewer: str | None, names: Names | None, c: Components | None) -> None:
        self.events = events
        self.viewer = viewer
        self.names = names or {}
        self.c = c or load_components()
        self.board = Board.of(self.c)

    def name(self, seat: str) -> str:
        return "you" if seat == self.viewer else self.names.get(seat, seat.capitalize())

    def title(self, seat: str) -> str:
        """The name at a sentence's start."""
        n = self.name(seat)
        return n[:1].upper() + n[1:]

    def verb(self, seat: str, you: str, other: str) -> str:
        return you if seat == self.viewer else other

    def human(self, tile: str) -> str:
        h = self.c.human.get(tile)
        return f"the {h.name} ({h.colour} {h.value})" if h else "a human"

    def before(self, index: int, *kinds: str) -> tuple[int, Event] | None:
        """The latest event of one of `kinds` before `index`, within the same turn."""
        for i in range(index - 1, -1, -1):
            e = self.events[i]
            if e.kind in kinds:
                return i, e
            if e.kind == "turn":
                return None
        return None

    def square_of(self, index: int, seat: str) -> str | None:
        """Where `seat` stood at event `index`, as far as the log tells (None: not known)."""
        for i in range(index - 1, -1, -1):
            e = self.events[i]
            if e.kind == "moved" and e.data.get("seat") == seat:
                return e.data["square"]
            if e.kind == "burst" and e.data.get("seat") == seat:
                return self.board.graveyard
            if e.kind == "dusk":
                return self.board.graveyard
        return None


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _blood(log: _Log, i: int, e: Event) -> Explanation:
    seat, change, why = e.data["seat"], e.data["change"], e.data["why"]
    who = log.title(seat)
    if change >= 0:
        subject = f"{who} gained {change} blood"
        if why == "collected":
            reasons = ["Collecting 1 blood was the turn's action."]
        elif why == "fed":
            reasons = [f"A vampire who steps on a human feeds: {5} blood, never past {MAX_BLOOD}."]
            if change < 5:
                reasons.append(f"Only {change}: {MAX_BLOOD} is the maximum, and feeding stops there (it never bursts).")
        elif why == "Coyote Snack":
            reasons = ["A Coyote Snack gives as much blood as the die shows."]
        elif why.startswith("midnight bonus"):
            reasons = [f"Time stood on a moon ({why[len('midnight bonus at ') :]}) at the end of the turn: its bonus."]
        else:
            reasons = [f"Because of {why}."]
        return Explanation(subject, None, tuple(reasons))
    lost = -change
    subject = f"{who} lost {lost} blood"
    where = log.square_of(i, seat)
    if why == "paid to move":
        reasons = ["A step costs 1 blood, paid before the step."]
    elif why == "a Damage tile":
        moved = log.before(i, "moved")
        square = moved[1].data["square"] if moved else where
        tile = log.board.tile(square) if square else None
        reasons = [
            f"{who} stepped onto the Damage tile {square or ''}".replace("  ", " ").strip()
            + (f", which costs {tile.amount} blood" if tile else "")
            + "; its effect comes before any human on it is eaten."
        ]
    elif why == "the Mozzie on a Damage tile":
        flew = log.before(i, "mozzie-moved")
        square = flew[1].data["square"] if flew else "a Damage tile"
        place = f" ({log.name(seat)} {log.verb(seat, 'were', 'was')} on {where}, {_kind(log, where)})" if where else ""
        reasons = [
            f"The Mozzie landed on the Damage tile {square}, and {log.name(seat)} stood outside the graveyard and"
            f" the mine, the only places its Damage tiles do not reach{place}."
        ]
        if where and log.board.kind(where) == "building":
            reasons.append("A building shelters only from the dawn.")
    elif why.startswith("dawn penalty"):
        label = why[len("dawn penalty at ") :]
        place = f" on {where}, {_kind(log, where)}" if where else ""
        reasons = [
            f"Time stood on a sun ({label}) at the end of {_whose(log, seat)} turn, and {log.name(seat)}"
            f" {log.verb(seat, 'were', 'was')} out of shelter{place}: only the graveyard, a building or the mine"
            " shelter from the dawn (or a Giant Umbrella)."
        ]
    else:
        reasons = [f"Because of {why}."]
    if lost < _asked(log, i, e):
        reasons.append(f"Only {lost}: that was all the blood left.")
    return Explanation(subject, None, tuple(reasons))


def _asked(log: _Log, i: int, e: Event) -> int:
    """How much a loss asked for (a Damage tile's or the sun's strength), when the log says."""
    why = e.data["why"]
    if why.startswith("dawn penalty"):
        label = why[len("dawn penalty at ") :]
        return next((s.blood for s in log.c.time if s.label == label), 0)
    if "Damage tile" in why:
        found = log.before(i, "mozzie-moved" if "Mozzie" in why else "moved")
        if found:
            return log.board.tile(found[1].data["square"]).amount
    return 0


def _kind(log: _Log, square: str) -> str:
    kind = log.board.kind(square)
    return {"graveyard": "the graveyard", "mine": "the mine", "building": "a building"}.get(kind, f"a {kind} tile")


def _time(log: _Log, e: Event) -> Explanation:
    hours, to, why = e.data["hours"], e.data["to"], e.data.get("why", "")
    label = log.c.time[to].label
    subject = f"Time moved {_s(hours, 'hour')} to {label}"
    reasons = {
        "a new round": "A new round began: Player 1 moves time 1 hour at the start of each of their turns.",
        "a Clocks tile": "A vampire stepped on a Clocks tile.",
        "the Mozzie on a Clocks tile": "The Mozzie flew onto a Clocks tile.",
        "Time Energy": "A Time Energy card moves time as far as the die shows.",
    }
    why_text = reasons.get(why, f"Because of {why}." if why else "")
    space = log.c.time[to]
    effect = {
        "moon": f"A moon: the vampire whose turn ends there gains {space.blood} blood.",
        "sun": f"A sun: the vampire whose turn ends there out of shelter loses {space.blood} blood.",
    }.get(space.symbol, "")
    return Explanation(subject, None, tuple(t for t in (why_text, effect) if t))


def explain_event(
    events: Sequence[Event],
    index: int,
    viewer: str | None = None,
    names: Names | None = None,
    components: Components | None = None,
) -> Explanation:
    """Why `events[index]` happened, told to `viewer` ("you") from the events it may see."""
    log = _Log(events, viewer, names, components)
    e = events[index]
    d: dict[str, Any] = e.data
    secret = d.get("secret")
    if secret is not None and secret != viewer:
        return Explanation("A hidden event", None, ("Only its player may see it.",))
    seat = d.get("seat")
    who = log.title(seat) if isinstance(seat, str) else ""
    k = e.kind
    if k == "blood":
        return _blood(log, index, e)
    if k == "time":
        return _time(log, e)
    if k == "burst":
        follows = events[index + 1] if index + 1 < len(events) else None
        if follows is not None and follows.kind == "eliminated" and follows.data.get("seat") == seat:
            outcome = f"The table reads a burst as an elimination: {log.name(seat)} {log.verb(seat, 'are', 'is')} out."
        else:
            outcome = f"A burst sends the vampire back to the graveyard ({log.board.graveyard}) with 1 blood."
        cause = str(d.get("why", "a gain"))
        return Explanation(
            f"{who} burst",
            None,
            (
                f"{cap(cause)}: that gain would have taken {log.name(seat)} past {MAX_BLOOD} blood,"
                " the maximum; a gain nobody chooses the size of (a Coyote Snack, a midnight bonus) bursts past it.",
                outcome,
            ),
        )
    if k == "eliminated":
        why = d.get("why", "")
        reason = {
            "burst": "the burst (the table's setting makes a burst an elimination)",
            "paid to move": "a step",
            "a Damage tile": "a Damage tile",
        }.get(why, why if why.startswith("the ") else f"the {why}")
        return Explanation(
            f"{who} {log.verb(seat, 'are', 'is')} eliminated",
            None,
            (
                f"A vampire with no blood left is eliminated: the last blood went to {reason}.",
                "An eliminated vampire keeps its humans and ranks below every survivor; its red cards are discarded.",
            ),
        )
    if k == "drained":
        where = log.before(index, "mozzie-moved")
        square = where[1].data["square"] if where else "their square"
        return Explanation(
            f"The Mozzie drained {log.name(seat)}",
            None,
            (
                f"The Mozzie's flight reached {log.name(seat)} on {square}: it stops there and drains a vampire to 1"
                f" blood ({-d.get('change', 0)} lost).",
                "Then it returns to where Player 2 placed it.",
            ),
        )
    if k == "eaten":
        return Explanation(
            f"The Mozzie eliminated {log.human(d['tile'])}",
            None,
            (
                f"Its flight reached {d['square']}, where the human stood: the Mozzie stops on a human and eliminates"
                " them, whatever steps the die had left. It stays there.",
            ),
        )
    if k == "fed":
        return Explanation(
            f"{who} fed on {log.human(d['tile'])}",
            None,
            (
                f"{who} stepped onto {d['square']}, where the human stood: the vampire collects the tile, gains 5 blood"
                f" (never past {MAX_BLOOD}) and stops moving.",
            ),
        )
    if k == "moved":
        return Explanation(f"{who} stepped to {d['square']}", None, (_step_reason(log, index),))
    if k == "free-steps":
        whose = f"{who} gets" if seat else "The Mozzie gets"
        more = "to take one by one or to stop" if seat else "straight on"
        return Explanation(
            f"{whose} {_s(d['steps'], 'free step')}", None, (f"A Steps tile gives free steps once a movement, {more}.",)
        )
    if k == "mozzie-moved":
        return Explanation(
            f"The Mozzie flew to {d['square']}",
            None,
            ("The die said how far; it flies straight on, over the graveyard without spending a step.",),
        )
    if k == "mozzie-returned":
        return Explanation(
            f"The Mozzie returned to {d['square']}",
            None,
            ("After draining a vampire the Mozzie goes back to where Player 2 placed it.",),
        )
    if k == "protected":
        tail = e.text.split("'s ", 1)[-1] if "'s " in e.text else ""
        if "Mask" in tail:
            why = "A Mask of Immunity prevents the blood a Damage tile takes, for the rest of the turn it is played."
        elif "Umbrella" in tail:
            why = "A Giant Umbrella prevents the dawn penalty, for the rest of the turn it is played."
        else:
            why = "The Mozzie's Damage tiles hurt nobody in the graveyard or the mine."
        return Explanation(f"{who} {log.verb(seat, 'were', 'was')} protected", None, (why,))
    if k == "sheltered":
        return Explanation(
            f"{who} {log.verb(seat, 'were', 'was')} sheltered from the dawn",
            None,
            ("No dawn penalty falls in the graveyard, a building or the mine.",),
        )
    if k == "rolled":
        return Explanation(f"The die showed {d['value']}", None, (f"Rolled for {d['why']}.",))
    if k == "drew":
        card = d.get("card")
        if card:
            return Explanation(
                f"{who} drew {CARD_NAMES[card]}", None, ("A black card is shown and resolved at once, then discarded.",)
            )
        return Explanation(
            f"{who} drew a red card",
            None,
            ("A red card is kept in secret or played; the others learn only its colour.",),
        )
    if k == "drew-red":
        return Explanation(f"You drew {CARD_NAMES[d['card']]}", None, ("Only you see which red card it is.",))
    if k == "played":
        return Explanation(f"{who} played {CARD_NAMES[d['card']]}", None, ("Red cards can be played at any time.",))
    if k == "carriage":
        return Explanation(
            f"{cap(log.human(d['tile']))} rode to {d['square']}",
            None,
            ("A Carriage Ride moves one human one tile, in any direction.",),
        )
    if k == "turn":
        return Explanation(
            f"{who}{log.verb(seat, 'r', chr(39) + 's')} turn",
            None,
            ("One action; then the Mozzie; then the time effects.",),
        )
    if k == "blocked":
        return Explanation(f"{who} could not step", None, ("Every step was walled by a figure.",))
    if k == "passed":
        return Explanation(f"{who} passed", None, ("No action was open: walled in on 10 blood, with no card to draw.",))
    if k == "reshuffled":
        return Explanation("The discards were shuffled", None, ("The deck ran out: the discards become the new deck.",))
    if k == "game-over":
        reason = {
            "survival": "Only one vampire is left alive: the last vampire standing wins.",
            "collection": "No human is left on the board: the most humans wins, then values and colours, then blood.",
        }.get(d.get("reason", ""), "")
        return Explanation("The game is over", None, (reason,) if reason else ())
    if k == "dusk":
        return Explanation(
            "Dusk", None, (f"Every vampire starts in the graveyard with {START_BLOOD} blood; time starts at dusk.",)
        )
    if k == "placed-human":
        return Explanation(
            e.text, None, ("Humans are placed in turn, from the face-up stack, never next to the graveyard.",)
        )
    if k == "placed-mozzie":
        return Explanation(e.text, None, ("Player 2 places the Mozzie anywhere but the graveyard and the humans.",))
    if k == "player-1":
        return Explanation(
            e.text, None, ("Player 1 is drawn (nobody can see who bled last); Player 2 is the next seat clockwise.",)
        )
    return Explanation(e.text, None, ())


def _step_reason(log: _Log, index: int) -> str:
    """Why a vampire stepped: the latest cause of steps in the turn before it."""
    for i in range(index - 1, -1, -1):
        e = log.events[i]
        if e.kind == "turn":
            break
        if e.kind == "rolled" and e.data.get("why") == "Donkey Ride":
            return "A Donkey Ride: free steps, as many as the die showed, each one chosen."
        if e.kind == "free-steps" and e.data.get("seat"):
            return "A free step from a Steps tile."
        if e.kind == "blood" and e.data.get("why") == "paid to move":
            return "A step paid with 1 blood."
    return "A step."


def explain_events(events: Sequence[Event], viewer: str | None = None, names: Names | None = None) -> list[Explanation]:
    """One explanation per event `viewer` may see (the others' secret events are left out)."""
    seen = [e for e in events if e.data.get("secret") in (None, viewer)]
    c = load_components()
    return [explain_event(seen, i, viewer, names, c) for i in range(len(seen))]


__all__ = ["explain_event", "explain_events"]


def _whose(log: _Log, seat: str) -> str:
    return "your" if seat == log.viewer else f"{log.name(seat)}'s"
