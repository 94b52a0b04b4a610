"""Computer players. They drive the engine through `pending` / `choose`, like people do."""

from adrenaline_tui.ai.random_player import RandomPlayer

__all__ = ["RandomPlayer"]
