"""Work per key press: a decision draws the map once (frame time late in a game)."""

from __future__ import annotations

import pytest

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets.arena_map import ArenaMap

from .helpers import choose_key, make_app, new_session, screen_name, settle, to_first_action


async def test_a_decision_draws_the_map_once(monkeypatch) -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)
        draws = []
        real_draw = ArenaMap._draw
        monkeypatch.setattr(ArenaMap, "_draw", lambda self, *a, **k: draws.append(1) or real_draw(self, *a, **k))
        await choose_key(pilot, "run")
        assert session.game.pending.kind == "run"
        # The new list moved the cursor twice (cleared, then placed): the map is drawn once.
        assert len(draws) == 1


async def test_option_rows_are_drawn_as_the_option_list_draws_them() -> None:
    """The panel draws its rows itself (cheaper); every kind of row, plain and under the
    cursor, must come out as the same segments as OptionList's own drawing."""
    from textual.app import App, ComposeResult
    from textual.visual import visualize
    from textual.widgets import OptionList

    from adrenaline_tui.tui.widgets.action_panel import ActionPanel, PanelState, _Row

    class PanelApp(App):
        def compose(self) -> ComposeResult:
            yield ActionPanel()

    state = PanelState(
        "Where to?",
        labels=("Run to r0c1", "Grab here: ammo PYB", "Shoot · Lock Rifle"),
        details=("", "", ""),
        dimmed=frozenset({1}),
        greyed=(("Shoot", "no weapon loaded"),),
    )
    app = PanelApp()
    async with app.run_test(size=(60, 16)) as pilot:
        panel = app.query_one(ActionPanel)
        panel.show(state)
        await pilot.pause()
        options = panel.options
        styles = [
            options.get_visual_style("option-list--option"),
            options.get_visual_style("option-list--option", "option-list--option-highlighted"),
        ]
        compared = 0
        for index in range(options.option_count):
            option = options.get_option_at_index(index)
            assert isinstance(option, _Row)  # drawn by the panel, not by OptionList
            # and measured without being turned into Content, to the same heights
            content = visualize(options, option.prompt, markup=False)
            for width in (6, options.scrollable_content_region.width):
                measured = options._get_visual(option).get_height(options.styles, width)
                assert measured == content.get_height(options.styles, width), (index, width)
            for style in styles:
                options._option_render_cache.clear()
                fast = options._get_option_render(option, style)
                options._option_render_cache.clear()
                slow = OptionList._get_option_render(options, option, style)
                assert [list(strip) for strip in fast] == [list(strip) for strip in slow], (index, style)
                compared += 1
        assert compared == 8


async def test_moving_the_cursor_updates_the_preview_and_the_scroll_marks() -> None:
    """The option list tells its panel about each cursor move (the preview underneath, the
    marks for rows out of sight, the map's highlight)."""
    from adrenaline_tui.tui.widgets.action_panel import ActionPanel

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)
        await choose_key(pilot, "run")
        panel = app.screen.query_one(ActionPanel)
        rows = panel.options.option_count
        assert rows > panel.options.scrollable_content_region.height  # the list scrolls at 80x24
        first_map = app.screen.query_one(ArenaMap).state.cursor_square
        for _ in range(rows - 1):
            await pilot.press("down")
        await settle(pilot)
        assert panel.cursor == rows - 1
        detail = str(panel.query_one("#detail").render())
        assert detail.startswith(panel.state.details[rows - 1][:20])
        assert "above" in panel._more_text and "below" not in panel._more_text
        assert app.screen.query_one(ArenaMap).state.cursor_square not in (None, first_map)


async def test_the_map_drawn_from_its_painted_squares_is_the_map_painted_afresh() -> None:
    """Squares are copied from earlier paintings when they show the same: after decisions,
    cursor moves and an undo, the map is cell for cell what a fresh painting draws. And every
    key press holds back undo's copy of the game (`UndoSpares.touch`)."""
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_first_action(pilot, session)
        arena_map = app.screen.query_one(ArenaMap)
        # A key press that decides nothing still holds back undo's copy of the game.
        touched = session.spares._last_activity
        await pilot.press("down")
        assert session.spares._last_activity > touched
        seen = set()
        for keys in (["down"], ["down", "down"], ["1"], ["down"], ["u"], ["up"], ["1", "2"]):
            for key in keys:
                await pilot.press(key)
            await settle(pilot)
            fresh = ArenaMap._draw(_unpainted(arena_map), arena_map.size)
            assert arena_map._canvas == fresh
            seen.add(arena_map.state)
        assert len(seen) >= 4  # the states differed: squares were copied, not only painted


