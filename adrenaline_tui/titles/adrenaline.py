"""Adrenaline as the registry sees it (`titles/registry.py`).

Adrenaline's engine stays where it was (`rules/`, `ai/`: the product card fixes the package and
its data files); this module only says it in the registry's terms, as every title does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from adrenaline_tui.rules import FIGURES, Game, GameConfig
from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.rules.state import ENDINGS, MODES
from adrenaline_tui.titles.registry import ComputerPlayer, Place, TitleOption, play_turns

NO_BOT = "none"


class Adrenaline:
    seat_range = (3, 5)
    player_kinds = ("easy", "normal", "hard", "random")
    levels = ("easy", "normal", "hard")
    options = (
        TitleOption("arena", ARENA_IDS, "arena_12", "the arena (the four boards of the box)"),
        TitleOption("skulls", ("5", "6", "7", "8"), "8", "skulls on the killshot track"),
        TitleOption("ending", ENDINGS, "frenzy", "final frenzy, or the game ends at the last skull"),
        TitleOption("mode", MODES, "standard", "the game mode"),
        TitleOption("bot", (NO_BOT, *FIGURES), NO_BOT, "the bot's colour (3 or 4 players), or none"),
    )

    def canonical_kind(self, kind: str) -> str | None:
        from adrenaline_tui.ai import canonical_kind, is_known

        return canonical_kind(kind) if is_known(kind) else None

    def default_seats(self, options: Mapping[str, str]) -> int:
        # The bot takes a figure: with it, the most players is 4.
        return 5 if options.get("bot", NO_BOT) == NO_BOT else 4

    def new_game(self, seats: int, options: Mapping[str, str], seed: int) -> Game:
        bot = options.get("bot", NO_BOT)
        config = GameConfig(
            players=FIGURES[:seats],
            arena=options.get("arena", "arena_12"),
            skulls=int(options.get("skulls", "8")),
            ending=options.get("ending", "frenzy"),
            mode=options.get("mode", "standard"),
            bot=None if bot == NO_BOT else bot,
        )
        return Game.new(config, seed)

    def make_player(self, kind: str, seed: int) -> ComputerPlayer:
        from adrenaline_tui.ai import make_player

        return make_player(kind, seed)

    def seats(self, game: Game) -> Sequence[str]:
        return game.config.players

    def play_out(self, game: Game, players: Mapping[str, ComputerPlayer]) -> None:
        from adrenaline_tui.ai import RandomPlayer

        play_turns(game, players, frozenset(s for s, p in players.items() if isinstance(p, RandomPlayer)))

    def places(self, game: Game) -> list[Place]:
        return [Place(r["player"], r["rank"], r["score"]) for r in game.ranking or []]

    def summary(self, game: Game) -> dict[str, Any]:
        return {"turns": game.turn, "decisions": len(game.history), "mode": game.config.mode, "bot": game.config.bot}

    def load(self, path: Path) -> Game:
        return Game.load(path)

    def stats(self, game: Game) -> dict[str, Any]:
        from adrenaline_tui.rules.stats import game_stats

        return game_stats(game)

    def stats_text(self, game: Game, figures: dict[str, Any]) -> str:
        from adrenaline_tui.rules.stats import format_stats

        return format_stats(figures, {w: card.name for w, card in game.cards.weapons.items()})


ENGINE = Adrenaline()
