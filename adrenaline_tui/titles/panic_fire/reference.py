"""Panic Fire's rules reference: the rules in short sections, and a page of the deck made from
its data file, with the search every title shares (`pagesearch`).

The same shape as Adrenaline's and Bloodrush's references (`sections()`, `section(id)`,
`chapters()`, `search(query, limit)`; a `Section` has id, title, chapter, keywords, text, see and
a `page` for a page laid out line by line), so the shell's rules screen and its command palette
show it at a Panic Fire table. The text follows the engine's readings (docs/rulings.md, "Panic
Fire"); the numbers a player with the box may correct come from `data/deck.yaml`.
"""

from __future__ import annotations

from functools import cache

from adrenaline_tui.pagesearch import Reference, TextPage, TextSection
from adrenaline_tui.titles.panic_fire.deck import Deck, load_deck
from adrenaline_tui.titles.panic_fire.game import COUNT_MS, GUN_MS, HAND_SIZE, SET_SIZE

NAME = "Panic Fire"  # what the rules screen calls this reference


# The pages and sections every reference without drawings shares.
Page = TextPage
Section = TextSection


PLAYING = "Playing"
ROUNDS = "Rounds and winning"
COMPONENTS = "The components"


def _rules(deck: Deck) -> list[Section]:
    grandma = next((c for c in deck.characters if c.match == 1), None)
    g = grandma.name if grandma is not None else "A match-1 character"
    return [
        Section(
            "goal",
            "The game in brief",
            PLAYING,
            ("goal", "aim", "win", "turns", "real time", "at once"),
            "No turns: everyone plays at once. Make a match of cards in your set, then be first to "
            "the gun and shoot someone out of the round. The last one standing takes a Bullet; the "
            "most Bullets after the rounds wins.",
            ("match", "gun", "bullets"),
        ),
        Section(
            "deal",
            "Ready, aim, fire!",
            PLAYING,
            ("deal", "setup", "set", "hand", "countdown", "fire", "flip"),
            f"Each round is dealt afresh: {SET_SIZE} cards face down as your set, {HAND_SIZE} as your "
            "hand, the rest the draw pile. Nobody sees anything, their own hand included, until "
            '"fire!": then every set turns up at once. A Shield in a set slides out into play (one '
            "at most) and its place is dealt again; any other Shield is covered by a new card.",
            ("shields",),
        ),
        Section(
            "play",
            "Playing a card",
            PLAYING,
            ("play", "card", "character", "draw", "set", "opponent"),
            "Put a character card from your hand on any face-up card of a set - yours or anyone's - "
            "that already shows that character; only the top card of a stack counts. You draw a card "
            f"after each card you play. {g} goes on anyone's set at any time.",
            ("match",),
        ),
        Section(
            "match",
            "Matches",
            PLAYING,
            ("match", "number", "target", "open"),
            "A set showing as many cards of one character as its match number (the deck page lists "
            "them) is a MATCH: its owner may shoot anyone, and anyone may shoot its owner. "
            f"{g} is a match alone.",
            ("gun", "deck"),
        ),
        Section(
            "gun",
            "The gun and shooting",
            PLAYING,
            ("gun", "shoot", "shot", "foul", "illegal", "first"),
            "One gun: a shot takes it for "
            f"{GUN_MS / 1000:g} s, and nobody shoots until it is back; the first key to reach it wins. "
            "A shot with no match on the shooter's set nor on the target's is a foul: the shooter "
            "leaves the round, Shield or not. After a shot from a match, the matched set is cleared "
            "and 4 new cards are dealt face up, whether the bullet hit or a Shield stopped it.",
            ("match", "shields"),
        ),
        Section(
            "shields",
            "Shields",
            PLAYING,
            ("shield", "protect", "block", "hand", "in play"),
            "A shot player uses the Shield in play, else one from the hand, and stays; with none, "
            "they leave the round and their cards are cleared. A Shield from the hand may be put in "
            "play at any moment, as long as none is in play (you draw after it, as after any card).",
            ("gun", "stalemate"),
        ),
        Section(
            "stalemate",
            "When nobody can play",
            PLAYING,
            ("stalemate", "stuck", "draw", "count", "three", "tie"),
            "When nobody has a character card they can play, everyone draws one card on the count of "
            f"three ({COUNT_MS / 1000:g} s), again and again until someone can play; a player holding "
            "a Shield with none in play must play it instead. It is the only time a hand exceeds "
            f"{HAND_SIZE}.",
            ("shields",),
        ),
        Section(
            "bullets",
            "Rounds, Bullets and sudden death",
            ROUNDS,
            ("round", "bullet", "score", "win", "tie", "sudden death", "out"),
            f"The last one standing takes a Bullet. After {deck.bullets} rounds (one per Bullet) the "
            "most Bullets wins; a tie is settled by one more round among the tied alone, whose winner "
            "is the champion. A player who is out sits the rest of the round out, not the game.",
            ("goal",),
        ),
    ]


def deck_page(deck: Deck) -> Section:
    width = max(len(c.name) for c in deck.characters)
    lines = [f"The deck: {deck.size} cards", ""]
    lines.append(f"{'character':<{width}}  match  copies")
    for c in deck.characters:
        lines.append(f"{c.name:<{width}}  {c.match:>5}  {c.copies:>6}")
    # Short lines: a page is laid out line by line beside the index, 46 columns at 80.
    lines += ["", f"Shields: {deck.shields}   Bullets: {deck.bullets} (the score)"]
    lines.append("From data/deck.yaml: a box may correct it.")
    body = "\n".join(lines)
    names = tuple(c.name.removeprefix("The ").lower() for c in deck.characters)
    return Section(
        "deck", "The deck", COMPONENTS, ("deck", "cards", "copies", *names), body, ("match",), page=Page(body)
    )


@cache
def sections() -> tuple[Section, ...]:
    """Every page of the reference, in reading order."""
    deck = load_deck()
    return (*_rules(deck), deck_page(deck))


# Finding, grouping and searching the pages: the same for every title's reference.
_reference: Reference[Section] = Reference(sections)
section = _reference.section
chapters = _reference.chapters
search = _reference.search
