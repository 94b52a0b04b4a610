"""The shell's app and Panic Fire's direct-run app put the terminal filters on through one piece
(`terminal_filters.install`), so NO_COLOR and the ASCII console mean the same in both."""

from __future__ import annotations

from typing import Any

import pytest
from textual.filter import Monochrome, NoColor

from adrenaline_tui.tui import terminal_filters
from adrenaline_tui.tui.settings import Settings
from adrenaline_tui.tui.terminal_filters import AsciiOnly, NoColour


def _panic_fire_app(glyphs: str) -> Any:
    from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp

    return PanicFireApp(object(), Settings(glyphs=glyphs))  # type: ignore[arg-type]


def _shell_app(glyphs: str) -> Any:
    from adrenaline_tui.tui.app import AdrenalineApp

    return AdrenalineApp(settings=Settings(glyphs=glyphs), save_settings=False)


@pytest.mark.parametrize("make", [_panic_fire_app, _shell_app], ids=["panic_fire", "shell"])
def test_both_apps_install_the_filters_through_the_shared_piece(make, monkeypatch) -> None:
    calls: list[bool] = []
    real = terminal_filters.install

    def spy(app: Any, *, ascii_only: bool) -> AsciiOnly:
        calls.append(ascii_only)
        return real(app, ascii_only=ascii_only)

    monkeypatch.setattr(terminal_filters, "install", spy)
    make("ascii")
    assert calls == [True]


@pytest.mark.parametrize("make", [_panic_fire_app, _shell_app], ids=["panic_fire", "shell"])
def test_no_color_means_no_colour_escape_and_ascii_means_ascii(make, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make("ascii")
    kinds = [type(f) for f in app._filters]
    assert NoColour in kinds
    assert not any(issubclass(k, Monochrome | NoColor) for k in kinds)
    ascii_filters = [f for f in app._filters if isinstance(f, AsciiOnly)]
    assert len(ascii_filters) == 1 and ascii_filters[0].enabled


@pytest.mark.parametrize("make", [_panic_fire_app, _shell_app], ids=["panic_fire", "shell"])
def test_colour_and_unicode_keep_textual_filters_and_ascii_off(make, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = make("unicode")
    assert not any(isinstance(f, NoColour) for f in app._filters)
    assert [f.enabled for f in app._filters if isinstance(f, AsciiOnly)] == [False]
