"""The rules of Bloodrush as one generator: setup phases 1-3, then turns until the game ends.

Each function yields the `Decision`s its rule needs (through `g.ask`) and changes the game as
the text says. Where the text leaves a point open, the choice is in docs/rulings.md
("Bloodrush"); the comments here name the ruling.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from adrenaline_tui.titles.bloodrush.board import (
    ALL_DIRECTIONS,
    DIRECTION_NAMES,
    DIRECTIONS,
    LEFT,
    MOZZIE_DAMAGE_SAFE,
    RIGHT,
    SHELTERS,
)
from adrenaline_tui.titles.bloodrush.components import BLACK
from adrenaline_tui.titles.bloodrush.decision import Decision, Option
from adrenaline_tui.titles.bloodrush.game import CARD_NAMES, GameOver
from adrenaline_tui.titles.bloodrush.scoring import rank
from adrenaline_tui.titles.bloodrush.state import MAX_BLOOD, Vampire

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game

Flow = Generator[Decision, str, None]
FEED_BLOOD = 5
MOZZIE_TURNS = {"straight": None, "left": LEFT, "right": RIGHT}


def play(g: Game) -> Flow:
    try:
        if g.phase == "setup":
            yield from setup(g)
        g.phase = "turns"
        g.check_end()
        while True:
            yield from take_turn(g)
            next_turn(g)
    except GameOver:
        g.over = True
        g.phase = "over"
        g.ranking = rank(g)
        winner = g.ranking[0]
        g.emit("game-over", f"The game is over ({g.end_reason}): {g.name(winner['seat'])} wins", reason=g.end_reason)


# --------------------------------------------------------------------- setup
def setup(g: Game) -> Flow:
    n = len(g.order)
    g.emit("player-1", f"{g.name(g.order[0])} is Player 1; {g.name(g.order[1 % n])} places the Mozzie", seat=g.order[0])
    # Phase 2: the stack lies face up, so everyone sees the top tile; seats place in turn order.
    placed = 0
    while g.stack:
        seat = g.order[placed % n]
        tile = g.stack[-1]
        free = [sq for sq in g.board.human_squares() if sq not in g.humans]
        key = yield from g.ask(
            Decision(
                seat,
                "place-human",
                f"Place the {g.human_label(tile)} (not next to the graveyard)",
                tuple(Option(sq, sq, square=sq) for sq in free),
            )
        )
        g.stack.pop()
        g.humans[key] = tile
        text = f"{g.name(seat)} places the {g.human_label(tile)} on {key}"
        g.emit("placed-human", text, seat=seat, tile=tile, square=key)
        placed += 1
    # Phase 3: Player 2 places the Mozzie: not on the graveyard (it only flies over it), not on a
    # human (it would have to eat it without moving); and points it (docs/rulings.md).
    p2 = g.order[1 % n]
    spots = [sq for sq in g.board.squares if sq != g.board.graveyard and sq not in g.humans]
    places = tuple(Option(s, s, square=s) for s in spots)
    key = yield from g.ask(Decision(p2, "place-mozzie", "Place the Mozzie", places))
    ways = tuple(Option(d, DIRECTION_NAMES[d]) for d in DIRECTIONS)
    heading = yield from g.ask(Decision(p2, "mozzie-heading", "Which way does the Mozzie face?", ways))
    g.mozzie.square = g.mozzie.start = key
    g.mozzie.heading = heading
    g.emit("placed-mozzie", f"{g.name(p2)} places the Mozzie on {key}, facing {DIRECTION_NAMES[heading]}", square=key)
    g.time = 0
    g.emit("dusk", "The vampires rise in the graveyard with 5 blood each; it is dusk")


# --------------------------------------------------------------------- turns
def next_turn(g: Game) -> None:
    n = len(g.order)
    while True:
        g.index = (g.index + 1) % n
        if g.index == 0:
            g.round_due = True
        seat = g.order[g.index]
        if seat == g.config.mozzie_player or g.vampires[seat].alive:
            break
    g.turn += 1


def take_turn(g: Game) -> Flow:
    seat = g.active
    g.shields.clear()
    if g.round_due:
        # "Player 1 advances time by 1 hour at the start of each of their turns"; once Player 1
        # is eliminated, the first seat to play in the round does it (docs/rulings.md).
        g.round_due = False
        g.advance_time(1, "a new round")
    g.emit("turn", f"{g.name(seat)}'s turn", seat=seat, turn=g.turn)
    if seat == g.config.mozzie_player:
        yield from mozzie_control(g, seat)
        return
    v = g.vampires[seat]
    yield from action(g, v)
    if v.alive and g.config.mozzie_player is None:
        yield from mozzie_control(g, seat)
    if v.alive and v.hand:
        yield from card_window(g, v, "end", "End your turn, or play a red card first")
    if v.alive:
        yield from time_effects(g, v)
    g.shields.clear()


def action(g: Game, v: Vampire) -> Flow:
    while True:
        options = []
        if v.blood >= 2:  # paying the last blood would eliminate you before the step: not offered
            for d, sq in legal_steps(g, v):
                options.append(Option(f"move:{d}", f"Pay 1 blood: step {DIRECTION_NAMES[d]} to {sq}", square=sq))
        if g.deck or g.discard:  # a scenario may have set every card aside
            options.append(Option("draw", "Draw a card"))
        if v.blood < MAX_BLOOD:  # "Cannot collect blood beyond maximum"
            options.append(Option("collect", "Collect 1 blood"))
        options += card_options(g, v)
        if not options:
            # Walled in on 10 blood with no card to draw: the only ruling that keeps the game going.
            options.append(Option("pass", "No action is possible: pass"))
        key = yield from g.ask(Decision(v.seat, "action", "Choose your action", tuple(options)))
        if key.startswith("play:"):
            yield from play_card(g, v, key[5:])
            continue
        break
    if key == "pass":
        g.emit("passed", f"{g.name(v.seat)} can take no action", seat=v.seat)
    elif key == "collect":
        g.gain(v, 1, "collected", capped=True)
    elif key == "draw":
        yield from draw(g, v)
    else:
        g.lose(v, 1, "paid to move")
        yield from walk(g, v, first=key[5:])


def legal_steps(g: Game, v: Vampire) -> list[tuple[str, str]]:
    """The steps open to a vampire: figures are walls (other vampires, the Mozzie), except in
    the graveyard, where every vampire starts (docs/rulings.md)."""
    out = []
    for d in DIRECTIONS:
        sq = g.board.step(v.square, d)  # type: ignore[arg-type]
        if sq == g.mozzie.square:
            continue
        if sq != g.board.graveyard and g.vampire_at(sq) is not None:
            continue
        out.append((d, sq))
    return out


def walk(g: Game, v: Vampire, *, first: str | None = None, forced: int = 0) -> Flow:
    """A vampire's movement: `first` (a paid step) or `forced` steps (a Donkey Ride), plus any
    free steps a Steps tile gives, step by step until they run out or the movement stops."""
    free = 0
    used_steps: set[str] = set()  # a Steps tile gives its free steps once per movement
    direction = first
    while True:
        if direction is None:
            if forced == 0 and free == 0:
                return
            steps = legal_steps(g, v)
            if not steps:
                g.emit("blocked", f"{g.name(v.seat)} cannot step anywhere", seat=v.seat)
                return
            options = [Option(d, f"Step {DIRECTION_NAMES[d]} to {sq}", square=sq) for d, sq in steps]
            if forced == 0:
                options.append(Option("stop", "Stop here"))
            left = forced or free
            what = "Donkey Ride" if forced else "free"
            direction = yield from g.ask(
                Decision(v.seat, "step", f"{what} steps left: {left}; where to?", tuple(options))
            )
            if direction == "stop":
                return
            if forced:
                forced -= 1
            else:
                free -= 1
        square = g.board.step(v.square, direction)  # type: ignore[arg-type]
        direction = None
        v.square = square
        g.emit("moved", f"{g.name(v.seat)} steps to {square}", seat=v.seat, square=square)
        tile = g.board.tile(square)
        # Hidden hazard: the tile's effect comes first, the human after.
        if tile.kind == "damage":
            yield from damage(g, v, tile.amount, "a Damage tile")
            if not v.alive:
                return  # eliminated before feeding: the human stays on the board
        elif tile.kind == "clocks":
            g.advance_time(tile.amount, "a Clocks tile")
        elif tile.kind == "steps" and square not in used_steps:
            used_steps.add(square)
            free += tile.amount
            g.emit("free-steps", f"{g.name(v.seat)} gets {tile.amount} free steps", seat=v.seat, steps=tile.amount)
        human = g.humans.pop(square, None)
        if human is not None:
            v.humans.append(human)
            text = f"{g.name(v.seat)} feeds on the {g.human_label(human)}"
            g.emit("fed", text, seat=v.seat, tile=human, square=square)
            g.gain(v, FEED_BLOOD, "fed", capped=True)  # "Gain 5 blood tiles (cannot exceed maximum of 10)"
            g.check_end()
            return  # the stopping rule: free steps not yet taken are lost


def damage(g: Game, v: Vampire, amount: int, why: str) -> Flow:
    """Blood damage from a Damage tile, which a Mask of Immunity prevents."""
    if (v.seat, "mask_of_immunity") not in g.shields and v.hand:
        # Asked of every holder of a red card, whatever the cards (the hand's size is public).
        options = [Option("take", f"Lose {amount} blood")]
        if "mask_of_immunity" in v.hand:
            options.append(Option("play:mask_of_immunity", "Play Mask of Immunity"))
        key = yield from g.ask(Decision(v.seat, "damage", f"{why}: lose {amount} blood", tuple(options), auto=False))
        if key != "take":
            yield from play_card(g, v, "mask_of_immunity")
    if (v.seat, "mask_of_immunity") in g.shields:
        g.emit("protected", f"{g.name(v.seat)}'s Mask of Immunity stops the damage", seat=v.seat)
        return
    g.lose(v, amount, why)


def draw(g: Game, v: Vampire) -> Flow:
    card = g.draw_card()
    if card in BLACK:
        g.emit("drew", f"{g.name(v.seat)} draws {CARD_NAMES[card]}", seat=v.seat, card=card)
        g.discard.append(card)
        roll = g.roll(CARD_NAMES[card])
        if card == "coyote_snack":
            g.gain(v, roll, "Coyote Snack", capped=False)
        elif card == "donkey_ride":
            yield from walk(g, v, forced=roll)
        else:
            g.advance_time(roll, "Time Energy")
        return
    # Which red card it is stays in the drawer's hand: others learn only that it was red.
    g.emit("drew", f"{g.name(v.seat)} draws a red card", seat=v.seat, colour="red")
    g.emit("drew-red", f"You draw {CARD_NAMES[card]}", seat=v.seat, card=card, secret=v.seat)
    v.hand.append(card)
    options = [Option("keep", f"Keep {CARD_NAMES[card]}")]
    if playable(g, v, card):
        options.append(Option(f"play:{card}", f"Play {CARD_NAMES[card]} now"))
    key = yield from g.ask(Decision(v.seat, "red-card", f"You drew {CARD_NAMES[card]}", tuple(options), auto=False))
    if key != "keep":
        yield from play_card(g, v, card)


# ------------------------------------------------------------------ red cards
def playable(g: Game, v: Vampire, card: str) -> bool:
    """Whether playing `card` now would do anything."""
    if card == "bug_commander":
        return g.straight_only_by is None
    if card in ("giant_umbrella", "mask_of_immunity"):
        return (v.seat, card) not in g.shields
    return bool(carriage_moves(g))


def card_options(g: Game, v: Vampire) -> list[Option]:
    out = []
    for card in dict.fromkeys(v.hand):
        if playable(g, v, card):
            out.append(Option(f"play:{card}", f"Play {CARD_NAMES[card]}"))
    return out


def card_window(g: Game, v: Vampire, kind: str, prompt: str) -> Flow:
    """A moment where the holder may play red cards ("can be played at any time")."""
    while True:
        options = (Option("end", "End your turn"), *card_options(g, v))
        key = yield from g.ask(Decision(v.seat, kind, prompt, options, auto=False))
        if key == "end":
            return
        yield from play_card(g, v, key[5:])
        if not v.hand:
            return


def play_card(g: Game, v: Vampire, card: str) -> Flow:
    v.hand.remove(card)
    g.discard.append(card)
    g.emit("played", f"{g.name(v.seat)} plays {CARD_NAMES[card]}", seat=v.seat, card=card)
    if card == "bug_commander":
        g.straight_only_by = v.seat
    elif card in ("giant_umbrella", "mask_of_immunity"):
        g.shields.add((v.seat, card))
    else:
        moves = carriage_moves(g)
        squares = list(dict.fromkeys(src for src, _, _ in moves))
        src = yield from g.ask(
            Decision(
                v.seat,
                "carriage-human",
                "Carriage Ride: which human moves?",
                tuple(Option(s, g.human_label(g.humans[s]), square=s) for s in squares),
            )
        )
        dests = [(d, dst) for s, d, dst in moves if s == src]
        d = yield from g.ask(
            Decision(
                v.seat,
                "carriage-direction",
                f"Carriage Ride: move the {g.human_label(g.humans[src])} where?",
                tuple(Option(d, f"{DIRECTION_NAMES[d]} to {dst}", square=dst) for d, dst in dests),
            )
        )
        dst = g.board.step(src, d)
        tile = g.humans.pop(src)
        g.humans[dst] = tile
        g.emit("carriage", f"The {g.human_label(tile)} rides from {src} to {dst}", tile=tile, square=dst, source=src)


def carriage_moves(g: Game) -> list[tuple[str, str, str]]:
    """(human's square, direction, destination): one tile in any of the 8 directions, onto a
    tile with no human and no figure, never the graveyard (docs/rulings.md)."""
    out = []
    for src in g.humans:
        for d in ALL_DIRECTIONS:
            dst = g.board.step(src, d)
            if dst == g.board.graveyard or dst in g.humans or dst == g.mozzie.square or g.vampire_at(dst):
                continue
            out.append((src, d, dst))
    return out


# ------------------------------------------------------------------ the Mozzie
def mozzie_control(g: Game, seat: str) -> Flow:
    v = g.vampires.get(seat)
    while True:
        bound = g.straight_only_by is not None and g.straight_only_by != seat
        heading = g.mozzie.heading
        options = []
        for turn, table in MOZZIE_TURNS.items():
            if bound and turn != "straight":
                continue
            new = heading if table is None else table[heading]
            options.append(Option(turn, f"{turn.capitalize()} (fly {DIRECTION_NAMES[new]})"))
        if v is not None:
            options += card_options(g, v)
        prompt = "Steer the Mozzie" + (" (Bug Commander: straight only)" if bound else "")
        key = yield from g.ask(Decision(seat, "mozzie", prompt, tuple(options)))
        if key.startswith("play:"):
            yield from play_card(g, v, key[5:])  # type: ignore[arg-type]
            continue
        break
    if bound:
        g.straight_only_by = None
    table = MOZZIE_TURNS[key]
    if table is not None:
        g.mozzie.heading = table[g.mozzie.heading]
    roll = g.roll("the Mozzie")
    yield from mozzie_flight(g, roll)


def mozzie_flight(g: Game, steps: int) -> Flow:
    used_steps: set[str] = set()
    m = g.mozzie
    while steps > 0:
        square = g.board.step(m.square, m.heading)  # type: ignore[arg-type]
        if square == g.board.graveyard:
            # "flies over" the graveyard: passing it costs no step, and it never lands there.
            square = g.board.step(square, m.heading)
        steps -= 1
        m.square = square
        g.emit("mozzie-moved", f"The Mozzie flies to {square}", square=square)
        tile = g.board.tile(square)
        if tile.kind == "damage":
            for v in g.living:
                if g.board.kind(v.square) in MOZZIE_DAMAGE_SAFE:  # type: ignore[arg-type]
                    g.emit("protected", f"{g.name(v.seat)} is safe in the {g.board.kind(v.square)}", seat=v.seat)  # type: ignore[arg-type]
                    continue
                yield from damage(g, v, tile.amount, "the Mozzie on a Damage tile")
        elif tile.kind == "clocks":
            g.advance_time(tile.amount, "the Mozzie on a Clocks tile")
        elif tile.kind == "steps" and square not in used_steps:
            used_steps.add(square)
            steps += tile.amount
            g.emit("free-steps", f"The Mozzie gets {tile.amount} free steps", steps=tile.amount)
        human = g.humans.pop(square, None)
        if human is not None:
            g.eaten.append(human)
            g.emit("eaten", f"The Mozzie eliminates the {g.human_label(human)}", tile=human, square=square)
            g.check_end()
            return
        v = g.vampire_at(square)
        if v is not None:
            lost = v.blood - 1
            v.blood = 1
            g.emit("drained", f"The Mozzie drains {g.name(v.seat)} to 1 blood", seat=v.seat, change=-lost)
            m.square = m.start
            g.emit("mozzie-returned", f"The Mozzie returns to {m.start}", square=m.start)
            return


# ------------------------------------------------------------------ time
def time_effects(g: Game, v: Vampire) -> Flow:
    space = g.components.time[g.time]
    if space.symbol == "moon":
        g.gain(v, space.blood, f"midnight bonus at {space.label}", capped=False)
    elif space.symbol == "sun":
        where = g.board.kind(v.square)  # type: ignore[arg-type]
        if where in SHELTERS:
            g.emit("sheltered", f"{g.name(v.seat)} is safe from the dawn in the {where}", seat=v.seat)
            return
        if (v.seat, "giant_umbrella") not in g.shields and v.hand:
            options = [Option("take", f"Lose {space.blood} blood")]
            if "giant_umbrella" in v.hand:
                options.append(Option("play:giant_umbrella", "Play Giant Umbrella"))
            prompt = f"Dawn penalty at {space.label}: lose {space.blood} blood"
            key = yield from g.ask(Decision(v.seat, "dawn", prompt, tuple(options), auto=False))
            if key != "take":
                yield from play_card(g, v, "giant_umbrella")
        if (v.seat, "giant_umbrella") in g.shields:
            g.emit("protected", f"{g.name(v.seat)}'s Giant Umbrella keeps the sun off", seat=v.seat)
            return
        g.lose(v, space.blood, f"dawn penalty at {space.label}")
