"""Panic Fire as the registry sees it (`titles/registry.py`): a real-time title, so its games
keep `RealTimeGame` and its computer players `RealTimePlayer` (docs/panic_fire.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from adrenaline_tui.titles.panic_fire.game import SEATS, SHIELD_OPTIONS, Config, Game
from adrenaline_tui.titles.registry import Place, RealTimePlayer, TitleOption


class PanicFire:
    seat_range = (2, 5)
    player_kinds = ("easy", "normal", "hard", "random")
    levels = ("easy", "normal", "hard")
    # A new computer seat starts at easy, not the middle level (docs/panic_fire.md, "The default
    # level"): a person new to the table reacts slower than a normal computer and wins no game.
    default_level = "easy"
    options = (
        TitleOption(
            "shields",
            SHIELD_OPTIONS,
            SHIELD_OPTIONS[0],
            "the Shield cards dealt: all, half or none (the text: fewer Shields, a faster game)",
        ),
    )

    def canonical_kind(self, kind: str) -> str | None:
        return kind if kind in self.player_kinds else None

    def default_seats(self, options: Mapping[str, str]) -> int:
        return 4

    def new_game(self, seats: int, options: Mapping[str, str], seed: int) -> Game:
        return Game.new(Config(SEATS[:seats], options.get("shields", SHIELD_OPTIONS[0])), seed)

    def make_player(self, kind: str, seed: int) -> RealTimePlayer:
        from adrenaline_tui.titles.panic_fire.players import make_player

        return make_player(kind, seed)

    def seats(self, game: Game) -> Sequence[str]:
        return game.config.seats

    def play_out(self, game: Game, players: Mapping[str, RealTimePlayer]) -> None:
        # In simulated time, the referee deciding who was first (docs/panic_fire.md).
        from adrenaline_tui.titles.panic_fire.referee import play

        play(game, players, seed=game.seed)

    def places(self, game: Game) -> list[Place]:
        return [Place(r["seat"], r["place"], r["bullets"]) for r in game.ranking()]

    def summary(self, game: Game) -> dict[str, Any]:
        # Every action a seat took, and the clock's own steps, as the save logs them.
        return {
            "turns": game.round,
            "decisions": len(game.log),
            "sudden_death": game.sudden_death,
            "shields": game.config.shields,
        }

    def load(self, path: Path) -> Game:
        return Game.load(path)


ENGINE = PanicFire()
