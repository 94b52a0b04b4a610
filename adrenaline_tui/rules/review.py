"""An Adrenaline game laid out decision by decision, for the replay viewer (no UI here).

The mechanics are every title's (`adrenaline_tui/recording.py`); Adrenaline's moments are its
kills: `kills_at[n]` is how many killshots there had been after `n` decisions, and `next_kill`
goes to the shot itself, not the scoring.
"""

from __future__ import annotations

from adrenaline_tui import recording
from adrenaline_tui.rules.game import Game


class Recording(recording.Recording[Game]):
    __slots__ = ()

    MOMENTS = frozenset({"killshot"})

    @classmethod
    def _fresh(cls, game: Game) -> Game:
        return Game(game.config, game.seed, game.scenario, game.cards)

    @property
    def kills_at(self) -> list[int]:
        """Killshots so far after n decisions."""
        return self.moments_at
