"""At 80x24 nothing is cut off without a sign: hidden options, cut lines, long texts."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import ActionPanel
from adrenaline_tui.tui.widgets.action_panel import fit_lines, hidden_rows_text

from .helpers import make_app, scenario_session, screen_text, settle


def test_hidden_rows_are_named_by_their_keys() -> None:
    assert hidden_rows_text(range(0), range(4, 6)) == "↓ 5-6 below"
    assert hidden_rows_text(range(0, 1), range(5, 6), up="^", down="v") == "^ 1 above  v 6 below"
    assert hidden_rows_text(range(0), range(0)) == ""
    # Greyed actions have no key.
    assert hidden_rows_text(range(0), range(2, 7), keyed=6) == "↓ 3-6 and 1 more below"
    # Only greyed actions out of sight: a count that cannot be taken for a key.
    assert hidden_rows_text(range(0), range(3, 5), keyed=2) == "↓ 2 more below"


def test_a_description_too_long_for_its_lines_is_cut_at_a_word_and_says_where_the_rest_is() -> None:
    text = "Discard Targeting Scope (yellow): appear at the yellow spawnpoint. You keep the other card."
    cut = fit_lines(text, 37, 2)
    lines = cut.splitlines()
    assert len(lines) == 2 and all(len(line) <= 37 for line in lines)
    assert lines[-1].endswith("… x: more")
    assert lines[-1].removesuffix(" … x: more").split()[-1] in text.split()  # a whole word
    assert fit_lines("Short enough.", 37, 2) == "Short enough."


def many_options() -> dict:
    return {
        "arena": "arena_12",
        "players": [
            {
                "colour": "yellow",
                "square": "r1c2",
                "powerups": ["newton-red", "teleporter-blue", "newton-yellow"],
            },
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r0c0"},
            {"colour": "purple", "square": "r0c1"},
            {"colour": "green", "square": "r1c1"},
        ],
    }


async def test_an_option_list_longer_than_its_panel_says_which_keys_are_below() -> None:
    session = scenario_session(
        many_options(), {c: HUMAN if c == "yellow" else "random" for c in ("yellow", "blue", "grey", "purple", "green")}
    )
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        count = len(session.game.pending.options)
        assert count >= 6
        text = screen_text(app)
        assert f"-{count} and 1 more below" in text
        await pilot.press("end")
        await settle(pilot)
        await settle(pilot)
        text = screen_text(app)
        assert "above" in text and "below" not in text


def test_the_killshot_track_shortens_its_words_instead_of_cutting_them() -> None:
    from adrenaline_tui.tui.look_access import DEFAULT_LOOK
    from adrenaline_tui.tui.widgets.killshot_track import TrackState, track_text

    state = TrackState(8, (("yellow", "yellow"), ("blue",), ("grey", "grey")), False, "sudden_death")
    assert track_text(state, DEFAULT_LOOK).plain.endswith("5 left, then sudden death")
    for width, end in ((45, "5 left, sudden death"), (40, "5 left")):
        text = track_text(state, DEFAULT_LOOK, width=width).plain
        assert len(text) <= width and text.endswith(end)


async def test_the_title_menu_keeps_each_entry_on_one_line() -> None:
    from adrenaline_tui.rules.state import HEROES

    from . import helpers

    original = dict(helpers.NAMES)
    helpers.NAMES.update(HEROES)
    try:
        helpers.new_session(dict.fromkeys(HEROES, HUMAN)).flush()
    finally:
        helpers.NAMES.update(original)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()
        (entry,) = [line for line in lines if "Continue:" in line]
        assert "D-struct-or, Banshee, Dozer, Violet, Sprog (just now)" in entry


async def test_help_at_80_columns_wraps_each_item_under_its_own_indent() -> None:
    from rich.console import Console

    session = scenario_session(many_options(), dict.fromkeys(("yellow", "blue", "grey", "purple", "green"), HUMAN))
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-off
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        help_box = app.screen.query_one("#help")
        width = help_box.size.width
        assert width >= 70
        console = Console(width=width, color_system=None, record=True)
        console.print(help_box.content)
        lines = [line for line in console.export_text().splitlines() if line.strip()]
    headings = {"Help (Esc to go back)", "Keys here", "Figures", "Symbols", "A turn in brief"}
    assert headings <= set(lines)
    # Every other line is indented: a wrapped line no longer starts at the left edge.
    assert [line for line in lines if line not in headings and not line.startswith("  ")] == []
    assert max(len(line) for line in lines) <= width


async def test_a_list_that_fits_after_a_long_one_shows_every_option_and_no_below_line() -> None:
    """The "below" line takes a row of the list: once a long list (Run: where to?) had it, the
    action list that follows (undo) showed "1 below" with its last option hidden, although
    without the line every option fits."""
    scenario = {
        "arena": "arena_12",
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c2", "weapons": ["zx-2"]},
            {"colour": "blue", "name": "Ben", "square": "r0c0"},
            {"colour": "grey", "name": "Cat", "square": "r1c3"},
        ],
        "active": "yellow",
    }
    app = make_app(scenario_session(scenario, {"yellow": HUMAN, "blue": "random", "grey": "random"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ActionPanel)
        assert panel.state is not None and panel.state.labels[0].startswith("Run")
        fits = panel.options.scrollable_content_region.height
        count = panel.options.option_count
        assert count <= fits and "below" not in screen_text(app)  # the action list fits at first
        await pilot.press("1")  # Run: a list of squares longer than the panel
        for _ in range(5):
            await settle(pilot)
        assert "below" in screen_text(app)
        await pilot.press("u")
        for _ in range(5):
            await settle(pilot)
        assert panel.options.option_count == count
        assert "below" not in screen_text(app)
        assert panel.options.scrollable_content_region.height >= count
