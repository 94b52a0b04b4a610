"""Learn to play: which game? The titles that have lessons (`TitleUI.lessons_screen`), each
opening its own lesson list; the title screen's Tutorial comes here when more than one has.
Lesson progress is the one progress file every title's lessons share (their ids name the title)."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from adrenaline_tui.tui.screens.base import BaseScreen
from adrenaline_tui.tui.shell import OpenTitleLessons
from adrenaline_tui.tui.widgets.key_bar import KeyBar


class TutorialScreen(BaseScreen):
    AUTO_FOCUS = "#titles"
    DEFAULT_CSS = """
    TutorialScreen { align: center top; }
    TutorialScreen #column { width: 80; max-width: 100%; height: 1fr; padding: 0 1; }
    TutorialScreen #heading { height: 1; color: $primary; }
    TutorialScreen #hint { height: auto; margin-bottom: 1; }
    TutorialScreen #titles { height: auto; max-height: 1fr; border: round $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="tutorial.close"),
        *(Binding(str(i), f"pick({i - 1})", show=False, id=f"tutorial.title-{i}") for i in range(1, 10)),
    ]

    def __init__(self, titles: tuple[tuple[str, str, str], ...]) -> None:
        """`titles`: (id, name, a line about it) of each title with lessons, in the registry's order."""
        super().__init__()
        self.titles = titles

    def compose_body(self) -> ComposeResult:
        with Vertical(id="column"):
            yield Static(Text("Learn to play", Style(bold=True)), id="heading", markup=False)
            hint = "Which game? Enter opens its lessons, Esc goes back."
            if not self.titles:
                hint = "No game has lessons yet. Esc goes back."
            yield Static(hint, id="hint", markup=False)
            yield OptionList(
                # The name alone: a line about each game wraps at 80 columns.
                *(Option(f"{n}  {name}", id=tid) for n, (tid, name, _) in enumerate(self.titles[:9], 1)),
                id="titles",
                markup=False,
            )
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.post_message(OpenTitleLessons(event.option.id))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.titles):
            self.post_message(OpenTitleLessons(self.titles[index][0]))

    def action_close(self) -> None:
        self.dismiss(None)
