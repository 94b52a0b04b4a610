"""The Textual app: screens, themes, settings, the command palette and `run_app`.

Game state lives in the engine (through `Session`), never in app-level reactives: a reactive
on the app repaints every screen, which over SSH means many times the bytes per key press.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.filter import Monochrome, NoColor
from textual.theme import BUILTIN_THEMES, Theme

from adrenaline_tui.rules import GameConfig, SaveError
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.look import ASCII, palette_for, pick_glyphs
from adrenaline_tui.tui.look_access import Look
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.screens.title import TitleScreen
from adrenaline_tui.tui.session import Session
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.tui.terminal_filters import AsciiOnly, NoColour

if TYPE_CHECKING:
    # The walkthrough needs pydantic; a game starts without it, so it is imported when used.
    from adrenaline_tui.walkthrough import Lesson, Progress

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


class GameCommands(Provider):
    """Command palette entries: look up any rule or card, learn, save, themes, points, settings, help."""

    def commands(self) -> list[tuple[str, object, str]]:
        app: AdrenalineApp = self.app  # type: ignore[assignment]
        out: list[tuple[str, object, str]] = []
        from adrenaline_tui.walkthrough.reference import sections

        for s in sections():
            what = "The card's page" if s.page is not None else f"The rules: {s.chapter}"
            out.append((f"Rules: {s.title}", partial(app.action_rules, s.id), what))
        out.append(("Rules reference", app.action_rules, "The rules by chapter, every card, and a search"))
        out.append(("Learn to play", app.open_lessons, "Lessons that teach the game by playing it"))
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
        points = "Hide points (face down)" if app.settings.show_points else "Show everyone's points"
        out.append((points, app.toggle_points, "Points are private as at the table unless shown"))
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
    CSS_PATH = Path(__file__).with_name("app.tcss")
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
    ) -> None:
        super().__init__()
        self.settings = settings or Settings.load()
        self._bot_delay = bot_delay
        self._continue = continue_game
        self._learn = learn
        self._session = session
        self._seed = seed
        self._save_settings = save_settings
        self._cards = None
        self._lessons: list[Lesson] | None = None
        self._progress: Progress | None = None
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = self.settings.theme or self.automatic_theme()
        self.look = Look(palette_for(self.theme), pick_glyphs(self.settings.glyphs))
        self._terminal_filters()

    def get_key_display(self, binding: Binding) -> str:
        """Keys by name where the glyph set is ASCII ("enter", not a symbol the console lacks)."""
        shown = super().get_key_display(binding)
        if self.look.glyphs is ASCII and not shown.isascii():
            return "up/down" if binding.key in ("up", "down") else binding.key.split(",")[0]
        return shown

    def _terminal_filters(self) -> None:
        """NO_COLOR: no colour at all (Textual's own filter sends greys); the ASCII glyph set:
        no character outside ASCII, Textual's own borders and ellipses included."""
        if self.no_color:
            textual_own = (Monochrome, NoColor)
            self._filters = [f for f in self._filters if not isinstance(f, textual_own)]
            self._filters.append(NoColour())
        self._ascii_only = AsciiOnly(enabled=self.look.glyphs is ASCII)
        self._filters.append(self._ascii_only)

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
        return self._progress

    def next_seed(self) -> int:
        if self._seed is not None:
            seed, self._seed = self._seed, self._seed + 1
            return seed
        return random.SystemRandom().randrange(1, 2**31)

    def get_default_screen(self) -> BaseScreen:
        # The screen under all others is a BaseScreen too, so it also skips the repeated
        # start-up resize: laid out again, it would have the whole table drawn once more.
        return BaseScreen(id="_default")

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_ready(self) -> None:
        # The first screen is opened once the app is ready, not while it mounts: Textual holds
        # back every frame until mounting is over, so a screen drawn during it is drawn twice.
        # Straight to the table when resuming: the title is only built if someone goes back to it.
        if self._session is not None:
            self.open_session(self._session)
            return
        if self._continue:
            latest = storage.latest_unfinished()
            if latest is not None and self.open_game(latest.path):
                return
            if latest is None:
                self.notify("There is no game in progress to continue.", severity="warning")
        self.push_screen(TitleScreen())
        if self._learn:
            self.open_lessons()

    # ----------------------------------------------------------------- screens
    def open_setup(self) -> None:
        from adrenaline_tui.tui.screens.setup import SetupScreen

        self.push_screen(SetupScreen())

    def start_game(self, config: GameConfig, kinds: dict[str, str]) -> None:
        from adrenaline_tui.tui.screens.table import TableScreen

        session = Session.start(config, self.next_seed(), kinds)
        self.switch_screen(TableScreen(session))

    def open_session(self, session: Session) -> None:
        from adrenaline_tui.tui.screens.table import TableScreen

        self.push_screen(TableScreen(session))

    def open_game(self, path: Path | str) -> bool:
        try:
            session = Session.resume(Path(path))
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return False
        self.open_session(session)
        return True

    def open_load(self) -> None:
        from adrenaline_tui.tui.screens.load import LoadScreen

        def loaded(path: str | None) -> None:
            if path:
                self.open_game(path)

        self.push_screen(LoadScreen(), callback=loaded)

    def open_lessons(self, only: list[Lesson] | None = None, title: str = "Learn to play") -> None:
        """The lesson list: every lesson, or (from a game) the weapons new on its table."""
        from adrenaline_tui.tui.screens.lessons import LessonListScreen

        self.push_screen(LessonListScreen(only or self.lessons, self.progress, title, from_game=only is not None))

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

    def table(self):
        from adrenaline_tui.tui.screens.table import TableScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, TableScreen)), None)

    # ----------------------------------------------------------------- actions
    def action_help(self) -> None:
        from adrenaline_tui.tui.screens.help import HelpScreen

        if self.screen.__class__.__name__ == "HelpScreen":
            return
        self.push_screen(HelpScreen(under=self.screen))

    def action_rules(self, show: str | None = None) -> None:
        from adrenaline_tui.tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(show))

    def action_save(self) -> None:
        table = self.table()
        if table is None:
            self.notify("No game to save: games save themselves after every decision.")
            return
        path = table.save_now()
        self.notify(f"Saved to {path}" if path else "This game is not being saved.", timeout=5)

    def notify_saved(self, session: Session) -> None:
        if session.path is not None and not session.game.over:
            self.notify("Game saved: Continue on the title screen picks it up.", timeout=4)

    async def action_quit(self) -> None:
        table = self.table()
        if table is not None:
            table.session.flush()
        self.exit(0)

    # ---------------------------------------------------------------- settings
    def update_settings(self, settings: Settings) -> None:
        old = self.settings
        self.settings = settings
        if self._save_settings:
            try:
                settings.save()
            except OSError as exc:
                self.notify(f"Could not save the settings: {exc}", severity="warning")
        if settings.theme != old.theme:
            self.theme = settings.theme or self.automatic_theme()
        if settings.glyphs != old.glyphs or settings.show_points != old.show_points:
            self._restyle()

    def toggle_points(self) -> None:
        """Hide points at once; show them only once asked: points are face down at the table,
        and one key press turned everyone's over for whoever was looking."""
        if self.settings.show_points:
            self._set_points(False)
            return
        from adrenaline_tui.tui.screens.confirm import ConfirmScreen

        question = (
            "Show everyone's points to everyone at the screen?\n"
            "Points are face down at the table; this turns them face up until you press p again."
        )
        self.push_screen(
            ConfirmScreen(question, "show them", "keep them face down"),
            callback=lambda yes: self._set_points(True) if yes else None,
        )

    def _set_points(self, shown: bool) -> None:
        self.update_settings(replace(self.settings, show_points=shown))
        self.notify("Points are shown to everyone." if shown else "Points are face down.")

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


def run_app(continue_game: bool = False, learn: bool = False) -> int:
    """Run the game in this terminal; `adrenaline` and `adrenaline --continue` come here."""
    delay = os.environ.get("ADRENALINE_BOT_DELAY")
    seed = os.environ.get("ADRENALINE_SEED")
    app = AdrenalineApp(
        continue_game=continue_game,
        learn=learn,
        bot_delay=float(delay) if delay else None,
        seed=int(seed) if seed else None,
    )
    app.run()
    return app.return_code or 0
