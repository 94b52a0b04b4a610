"""A screen shown for the first time is styled once, as its widgets mount (`BaseScreen.on_event`):
Textual's restyle of the whole screen on its first resume is skipped, so nothing may change
between the widgets' mounting and that resume that the restyle would have caught."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session, settle


def _styles(app: AdrenalineApp) -> list[tuple[str, str]]:
    return [(repr(node), node.styles.css) for node in app.screen.walk_children(with_self=True)]


async def _styled_as_a_full_restyle_would(app: AdrenalineApp) -> None:
    shown = _styles(app)
    app.stylesheet.update(app.screen, animate=False)
    assert _styles(app) == shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_a_table_is_styled_once_and_as_a_restyle_would(size: tuple[int, int], monkeypatch) -> None:
    styled: Counter[int] = Counter()
    original = Stylesheet.apply

    def counted(self: Stylesheet, node: DOMNode, *args: object, **kwargs: object) -> None:
        styled[id(node)] += 1
        original(self, node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = make_app(new_session({"yellow": HUMAN, "blue": "random", "grey": "random", "green": "random"}))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.table()
        assert table is not None and app.screen is table
        nodes = list(table.walk_children(with_self=True))
        # Each widget once as it mounted. Again: the screen as it takes its size classes
        # (before its widgets mount), the option list as it takes the focus, the viewer's
        # board as it takes its classes. A restyle of the whole screen on its first resume
        # styled all of them twice. On a loaded machine a container may be styled once more
        # as its children finish mounting in a later batch (CI once saw #boards so, 4 of 21),
        # so the bound is a quarter of the nodes, far from all of them.
        twice = [node for node in nodes if styled[id(node)] > 1]
        assert len(nodes) > 20 and len(twice) <= len(nodes) // 4, twice
        await _styled_as_a_full_restyle_would(app)


async def test_screens_pushed_over_others_are_styled_as_a_restyle_would() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "TitleScreen"
        await _styled_as_a_full_restyle_would(app)
        await pilot.press("enter")  # New game: the setup screen, whose own padding follows its size
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"
        await _styled_as_a_full_restyle_would(app)
        await pilot.press("f1")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        await _styled_as_a_full_restyle_would(app)
