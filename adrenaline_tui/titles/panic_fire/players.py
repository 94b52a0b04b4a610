"""Computer players with a person's reaction times (docs/panic_fire.md, "Computer players").

A player reads only its seat's view and the round's clock and says what it wants to do and
when: `plan(view, now_ms)` gives `(at_ms, key)` or None, `done(now_ms)` tells it that its plan
was carried out (or refused). The referee asks again after every change, so a test or a
benchmark runs the players in simulated time, deterministically (all chance from the seed).

Timing, by level: a change is noticed within an attention span (uniformly, as a glance at the
table may come at any moment), then acted on after a reaction time drawn from a normal
distribution cut at 250 ms, plus the time to move a card for a play. 250 ms is about the
fastest a person reacts to something seen: simple visual reaction times average 200-250 ms in
the lab, and a choice among several (which card, which set) is slower by Hick's law; the hard
level's 300 ms median is a quick, practised player. The last `commit_ms` of an action cannot be
taken back: an easy or normal player reaching for the gun as a match disappears fouls, as a
person would; the hard player checks the table until the last moment and never fouls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from adrenaline_tui.titles.panic_fire import moves

MIN_REACTION_MS = 250
BORED_MS = 1500  # a player with only poor plays makes one anyway, after a while


@dataclass(frozen=True)
class Level:
    reaction_ms: int  # median reaction once a change is noticed
    spread_ms: int  # standard deviation of the reaction
    attention_ms: int  # a change is noticed within this long
    place_ms: int  # moving a card from the hand onto a set
    commit_ms: int  # the end of an action that can no longer be stopped
    defends: bool  # breaks an opponent's match with a card
    careful: bool  # never shoots unless the latest view makes it fair


LEVELS = {
    "easy": Level(650, 150, 1500, 500, 300, defends=False, careful=False),
    "normal": Level(450, 90, 800, 350, 150, defends=True, careful=False),
    "hard": Level(320, 50, 400, 250, 0, defends=True, careful=True),
}


@dataclass
class Intent:
    key: str
    at: int
    round: int


def _match_after(view: dict[str, Any], seat: str, pos: int, char: str) -> bool:
    tops = list(view["table"][seat]["set"])
    tops[pos] = char
    chars = view["characters"]
    return any(tops.count(c) >= chars[c]["match"] for c in set(tops) if c in chars)


class ComputerPlayer:
    """A level's player (`LEVELS`); `seed` makes its timings and slips repeatable."""

    def __init__(self, level: str, seed: int) -> None:
        self.level_name = level
        self.level = LEVELS[level]
        self.rng = random.Random(seed)
        self.intent: Intent | None = None

    # --- what to do -------------------------------------------------------------------------

    def choose(self, view: dict[str, Any]) -> tuple[str, int] | None:
        """The best action in this view and its worth (higher first); stable for a view."""
        me = view["seat"]
        table = view["table"]
        mine = table[me]
        if view["phase"] != "play" or not mine["live"]:
            return None
        opponents = [s for s, t in table.items() if s != me and t["live"]]
        if view["gun"] is None:
            targets = opponents if mine["match"] else [s for s in opponents if table[s]["match"]]
            if targets:
                best = min(targets, key=lambda s: (table[s]["shield"], -table[s]["bullets"], -table[s]["match"]))
                return f"shoot:{best}", 1000
        chars = view["characters"]
        best_play: tuple[str, int] | None = None

        def offer(key: str, worth: int) -> None:
            nonlocal best_play
            if best_play is None or worth > best_play[1]:
                best_play = (key, worth)

        hand = sorted(set(view["hand"]) - {moves.SHIELD})
        tops = mine["set"]
        for char in hand:
            need = chars[char]["match"]
            # A match of one's own waits for the gun: no card of one's own may spoil it.
            if char == moves.GRANDMA and not mine["match"]:
                offer(f"play:{char}:{me}:{self._spare(view, me, char) + 1}", 900)
                continue
            have = tops.count(char)
            if have and have < need and not mine["match"]:
                pos = self._spare(view, me, char)
                offer(f"play:{char}:{me}:{pos + 1}", 500 + 100 * (have + 1) // need)
            for s in opponents:
                theirs = table[s]["set"]
                if char not in theirs:
                    continue
                for pos, top in enumerate(theirs):
                    if top == char:
                        continue
                    makes = _match_after(view, s, pos, char)
                    if table[s]["match"] and not makes and self.level.defends:
                        offer(f"play:{char}:{s}:{pos + 1}", 800)
                    elif not makes:
                        offer(f"play:{char}:{s}:{pos + 1}", 10)
                    else:
                        offer(f"play:{char}:{s}:{pos + 1}", -10)
        if moves.SHIELD in view["hand"] and not mine["shield"]:
            offer("shield", 50)
        return best_play

    def _spare(self, view: dict[str, Any], seat: str, char: str) -> int:
        """The position of `seat`'s set best covered with `char`: the card it has fewest of."""
        tops = view["table"][seat]["set"]
        options = [p for p, t in enumerate(tops) if t != char] or [0]
        return min(options, key=lambda p: (tops.count(tops[p]), p))

    # --- when -------------------------------------------------------------------------------

    def _delay(self, key: str, worth: int) -> int:
        lv = self.level
        notice = self.rng.uniform(0, lv.attention_ms)
        react = max(MIN_REACTION_MS, self.rng.gauss(lv.reaction_ms, lv.spread_ms))
        extra = 0 if key.startswith("shoot:") else lv.place_ms
        if worth < 0:
            extra += BORED_MS
        return round(notice + react + extra)

    def plan(self, view: dict[str, Any], now_ms: int) -> tuple[int, str] | None:
        it = self.intent
        if it is not None and it.round != view["round"]:
            it = self.intent = None
        if it is not None and now_ms >= it.at - self.level.commit_ms and not self.level.careful:
            return it.at, it.key  # too late to stop
        wanted = self.choose(view)
        if it is not None and moves.why_not(view, it.key) is None:
            fair = not it.key.startswith("shoot:") or moves.shot_is_fair(view, it.key[6:])
            preempted = wanted is not None and wanted[0].startswith("shoot:") and not it.key.startswith("shoot:")
            if fair and not preempted:
                return it.at, it.key
        if wanted is None:
            self.intent = None
            return None
        key, worth = wanted
        self.intent = Intent(key, now_ms + self._delay(key, worth), view["round"])
        return self.intent.at, self.intent.key

    def done(self, now_ms: int) -> None:
        self.intent = None


class RandomPlayer(ComputerPlayer):
    """Any legal action but leaving, after a random wait from 0 to 2 s: for tests, it fouls."""

    def __init__(self, seed: int, slowest_ms: int = 2000) -> None:
        super().__init__("normal", seed)
        self.slowest_ms = slowest_ms

    def plan(self, view: dict[str, Any], now_ms: int) -> tuple[int, str] | None:
        it = self.intent
        if it is not None and it.round == view["round"] and moves.why_not(view, it.key) is None:
            return it.at, it.key
        options = [a.key for a in moves.actions(view) if a.key != "fold"]
        if not options:
            self.intent = None
            return None
        key = self.rng.choice(options)
        self.intent = Intent(key, now_ms + self.rng.randint(0, self.slowest_ms), view["round"])
        return self.intent.at, key


KINDS = ("easy", "normal", "hard", "random")


def make_player(kind: str, seed: int) -> ComputerPlayer:
    if kind == "random":
        return RandomPlayer(seed)
    if kind not in LEVELS:
        raise ValueError(f"no computer player {kind[:20]!r} (known: {', '.join(KINDS)})")
    return ComputerPlayer(kind, seed)
