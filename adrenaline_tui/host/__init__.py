"""Seats far apart: one host process holds the games, each player is a client (docs/hosting.md)."""