def _unpainted(arena_map: ArenaMap) -> ArenaMap:
    """A map like `arena_map` that has painted no square yet (its frame of walls kept)."""
    copy = ArenaMap.__new__(ArenaMap)
    copy.__dict__.update(arena_map.__dict__)
    copy._squares = {}
    return copy


def _plain_and_textual(widget, crop) -> tuple[list[list], list[list]]:
    """`widget`'s lines in `crop` drawn through `PlainLinesCache`, then through Textual's own
    `StylesCache`."""
    from textual._styles_cache import StylesCache

    from adrenaline_tui.tui.widgets._plain_lines import PlainLinesCache

    drawn = []
    for cache in (PlainLinesCache(), StylesCache()):
        widget._styles_cache = cache
        drawn.append([list(strip) for strip in widget.render_lines(crop)])
    return drawn[0], drawn[1]


async def test_plain_lines_are_the_lines_textual_styles() -> None:
    """Widgets without borders, padding or tints draw their lines through `PlainLinesCache`,
    which skips Textual's per-line styling: every line must come out as Textual draws it,
    at both layouts, with a list that scrolls (its scrollbar beside it), and when a style
    the cache does not handle (padding) is set."""
    from textual.geometry import Region

    from adrenaline_tui.tui.widgets._plain_lines import PlainLinesCache
    from adrenaline_tui.tui.widgets.action_panel import ActionPanel
    from adrenaline_tui.tui.widgets.status_bar import StatusBar

    compared = 0
    for size in ((80, 24), (120, 40)):
        session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
        app = make_app(session)
        async with app.run_test(size=size) as pilot:
            await to_first_action(pilot, session)
            await choose_key(pilot, "run")
            await pilot.press("down")
            await settle(pilot)
            panel = app.screen.query_one(ActionPanel)
            if size == (80, 24):
                assert panel.options.option_count > panel.options.scrollable_content_region.height
            widgets = [panel.options, *panel.query("Static"), app.screen.query_one(ArenaMap)]
            widgets.append(app.screen.query_one(StatusBar))
            # The screen and its containers, whose lines are their background
            widgets += [app.screen, *(app.screen.query_one(f"#{c}") for c in ("main", "left", "right", "boards"))]
            for widget in widgets:
                assert isinstance(widget._styles_cache, PlainLinesCache)
                width, height = widget.region.size
                for crop in (Region(0, 0, width, height), Region(2, 0, max(1, width - 5), height)):
                    plain, textual = _plain_and_textual(widget, crop)
                    assert plain == textual
                    compared += 1
            panel.options.styles.padding = (0, 1)
            await settle(pilot)
            crop = Region(0, 0, *panel.options.region.size)
            plain, textual = _plain_and_textual(panel.options, crop)
            assert plain == textual
    assert compared == 2 * 2 * 11


async def test_screens_draw_their_background_as_textual_styles_it() -> None:
    """Screens draw through `PlainLinesCache` too (`BaseScreen`): one over another (help over
    the title), and screens with padding, for which it leaves the drawing to Textual."""
    from adrenaline_tui.tui.widgets._plain_lines import PlainLinesCache

    seen = []
    for keys in ([], ["enter"], ["f1"]):  # the title, the setup screen, help over the title
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            assert isinstance(app.screen._styles_cache, PlainLinesCache)
            plain, textual = _plain_and_textual(app.screen, app.screen.size.region)
            assert plain == textual
            seen.append(screen_name(app))
    assert seen == ["TitleScreen", "SetupScreen", "HelpScreen"]


