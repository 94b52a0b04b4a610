"""Adrenaline, the board game, for the terminal."""

__version__ = "0.1.0"
