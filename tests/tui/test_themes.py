"""The theme the app starts in is set without Textual's watcher (`AdrenalineApp._first_theme`):
it must leave the app styled exactly as the watcher would, and spare the restyle."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.filter import ANSIToTruecolor

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.settings import THEMES

from .helpers import make_app, new_session, settle


def _styling(app: AdrenalineApp) -> dict[str, object]:
    """What a theme decides about the running app, as far as it can be read from outside."""
    truecolor = [f for f in app._filters if isinstance(f, ANSIToTruecolor)]
    return {
        "theme": app.theme,
        "classes": sorted(app.classes),
        "variables": dict(app.stylesheet._variables),
        "background": app.screen.styles.background,
        "table background": app.table().styles.background if app.table() else None,
        "ansi to truecolor": [(f._terminal_theme, f.enabled) for f in truecolor],
        "palette": app.look.palette,
    }


@pytest.mark.parametrize("theme", THEMES)
async def test_the_first_theme_styles_the_app_as_switching_to_it_does(theme: str, monkeypatch) -> None:
    refreshes: list[str] = []
    original = App.refresh_css

    def counted(self: App, animate: bool = True) -> None:
        refreshes.append(self.theme)
        original(self, animate)

    monkeypatch.setattr(App, "refresh_css", counted)

    started = make_app(new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}), theme=theme)
    async with started.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        first = _styling(started)
        assert refreshes == []  # nothing read the stylesheets a second time before the table

    # The same start with the theme switched through Textual's own watcher, once running.
    other = next(t for t in THEMES if t != theme)
    switched = make_app(new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}), theme=other)
    async with switched.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        switched.theme = theme
        await settle(pilot)
        assert refreshes == [theme]
        assert _styling(switched) == first
