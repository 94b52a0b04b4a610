"""The rules engine: a deterministic state machine that always waits on one decision.

Pure Python: nothing here imports the UI or textual.
"""

from adrenaline_tui.rules.decision import Decision, Event, Option
from adrenaline_tui.rules.errors import ConfigError, DataError, IllegalChoice, SaveError
from adrenaline_tui.rules.game import Game
from adrenaline_tui.rules.state import FIGURES, HEROES, GameConfig

__all__ = [
    "FIGURES",
    "HEROES",
    "ConfigError",
    "DataError",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "IllegalChoice",
    "Option",
    "SaveError",
]