async def test_the_status_bar_repaints_every_cell_that_changes() -> None:
    """The status bar refreshes only the span of cells that differ from the last state (worked
    out from its pieces): every cell the drawing changes must lie inside that span."""
    from textual.geometry import Region

    from adrenaline_tui.tui.look_access import look_of
    from adrenaline_tui.tui.widgets.status_bar import StatusBar

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)
        bar = app.screen.query_one(StatusBar)
        look, width = look_of(app), bar.size.width
        states = [
            ("Turn 3 · Ann decides", "yellow", "for Ann"),
            ("Turn 3 · Ann decides", "blue", "for Ann"),
            ("Turn 12 · Ann runs", "blue", "for Ann"),
            ("Turn 12 · Ann runs", "blue", "public"),
            ("Turn 12", None, "public"),
            ("Turn 12 · a long line of what happens next", "grey", "for Cat"),
            # Only a style changes: the space before "ab" is italic, then not.
            ("Turn 5", None, " ab"),
            ("Turn 5", None, "ab"),
        ]

        def cells(state) -> list:
            line = StatusBar.line(state, look, width)
            return [(ch, seg.style) for seg in line.render(app.console) for ch in seg.text]

        refreshed: list[Region] = []
        bar.refresh = lambda *regions, **_: refreshed.extend(regions or [Region(0, 0, width, 1)])  # type: ignore[method-assign]
        bar.show(states[0])
        for before, after in zip(states, states[1:] + states[:1], strict=True):
            refreshed.clear()
            bar.show(after)
            a, b = cells(before), cells(after)
            changed = {x for x in range(max(len(a), len(b))) if x >= len(a) or x >= len(b) or a[x] != b[x]}
            assert changed, (before, after)
            covered = {x for region in refreshed for x in range(region.x, region.right)}
            assert changed <= covered, (before, after, sorted(changed - covered))


async def test_the_option_list_draws_its_lines_as_option_list_does() -> None:
    """The option list looks up the scroll, the cursor and the rows' styles once per drawing
    instead of once per line: scrolled, with the cursor and the mouse on rows, every line must
    be OptionList's own."""
    from textual._styles_cache import StylesCache
    from textual.geometry import Region
    from textual.widgets import OptionList

    from adrenaline_tui.tui.widgets.action_panel import ActionPanel

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)
        await choose_key(pilot, "run")
        options = app.screen.query_one(ActionPanel).options
        assert options.option_count > options.scrollable_content_region.height
        compared = 0
        for presses, hover in ((0, None), (1, 0), (options.option_count - 2, 2)):  # to the last row
            for _ in range(presses):
                await pilot.press("down")
            await settle(pilot)
            options._mouse_hovering_over = hover
            crop = Region(0, 0, *options.region.size)
            options._styles_cache = StylesCache()
            ours = [list(strip) for strip in options.render_lines(crop)]
            options._styles_cache = StylesCache()
            theirs = [list(strip) for strip in OptionList.render_lines(options, crop)]
            assert ours == theirs, (presses, hover)
            compared += 1
        assert options.scroll_offset.y > 0  # the last comparison was of a scrolled list
        assert compared == 3


async def test_nothing_drawn_is_stale_after_decisions_undos_and_scrolling() -> None:
    """Widgets repaint only what they are told changed (the option list once per new list):
    after each key of decisions, undos and scrolling through a list longer than its panel,
    what is drawn must be what a repaint of every widget draws."""
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)

        def drawn() -> list[list]:
            return [list(strip) for strip in app.screen._compositor.render_strips()]

        keys = ["1", "down", "down", "down", "down", "down", "u", "down", "1", "up", "u", "1", "2", "u", "u", "2"]
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
            before = drawn()
            for widget in app.screen.walk_children():
                widget.refresh()
            await settle(pilot)
            assert drawn() == before, key


async def test_a_digit_picks_at_the_table_and_nowhere_above_it() -> None:
    """Digits are priority bindings of the table (picked before the key visits the focused
    list): they still pick only while the table is the screen in front."""
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_action(pilot, session)
        decisions = len(session.game.history)
        await pilot.press("x")  # explain: a screen over the table
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        await pilot.press("1")
        await settle(pilot)
        assert len(session.game.history) == decisions
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"
        await pilot.press("1")
        await settle(pilot)
        assert len(session.game.history) == decisions + 1


