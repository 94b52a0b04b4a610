"""The key line at the foot of the table: the screen's keys, kept current, and clickable."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import KeyBar
from adrenaline_tui.tui.widgets.key_bar import Key

from .helpers import make_app, new_session, screen_name, settle

SOLO = {"yellow": HUMAN, "blue": "random", "grey": "random"}


def bar_line(app) -> str:
    return "".join(segment.text for segment in app.screen.query_one(KeyBar).draw().render(app.console))


async def test_the_key_bar_lists_each_shown_action_once_with_its_key() -> None:
    app = make_app(new_session(SOLO))
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        pairs = [(k.display, k.description) for k in bar.state]
        assert ("u", "Undo") in pairs and ("l", "Log") in pairs and ("esc", "Title") in pairs
        assert pairs[-1] == ("^p", "palette")  # the command palette comes last, as in Footer
        descriptions = [d for _, d in pairs]
        assert len(descriptions) == len(set(descriptions))  # one key per action
        # The option keys 1-9 have bindings of their own but are not listed here.
        assert not any(display.isdigit() for display, _ in pairs)
        # No weapon lesson is on offer, so `w` is not listed.
        assert "Learn it" not in bar_line(app)
        assert " l Log " in bar_line(app)


async def test_clicking_a_key_in_the_bar_presses_it() -> None:
    app = make_app(new_session(SOLO))
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        bar.draw()  # where each key is drawn
        start, _, _ = next(span for span in bar._spans if span[2] == "l")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await settle(pilot)
        assert screen_name(app) == "LogScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"
        # A click between keys presses nothing.
        last_end = bar._spans[-1][1]
        await pilot.click(KeyBar, offset=(last_end + 2, 0))
        await settle(pilot)
        assert screen_name(app) == "TableScreen"


async def test_at_80_columns_the_bar_tightens_so_every_key_fits() -> None:
    app = make_app(new_session(SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = bar_line(app)
        assert len(line.rstrip()) <= 80 and "…" not in line
        assert line.startswith("u Undo x Explain") and "^p palette" in line


async def test_at_80_columns_with_a_lesson_on_offer_the_bar_keeps_the_table_keys_and_says_where_the_rest_are() -> None:
    app = make_app(new_session(SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        bar.show((*bar.state[:4], Key("w", "w", "Learn it", True), *bar.state[4:]))
        line = bar_line(app)
        assert len(line) <= 80 and "…" not in line, line
        assert line.startswith("u Undo x Explain l Log c Rules w Learn it p Points esc Title")
        # Quit and the palette are left out; the help key stays and says it lists them.
        assert line.rstrip().endswith("f1 Help (all keys)") and "^q" not in line
        # At 160 columns nothing is left out.
        await pilot.resize_terminal(160, 40)
        await settle(pilot)
        assert "^q Quit" in bar_line(app) and "(all keys)" not in bar_line(app)


def test_no_option_key_is_a_key_of_a_screen_that_shows_options() -> None:
    """An option shown as `c` must pick that option, not open the rules."""
    from textual.binding import Binding

    from adrenaline_tui.tui.app import AdrenalineApp
    from adrenaline_tui.tui.screens.hosted_table import HostedTableScreen
    from adrenaline_tui.tui.screens.lesson import LessonScreen
    from adrenaline_tui.tui.screens.table import TableScreen
    from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

    for owner in (TableScreen, HostedTableScreen, LessonScreen, AdrenalineApp):
        taken = {
            key.strip()
            for binding in owner.BINDINGS
            if isinstance(binding, Binding) and not binding.action.startswith("pick(")
            for key in binding.key.split(",")
        }
        assert not taken & set(HOTKEYS), (owner.__name__, sorted(taken & set(HOTKEYS)))
