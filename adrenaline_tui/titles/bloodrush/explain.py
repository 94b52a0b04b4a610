"""Why an option of Bloodrush is allowed or not, and what it will do; and what a square, figure
or the time track means, for the person at the screen.

Everything is built from `view(seat)` and the board data, never from the game: an explanation
can say nothing the seat does not already see (no other seat's red cards, no deck order), so it
is as safe to send to a guest as the view itself (tests/titles/bloodrush/test_explain.py checks
two deals that differ only in hidden cards explain alike). The verdict always agrees with the
engine because it *is* the engine's: an option is allowed when the view's pending decision
offers it; the reasons only say which rule made it so.

`Explanation` and `Topic` have the shape of Adrenaline's (`rules/explain/words.py`,
`rules/explain/questions.py`: subject, legal, why, does; id, label, group), so one explain
screen shows both titles; they are defined again here because a title imports nothing of
Adrenaline's engine.

Entry points for a table: `topics(view)`, `explain(view, thing)`, `why_not(view, key)`; the
log's events are explained by `titles/bloodrush/explain_log.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adrenaline_tui.record import record
from adrenaline_tui.titles.bloodrush.board import (
    DIRECTION_NAMES,
    DIRECTIONS,
    SHELTERS,
    Board,
)
from adrenaline_tui.titles.bloodrush.components import Components, load_components
from adrenaline_tui.titles.bloodrush.flight import flights, heading_after
from adrenaline_tui.titles.bloodrush.game import CARD_NAMES
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD

FEED_BLOOD = 5  # flow.FEED_BLOOD: the rules' "Gain 5 blood tiles"
PLACING = ("place-human", "place-mozzie")  # decisions whose keys are squares of the board
View = Mapping[str, Any]
Names = Mapping[str, str]


@record
class Explanation:
    """The answer to "why?" about one thing (the shape of Adrenaline's).

    `legal` is True for an option that can be chosen now, False for a choice the rules do not
    allow now, None for something that is not a choice (a square, a figure, the time track).
    `why` holds the reasons, most important first; `does` what choosing it would do.
    """

    subject: str
    legal: bool | None
    why: tuple[str, ...] = ()
    does: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        head = self.subject
        if self.legal is True:
            head += " - allowed"
        elif self.legal is False:
            head += " - not allowed"
        return "\n".join([head, *self.why, *self.does])


@record
class Topic:
    """One thing that can be explained: `id` is what `explain` is asked about."""

    id: str
    label: str
    group: str


KIND_WORDS = {
    "plain": "a plain tile",
    "graveyard": "the graveyard",
    "building": "a building",
    "mine": "the mine",
    "damage": "a Damage tile",
    "clocks": "a Clocks tile",
    "steps": "a Steps tile",
}
CARD_DOES = {
    "coyote_snack": "roll the die and take that much blood (past 10 you burst)",
    "donkey_ride": "roll the die and take that many steps for free, each one chosen",
    "time_energy": "roll the die and move time forward that many hours",
    "bug_commander": "the next other player who steers the Mozzie may only fly it straight",
    "giant_umbrella": "no dawn penalty falls on you for the rest of this turn",
    "mask_of_immunity": (
        "no Damage tile takes your blood for the rest of this turn (not the dawn, not the Mozzie's drain)"
    ),
    "carriage_ride": "move one human one tile in any of the 8 directions",
}


# ------------------------------------------------------------------------- helpers
class _Ctx:
    """The view and the board data an explanation reads."""

    def __init__(self, view: View, names: Names | None, components: Components | None) -> None:
        self.view = view
        self.names = names or {}
        self.c = components or load_components()
        self.board = Board.of(self.c)
        self.seat = view.get("seat")
        pending = view.get("pending")
        self.pending: Mapping[str, Any] | None = pending if pending and pending.get("options") else None

    def name(self, seat: str) -> str:
        if seat == self.seat:
            return "you"
        return self.names.get(seat, seat.capitalize())

    def title(self, seat: str) -> str:
        """The name at a sentence's start."""
        n = self.name(seat)
        return n[:1].upper() + n[1:]

    def option(self, key: str) -> Mapping[str, Any] | None:
        if self.pending is None:
            return None
        return next((o for o in self.pending["options"] if o["key"] == key), None)

    @property
    def me(self) -> Mapping[str, Any] | None:
        return self.view["vampires"].get(self.seat) if self.seat else None

    def vampire_on(self, square: str) -> str | None:
        for s, v in self.view["vampires"].items():
            if v["alive"] and v["square"] == square:
                return s
        return None

    def human(self, tile: str) -> str:
        h = self.c.human[tile]
        return f"the {h.name} ({h.colour} {h.value})"

    def hand(self) -> list[str]:
        me = self.me
        return list(me.get("hand", [])) if me else []


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _wraps(board: Board, src: str, dst: str) -> bool:
    """Does one step from `src` to `dst` cross an edge of the board?"""
    ca, ra = ord(src[0]) - ord("a"), int(src[1:])
    cb, rb = ord(dst[0]) - ord("a"), int(dst[1:])
    return abs(ca - cb) > 1 or abs(ra - rb) > 1


def _edge_words(ctx: _Ctx, src: str, direction: str, dst: str) -> str:
    return (
        f"{src} is on the {_EDGE[direction]} edge: stepping {DIRECTION_NAMES[direction]} leaves the board and comes"
        f' back in on the opposite edge, at {dst} (the "Mario pipe").'
    )


_EDGE = {"n": "top", "s": "bottom", "e": "right", "w": "left"}


def tile_words(ctx: _Ctx, square: str) -> str:
    """What a tile is and does, in one sentence."""
    tile = ctx.board.tile(square)
    kind = tile.kind
    if kind == "damage":
        return (
            f"{square} is a Damage tile: whoever steps on it loses {tile.amount} blood (a Mask of Immunity stops it)."
        )
    if kind == "clocks":
        return f"{square} is a Clocks tile: stepping on it moves time {_s(tile.amount, 'hour')} forward."
    if kind == "steps":
        return f"{square} is a Steps tile: stepping on it gives {_s(tile.amount, 'free step')}, once a movement."
    if kind == "graveyard":
        return (
            f"{square} is the graveyard: every vampire starts here and returns after a burst; vampires share it, no"
            " human stands in it, the Mozzie flies over it, and no dawn penalty or Damage tile reaches you there."
        )
    if kind == "building":
        return f"{square} is a building: no dawn penalty reaches you here (the Mozzie's Damage tiles still do)."
    if kind == "mine":
        return f"{square} is the mine: no dawn penalty and no Damage tile the Mozzie lands on reaches you here."
    return f"{square} is a plain tile."


def _arrive(ctx: _Ctx, square: str, blood: int) -> tuple[list[str], int]:
    """What stepping onto `square` with `blood` left will do (the hidden hazard first), and the
    blood it leaves (0: eliminated; a Mask's holder is counted as not playing it)."""
    out = []
    tile = ctx.board.tile(square)
    human = ctx.view["humans"].get(square)
    if tile.kind == "damage":
        shield = f"{ctx.seat}:mask_of_immunity" in ctx.view.get("shields", [])
        if shield:
            out.append(f"{square} is a Damage tile, but your Mask of Immunity shields you this turn.")
        else:
            blood -= tile.amount
            mask = " unless you play a Mask of Immunity" if "mask_of_immunity" in ctx.hand() else ""
            first = " first (the hidden hazard comes before the meal)" if human else ""
            out.append(f"{square} is a Damage tile: you lose {tile.amount} blood{first}{mask}.")
            if blood <= 0 and not mask:
                out.append("That is your last blood: you would be eliminated" + (" before feeding." if human else "."))
                return out, 0
    elif tile.kind == "clocks":
        out.append(f"{square} is a Clocks tile: time moves {_s(tile.amount, 'hour')} forward.")
    elif tile.kind == "steps":
        out.append(f"{square} is a Steps tile: you get {_s(tile.amount, 'free step')} to take one by one, or stop.")
    elif tile.kind in SHELTERS:
        out.append(tile_words(ctx, square))
    if human:
        after = min(MAX_BLOOD, max(blood, 0) + FEED_BLOOD)
        out.append(
            f"You feed on {ctx.human(human)}: you collect the tile and gain {FEED_BLOOD} blood, never past"
            f" {MAX_BLOOD} ({after} after). Your movement stops there."
        )
        blood = after
    return out, max(blood, 0)


def _turn_end(ctx: _Ctx, square: str, blood: int, hours: int = 0) -> str | None:
    """What the time track will do at the end of this turn, if nothing moves time or blood first
    (`hours`: a Clocks tile on the way moves it first)."""
    t = ctx.view["time"]
    if hours:
        space = ctx.c.time[(t["index"] + hours) % len(ctx.c.time)]
        t = {"label": space.label, "symbol": space.symbol, "blood": space.blood}
    if t["symbol"] == "moon":
        if blood + t["blood"] > MAX_BLOOD:
            return (
                f"If it is still {t['label']} when your turn ends, its moon's {t['blood']} blood takes you past"
                f" {MAX_BLOOD}: a burst."
            )
        return (
            f"If it is still {t['label']} when your turn ends, its moon gives you {t['blood']} ({blood + t['blood']})."
        )
    if t["symbol"] == "sun":
        kind = ctx.board.kind(square)
        if kind in SHELTERS:
            return f"The sun at {t['label']} cannot reach you in {KIND_WORDS[kind]}."
        umbrella = " unless you play your Giant Umbrella" if "giant_umbrella" in ctx.hand() else ""
        return (
            f"If it is still {t['label']} when your turn ends, its sun takes {t['blood']} blood out here{umbrella}"
            f" ({max(blood - t['blood'], 0)} left)."
        )
    return None


# --------------------------------------------------------------------- the options
def _step(ctx: _Ctx, direction: str, key: str, *, paid: bool) -> Explanation:
    me = ctx.me
    assert me is not None and me["square"] is not None
    src = me["square"]
    dst = ctx.board.step(src, direction)
    legal = ctx.option(key) is not None
    subject = f"{'Pay 1 blood: step' if paid else 'Step'} {DIRECTION_NAMES[direction]} to {dst}"
    if not legal:
        why = _step_refusal(ctx, src, dst, paid)
        return Explanation(subject, False, tuple(why))
    why = ["Movement is orthogonal: one step up, down, left or right."]
    if paid:
        why.append(f"A step costs 1 blood; you have {me['blood']}, so you keep at least 1.")
    else:
        why.append("This step is free (a Donkey Ride or a Steps tile's free steps).")
    if _wraps(ctx.board, src, dst):
        why.append(_edge_words(ctx, src, direction, dst))
    blood = me["blood"] - (1 if paid else 0)
    does = [f"You stand on {dst} with {blood} blood." if paid else f"You stand on {dst}."]
    arrived, left = _arrive(ctx, dst, blood)
    does += arrived
    tile = ctx.board.tile(dst)
    hours = tile.amount if tile.kind == "clocks" else 0
    end = _turn_end(ctx, dst, left, hours) if left and tile.kind != "steps" else None
    if end:
        does.append(end)
    return Explanation(subject, True, tuple(why), tuple(does))


def _step_refusal(ctx: _Ctx, src: str, dst: str, paid: bool) -> list[str]:
    me = ctx.me
    assert me is not None
    why = []
    if ctx.pending is None or ctx.pending["kind"] not in ("action", "step"):
        return ["It is not the moment to move: " + _what_now(ctx)]
    if dst == ctx.view["mozzie"]["square"]:
        why.append(f"The Mozzie is on {dst}: figures are walls, and you cannot step onto it.")
    other = ctx.vampire_on(dst)
    if other is not None and other != ctx.seat and dst != ctx.board.graveyard:
        why.append(f"{ctx.title(other)} stands on {dst}: vampires are walls; only the graveyard holds several.")
    if paid and ctx.pending["kind"] == "action" and me["blood"] < 2:
        why.append(
            f"You have {me['blood']} blood: a step costs 1, paid before you move, and a vampire with no"
            " blood is eliminated, so moving is not offered."
        )
    return why or ["The rules do not allow that step now."]


def _what_now(ctx: _Ctx) -> str:
    if ctx.pending is None:
        return "you are not the one deciding."
    return f"the game asks: {ctx.pending['prompt']}."


def _collect(ctx: _Ctx) -> Explanation:
    me = ctx.me
    assert me is not None
    if ctx.option("collect") is None:
        if ctx.pending is not None and ctx.pending["kind"] == "action" and me["blood"] >= MAX_BLOOD:
            why = f"You have {me['blood']} blood, the maximum: the rules say you cannot collect blood beyond it."
        else:
            why = "You collect blood only as your turn's action: " + _what_now(ctx)
        return Explanation("Collect 1 blood", False, (why,))
    return Explanation(
        "Collect 1 blood",
        True,
        (f"Your action may be to collect 1 blood; you have {me['blood']} of at most {MAX_BLOOD}.",),
        tuple(
            line
            for line in (
                f"You will have {me['blood'] + 1} blood. Then the Mozzie flies, and the time effects fall.",
                _turn_end(ctx, me["square"], me["blood"] + 1),
            )
            if line
        ),
    )


def _draw(ctx: _Ctx) -> Explanation:
    me = ctx.me
    assert me is not None
    view = ctx.view
    if ctx.option("draw") is None:
        if ctx.pending is not None and ctx.pending["kind"] == "action":
            why = "No card is left: the deck and the discards are both empty."
        else:
            why = "You draw a card only as your turn's action: " + _what_now(ctx)
        return Explanation("Draw a card", False, (why,))
    why = [f"Your action may be to draw; the deck holds {_s(view['deck_count'], 'card')}."]
    if not view["deck_count"]:
        why.append(f"The deck is empty: the {_s(len(view['discard']), 'discard')} will be shuffled into a new one.")
    faces = sorted(set(ctx.c.die))
    burst_from = [f for f in faces if me["blood"] + f > MAX_BLOOD]
    snack = f"Coyote Snack: {CARD_DOES['coyote_snack']}"
    if burst_from:
        snack += f"; with {me['blood']} blood a roll of {burst_from[0]} or more bursts you" + (
            " and eliminates you" if view.get("burst") == "eliminated" else " back to the graveyard with 1 blood"
        )
    does = [
        "A black card is resolved at once:",
        snack + ".",
        f"Donkey Ride: {CARD_DOES['donkey_ride']}.",
        f"Time Energy: {CARD_DOES['time_energy']}.",
        "A red card is yours to keep in secret, or to play at once.",
    ]
    return Explanation("Draw a card", True, tuple(why), tuple(does))


def _card(ctx: _Ctx, card: str, key: str) -> Explanation:
    name = CARD_NAMES.get(card)
    if name is None:
        return Explanation(key, False, (f"There is no card called '{card}'.",))
    legal = ctx.option(key) is not None
    subject = f"Play {name}"
    does = (f"{name}: {CARD_DOES[card]}.",)
    if legal:
        why = ["Red cards can be played at any time; you hold this one."]
        if card == "carriage_ride":
            why.append("Some human has a free tile next to it (no human, no figure, not the graveyard).")
        return Explanation(subject, True, tuple(why), does)
    if card not in ctx.hand():
        return Explanation(subject, False, (f"You hold no {name}.",), does)
    view = ctx.view
    if card == "bug_commander" and view.get("straight_only_by"):
        who = ctx.title(view["straight_only_by"])
        reason = f"{who} already played a Bug Commander that waits for the next steersman: a second one adds nothing."
    elif card in ("giant_umbrella", "mask_of_immunity") and f"{ctx.seat}:{card}" in view.get("shields", []):
        reason = f"You already played a {name} this turn: it shields you until the turn ends."
    elif card == "carriage_ride":
        reason = "No human has a free tile next to it to ride to (no human, no figure, not the graveyard)."
    else:
        reason = "It cannot be played at this moment: " + _what_now(ctx)
    return Explanation(subject, False, (reason,), does)


def _mozzie(ctx: _Ctx, turn: str) -> Explanation:
    view = ctx.view
    m = view["mozzie"]
    heading = heading_after(m["heading"], turn)
    legal = ctx.option(turn) is not None
    subject = f"{turn.capitalize()} (fly {DIRECTION_NAMES[heading]})"
    if not legal:
        if ctx.pending is not None and ctx.pending["kind"] == "mozzie" and view.get("straight_only_by"):
            who = ctx.title(view["straight_only_by"])
            return Explanation(
                subject, False, (f"{who} played a Bug Commander: this time the Mozzie may only fly straight.",)
            )
        return Explanation(subject, False, ("You steer the Mozzie only after your action: " + _what_now(ctx),))
    why = [
        f"The Mozzie is on {m['square']}, facing {DIRECTION_NAMES[m['heading']]}; it may go straight, left or right,"
        " never back. Then the die says how far it flies."
    ]
    found = flights(view, turn, {**ctx.names, **({ctx.seat: "you"} if ctx.seat else {})}, ctx.c)
    if any(ctx.board.kind(sq) == "damage" for f in found for sq in f.path):
        why.append("On a Damage tile it takes blood from every vampire outside the graveyard and the mine.")
    does = []
    # Faces that do the same are said once: "Rolls 1-6: Stops on e3: the Preacher ... is eliminated."
    groups: list[tuple[list[int], str]] = []
    for f in found:
        words = " ".join(f.happens)
        if groups and groups[-1][1] == words:
            groups[-1][0].append(f.face)
        else:
            groups.append(([f.face], words))
    for faces, words in groups:
        roll = f"Roll {faces[0]}" if len(faces) == 1 else f"Rolls {faces[0]}-{faces[-1]}"
        does.append(f"{roll}: {words}")
    return Explanation(subject, True, tuple(why), tuple(does))


def _reaction(ctx: _Ctx, key: str) -> Explanation:
    p = ctx.pending
    assert p is not None
    kind = p["kind"]
    legal = ctx.option(key) is not None
    label = ctx.option(key)["label"] if legal else key  # type: ignore[index]
    me = ctx.me
    assert me is not None
    if key == "take":
        amount = _amount(ctx)
        why = (
            "You are asked because you hold red cards; everyone who holds one is asked, whatever the cards, so the"
            " question shows nothing but your hand's size, which everyone sees.",
        )
        left = me["blood"] - amount
        does = (f"You lose {amount} blood ({max(left, 0)} left)" + (": you are eliminated." if left <= 0 else "."),)
        return Explanation(label, legal, why, does)
    if kind == "red-card" and key == "keep":
        return Explanation(
            label,
            legal,
            ("A red card is kept in secret: the others learn only that you drew a red card.",),
            ("It stays in your hand; you may play it later, at any time it matters.",),
        )
    if key == "end":
        return Explanation(
            label,
            legal,
            ("You hold red cards, so before the time effects you may still play one.",),
            ("The turn ends: the time effects fall on you (a moon's bonus, a sun's penalty).",),
        )
    if key.startswith("play:"):
        return _card(ctx, key[5:], key)
    return Explanation(label, legal, (p["prompt"],))


def _amount(ctx: _Ctx) -> int:
    p = ctx.pending
    assert p is not None
    if p["kind"] == "dawn":
        return int(ctx.view["time"]["blood"])
    # "Lose N blood" is the option's own label: the Damage tile's strength.
    label = ctx.option("take")
    if label is not None:
        words = label["label"].split()
        for w in words:
            if w.isdigit():
                return int(w)
    return 0


def _place_human(ctx: _Ctx, square: str) -> Explanation:
    legal = ctx.option(square) is not None
    top = ctx.view.get("stack_top")
    what = ctx.human(top) if top else "a human"
    subject = f"Place {what} on {square}"
    if square not in ctx.board.tiles:
        return Explanation(square, False, (f"{square} is not a square of the board.",))
    if legal:
        why = ("Humans go anywhere but the graveyard and the tiles immediately next to it.",)
        tile = ctx.board.tile(square)
        hazard = () if tile.kind == "plain" else (tile_words(ctx, square) + " Its effect comes before the meal.",)
        return Explanation(subject, True, why, hazard)
    g = ctx.board.graveyard
    if square == g:
        reason = f"{square} is the graveyard: no human stands there."
    elif square in ctx.board.neighbours(g):
        reason = f"{square} is immediately next to the graveyard ({g}): the rules allow no human there."
    elif square in ctx.view["humans"]:
        reason = f"{cap(ctx.human(ctx.view['humans'][square]))} already stands on {square}."
    else:
        reason = "Placing humans is not what the game asks now: " + _what_now(ctx)
    return Explanation(subject, False, (reason,))


def _place_mozzie(ctx: _Ctx, square: str) -> Explanation:
    legal = ctx.option(square) is not None
    subject = f"Place the Mozzie on {square}"
    if legal:
        return Explanation(
            subject,
            True,
            ("Player 2 places the Mozzie anywhere but the graveyard (it only flies over it) and the humans.",),
            (f"It starts here, and comes back here each time it drains a vampire. {tile_words(ctx, square)}",),
        )
    if square == ctx.board.graveyard:
        reason = "The Mozzie never lands in the graveyard: it flies over it."
    elif square in ctx.view["humans"]:
        reason = "A human stands there: the Mozzie would eliminate it without flying."
    else:
        reason = "Placing the Mozzie is not what the game asks now: " + _what_now(ctx)
    return Explanation(subject, False, (reason,))


def _carriage(ctx: _Ctx, key: str) -> Explanation:
    p = ctx.pending
    assert p is not None
    legal = ctx.option(key) is not None
    label = ctx.option(key)["label"] if legal else key  # type: ignore[index]
    if p["kind"] == "carriage-human":
        why = (
            "A Carriage Ride moves one human one tile, onto a tile with no human and no figure, never the graveyard.",
        )
        return Explanation(f"Move {label}", legal, why if legal else ("No free tile lies next to that human.",))
    why = ("Any of the 8 directions, diagonals too, across the edges as well.",)
    option = ctx.option(key)
    square = option["square"] if option else None
    does = (tile_words(ctx, square),) if square else ()
    return Explanation(label, legal, why if legal else ("That tile is taken, or it is the graveyard.",), does)


def explain_option(
    view: View, key: str, names: Names | None = None, components: Components | None = None
) -> Explanation:
    """Why `key` is (or is not) an option of the view's pending decision, and what it does.
    Only the seat the game waits on sees its options; anyone else is told so."""
    ctx = _Ctx(view, names, components)
    p = ctx.pending
    if p is None:
        if view.get("over"):
            return Explanation(key, None, ("The game is over: there is nothing to choose.",))
        return Explanation(key, None, ("Only the player deciding can ask about that now.",))
    kind = p["kind"]
    if key.startswith("move:") and key[5:] in DIRECTIONS:
        return _step(ctx, key[5:], key, paid=True)
    if kind == "step" and key in DIRECTIONS:
        return _step(ctx, key, key, paid=False)
    if key == "stop" and kind == "step":
        return Explanation(
            "Stop here",
            ctx.option(key) is not None,
            ("Free steps may be taken one by one or left: a Steps tile gives, it does not push.",),
            ("Your movement ends where you stand.",),
        )
    if key == "collect":
        return _collect(ctx)
    if key == "draw":
        return _draw(ctx)
    if key == "pass":
        return Explanation(
            "Pass",
            ctx.option(key) is not None,
            ("No action is open: every step is walled, you have 10 blood, and no card is left to draw.",),
        )
    if kind == "mozzie" and key in ("straight", "left", "right"):
        return _mozzie(ctx, key)
    if kind == "place-human":
        return _place_human(ctx, key)
    if kind == "place-mozzie":
        return _place_mozzie(ctx, key)
    if kind == "mozzie-heading" and key in DIRECTIONS:
        return Explanation(
            f"Face {DIRECTION_NAMES[key]}",
            ctx.option(key) is not None,
            ("The Mozzie needs a heading: each steersman then chooses straight, left or right of it.",),
        )
    if kind in ("carriage-human", "carriage-direction"):
        return _carriage(ctx, key)
    if kind in ("red-card", "end", "damage", "dawn"):
        return _reaction(ctx, key)
    if key.startswith("play:"):
        return _card(ctx, key[5:], key)
    option = ctx.option(key)
    return Explanation(option["label"] if option else key, option is not None, (p["prompt"],))


# ------------------------------------------------------------------- not offered
def unavailable(view: View) -> list[tuple[str, str]]:
    """(key, label) of the things a player might look for that the pending decision does not
    offer: the four steps, collect and draw in an action; turning under a Bug Commander; the
    red cards in hand that cannot be played now; the Mask against a Damage tile and the
    Umbrella against the dawn, when the hand (the seat's own) holds none."""
    pending = view.get("pending")
    if not pending or not pending.get("options"):
        return []
    offered = {o["key"] for o in pending["options"]}
    kind = pending["kind"]
    out: list[tuple[str, str]] = []
    if kind == "action":
        for d in DIRECTIONS:
            if f"move:{d}" not in offered:
                out.append((f"move:{d}", f"Step {DIRECTION_NAMES[d]}"))
        for key, label in (("draw", "Draw a card"), ("collect", "Collect 1 blood")):
            if key not in offered:
                out.append((key, label))
    if kind == "step":
        out += [(d, f"Step {DIRECTION_NAMES[d]}") for d in DIRECTIONS if d not in offered]
    if kind == "mozzie":
        out += [(t, t.capitalize()) for t in ("left", "right") if t not in offered]
    for reaction, card in (("damage", "mask_of_immunity"), ("dawn", "giant_umbrella")):
        if kind == reaction and f"play:{card}" not in offered:
            out.append((f"play:{card}", f"Play {CARD_NAMES[card]}"))
    if kind in ("action", "mozzie", "end"):
        me = view["vampires"].get(view.get("seat"), {})
        for card in dict.fromkeys(me.get("hand", [])):
            if f"play:{card}" not in offered:
                out.append((f"play:{card}", f"Play {CARD_NAMES[card]}"))
    return out


def why_not(view: View, key: str, names: Names | None = None) -> str:
    """The first reason an option is not offered, for the line under the options."""
    return " ".join(explain_option(view, key, names).why[:1])


# ------------------------------------------------------------------- other things
def explain_square(
    view: View, square: str, names: Names | None = None, components: Components | None = None
) -> Explanation:
    ctx = _Ctx(view, names, components)
    if square not in ctx.board.tiles:
        return Explanation(square, None, (f"{square} is not a square of the board.",))
    why = [tile_words(ctx, square)]
    human = view["humans"].get(square)
    if human:
        why.append(f"{cap(ctx.human(human))} stands here.")
    seat = ctx.vampire_on(square)
    if seat is not None:
        why.append(f"{ctx.title(seat)} {'are' if seat == ctx.seat else 'is'} here.")
    if view["mozzie"]["square"] == square:
        why.append(f"The Mozzie is here, facing {DIRECTION_NAMES[view['mozzie']['heading']]}.")
    me = ctx.me
    if me is not None and me.get("square"):
        d = ctx.board.distance(me["square"], square)
        if d:
            why.append(f"It is {_s(d, 'step')} from you, across the edges too, figures aside.")
    return Explanation(square, None, tuple(why))


def explain_figure(
    view: View, seat: str, names: Names | None = None, components: Components | None = None
) -> Explanation:
    ctx = _Ctx(view, names, components)
    if seat == "mozzie":
        m = view["mozzie"]
        return Explanation(
            "The Mozzie",
            None,
            (
                f"On {m['square']}, facing {DIRECTION_NAMES[m['heading']]}; it returns to {m['start']} after a drain.",
                "On a human it stops and eliminates them; on a vampire it stops, drains them to 1 blood and returns.",
                "On a Damage tile it hurts every vampire outside the graveyard and the mine.",
            ),
        )
    v = view["vampires"].get(seat)
    if v is None:
        return Explanation(seat, None, ("Nobody here goes by that name.",))
    who = ctx.title(seat)
    if not v["alive"]:
        return Explanation(who, None, (f"{who} {'were' if seat == ctx.seat else 'was'} eliminated.",))
    humans = [ctx.human(t) for t in v["humans"]]
    why = [
        f"On {v['square']} with {v['blood']} blood (at most {MAX_BLOOD}).",
        f"Humans: {', '.join(humans) if humans else 'none yet'}.",
        f"Red cards: {v['hand_count']}"
        + (f" ({', '.join(CARD_NAMES[c] for c in v['hand'])})." if "hand" in v else "."),
    ]
    if v["bursts"]:
        why.append(f"Burst {_s(v['bursts'], 'time')}.")
    return Explanation(who, None, tuple(why))


def explain_time(view: View, components: Components | None = None) -> Explanation:
    c = components or load_components()
    t = view["time"]
    why = [f"It is {t['label']}."]
    if t["symbol"] == "moon":
        why.append(f"A moon: the vampire whose turn ends now gains {t['blood']} blood (past 10 it bursts).")
    elif t["symbol"] == "sun":
        why.append(
            f"A sun: the vampire whose turn ends now loses {t['blood']} blood, unless in the graveyard, a building"
            " or the mine, or under a Giant Umbrella."
        )
    why.append("Player 1 moves time 1 hour at the start of each round; Clocks tiles and Time Energy cards move it too.")
    track = ", ".join(
        s.label + ({"moon": f" (moon +{s.blood})", "sun": f" (sun -{s.blood})"}.get(s.symbol, "")) for s in c.time
    )
    return Explanation("The time track", None, tuple(why), (f"The night: {track}; after dawn it goes on from dusk.",))


def explain(view: View, thing: str, names: Names | None = None, components: Components | None = None) -> Explanation:
    """Explain an option key (offered or not), a seat, `mozzie`, `time`, or a square."""
    pending = view.get("pending")
    keys = {o["key"] for o in pending["options"]} if pending and pending.get("options") else set()
    if thing in keys or thing in {k for k, _ in unavailable(view)}:
        return explain_option(view, thing, names, components)
    c = components or load_components()
    if pending and pending.get("kind") in PLACING and thing in c.tiles:
        # While placing, a square is the question itself: is it allowed here, and why not.
        return explain_option(view, thing, names, c)
    if thing == "time":
        return explain_time(view, components)
    if thing == "mozzie" or thing in view["vampires"]:
        return explain_figure(view, thing, names, c)
    if thing in c.tiles:
        return explain_square(view, thing, names, c)
    waiting = view.get("waiting_on")
    if waiting and waiting["player"] != view.get("seat"):
        # Another seat's options are its own (they may name its red cards): not even their names.
        return Explanation(thing, None, ("Only the player deciding can ask about that now.",))
    return Explanation(thing, None, ("Nothing here goes by that name.",))


def topics(view: View, names: Names | None = None, components: Components | None = None) -> list[Topic]:
    """Everything the view's owner may ask about, grouped, the decision's options first."""
    c = components or load_components()
    out: list[Topic] = []
    pending = view.get("pending")
    if pending and pending.get("options"):
        for o in pending["options"]:
            out.append(Topic(o["key"], o["label"], "This decision"))
        for key, label in unavailable(view):
            out.append(Topic(key, f"{label} (not now)", "Not allowed now"))
    for seat, v in view["vampires"].items():
        name = "You" if seat == view.get("seat") else (names or {}).get(seat, seat.capitalize())
        out.append(Topic(seat, f"{name}" + (f" on {v['square']}" if v["square"] else " (out)"), "Figures"))
    out.append(Topic("mozzie", f"The Mozzie on {view['mozzie']['square']}", "Figures"))
    out.append(Topic("time", f"Time: {view['time']['label']}", "Time"))
    for square, tile in c.tiles.items():
        out.append(Topic(square, f"{square} ({KIND_WORDS[tile.kind]})", "Squares"))
    return out


def explanations(view: View, names: Names | None = None) -> dict[str, Any]:
    """Every topic with its answer, as plain JSON: what a host sends a guest for its `x` screen
    (the shape of `host/hints.explanations`)."""
    ts = topics(view, names)
    answers = {}
    for t in ts:
        e = explain(view, t.id, names)
        answers[t.id] = {"subject": e.subject, "legal": e.legal, "why": list(e.why), "does": list(e.does)}
    return {"topics": [[t.id, t.label, t.group] for t in ts], "answers": answers}


__all__ = [
    "Explanation",
    "Topic",
    "explain",
    "explain_figure",
    "explain_option",
    "explain_square",
    "explain_time",
    "explanations",
    "topics",
    "unavailable",
    "why_not",
]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
