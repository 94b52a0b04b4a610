"""The victory order: survival; then most humans; then values plus colour bonuses; then most blood."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game


def colour_bonus(colours: list[str]) -> int:
    """2 humans of one colour = +1, 3 or more = +3, for each colour."""
    return sum(3 if n >= 3 else 1 if n == 2 else 0 for n in Counter(colours).values())


def points(g: Game, tiles: list[str]) -> tuple[int, int]:
    """(sum of the tiles' values, colour bonus)."""
    humans = g.components.human
    return sum(humans[t].value for t in tiles), colour_bonus([humans[t].colour for t in tiles])


def rank(g: Game) -> list[dict[str, Any]]:
    """Every vampire with its place (ties share one). Survivors rank above the eliminated, who
    rank by how late they fell (docs/rulings.md); then count, points, blood."""
    rows = []
    for v in g.vampires.values():
        value, bonus = points(g, v.humans)
        rows.append(
            {
                "seat": v.seat,
                "alive": v.alive,
                "eliminated_at": v.eliminated_at,
                "humans": len(v.humans),
                "value": value,
                "bonus": bonus,
                "points": value + bonus,
                "blood": v.blood,
            }
        )

    def key(r: dict[str, Any]) -> tuple:
        fell = -1 if r["alive"] else r["eliminated_at"]
        return (r["alive"], fell, r["humans"], r["points"], r["blood"])

    rows.sort(key=key, reverse=True)
    for i, r in enumerate(rows):
        r["place"] = rows[i - 1]["place"] if i and key(rows[i - 1]) == key(r) else i + 1
    return rows
