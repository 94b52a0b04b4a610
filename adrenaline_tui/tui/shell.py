"""What a screen may read of the app that shows it, and what it asks the app to do.

The app (`tui/app.py`) opens every screen, so it imports them; a screen that imported the app
back to call its methods tied all of them into one import circle, and made each screen know
which app it runs in. Instead, a screen reads the little the app holds for every screen
through `Shell` (the settings, lesson progress, the computers' pace) and asks for a change of
screen by posting one of the messages below: a message bubbles from the screen to the app,
which acts on it (`AdrenalineApp.on_open_lesson` ...). The app calls down, screens post up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.message import Message
from textual.notifications import SeverityLevel

if TYPE_CHECKING:
    from textual.screen import Screen

    from adrenaline_tui.rules import GameConfig
    from adrenaline_tui.tui.session import Session
    from adrenaline_tui.tui.settings import Settings
    from adrenaline_tui.walkthrough import Lesson, Progress


class Shell(Protocol):
    """The app as its screens see it: read-only, but for notices."""

    @property
    def settings(self) -> Settings: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def progress(self) -> Progress: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
        topic: str = "",
    ) -> None: ...

    def withdraw_notice(self, topic: str) -> None: ...


def shell_of(screen: Screen[Any]) -> Shell:
    """The app showing `screen`, as the screens may use it."""
    return cast(Shell, screen.app)


def is_game_table(screen: object) -> bool:
    """Whether `screen` is a title's table (`titles.registry.TitleUI` says what one offers): the
    app saves the game of the table on top on Ctrl+S, on quit and on a hang-up, whatever the title."""
    return getattr(screen, "is_game_table", False) is True


# ------------------------------------------------------------ requests to the app
class OpenSetup(Message):
    """The New game screen of a title (`title` an id of the registry; None: the first title)."""

    def __init__(self, title: str | None = None) -> None:
        super().__init__()
        self.title = title


class StartTitleGame(Message):
    """A new game of a title, set up from its options (`titles.registry.TitleOption`): `kinds`
    says who plays each seat, "human" or a computer level. It replaces the screen that asks."""

    def __init__(self, title: str, seats: int, options: dict[str, str], kinds: dict[str, str]) -> None:
        super().__init__()
        self.title, self.seats, self.options, self.kinds = title, seats, options, kinds


class StartGame(Message):
    """A new game of these settings and seats, in place of the screen that asks."""

    def __init__(self, config: GameConfig, kinds: dict[str, str]) -> None:
        super().__init__()
        self.config, self.kinds = config, kinds


class OpenGame(Message):
    """The game saved at `path` (a save that cannot be read is a one-line notice)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class OpenLoad(Message):
    """The list of saved games to go on with."""


class OpenPastGames(Message):
    """The list of saved games to watch again."""


class OpenSettings(Message):
    """The settings screen."""


class ShowRules(Message):
    """The rules reference."""


class OpenLessons(Message):
    """The lesson list: all of them, or only `only` (the weapons new on a table) under `title`."""

    def __init__(self, only: list[Lesson] | None = None, title: str = "Learn to play") -> None:
        super().__init__()
        self.only, self.title = only, title


class OpenTitleLessons(Message):
    """A title's lessons (`TitleUI.lessons_screen`); None: the titles that have lessons, to
    choose from (straight to the one if only one has)."""

    def __init__(self, title: str | None = None) -> None:
        super().__init__()
        self.title = title


class OpenLesson(Message):
    """One lesson; `among` is the list it was picked from (its "next lesson")."""

    def __init__(self, lesson: Lesson, among: list[Lesson] | None = None, *, from_game: bool = False) -> None:
        super().__init__()
        self.lesson, self.among, self.from_game = lesson, among, from_game


class GoToTitle(Message):
    """Back to the title screen; `then="new"` goes on to the New game screen."""

    def __init__(self, then: str | None = None) -> None:
        super().__init__()
        self.then = then


class ChangeSetting(Message):
    """One setting changed. The change, not a whole new Settings: two changes posted before the
    app has taken the first must both be kept."""

    def __init__(self, field: str, value: Any) -> None:
        super().__init__()
        self.field, self.value = field, value


class TogglePoints(Message):
    """Turn everyone's points face up (once asked) or face down."""


class LeftGame(Message):
    """A player left this game's table for the title: say whether it is saved."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session


# ------------------------------------------------------- at a host (tui/remote_app.py)
class ToHost(Message):
    """A message of the wire protocol (docs/protocol.md) for the host, as it stands."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__()
        self.message = message


class OpenTable(Message):
    """Look at the table of this code, to sit down at it or to watch."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


class Rename(Message):
    """Be known at the host by this name from now on (a browser's guest names themselves)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class TakeSeat(Message):
    """Sit at this colour of the table looked at, or watch it (`colour` None)."""

    def __init__(self, colour: str | None) -> None:
        super().__init__()
        self.colour = colour


class LeaveTable(Message):
    """Stand up from the table and go back to the lobby."""
