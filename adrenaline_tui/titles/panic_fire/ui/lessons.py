"""Panic Fire's lessons, as the shell's Tutorial offers them (`TitleUI.lessons_screen`).

One lesson today: a game against three computers whose first round is slow ("the computers wait
for you"), then full speed. It is done once its first round is over, and that is written to the
one lesson progress file every title shares (the shell's `Progress`; the id names the title)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.seeds import new_game_seed
from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import shell_of

LESSON_ID = "panic_fire.first-round"
LESSON_TITLE = "Your first round, slow"
LESSON_SUMMARY = "the computers wait for you, then full speed"
COMPUTERS = 3
STATUS_WORDS = {"done": "done", "skipped": "skipped", "new": "new"}


class PanicFireLessons(BaseScreen):
    AUTO_FOCUS = "#lessons"
    DEFAULT_CSS = """
    PanicFireLessons #lessons { height: auto; max-height: 1fr; }
    PanicFireLessons #hint { height: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="panic-fire-lessons.close"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        """`seed`: the lesson game's deal (a fresh one each time when None; tests fix it)."""
        super().__init__()
        self.seed = seed

    @property
    def progress(self) -> Any:
        return shell_of(self).progress

    def compose_body(self) -> ComposeResult:
        yield Static("Learn Panic Fire by playing: Enter starts the lesson, Esc goes back", id="hint", markup=False)
        yield OptionList(id="lessons", markup=False)

    def on_screen_resume(self) -> None:
        status = STATUS_WORDS[self.progress.status(LESSON_ID)]
        menu = self.query_one("#lessons", OptionList)
        menu.set_options([Option(f"1. {LESSON_TITLE} - {LESSON_SUMMARY}  ({status})", id=LESSON_ID)])
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.start()

    def start(self) -> None:
        from adrenaline_tui.titles.panic_fire.game import SEATS
        from adrenaline_tui.titles.panic_fire.title import ENGINE
        from adrenaline_tui.titles.panic_fire.ui import HUMAN, UI

        seats = SEATS[: 1 + COMPUTERS]
        kinds = {s: HUMAN if n == 0 else "normal" for n, s in enumerate(seats)}
        seed = self.seed if self.seed is not None else new_game_seed()
        progress = self.progress
        try:
            table = UI.new_table(
                len(seats),
                {o.name: o.default for o in ENGINE.options},
                kinds,
                seed,
                lesson=True,
                lesson_done=lambda: progress.mark_done(LESSON_ID),
            )
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.app.push_screen(table)

    def action_close(self) -> None:
        self.dismiss(None)