async def test_the_first_frame_of_a_table_shows_the_options_cut_to_the_panel(monkeypatch) -> None:
    """The table fills its first list before anything is laid out (its width unknown: labels
    cut to 8 columns). The layout that sizes the panel refills it before drawing, so the
    first frame shows the labels as wide as the panel allows ("Run around: move up to 3
    squares", not "Run aro…"), and no refill follows it."""
    from textual.app import App

    from adrenaline_tui.tui.screens.table import TableScreen
    from adrenaline_tui.tui.widgets.action_panel import ActionPanel

    drawn: list[list[str]] = []
    real_display = App._display

    def display(self: App, screen, renderable) -> None:
        if isinstance(screen, TableScreen) and not drawn:
            panel = screen.query_one(ActionPanel)
            drawn.append([option.prompt.plain for option in panel.options._options])
        real_display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    for size in ((80, 24), (120, 40)):
        drawn.clear()
        session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
        while session.game.pending.player != "yellow" or session.game.pending.kind != "action":
            session.game.choose(session.game.pending.keys[0])
        app = make_app(session)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            panel = app.screen.query_one(ActionPanel)
            settled = [option.prompt.plain for option in panel.options._options]
        assert drawn and drawn[0] == settled
        assert any("Run around: move up to 3 squares" in row for row in settled)


def _cells(strips) -> list[list[tuple]]:
    """Each cell of each line: its character and how it looks (a colour by what it sends)."""

    def colour(c):
        return None if c is None else (c.type, c.number, c.triplet)

    out = []
    for strip in strips:
        row = []
        for segment in strip:
            s = segment.style
            look = None
            if s is not None:
                look = (colour(s.color), colour(s.bgcolor), s.bold, s.dim, s.italic, s.underline, s.reverse, s.strike)
            row += [(ch, look) for ch in segment.text]
        out.append(row)
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_drawn_widgets_draw_their_lines_as_textual_draws_the_same_text(size) -> None:
    """`Drawn` widgets render their laid-out text straight to lines (`TextLines`), without
    Textual's Content: every cell must come out as Textual's own drawing of that text."""
    from textual.visual import Visual, visualize

    from adrenaline_tui.tui.widgets.drawn import Drawn
    from adrenaline_tui.tui.widgets.text_lines import TextLines

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random", "green": "random"})
    app = make_app(session)
    compared = set()
    async with app.run_test(size=size) as pilot:
        await to_first_action(pilot, session)
        for widget in app.screen.query(Drawn):
            if not widget.display or not widget.size.width:
                continue
            width, height = widget.size
            text = widget.draw()
            assert all(line.cell_len <= width for line in text.split("\n")), type(widget).__name__
            ours = widget.render()
            assert isinstance(ours, TextLines)
            style = widget.visual_style
            textual = Visual.to_strips(widget, visualize(widget, text), width, height, style)
            assert _cells(Visual.to_strips(widget, ours, width, height, style)) == _cells(textual)
            compared.add(type(widget).__name__)
    assert {"PlayerBoard", "KillshotTrack", "KeyBar", "StatusBar"} <= compared


def test_a_line_wider_than_its_widget_is_cut_with_an_ellipsis() -> None:
    from rich.console import Console
    from rich.text import Text
    from textual.style import Style
    from textual.visual import RenderOptions

    from adrenaline_tui.tui.widgets.text_lines import TextLines

    lines = TextLines(Text("short\nmuch too long a line"), Console())
    options = RenderOptions(lambda *_: Style(), {})  # type: ignore[arg-type]
    strips = lines.render_strips(10, None, Style(), options)
    assert ["".join(s.text for s in strip) for strip in strips] == ["short", "much too …"]
    assert lines.render_strips(10, 1, Style(), options) == strips[:1]
    assert (lines.get_height({}, 10), lines.get_optimal_width({}, 80)) == (2, 20)  # type: ignore[arg-type]


async def test_text_selected_in_a_drawn_widget_is_drawn_and_copied_as_before() -> None:
    """While the mouse selects text in a board, it is drawn through Textual's Content (which
    marks the selection); what is copied is the board's text."""
    from textual.geometry import Offset
    from textual.selection import Selection
    from textual.visual import RenderOptions

    from adrenaline_tui.tui.widgets.player_board import PlayerBoard

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_first_action(pilot, session)
        board = app.screen.query_one("#board-yellow", PlayerBoard)
        text = board.draw().plain
        selection = Selection(Offset(0, 0), Offset(5, 1))
        assert board.get_selection(selection) == (selection.extract(text), "\n")
        width, height = board.size
        style = board.visual_style
        selected = RenderOptions(board._get_style, board.styles, selection, style)
        plain = RenderOptions(board._get_style, board.styles)
        lines = board.render()
        assert _cells(lines.render_strips(width, height, style, selected)) != _cells(
            lines.render_strips(width, height, style, plain)
        )
