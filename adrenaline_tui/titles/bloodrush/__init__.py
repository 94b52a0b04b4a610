"""Bloodrush (Fitz&Pops Tabletops): vampires hunt humans in a Far West town while a mosquito flies.

The engine keeps the contract of every title (docs/bloodrush.md): `Game.new(config, seed)`,
`pending` / `choose(key)`, `view(seat)`, `to_json()`, scenarios, and a save that is the config,
the seed and the chosen keys. It imports nothing from the UI, nor from Adrenaline's engine.
"""

from adrenaline_tui.titles.bloodrush.decision import Decision, Event, Option
from adrenaline_tui.titles.bloodrush.errors import ConfigError, DataError, IllegalChoice, SaveError
from adrenaline_tui.titles.bloodrush.game import Game
from adrenaline_tui.titles.bloodrush.state import Config

__all__ = ["Config", "ConfigError", "DataError", "Decision", "Event", "Game", "IllegalChoice", "Option", "SaveError"]
