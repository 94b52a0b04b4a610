"""`PanicFireApp`: Panic Fire's table without the shell around it: the tests' app (a table on an
injected clock, nothing else loaded) and `python -m adrenaline_tui.titles.panic_fire.ui`, which
opens a table, a save or a review directly, and the lesson (the shell reaches the table through
the registry's hook: `adrenaline --game panic_fire`). It does what the shell's app does for a
table: the look (glyphs from TERM and settings), NO_COLOR and the ASCII console (the shell's
own filters, through `terminal_filters.install` as the shell's app puts them on)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding

from adrenaline_tui.seeds import new_game_seed
from adrenaline_tui.titles.panic_fire.game import SEATS, SHIELD_OPTIONS, Game
from adrenaline_tui.titles.panic_fire.players import LEVELS
from adrenaline_tui.titles.panic_fire.ui import HUMAN, UI
from adrenaline_tui.titles.panic_fire.ui.review_screen import ReviewScreen
from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen
from adrenaline_tui.tui import terminal_filters
from adrenaline_tui.tui.look import ASCII, palette_for, pick_glyphs
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.tui.shell import GoToTitle


def new_table(people: int, computers: int, level: str, seed: int, shields: str = "all", **kw: Any) -> TableScreen:
    """A new game through the title's UI: the people in the first seats, then the computers."""
    seats = SEATS[: people + computers]
    kinds = {s: HUMAN if n < people else level for n, s in enumerate(seats)}
    return UI.new_table(len(seats), {"shields": shields}, kinds, seed, **kw)


def resumed_table(path: Path, **kw: Any) -> TableScreen:
    return UI.saved_table(path, **kw)


class PanicFireApp(App[int]):
    TITLE = "Panic Fire"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", id="panic_fire.app.quit", priority=True)]

    def __init__(self, first: TableScreen | ReviewScreen, settings: Settings | None = None) -> None:
        super().__init__()
        self.first = first
        self.settings = settings or Settings.load()
        self.look = Look(palette_for("adrenaline"), pick_glyphs(self.settings.glyphs))
        # NO_COLOR and the ASCII console, as the shell's app does (one piece for both).
        terminal_filters.install(self, ascii_only=self.look.glyphs is ASCII)

    def on_mount(self) -> None:
        self.push_screen(self.first, callback=lambda _: self.exit(0))

    def on_go_to_title(self, message: GoToTitle) -> None:
        # No title screen here: leaving the table leaves the app (the game is saved).
        self.exit(0)


def main(argv: list[str] | None = None) -> int:
    """Play Panic Fire: one person against 1-4 computers, or two people at one keyboard."""
    ap = argparse.ArgumentParser(prog="python -m adrenaline_tui.titles.panic_fire.ui", description=main.__doc__)
    ap.add_argument("--computers", type=int, default=3, choices=range(0, 5))
    ap.add_argument("--two", action="store_true", help="two people at one keyboard (left and right clusters)")
    ap.add_argument("--level", default="normal", choices=tuple(LEVELS))
    ap.add_argument("--shields", default="all", choices=SHIELD_OPTIONS)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--lesson", action="store_true", help="the first round slow: the computers wait for you")
    ap.add_argument("--resume", type=Path, help="go on with a saved game (every save is an autosave)")
    ap.add_argument("--review", type=Path, help="watch a saved game again")
    args = ap.parse_args(argv)
    try:
        if args.review:
            first: TableScreen | ReviewScreen = ReviewScreen(Game.load(args.review))
        elif args.resume:
            first = resumed_table(args.resume)
        else:
            people = 2 if args.two else 1
            if not 2 <= people + args.computers <= 5:
                ap.error("2 to 5 players in all")
            seed = args.seed if args.seed is not None else new_game_seed()
            first = new_table(people, args.computers, args.level, seed, args.shields, lesson=args.lesson)
    except (ValueError, OSError) as exc:
        print(f"panic fire: {exc}")
        return 2
    return PanicFireApp(first).run() or 0
