"""Command palette entries, themes, points and help."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session, screen_name, screen_text, settle


async def test_palette_looks_up_a_card() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"railgun")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "RulesScreen"
        assert "Railgun" in screen_text(app) and "Reload: yellow + yellow + blue" in screen_text(app)


async def test_palette_changes_the_theme_and_the_map_repaints() -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"colour-blind")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert app.theme == "adrenaline-colourblind"
        assert app.look.palette.figure["yellow"] == "#f0e442"
        assert app.settings.theme == "adrenaline-colourblind"


async def test_points_are_face_down_until_shown() -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        others = [c for c in session.game.seats if c != "yellow"]
        view = table.view
        assert all(p["score"] is None for p in view["players"] if p["colour"] in others)
        await pilot.press("p")
        await settle(pilot)
        # Points are private at the table: p asks first, and "no" changes nothing.
        assert screen_name(app) == "ConfirmScreen" and "Show everyone's points" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "TableScreen" and not app.settings.show_points
        assert all(p["score"] is None for p in table.view["players"] if p["colour"] in others)
        await pilot.press("p", "y")
        await settle(pilot)
        assert all(p["score"] is not None for p in table.view["players"])
        await pilot.press("p")  # face down again at once, no question
        await settle(pilot)
        assert screen_name(app) == "TableScreen" and not app.settings.show_points


async def test_p_shows_points_in_this_game_only_and_says_so() -> None:
    """`p` turned the account's setting over without a word (issue 23, finding 10): it is for
    the game at the table, and the notice says where the default is."""
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p", "y")
        await settle(pilot)
        table = app.table()
        assert all(p["score"] is not None for p in table.view["players"])
        assert not app.settings.show_points  # the default for new games is unchanged
        notices = [n.message for n in app._notifications]
        assert any("in this game" in m and "Settings" in m for m in notices), notices
        # Another game starts face down, as the Settings say.
        app.open_session(new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, seed=4))
        await settle(pilot)
        other = app.table()
        assert other is not table and not other.show_points
        assert all(p["score"] is None for p in other.view["players"] if p["colour"] != "yellow")


async def test_help_lists_the_keys_of_the_screen_below() -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = screen_text(app)
        assert screen_name(app) == "HelpScreen"
        assert "pick the option with that key" in text and "Undo" in text
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"


async def test_nothing_in_the_palette_or_the_actions_writes_a_screenshot(tmp_path, monkeypatch) -> None:
    """Textual's "Screenshot" command wrote an SVG into ~/Downloads at every use: over SSH, a guest
    could fill the account's disk, and the action (which markup can name) writes wherever told."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "Downloads"))
    monkeypatch.chdir(tmp_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Screenshot" not in [c.title for c in app.get_system_commands(app.screen)]
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"screenshot")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        await app.run_action(f"app.screenshot('planted.svg', '{tmp_path}')")
        await pilot.pause(0.5)  # Textual's palette command delivers its screenshot after 0.1 s
    assert list(tmp_path.rglob("*.svg")) == []
