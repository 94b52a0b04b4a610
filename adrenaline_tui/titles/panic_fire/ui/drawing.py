"""What Panic Fire's table draws, as Rich text, from views alone (no widget, no clock).

Every function here reads a seat's `view` (or a spectator's) and the people's `Aim`s, never the
game: a screen cannot show what its viewer may not know. Colour only repeats what a word says
(each character has a colour so equal cards are found at a glance, but its name is written;
a match says MATCH in reverse video, which NO_COLOR keeps).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from adrenaline_tui.titles.panic_fire import moves
from adrenaline_tui.titles.panic_fire.ui.keys import Aim, hand_cards
from adrenaline_tui.tui.look import Glyphs

# A colour a character (the deck's ids; a character added to deck.yaml is drawn plain).
COLOUR = {
    "grandma": "bright_magenta",
    "cowboy": "yellow",
    "gangster": "red",
    "nun": "bright_white",
    "viking": "cyan",
    "zombie": "green",
    "alien": "bright_green",
    "gorilla": "bright_blue",
}
CARD_WIDTH = 8  # "Gangster", the longest short name
FLASH_MS = 400  # the sets show reversed this long after "fire!": the flip, seen
SHOT_MS = 1000  # a shot stays drawn while the gun is out of the middle (game.GUN_MS)
HALF_WIDTH, FULL_WIDTH = 36, 76  # the text width of a hand at two to a screen, and alone (80 columns)
MATCH = Style(reverse=True, bold=True)
DIM = Style(dim=True)


def short(view: dict[str, Any], char: str) -> str:
    """The name a card is drawn with: "The Great Grandma" is "Grandma"."""
    name = view["characters"].get(char, {}).get("name", char)
    return name.removeprefix("The ").removeprefix("Great ")


def card_style(char: str) -> Style:
    return Style(color=COLOUR.get(char), bold=True)


def keys_aiming(seat: str, aims: Sequence[Aim], view: dict[str, Any]) -> list[Aim]:
    return [a for a in aims if a.target_of(view) == seat]


def set_lines(
    view: dict[str, Any],
    seat: str,
    n: int,
    aims: Sequence[Aim],
    glyphs: Glyphs,
    now: int | None = None,
    shot: dict[str, Any] | None = None,
) -> list[Text]:
    """Two lines for `seat`'s set, the n-th at the table: who, Bullets, Shield, hand size, match;
    then its four face-up cards. A set aimed at shows the aiming person's position keys in place
    of the numbers 1-4, and the cards their picked card can go on are underlined."""
    t = view["table"][seat]
    me = view["seat"]
    head = Text(no_wrap=True, overflow="ellipsis")
    aiming = keys_aiming(seat, aims, view)
    head.append(glyphs.cursor if aiming else " ", Style(bold=True))
    tkeys = "/".join(a.cluster.shown(a.cluster.targets[n]) for a in aims if n < len(a.cluster.targets))
    head.append(f"{tkeys:<3} ", Style(bold=True))
    owners = [a for a in aims if a.seat == seat]
    who = seat.upper() + (" (you)" if seat == me and len(aims) <= 1 else "")
    if owners and len(aims) > 1:
        who += f" ({owners[0].cluster.side})"
    head.append(f"{who:<16}", Style(bold=bool(owners)))
    head.append(f"{glyphs.loaded * t['bullets'] or glyphs.empty:<3}", Style(bold=True))
    head.append(f" {t['bullets']} Bullet{'s' if t['bullets'] != 1 else ''}")
    if t["live"]:
        if t["shield"]:
            head.append(f" {glyphs.dot} Shield in play")
        head.append(f" {glyphs.dot} {t['hand_size']} in hand")
    if shot is not None and now is not None:
        if shot["seat"] == seat and shot["foul"]:
            head.append(f"  FOUL {glyphs.cursor} {shot['target']}: no match, out", Style(bold=True))
        elif shot["seat"] == seat:
            head.append(f"  BANG {glyphs.cursor} {shot['target']}", Style(bold=True))
        elif shot["target"] == seat and not shot["foul"]:
            head.append(f"  {shot['result']}", Style(bold=True))
    if t["match"]:
        head.append("  ")
        head.append(" MATCH: open target ", MATCH)
    cards = Text(no_wrap=True, overflow="ellipsis")
    cards.append(" " * 5)
    if not t["in_round"]:
        cards.append("sits this round out (sudden death is for the tied)", DIM)
        return [head, cards]
    if not t["live"]:
        cards.append("out of this round", DIM)
        return [head, cards]
    if view["over"]:
        cards.append("the last one standing", DIM)
        return [head, cards]
    flash = now is not None and 0 <= now < FLASH_MS
    picked = {a.card for a in aiming if a.card is not None}
    for p, char in enumerate(t["set"]):
        labels = [a.cluster.shown(a.cluster.positions[p]) for a in aiming] or [str(p + 1)]
        cards.append(f"{'/'.join(labels)} ", Style(bold=True))
        if char is None:
            cards.append(f"{glyphs.hidden * 4:<{CARD_WIDTH}}", DIM)
        else:
            style = card_style(char)
            if flash:
                style += Style(reverse=True)
            if picked and (char in picked or moves.GRANDMA in picked):
                style += Style(underline=True)
            height = t["heights"][p]
            cards.append(f"{short(view, char):<{CARD_WIDTH}}", style)
            cards.append(f"{'+' + str(height - 1) if height > 1 else '':<3}", DIM)
        cards.append(" ")
    return [head, cards]


def hand_lines(view: dict[str, Any], aim: Aim, glyphs: Glyphs, compact: bool, coach: bool = False) -> list[Text]:
    """A person's hand with the keys that pick each card, their cluster, and their last note."""
    c = aim.cluster
    if view["seat"] is None:  # a spectator at a host: no hand, no keys
        return [Text("Watching: every set as the players see it; no hand, no keys", DIM)]
    title = Text(no_wrap=True, overflow="ellipsis")
    title.append(f"{view['seat'].upper()}", Style(bold=True))
    title.append(f"'s hand ({c.side})" if c.side != "solo" else "'s hand")
    counts = Counter(view["hand"])
    items: list[Text] = []
    if not view["hand"]:
        mine = view["table"].get(view["seat"], {})
        out = mine.get("in_round") and not mine.get("live")
        said = "the game is over" if view["over"] else "out of this round" if out else "face down until fire!"
        items.append(Text(said, DIM))
    for n, char in enumerate(hand_cards(view, len(c.hand))):
        if char is None:
            continue
        item = Text(f"{c.shown(c.hand[n])}:", Style(bold=True, reverse=char == aim.card))
        item.append(short(view, char), card_style(char) + Style(reverse=char == aim.card))
        item.append(f" x{counts[char]}" if counts[char] > 1 else "")
        items.append(item)
    if counts[moves.SHIELD]:
        many = f" x{counts[moves.SHIELD]}" if counts[moves.SHIELD] > 1 else ""
        items.append(Text(f"{c.shown(c.shield)}:Shield{many}", Style(bold=True)))
    # Two lines for the hand: a stalemate's hand, or half the screen's width, still shows every card.
    width = HALF_WIDTH if compact else FULL_WIDTH
    lines = [Text(no_wrap=True, overflow="ellipsis"), Text(no_wrap=True, overflow="ellipsis")]
    row = 0
    for item in items:
        if lines[row].cell_len and lines[row].cell_len + 2 + item.cell_len > width and row == 0:
            row = 1
        if lines[row].cell_len:
            lines[row].append("  ")
        lines[row].append_text(item)
    keys = Text(no_wrap=True, overflow="ellipsis", style=DIM)
    sets = "".join(c.shown(k) for k in c.targets)
    pos = " ".join(c.shown(k) for k in c.positions)
    gun = "/".join(c.shown(k) for k in c.gun)
    d = f" {glyphs.dot} "
    cards = c.card_keys(view)
    if compact:  # half the width: every key of the cluster still shows (a Shield's with the card)
        keys.append(f"{cards} card{glyphs.dot}{sets} aim{glyphs.dot}{pos.replace(' ', '')} play{glyphs.dot}{gun} gun")
    else:
        keys.append(f"card {cards}{d}aim {sets}{d}play {pos}{d}gun {gun}{d}Shield {c.shown(c.shield)}")
    note = Text(no_wrap=True, overflow="ellipsis")
    if aim.said:
        note.append(aim.said, Style(bold=True))
    elif coach and (tip := hint(view, aim)):
        note.append(f"{glyphs.cursor} {tip}", Style(bold=True))
    else:
        what = short(view, aim.card) if aim.card else "no card"
        note.append(f"{glyphs.cursor} {what} picked, aiming at {aim.target_of(view)}", DIM)
    return [title, *lines, keys, note]


