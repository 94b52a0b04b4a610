"""Scoring as pure functions: a damaged board, the killshot track, and the final standings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adrenaline_tui.rules.state import BOARD_VALUES, FRENZY_VALUES, TRACK_VALUES


@dataclass(frozen=True, slots=True)
class Award:
    """Points given to a player, and why."""

    player: str
    points: int
    reason: str  # "first blood", "most damage (1st)", "killshot track (2nd)", "double kill"

    def as_dict(self) -> dict:
        return {"player": self.player, "points": self.points, "reason": self.reason}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def rank_by_tokens(tokens: Sequence[str]) -> list[str]:
    """Colours by number of tokens, most first; ties go to whoever's first token came earlier."""
    count: dict[str, int] = {}
    first: dict[str, int] = {}
    for i, c in enumerate(tokens):
        count[c] = count.get(c, 0) + 1
        first.setdefault(c, i)
    return sorted(count, key=lambda c: (-count[c], first[c]))


def board_values(skulls: int, frenzy_side: bool) -> tuple[int, ...]:
    """The values a board pays, highest first: skulls cover the top of the normal side."""
    if frenzy_side:
        return FRENZY_VALUES
    return BOARD_VALUES[skulls:] or (1,)


def score_board(damage: Sequence[str], skulls: int, frenzy_side: bool, payees: Iterable[str]) -> list[Award]:
    """Points for everyone who damaged a board.

    Ranks by damage with ties to the earlier first token, values floor at 1 (every attacker
    scores at least a point), first blood only on the normal side. Tokens from anyone not in
    `payees` (a spawnpoint striking back) take a rank but their points stay in the bank.
    """
    payees = set(payees)
    values = board_values(skulls, frenzy_side)
    awards: list[Award] = []
    if damage and not frenzy_side and damage[0] in payees:
        awards.append(Award(damage[0], 1, "first blood"))
    for i, colour in enumerate(rank_by_tokens(damage)):
        points = values[i] if i < len(values) else 1
        if colour in payees:
            awards.append(Award(colour, points, f"most damage ({_ordinal(i + 1)})"))
    return awards


def score_track(track: Sequence[Sequence[str]], payees: Iterable[str]) -> list[Award]:
    """End-of-game points for the killshot track (ties to the earlier killshot)."""
    payees = set(payees)
    tokens = [c for entry in track for c in entry]
    return [
        Award(c, TRACK_VALUES[i] if i < len(TRACK_VALUES) else 1, f"killshot track ({_ordinal(i + 1)})")
        for i, c in enumerate(rank_by_tokens(tokens))
        if c in payees
    ]


def standings(scores: dict[str, int], track_points: dict[str, int], seat_order: Sequence[str]) -> list[dict]:
    """Final ranking: points, then killshot-track points. Players tied on both share a rank.

    Players without killshot-track points cannot break a tie that way, so they stay tied.
    """
    ordered = sorted(seat_order, key=lambda c: (-scores[c], -track_points.get(c, 0)))
    out: list[dict] = []
    for i, c in enumerate(ordered):
        key = (scores[c], track_points.get(c, 0))
        if out and (out[-1]["score"], out[-1]["track_points"]) == key:
            rank = out[-1]["rank"]
        else:
            rank = i + 1
        out.append({"player": c, "score": scores[c], "track_points": track_points.get(c, 0), "rank": rank})
    return out
