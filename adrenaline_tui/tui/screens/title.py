"""The title screen: new game, learn to play, continue the latest autosave, load, the rules,
settings, quit."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.printable import printable
from adrenaline_tui.titles.registry import playable
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import (
    OpenGame,
    OpenLoad,
    OpenPastGames,
    OpenSettings,
    OpenSetup,
    OpenTitleLessons,
    Shell,
    ShowRules,
    shell_of,
)

BANNER = r"""
    _   ___  ___ ___ _  _   _   _    ___ _  _ ___
   /_\ |   \| _ \ __| \| | /_\ | |  |_ _| \| | __|
  / _ \| |) |   / _|| .` |/ _ \| |__ | || .` | _|
 /_/ \_\___/|_|_\___|_|\_/_/ \_\____|___|_|\_|___|
"""


def ago(seconds: float) -> str:
    if seconds < 90:
        return "just now"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return f"{round(seconds / 86400)} days ago"


def unreadable_newest(info: storage.SaveInfo) -> str:
    return f"The newest save, {printable(info.path.name)}, cannot be read: {printable(info.problem)}"


class TitleScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#menu"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", "New game", id="title.new"),
        Binding("t", "pick('learn')", "Learn", id="title.learn"),
        Binding("c", "pick('continue')", "Continue", id="title.continue"),
        Binding("l", "pick('load')", "Load", id="title.load"),
        Binding("w", "pick('watch')", "Watch", id="title.watch"),
        Binding("r", "pick('rules')", "Rules", id="title.rules"),
        Binding("s", "pick('settings')", "Settings", id="title.settings"),
        Binding("q", "pick('quit')", "Quit", id="title.quit"),
        # The second title on: its digit opens its New game screen (`n` is the first title's).
        *(Binding(str(i), f"pick('new:{i - 1}')", show=False, id=f"title.game-{i}") for i in range(2, 10)),
    ]

    @property
    def shell(self) -> Shell:
        return shell_of(self)

    def compose_body(self) -> ComposeResult:
        with Vertical(id="column"):
            with Center():
                yield Static(Text(BANNER.strip("\n"), Style(bold=True)), id="banner", markup=False)
            yield Static(self.tagline(), id="tagline", markup=False)
            with Center():
                yield OptionList(id="menu", markup=False)
            yield Static("", id="menu-hint", markup=False)

    @staticmethod
    def tagline() -> str:
        titles = playable()
        if len(titles) > 1:
            # The banner is the first title's; the line under it says what else is here.
            names = [t.name for t in titles]
            return f"Board games for one keyboard: {', '.join(names[:-1])} and {names[-1]}."
        return "The board game by Czech Games Edition: 3-5 players, one keyboard."

    def on_screen_resume(self) -> None:
        # Also when first shown (Textual resumes a screen it pushes, before laying it out), so
        # the menu is filled once, not on mount as well.
        self.fill_menu()

    def fill_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        # Saves are read newest first and only until the game Continue opens: a folder of
        # finished games is not read through each time the title is shown.
        has_saves, newest, latest = False, None, None
        for info in storage.saves():
            has_saves = True
            if not info.over:
                if newest is None:
                    newest = info
                if info.readable:
                    latest = info
                    break
        if latest is not None:
            game = f"{printable(latest.title)}: " if latest.title else ""  # a save of another title says whose
            cont = f"c  Continue: {game}{latest.who} ({ago(time.time() - latest.modified)})"
        else:
            cont = "c  Continue (no game in progress)"
        # Continue skips a newest save that cannot be read, but never silently: it says so here.
        hint = Text("")
        if newest is not None and not newest.readable:
            hint = Text(unreadable_newest(newest), "bold")
        self.query_one("#menu-hint", Static).update(hint)
        titles = playable()
        games = [Option("n  New game" + (f": {titles[0].name}" if len(titles) > 1 else ""), id="new")]
        games += [Option(f"{i + 1}  New game: {t.name}", id=f"new:{i}") for i, t in enumerate(titles[1:9], 1)]
        menu.set_options(
            [
                *games,
                Option("t  Tutorial: learn to play", id="learn"),
                Option(cont, id="continue", disabled=latest is None),
                Option("l  Load a saved game", id="load", disabled=not has_saves),
                Option("w  Watch a saved game (replay, charts)", id="watch", disabled=not has_saves),
                Option("r  Rules, weapons and powerups", id="rules"),
                Option("s  Settings", id="settings"),
                Option("q  Quit", id="quit"),
            ]
        )
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_pick(event.option.id)

    def action_pick(self, what: str) -> None:
        if what == "new":
            self.post_message(OpenSetup())
        elif what.startswith("new:"):
            titles = playable()
            index = int(what.removeprefix("new:"))
            if index < len(titles):
                self.post_message(OpenSetup(titles[index].id))
        elif what == "learn":
            self.post_message(OpenTitleLessons())  # every title's lessons, through its hook
        elif what == "continue":
            latest = storage.latest_unfinished()
            if latest is None:
                self.notify("There is no game in progress to continue.")
            else:
                self.post_message(OpenGame(latest.path))
        elif what == "load":
            self.post_message(OpenLoad())
        elif what == "watch":
            self.post_message(OpenPastGames())
        elif what == "rules":
            self.post_message(ShowRules())
        elif what == "settings":
            self.post_message(OpenSettings())
        elif what == "quit":
            self.app.exit()