def countdown(now: int) -> str:
    """ "¡listo, apunta, dispara!": a second a word before "fire!" at 0."""
    if now < -2000:
        return "READY...  3"
    if now < -1000:
        return "AIM...  2"
    return "...  1"


def status_line(view: dict[str, Any], glyphs: Glyphs) -> Text:
    t = Text(no_wrap=True, overflow="ellipsis")
    what = "SUDDEN DEATH" if view["sudden_death"] else f"round {view['round']} of {view['rounds']}"
    t.append("Panic Fire", Style(bold=True))
    t.append(f" {glyphs.dot} {what} {glyphs.dot} gun: ")
    t.append("in the middle" if view["gun"] is None else f"{view['gun']}'s", Style(bold=True))
    left = view["bullets_left"]
    t.append(f" {glyphs.dot} draw pile {view['draw_pile']} {glyphs.dot} {left} Bullet{'s' if left != 1 else ''} left")
    return t


def banner(view: dict[str, Any], now: int, last: str, glyphs: Glyphs, urgent: str = "") -> Text:
    """The line under the status: the countdown, `urgent` (a saved round about to go on),
    "FIRE!", a count of three, or what just happened."""
    t = Text(no_wrap=True, overflow="ellipsis", justify="center")
    if view["over"]:
        t.append(f" {view['champion']} wins the game! ", MATCH)
        ranked = sorted(view["table"].items(), key=lambda st: (-st[1]["bullets"], st[0] != view["champion"]))
        t.append("  Bullets: " + f" {glyphs.dot} ".join(f"{seat} {st['bullets']}" for seat, st in ranked))
        return t
    if view["phase"] == "ready":
        t.append(f" {countdown(now)} ", MATCH)
        return t
    if urgent:
        t.append(f" {urgent} ", MATCH)
        return t
    if 0 <= now < 800:
        t.append(" FIRE! ", MATCH)
        return t
    if view["stalemate"] and view["count_at"] is not None:
        left = max(1, -(-(view["count_at"] - now) // 1000))
        t.append(f"nobody can play: everyone draws in {left}", Style(bold=True))
        return t
    t.append(last)
    return t


def legend(view: dict[str, Any], glyphs: Glyphs) -> Text:
    """How many of each character make a match, grouped by number."""
    by: dict[int, list[str]] = {}
    for char, c in view["characters"].items():
        by.setdefault(c["match"], []).append(short(view, char))
    t = Text(no_wrap=True, overflow="ellipsis", style=DIM)
    t.append("a match: ")
    t.append(f" {glyphs.dot} ".join(f"{' '.join(names)} {n}" for n, names in sorted(by.items())))
    return t


def hint(view: dict[str, Any], aim: Aim) -> str:
    """A lesson's coach: one thing the person could do now and the keys for it, from their
    legal actions (their own view): a fair shot first, then a card on their own set, then any
    card, then a Shield."""
    c = aim.cluster
    acts = [a for a in moves.actions(view) if a.key != "fold"]
    if view["phase"] != "play" or not acts:
        return ""
    seats = list(view["table"])
    for a in acts:
        if a.key.startswith("shoot:") and "foul" not in a.label:
            seat = a.key[6:]
            why = "your set is a match" if view["table"][view["seat"]]["match"] else f"{seat}'s set is a match"
            return f"{why}: shoot {seat}! keys {c.shown(c.targets[seats.index(seat)])} then {c.shown(c.gun[0])}"
    plays = [a for a in acts if a.key.startswith("play:")]
    mine = [a for a in plays if a.key.split(":")[2] == view["seat"]]
    # A card that makes a set a match opens a fair shot (an opponent's: at them; your own: at anyone).
    matching = [a for a in plays if _makes_match(view, *a.key.split(":")[1:])]
    for a in matching + mine + plays:
        char, seat, pos = a.key.split(":")[1:]
        cards = hand_cards(view, len(c.hand))
        if cards.index(char) >= len(c.hand):
            continue
        ks = [
            c.shown(c.hand[cards.index(char)]),
            c.shown(c.targets[seats.index(seat)]),
            c.shown(c.positions[int(pos) - 1]),
        ]
        where = "your set" if seat == view["seat"] else f"{seat}'s set"
        then = f", a match: then {c.shown(c.gun[0])} to shoot" if a in matching else ""
        return f"try {short(view, char)} on {where}: keys {' '.join(c.shown(k) for k in ks)}{then}"
    if any(a.key == "shield" for a in acts):
        return f"put your Shield in play: key {c.shown(c.shield)}"
    return ""


def _makes_match(view: dict[str, Any], char: str, seat: str, pos: str) -> bool:
    tops = list(view["table"][seat]["set"])
    if view["table"][seat]["match"]:
        return False
    tops[int(pos) - 1] = char
    chars = view["characters"]
    return any(tops.count(c) >= chars[c]["match"] for c in set(tops) if c in chars)
