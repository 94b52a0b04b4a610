"""Bloodrush as the registry sees it (`titles/registry.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from adrenaline_tui.titles.bloodrush import Config, Game
from adrenaline_tui.titles.bloodrush.state import BURSTS, SEATS
from adrenaline_tui.titles.registry import ComputerPlayer, Place, TitleOption, play_turns


class Bloodrush:
    seat_range = (2, 5)
    player_kinds = ("easy", "normal", "hard", "random")
    levels = ("easy", "normal", "hard")
    options = (
        TitleOption(
            "mozzie_player",
            ("no", "yes"),
            "no",
            "the 4+1 variant: four vampires, and a fifth player who steers only the Mozzie",
        ),
        TitleOption("burst", BURSTS, BURSTS[0], "what a burst does: back to the graveyard with 1 blood, or out"),
    )

    def canonical_kind(self, kind: str) -> str | None:
        return kind if kind in self.player_kinds else None

    def default_seats(self, options: Mapping[str, str]) -> int:
        return 5 if options.get("mozzie_player") == "yes" else 4

    def new_game(self, seats: int, options: Mapping[str, str], seed: int) -> Game:
        # The Mozzie's player takes the last seat; the Config refuses a table that is not 4+1.
        mozzie = SEATS[seats - 1] if options.get("mozzie_player") == "yes" else None
        config = Config(seats=SEATS[:seats], mozzie_player=mozzie, burst=options.get("burst", BURSTS[0]))
        return Game.new(config, seed)

    def make_player(self, kind: str, seed: int) -> ComputerPlayer:
        from adrenaline_tui.titles.bloodrush.players import make_player

        return make_player(kind, seed)

    def seats(self, game: Game) -> Sequence[str]:
        return game.config.seats

    def play_out(self, game: Game, players: Mapping[str, ComputerPlayer]) -> None:
        from adrenaline_tui.titles.bloodrush.players import RandomPlayer

        play_turns(game, players, frozenset(s for s, p in players.items() if isinstance(p, RandomPlayer)))

    def places(self, game: Game) -> list[Place]:
        # The Mozzie's player is ranked with nobody: the text gives it no way to win.
        return [Place(r["seat"], r["place"], r["points"]) for r in game.ranking or []]

    def summary(self, game: Game) -> dict[str, Any]:
        return {
            "turns": game.turn,
            "decisions": len(game.history),
            "mozzie_player": game.config.mozzie_player,
            "burst": game.config.burst,
        }

    def load(self, path: Path) -> Game:
        return Game.load(path)

    def stats(self, game: Game) -> dict[str, Any]:
        from adrenaline_tui.titles.bloodrush.figures import game_figures

        return game_figures(game)

    def stats_text(self, game: Game, figures: dict[str, Any]) -> str:
        from adrenaline_tui.titles.bloodrush.figures import format_figures

        return format_figures(figures)


ENGINE = Bloodrush()
