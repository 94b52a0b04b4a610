"""Panic Fire (also sold as Shoot Your Friends): the real-time card game, 2-5 players, no turns.

The engine keeps the real-time contract of the titles' registry (docs/panic_fire.md):
`Game.new(config, seed)`, `legal(seat, now_ms)`, `act(seat, key, now_ms)`, `next_deadline()`
and `advance(now_ms)` for what the clock does, `view(seat)`, `to_json()`, and a save that is
the config, the seed and the ordered log of (time, seat, action). It imports nothing from the
UI, the host, nor Adrenaline's engine.
"""

from adrenaline_tui.titles.panic_fire.errors import ConfigError, DataError, IllegalAction, SaveError
from adrenaline_tui.titles.panic_fire.game import SEATS, Config, Event, Game
from adrenaline_tui.titles.panic_fire.moves import Action

__all__ = ["SEATS", "Action", "Config", "ConfigError", "DataError", "Event", "Game", "IllegalAction", "SaveError"]
