"""Building Panic Fire positions for tests (the scenario format is in docs/panic_fire.md).

The deck (adrenaline_tui/titles/panic_fire/data/deck.yaml), for reading the tests: match
numbers grandma 1, cowboy 3, gangster 3, nun 3, viking 3, zombie 3, alien 4, gorilla 4.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.scenario import from_scenario

PLAIN = ["alien", "gorilla", "viking", "zombie"]  # four different characters: no match


def table(**fields: Any) -> Game:
    s: dict[str, Any] = {"seats": ["scarlet", "violet"]}
    s.update(fields)
    return from_scenario(s, seed=1)


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def tops(g: Game, seat: str) -> list[str]:
    return g.view(seat)["table"][seat]["set"]
