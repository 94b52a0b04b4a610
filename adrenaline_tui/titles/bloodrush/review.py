"""A saved Bloodrush game laid out decision by decision, for a replay viewer (no UI here).

The mechanics are every title's (`adrenaline_tui/recording.py`, which Adrenaline's
`rules/review.Recording` uses too), so one review screen can step through either title.
Bloodrush has no kills: its moments are the things a player looks for in a replay (a meal, the
Mozzie eating a human or draining a vampire, a burst, an elimination), and `next_kill` is
`next_moment` under the name the screen already calls. `at(n)` is the game after `n` decisions
(a replay), so a view of it shows only what a player could see then.
"""

from __future__ import annotations

from adrenaline_tui import recording
from adrenaline_tui.titles.bloodrush.game import Game

# Public events a replay viewer jumps between.
MOMENTS = frozenset({"fed", "eaten", "drained", "burst", "eliminated"})


class Recording(recording.Recording[Game]):
    __slots__ = ()

    MOMENTS = MOMENTS

    @classmethod
    def _fresh(cls, game: Game) -> Game:
        return Game(game.config, game.seed, game.scenario)
