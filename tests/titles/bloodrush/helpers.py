"""Building Bloodrush positions for tests.

The board (adrenaline_tui/titles/bloodrush/data/board.yaml), for reading the tests:

         a b c d e f g
    1    . . S . . D .        G graveyard   B building   M mine
    2    . B . C . B .        D damage (2 blood)   C clocks (1 hour)   S steps (2 free steps)
    3    D . . . . . S
    4    . . . G . C .        Column e is all plain: the default Mozzie flies down it (e1,
    5    S . . . . . D        heading south) and hits nobody.
    6    . B . C . B .
    7    . D . M . S .

Time track (data/time.yaml): 0 "9 pm (dusk)", 1 "10 pm", 2 "11 pm" moon 1, 3 "midnight" moon 2,
4 "1 am" moon 1, 5 "2 am", 6 "3 am", 7 "4 am (first light)" sun 1, 8 "5 am (dawn)" sun 2.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.titles.bloodrush import Game

DAWN = "5 am (dawn)"  # a sun: 2 blood
FIRST_LIGHT = "4 am (first light)"  # a sun: 1 blood


def scenario(**fields: Any) -> Game:
    s: dict[str, Any] = {
        "seats": ["scarlet", "violet"],
        "time_advances": False,
        "mozzie": {"square": "e1", "heading": "s"},
        "humans": {"a7": "red-1"},
        "vampires": {},
    }
    s.update(fields)
    return Game.from_scenario(s, seed=1)


def state(g: Game, seat: str = "scarlet") -> dict[str, Any]:
    return g.to_json()["vampires"][seat]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
