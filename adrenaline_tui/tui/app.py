"""The Textual app: screens, themes, settings, the command palette and `run_app`.

Game state lives in the engine (through `Session`), never in app-level reactives: a reactive
on the app repaints every screen, which over SSH means many times the bytes per key press.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import select
import signal
import sys
import threading
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.geometry import Size
from textual.notifications import Notification, Notify, SeverityLevel
from textual.theme import BUILTIN_THEMES, Theme

from adrenaline_tui.atomicfile import write_problem
from adrenaline_tui.printable import printable
from adrenaline_tui.rules import GameConfig
from adrenaline_tui.seeds import new_game_seed
from adrenaline_tui.tui import crash, shell, storage, terminal_filters
from adrenaline_tui.tui.look import ASCII, palette_for, pick_glyphs
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.screens.base import BaseScreen, blocked_while_too_small, too_small
from adrenaline_tui.tui.screens.title import TitleScreen
from adrenaline_tui.tui.session import Session, unsaved
from adrenaline_tui.tui.settings import Settings

if TYPE_CHECKING:
    # The walkthrough needs pydantic; a game starts without it, so it is imported when used.
    from textual.driver import Driver
    from textual.screen import Screen

    from adrenaline_tui.walkthrough import Lesson, Progress

# The exit status after the terminal went away: 128 + SIGHUP, as if the hang-up had ended it.
HANGUP_STATUS = 129
# Seconds an exit after a hang-up may take before the process is ended without Textual's shutdown.
EXIT_GRACE = 5.0

THEMES = [
    Theme(
        name="adrenaline",
        primary="#e0503a",
        secondary="#4a8cf0",
        accent="#f2d03b",
        warning="#f2d03b",
        error="#ff5555",
        success="#4cc46a",
        foreground="#e4e4e4",
        background="#121212",
        surface="#1c1c1c",
        panel="#2a2a2a",
        dark=True,
    ),
    Theme(
        name="adrenaline-colourblind",
        primary="#e69f00",
        secondary="#56b4e9",
        accent="#f0e442",
        warning="#f0e442",
        error="#d55e00",
        success="#009e73",
        foreground="#eeeeee",
        background="#101010",
        surface="#1c1c1c",
        panel="#2c2c2c",
        dark=True,
    ),
    replace(BUILTIN_THEMES["ansi-dark"], name="adrenaline-16"),
]


MAX_NOTICE = 300  # characters: a notice quoting a broken file must not fill the screen


class GameCommands(Provider):
    """Command palette entries: look up any rule or card, learn, save, themes, points, settings, help."""

    def commands(self) -> list[tuple[str, object, str]]:
        app: AdrenalineApp = self.app  # type: ignore[assignment]
        out: list[tuple[str, object, str]] = []
        # The rules of the title on screen (a title's table offers its own), else the first title's.
        pages = app.rules_pages()
        if pages is None:
            from adrenaline_tui.walkthrough import reference as pages
        whose = getattr(pages, "NAME", "")
        for s in pages.sections():
            what = "The card's page" if s.page is not None else f"The rules: {s.chapter}"
            out.append((f"Rules: {s.title}", partial(app.action_rules, s.id), what))
        out.append(("Rules reference", app.action_rules, f"{whose} rules by chapter, every page, and a search".strip()))
        out.append(("Learn to play", app.open_title_lessons, "Lessons that teach each game by playing it"))
        table = app.table()
        if table is not None and app.screen is table:
            out.append(("Explain", table.action_explain, "Why the option under the cursor is allowed, and more"))
        out.append(("Save the game", app.action_save, "Write the autosave now and show where it is"))
        for name, label in (
            ("adrenaline", "Adrenaline"),
            ("adrenaline-colourblind", "colour-blind safe"),
            ("adrenaline-16", "16 colours"),
        ):
            out.append((f"Theme: {label}", partial(app.set_theme, name), "Change the colours"))
        shown = table.show_points if table is not None else app.settings.show_points
        points = "Hide points (face down)" if shown else "Show everyone's points"
        where = "in this game" if table is not None else "in new games"
        out.append((points, app.toggle_points, f"Points are private as at the table unless shown ({where})"))
        out.append(("Settings", app.open_settings, "Points, computer speed, scoring pauses, theme, symbols"))
        out.append(("Help and keys", app.action_help, "What the keys and symbols mean"))
        return out

    async def discover(self) -> Hits:
        for name, callback, help_text in self.commands():
            if not name.startswith("Rules:"):
                yield DiscoveryHit(name, callback, help=help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)  # type: ignore[arg-type]


class AdrenalineApp(App[int]):
    # The first screens' TCSS (the title, the table) is read with the app's own: a screen's
    # CSS_PATH read when the screen is first pushed makes Textual parse every stylesheet again
    # and restyle the app, right before the first frame. (Their rules all name their screen.)
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).with_name("app.tcss"),
        Path(__file__).parent / "screens" / "title.tcss",
        Path(__file__).parent / "screens" / "table.tcss",
    ]
    TITLE = "Adrenaline"
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", "Help", id="app.help"),
        Binding("ctrl+s", "save", "Save", show=False, id="app.save"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
    ]

    def __init__(
        self,
        *,
        continue_game: bool = False,
        learn: bool = False,
        settings: Settings | None = None,
        bot_delay: float | None = None,
        session: Session | None = None,
        seed: int | None = None,
        save_settings: bool = True,
        review: Path | None = None,
        game: str | None = None,
    ) -> None:
        super().__init__()
        self._game = game  # `--game NAME`: that title's New game screen, over the title screen
        self.settings = settings or Settings.load()
        self._bot_delay = bot_delay
        self._continue = continue_game
        self._learn = learn
        self._session = session
        self._review = review
        self._seed = seed
        self._save_settings = save_settings
        self._exit_timer: threading.Timer | None = None
        self._notices: dict[str, Notification] = {}  # the notice shown on each topic (`notify`)
        self.hung_up = False  # the terminal went away (`terminal_gone`)
        self._cards = None
        self._lessons: list[Lesson] | None = None
        self._progress: Progress | None = None
        for theme in THEMES:
            self.register_theme(theme)
        self._first_theme(self.settings.theme or self.automatic_theme())
        self.look = Look(palette_for(self.theme), pick_glyphs(self.settings.glyphs))
        self._terminal_filters()

    def _first_theme(self, name: str) -> None:
        """The theme the app starts in, before any stylesheet is read.

        Setting `theme` runs Textual's watcher, which reads every stylesheet again and restyles
        the app once it runs (`refresh_css`): 6-10 ms right before the first frame, for
        nothing, since nothing is styled yet. What the watcher does that matters this early is
        done here: the theme's CSS variables, its classes on the app, the ANSI colours of its
        darkness. A theme changed later goes through the watcher (`update_settings`).
        """
        name = self._validate_theme(name)  # an unknown name fails as `self.theme = name` would
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        self.stylesheet.set_variables(self.get_css_variables())
        classes = {c: False for c in self.classes if c.startswith("-theme-")}
        classes.update({f"-theme-{theme.name}": True, "-dark-mode": theme.dark, "-light-mode": not theme.dark})
        self.update_classes(classes, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)

    def get_key_display(self, binding: Binding) -> str:
        """Keys by name where the glyph set is ASCII ("enter", not a symbol the console lacks)."""
        shown = super().get_key_display(binding)
        if self.look.glyphs is ASCII and not shown.isascii():
            return "up/down" if binding.key in ("up", "down") else binding.key.split(",")[0]
        return shown

    def _terminal_filters(self) -> None:
        """NO_COLOR: no colour at all (Textual's own filter sends greys); the ASCII glyph set:
        no character outside ASCII, Textual's own borders and ellipses included."""
        self._ascii_only = terminal_filters.install(self, ascii_only=self.look.glyphs is ASCII)

    # ------------------------------------------------------------------ set-up
    def automatic_theme(self) -> str:
        """The 16-colour theme where the terminal has only 16 colours, else the full one."""
        system = self.console.color_system
        return "adrenaline-16" if system in ("standard", "windows") else "adrenaline"

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay if self._bot_delay is None else self._bot_delay

    @property
    def cards(self):
        if self._cards is None:
            from adrenaline_tui.rules.cards import load_cards

            self._cards = load_cards()
        return self._cards

    @property
    def lessons(self) -> list[Lesson]:
        """Every lesson, loaded once (loading checks each scenario by building it)."""
        if self._lessons is None:
            from adrenaline_tui.walkthrough import load_lessons

            self._lessons = load_lessons()
        return self._lessons

    @property
    def progress(self) -> Progress:
        if self._progress is None:
            from adrenaline_tui.walkthrough import Progress

            self._progress = Progress.load()
            # Lesson progress is saved as lessons end and weapons are offered, deep in other code;
            # a failed write is said here, once, and the lesson or game goes on.
            self._progress.on_error = lambda problem: self.notify(problem, severity="warning", timeout=8)
        return self._progress

    def next_seed(self) -> int:
        if self._seed is not None:
            seed, self._seed = self._seed, self._seed + 1
            return seed
        return new_game_seed()

    def get_default_screen(self) -> BaseScreen:
        # The screen under all others is a BaseScreen too, so it also skips the repeated
        # start-up resize: laid out again, it would have the whole table drawn once more.
        return BaseScreen(id="_default")

    @property
    def size(self) -> Size:
        # Until the first resize Textual takes the console's size, which the client chose: bound
        # it like every resize (`driver.MAX_WIDTH`).
        from adrenaline_tui.tui.driver import bounded

        return bounded(super().size)

    def get_driver_class(self) -> type[Driver]:
        from textual.drivers.linux_driver import LinuxDriver

        from adrenaline_tui.tui.driver import TerminalDriver

        driver = super().get_driver_class()
        # Ours are Textual's with the doors' limits (size, window changes): see tui/driver.py.
        if driver is LinuxDriver:
            return TerminalDriver
        if driver.__module__ == "textual.drivers.web_driver":  # under textual-serve (the web door)
            from adrenaline_tui.tui.web_driver import WebDriver

            return WebDriver
        return driver

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Textual's "Screenshot" writes an SVG into ~/Downloads at every use: over SSH, a guest
        # could fill the account's disk. The game offers nothing that writes arbitrary files.
        return (c for c in super().get_system_commands(screen) if c.title != "Screenshot")

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Off: the action would write a file wherever it is told (markup can name actions)."""

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """Off, like `action_screenshot`."""
        return None

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if not self.is_headless:
            self._watch_terminal()

    def watch_app_focus(self, focus: bool) -> None:
        # A browser's tab starts without focus (Textual's web driver says so before the first
        # screen is drawn), so that screen's AUTO_FOCUS never applied, and Textual, having no
        # widget to give focus back to, left the first keys to the screen's shortcuts (a table
        # code typed in the lobby went nowhere). The first key or click gives the app focus:
        # the screen then gets the focus it would have had. (Runs after Textual's own watcher,
        # which restores the widget focused at a blur, if any.)
        if focus and self.screen.focused is None:
            self.screen._update_auto_focus()

    def _watch_terminal(self) -> None:
        """Leave, saving first, when the terminal goes away, so no game is left running on nothing.

        Terminals and sshd send SIGHUP on hang-up (and SIGTERM is the polite stop); reading a
        hung-up terminal fails (`TerminalDriver`); and a terminal closed without either shows as a
        hang-up on standard input, looked at twice a second."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # no signals here
                loop.add_signal_handler(sig, self.terminal_gone)
        self.set_interval(0.5, self._check_terminal)

    def _check_terminal(self) -> None:
        poller = select.poll()
        try:
            poller.register(sys.__stdin__.fileno(), select.POLLIN)
        except (AttributeError, ValueError, OSError):
            return
        # POLLHUP, POLLERR and POLLNVAL are reported whatever was asked for.
        if any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0)):
            self.terminal_gone()

    def terminal_gone(self) -> None:
        """The terminal went away (hang-up, SSH connection lost, window closed): save, then leave.

        Textual's shutdown still talks to the terminal; `TerminalDriver` keeps a dead one from
        blocking it (seen before: the writer thread dead of EIO, its queue full, the exit stuck
        for good). Should anything else block it, the save is on disk and nothing is left to
        lose, so a daemon timer ends the process if the shutdown has not within seconds."""
        self.hung_up = True
        table = self.table()
        if table is not None:
            table.session.flush()
        if self._exit_timer is None:
            self._exit_timer = threading.Timer(EXIT_GRACE, os._exit, args=(HANGUP_STATUS,))
            self._exit_timer.daemon = True
            self._exit_timer.start()
        self.exit(return_code=HANGUP_STATUS)

    def on_ready(self) -> None:
        self.call_after_refresh(self._started)
        # The first screen is opened once the app is ready, not while it mounts: Textual holds
        # back every frame until mounting is over, so a screen drawn during it is drawn twice.
        # Straight to the table when resuming: the title is only built if someone goes back to it.
        if self._session is not None:
            self.open_session(self._session)
            return
        for folder in (storage.home(), storage.saves_dir()):
            storage.remove_stale_temporaries(folder)
        if self._review is not None:
            self.push_screen(TitleScreen())
            self.open_review(self._review)
            return
        if self._continue and self._continue_latest():
            return
        self.push_screen(TitleScreen())
        if self._learn:  # `adrenaline learn [--game NAME]`: that title's lessons, else the first's
            from adrenaline_tui.titles.registry import DEFAULT

            self.open_title_lessons(self._game or DEFAULT)
        elif self._game is not None:
            self.open_setup(self._game)

    def _started(self) -> None:
        """The first screen is drawn. What start-up built (Textual, the card data, the first
        screen) lives as long as the app: moved out of the collector's sight, so a full
        collection no longer walks it (late in a game, turn 150, one came every twenty-odd
        keys and took 66 ms of CPU, a dropped frame; 33 ms so). Then the collector, held off
        while the app started (`cli`), is let loose on what comes after."""
        gc.freeze()
        gc.enable()

    def _continue_latest(self) -> bool:
        """`--continue`: open the newest unfinished game; False (and why, on screen) if it cannot be.

        An unreadable newest save is named, with its reason, and no older game is opened in its
        place: the title's Continue offers that one, for the players to choose.
        """
        saves = storage.saves()  # read newest first, only as far as needed
        newest = storage.newest_unfinished(saves)
        if newest is None:
            self.notify("There is no game in progress to continue.", severity="warning")
            return False
        if not newest.readable:
            # Every save newer than it is finished: the older game, if any, is further on.
            older = next((i for i in saves if i.readable and not i.over), None)
            then = f"Continue picks up an older game ({older.who}); " if older else ""
            self.notify(
                f"The newest save, {newest.path}, cannot be read: {newest.problem}. {then}Load lists every save.",
                severity="error",
                timeout=15,
            )
            return False
        return self.open_game(newest.path)

    async def on_event(self, event: events.Event) -> None:
        # Below the minimum size the screen shows only "make the window bigger": input reaching
        # the hidden screen would act unseen (a "Run" chosen blind, a game opened from the title).
        # Dropped here, before Textual routes it to bindings, widgets or the palette; only the
        # quit key still works.
        if (
            too_small(self.size)
            and blocked_while_too_small(event)
            and not event.is_forwarded
            and not self._quits(event)
        ):
            return
        if isinstance(event, events.InputEvent):
            # Undo's copies of the game are made while nobody is at the keys (`UndoSpares`):
            # a key press is drawn without a copy holding the interpreter.
            table = self.table()
            spares = getattr(table.session, "spares", None) if table is not None else None
            if spares is not None:
                spares.touch()
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        # Textual's own palette is a screen without our size notice: shrunk below the minimum
        # it would stay drawn over the table, taking no keys. Closing it loses nothing.
        if too_small(event.size) and isinstance(self.screen, CommandPalette):
            self.screen.dismiss()

    def _quits(self, event: events.Event) -> bool:
        if not isinstance(event, events.Key):
            return False
        bindings = self._bindings.key_to_bindings.get(event.key, ())
        return any(binding.action == "quit" for binding in bindings)

    # ----------------------------------------------------------------- screens
    def open_setup(self, title_id: str | None = None) -> None:
        """A title's New game screen (the first title's when none is named)."""
        from adrenaline_tui.titles.registry import DEFAULT, UnknownTitle, title

        try:
            screen = title(title_id or DEFAULT).ui().setup_screen()
        except UnknownTitle as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.push_screen(screen)

    def start_game(self, config: GameConfig, kinds: dict[str, str]) -> None:
        from adrenaline_tui.tui.screens.table import TableScreen

        session = Session.start(config, self.next_seed(), kinds)
        self.switch_screen(TableScreen(session))

    def start_title_game(self, title_id: str, seats: int, options: dict[str, str], kinds: dict[str, str]) -> None:
        """A new game of any title, from the generic setup: the title builds its own table."""
        from adrenaline_tui.titles.registry import title

        try:
            screen = title(title_id).ui().new_table(seats, options, kinds, self.next_seed())
        except ValueError as exc:  # options that do not go together: said, and setup stays
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.switch_screen(screen)

    def open_session(self, session: Session) -> None:
        from adrenaline_tui.tui.screens.table import TableScreen

        self.push_screen(TableScreen(session))

    def open_game(self, path: Path | str) -> bool:
        """The table of a saved game, whichever title's (a bad save is a one-line notice)."""
        path = Path(path)
        try:
            screen = storage.title_of_save(path).ui().saved_table(path)
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return False
        self.push_screen(screen)
        return True

    def open_load(self) -> None:
        from adrenaline_tui.tui.screens.load import LoadScreen

        def loaded(path: str | None) -> None:
            if path:
                self.open_game(path)

        self.push_screen(LoadScreen(), callback=loaded)

    def open_review(self, path: Path | str) -> bool:
        """The replay viewer on a save (a bad save, or a title without one, is a one-line notice)."""
        path = Path(path)
        try:
            named = storage.title_of_save(path)
            screen = named.ui().review_screen(path)
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return False
        if screen is None:
            self.notify(f"{named.name} games cannot be watched again yet; Load opens this one.", timeout=8)
            return False
        self.push_screen(screen)
        return True

    def open_past_games(self) -> None:
        from adrenaline_tui.tui.screens.past_games import PastGamesScreen

        def picked(path: str | None) -> None:
            if path:
                self.open_review(path)

        self.push_screen(PastGamesScreen(), callback=picked)

    def open_lessons(self, only: list[Lesson] | None = None, title: str = "Learn to play") -> None:
        """The lesson list: every lesson, or (from a game) the weapons new on its table."""
        from adrenaline_tui.tui.screens.lessons import LessonListScreen

        self.push_screen(LessonListScreen(only or self.lessons, self.progress, title, from_game=only is not None))

    def open_title_lessons(self, title_id: str | None = None) -> None:
        """A title's lessons through its hook (`TitleUI.lessons_screen`), or, with no title
        named, the list of titles that have lessons (straight to the one if only one has)."""
        from adrenaline_tui.titles.registry import UnknownTitle, playable, title

        if title_id is None:
            titles = [t for t in playable() if callable(getattr(t.ui(), "lessons_screen", None))]
            if len(titles) != 1:
                from adrenaline_tui.tui.screens.tutorial import TutorialScreen

                self.push_screen(TutorialScreen(tuple((t.id, t.name, t.blurb) for t in titles)))
                return
            title_id = titles[0].id
        try:
            lessons = getattr(title(title_id).ui(), "lessons_screen", None)
            if not callable(lessons):
                raise UnknownTitle(f"{title(title_id).name} has no lessons yet")
            screen = lessons()
        except ValueError as exc:  # no such title, or its lessons cannot be read: said in one line
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.push_screen(screen)

    def open_lesson(self, lesson: Lesson, among: list[Lesson] | None = None, *, from_game: bool = False) -> None:
        """A lesson; `among` is the list it was picked from (its "next lesson")."""
        from adrenaline_tui.tui.screens.lesson import LessonScreen

        lessons = among if among is not None else ([lesson] if from_game else self.lessons)
        self.push_screen(LessonScreen(lesson, self.progress, lessons, from_game=from_game))

    def open_settings(self) -> None:
        from adrenaline_tui.tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def go_to_title(self, then: str | None = None) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.push_screen(TitleScreen())
        if then == "new":
            self.open_setup()

    # ------------------------------------------- what the screens ask (tui/shell.py)
    def on_open_setup(self, message: shell.OpenSetup) -> None:
        self.open_setup(message.title)

    def on_start_game(self, message: shell.StartGame) -> None:
        self.start_game(message.config, message.kinds)

    def on_start_title_game(self, message: shell.StartTitleGame) -> None:
        self.start_title_game(message.title, message.seats, message.options, message.kinds)

    def on_open_game(self, message: shell.OpenGame) -> None:
        self.open_game(message.path)

    def on_open_load(self, _: shell.OpenLoad) -> None:
        self.open_load()

    def on_open_past_games(self, _: shell.OpenPastGames) -> None:
        self.open_past_games()

    def on_open_settings(self, _: shell.OpenSettings) -> None:
        self.open_settings()

    def on_show_rules(self, _: shell.ShowRules) -> None:
        self.action_rules()

    def on_open_lessons(self, message: shell.OpenLessons) -> None:
        self.open_lessons(message.only, message.title)

    def on_open_title_lessons(self, message: shell.OpenTitleLessons) -> None:
        self.open_title_lessons(message.title)

    def on_open_lesson(self, message: shell.OpenLesson) -> None:
        self.open_lesson(message.lesson, message.among, from_game=message.from_game)

    def on_go_to_title(self, message: shell.GoToTitle) -> None:
        self.go_to_title(message.then)

    def on_change_setting(self, message: shell.ChangeSetting) -> None:
        self.update_settings(replace(self.settings, **{message.field: message.value}))

    def on_toggle_points(self, _: shell.TogglePoints) -> None:
        self.toggle_points()

    def on_left_game(self, message: shell.LeftGame) -> None:
        self.notify_saved(message.session)

    def table(self):
        """The table on the screen stack, of whichever title (`shell.is_game_table`)."""
        return next((s for s in reversed(self.screen_stack) if shell.is_game_table(s)), None)

    # ----------------------------------------------------------------- actions
    def action_help(self) -> None:
        from adrenaline_tui.tui.screens.help import HelpScreen

        if self.screen.__class__.__name__ == "HelpScreen":
            return
        self.push_screen(HelpScreen(under=self.screen))

    def rules_pages(self) -> Any | None:
        """The rules reference of the title on screen: that of the nearest screen on the stack
        that offers one (`rules_pages()`: a title's table, lesson or replay), else None (the
        rules screen's own, the first title's)."""
        for screen in reversed(self.screen_stack):
            pages = getattr(screen, "rules_pages", None)
            if callable(pages):
                return pages()
        return None

    def action_rules(self, show: str | None = None) -> None:
        from adrenaline_tui.tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(show, self.rules_pages()))

    def action_save(self) -> None:
        table = self.table()
        if table is None:
            self.notify("No game to save: games save themselves after every decision.")
            return
        path = table.save_now()
        problem = table.session.save_problem
        if problem:
            self.notify(unsaved(problem), severity="error", timeout=10)
        else:
            self.notify(f"Saved to {path}" if path else "This game is not being saved.", timeout=5)

    def notify_saved(self, session: Session) -> None:
        """Leaving the table: say the game is saved only if it is."""
        if session.path is None or session.game.over:
            return
        if session.save_problem:
            self.notify(f"This game is NOT saved: {session.save_problem}.", severity="error", timeout=10)
        else:
            self.notify("Game saved: Continue on the title screen picks it up.", timeout=4)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
        topic: str = "",
    ) -> None:
        """Every notice goes through here: many quote a file name, a save's content or an error,
        so control characters are taken out and brackets are shown, never read as markup.

        A notice with a `topic` replaces the one shown before on that topic, and can be taken
        back (`withdraw_notice`): the coach's advice on an answered question is no longer
        advice, and a second one must not pile on the first over the log."""
        if len(message) > MAX_NOTICE:
            message = message[: MAX_NOTICE - 3] + "..."
        if not topic:
            super().notify(printable(message), title=printable(title), severity=severity, timeout=timeout, markup=False)
            return
        self.withdraw_notice(topic)
        notice = Notification(
            printable(message),
            printable(title),
            severity,
            self.NOTIFICATION_TIMEOUT if timeout is None else timeout,
            markup=False,
        )
        self._notices[topic] = notice
        self.post_message(Notify(notice))

    def withdraw_notice(self, topic: str) -> None:
        """Take the notice on `topic` off the screen, if it is still there."""
        notice = self._notices.pop(topic, None)
        if notice is not None and notice in self._notifications:
            # Textual's own removal (its notices only time out or are clicked away).
            self._unnotify(notice)

    # ------------------------------------------------------------- the unexpected
    def crash_log(self) -> Path | None:
        """Where the traceback of an error nobody expected is written (`tui/crash.py`)."""
        return storage.home() / "crash.log"

    def crash_log_named(self, log: Path) -> str:
        """How the one line on the terminal names the log."""
        return str(log)

    def _fatal_error(self) -> None:
        # Textual's own prints the traceback with its locals on this terminal, which may be a
        # guest's: one line there, the rest in the log (Textual calls this from its except block).
        error = sys.exc_info()[1] or self._exception or RuntimeError("unknown")
        log = crash.record(self.crash_log(), error)
        self._exit_renderables.append(Text(crash.one_line(error, log, self.crash_log_named(log) if log else None)))
        self._close_messages_no_wait()

    async def action_quit(self) -> None:
        table = self.table()
        problem = None
        if table is not None:
            # A computer still thinking must not change the game after it has been saved.
            table.stop_computers()
            table.session.flush()
            problem = table.session.save_problem
        # Quitting with a game that could not be saved: said once more, where it stays readable.
        message = Text(printable(f"adrenaline: this game was NOT saved: {problem}"), "bold red") if problem else None
        self.exit(0, message=message)

    # ---------------------------------------------------------------- settings
    def update_settings(self, settings: Settings) -> None:
        old = self.settings
        self.settings = settings
        if self._save_settings:
            try:
                settings.save()
            except OSError as exc:
                self.notify(write_problem(storage.settings_path(), exc), severity="warning")
        if settings.theme != old.theme:
            self.theme = settings.theme or self.automatic_theme()
        if settings.glyphs != old.glyphs or settings.show_points != old.show_points:
            self._restyle()

    def toggle_points(self) -> None:
        """Hide points at once; show them only once asked: points are face down at the table,
        and one key press turned everyone's over for whoever was looking. At a table this is
        for that game only; elsewhere it is the default for new games (the Settings choice)."""
        table = self.table()
        shown = table.show_points if table is not None else self.settings.show_points
        if shown:
            self._set_points(False)
            return
        from adrenaline_tui.tui.screens.confirm import ConfirmScreen

        where = "in this game" if table is not None else "in new games"
        question = (
            f"Show everyone's points to everyone at the screen ({where})?\n"
            "Points are face down at the table; this turns them face up until you press p again."
        )
        self.push_screen(
            ConfirmScreen(question, "show them", "keep them face down"),
            callback=lambda yes: self._set_points(True) if yes else None,
        )

    def _set_points(self, shown: bool) -> None:
        table = self.table()
        if table is not None:
            table.set_points(shown)
            return
        self.update_settings(replace(self.settings, show_points=shown))
        said = "shown to everyone" if shown else "face down"
        self.notify(f"Points are {said} in new games (Settings).")

    def set_theme(self, name: str) -> None:
        self.update_settings(replace(self.settings, theme=name))

    def _theme_changed(self, theme: Theme) -> None:
        self._restyle()

    def _restyle(self) -> None:
        self.look = Look(palette_for(self.theme), pick_glyphs(self.settings.glyphs))
        self._ascii_only.enabled = self.look.glyphs is ASCII
        for screen in self.screen_stack:
            repaint = getattr(screen, "repaint_look", None)
            if repaint is not None:
                repaint()
            else:
                screen.refresh(repaint=True)


def run_app(
    continue_game: bool = False,
    learn: bool = False,
    bot_delay: float | None = None,
    seed: int | None = None,
    review: Path | None = None,
    game: str | None = None,
) -> int:
    """Run the game in this terminal; `adrenaline`, `adrenaline --continue`, `adrenaline --game
    NAME` and `adrenaline review` come here (the command line has checked the terminal and the
    environment first)."""
    return run_in_terminal(
        AdrenalineApp(
            continue_game=continue_game, learn=learn, bot_delay=bot_delay, seed=seed, review=review, game=game
        )
    )


def run_in_terminal(app: AdrenalineApp) -> int:
    """Run an app of the game (local, or a host's client) until it quits or its terminal goes away."""
    try:
        app.run()
    except OSError:
        # Textual prints an error that happened while leaving to the terminal, which is gone.
        if not app.hung_up:
            raise
    # After a hang-up the exit status says so, even if a screen failed while being taken down.
    return HANGUP_STATUS if app.hung_up else app.return_code or 0
