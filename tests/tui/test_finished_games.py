"""Every screen that reads a game, on a finished game of every mode with and without the bot,
with a resize on each (issue 23, findings 1 and 2): the table, the scoring sheet, the final
standings, the figures, the replay viewer (and its figures), the load list, past games, and
`adrenaline stats`. Nothing may close the program, and the bot is shown wherever points are.

The games are played once per module by random players (5 skulls: a few hundred decisions, a
fraction of a second each); each test writes the one it needs into its own game home.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from adrenaline_tui.cli import main
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.state import MODE_NAMES
from adrenaline_tui.rules.stats import KILLSHOT
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.screens.scoring import ScoringScreen
from adrenaline_tui.tui.session import HUMAN, Session

from .helpers import NAMES, make_app, screen_name, screen_text, settle

BOT = "purple"
CASES = [(mode, bot) for mode in ("standard", "domination", "turret") for bot in (None, BOT)]
SMALL, LARGE = (80, 24), (160, 50)
SEEDS = 80  # seeds tried for a game in which the bot makes a kill


def finished(mode: str, bot: str | None, seed: int) -> Game:
    players = ("yellow", "blue", "grey")
    config = GameConfig(players=players, names={c: NAMES[c] for c in players}, skulls=5, mode=mode, bot=bot)
    game = Game(config, seed)
    rng = random.Random(seed)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.keys))
    return game


def bot_kills(game: Game) -> int:
    return sum(
        1
        for e in game.events
        if e.kind == "scored"
        and not e.data.get("final")
        and len(e.data.get("damage") or []) >= KILLSHOT
        and e.data["damage"][KILLSHOT - 1] == game.config.bot
    )


@pytest.fixture(scope="module")
def games() -> dict[tuple[str, str | None], Game]:
    """One finished game per case; with the bot, one in which the bot killed someone (the
    figures of such a game closed the program: finding 1)."""
    out = {}
    for mode, bot in CASES:
        for seed in range(SEEDS):
            game = finished(mode, bot, seed)
            if bot is None or bot_kills(game):
                break
        assert bot is None or bot_kills(game), f"no {mode} game in {SEEDS} seeds where the bot kills"
        out[(mode, bot)] = game
    return out


def saved(game: Game, people: int = 1) -> Path:
    """The game as the app saves it, in this test's game home: the save and its table (the
    first `people` seats are people's, the others computers')."""
    kinds = {c: (HUMAN if i < people else "random") for i, c in enumerate(game.seats)}
    session = Session(game, kinds, storage.new_save_path())
    session.write_table()
    session.autosave()
    session.flush()
    return session.path  # type: ignore[return-value]


async def resized(pilot, expect: str) -> str:
    """Resize there and back: the screen stays, and what it shows at 160x50 is returned."""
    app = pilot.app
    await pilot.resize_terminal(*LARGE)
    await settle(pilot)
    text = screen_text(app)
    await pilot.resize_terminal(*SMALL)
    await settle(pilot)
    assert screen_name(app) == expect
    await pilot.resize_terminal(*LARGE)
    await settle(pilot)
    return text


def bot_name(game: Game) -> str | None:
    return game.players[game.config.bot].name if game.config.bot else None


@pytest.mark.parametrize(("mode", "bot"), CASES)
async def test_table_standings_figures_then_a_new_game(games, mode: str, bot: str | None) -> None:
    """Load the finished game: the table, its final standings (resized), the figures (resized),
    back, and "New game" (that path closed the program with NoMatches: finding 2)."""
    game = games[(mode, bot)]
    path = saved(game)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.open_game(path)
        await settle(pilot)
        table = app.table()
        assert table is not None and table.session.game.over
        if screen_name(app) == "TableScreen":
            await resized(pilot, "TableScreen")
            await pilot.resize_terminal(*SMALL)
        for _ in range(3):  # the final scoring sheet, if the table shows it first
            if screen_name(app) == "StandingsScreen":
                break
            await pilot.press("enter")
            await settle(pilot)
        assert screen_name(app) == "StandingsScreen"
        standings = await resized(pilot, "StandingsScreen")
        assert "Final standings" in standings
        if bot:
            assert bot_name(game) in standings  # the bot's points are shown (finding 9)
        await pilot.resize_terminal(*SMALL)
        await pilot.press("home", "enter")  # the figures
        await settle(pilot)
        assert screen_name(app) == "GameStatsScreen"
        figures = await resized(pilot, "GameStatsScreen")  # ends at 160x50, as in the finding
        assert "Awards" in figures
        if bot:
            assert bot_name(game)[:11] in figures
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "StandingsScreen"
        await pilot.press("down", "enter")  # "New game"
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"


@pytest.mark.parametrize(("mode", "bot"), CASES)
async def test_the_final_scoring_sheet(games, mode: str, bot: str | None) -> None:
    game = games[(mode, bot)]
    last_turn = max(i for i, e in enumerate(game.events) if e.kind == "turn")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        app.push_screen(ScoringScreen(game, game.events[last_turn:], reveal=True))
        await settle(pilot)
        await resized(pilot, "ScoringScreen")
        # The totals close the sheet: a long last turn (Domination's tracks) puts them below
        # the fold, where a player scrolls to them.
        await pilot.press("end")
        await settle(pilot)
        sheet = screen_text(app)
        totals = next(line for line in sheet.splitlines() if "Points so far" in line)
        if bot:
            # Finding 9: the bot's points, as at the table.
            assert f"{bot_name(game)} {game.players[bot].score}" in totals
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) != "ScoringScreen"


@pytest.mark.parametrize(("mode", "bot"), CASES)
async def test_review_to_a_turn_and_its_figures(games, mode: str, bot: str | None) -> None:
    """`review SAVE` -> `t <turn> Enter` -> `s` (that closed the program: finding 1)."""
    game = games[(mode, bot)]
    path = saved(game)
    turn = str(max(1, game.turn - 1))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.open_review(path)
        await settle(pilot)
        await resized(pilot, "ReviewScreen")
        await pilot.press("t", *turn, "enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert screen_name(app) == "GameStatsScreen"
        await resized(pilot, "GameStatsScreen")
        await pilot.press("escape", "end", "s")
        await settle(pilot)
        assert screen_name(app) == "GameStatsScreen" and "(final)" in screen_text(app)


@pytest.mark.parametrize(("mode", "bot"), CASES)
async def test_the_load_list_and_past_games(games, mode: str, bot: str | None) -> None:
    game = games[(mode, bot)]
    saved(game)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        for open_list, name in ((app.open_load, "LoadScreen"), (app.open_past_games, "PastGamesScreen")):
            open_list()
            await settle(pilot)
            text = await resized(pilot, name)
            assert "finished" in text
            # The kind of game is said (a Turret save and a hot-seat save looked alike: finding 10).
            assert f"{MODE_NAMES[mode]}{' + bot' if bot else ''}, 1 person vs 2 computers" in text
            await pilot.press("enter")  # opens the game (at the table, or in the replay viewer)
            await settle(pilot)
            assert screen_name(app) != name
            app.go_to_title()
            await settle(pilot)


@pytest.mark.parametrize(("mode", "bot"), CASES)
def test_adrenaline_stats(games, mode: str, bot: str | None, capsys) -> None:
    game = games[(mode, bot)]
    path = saved(game)
    assert main(["stats", str(path)]) == 0
    text = capsys.readouterr().out
    assert "awards:" in text or "kills:" in text
    if bot:
        assert bot_name(game) in text
    assert main(["stats", str(path), "--json"]) == 0


def test_the_load_list_tells_a_turret_game_from_a_hot_seat_game(games) -> None:
    turret = storage.save_info(saved(games[("turret", None)]))
    hot_seat = storage.save_info(saved(games[("standard", None)], people=3))
    assert turret.kind == "Turret, 1 person vs 2 computers"
    assert hot_seat.kind == "Standard, hot seat"
    assert turret.kind in turret.label and hot_seat.kind in hot_seat.label
    # The arena by its name, as the setup screen says it, not its id.
    assert "Eleven squares, green corner" in turret.label and "arena_11a" not in turret.label


def test_every_deferred_callback_of_a_widget_waits_for_it_to_be_attached() -> None:
    """The class of finding 2: a callback scheduled for after the next refresh ran on a widget
    whose screen had been taken down. Screens wrap theirs (`BaseScreen.call_after_refresh`);
    a widget's must go through `while_attached` itself."""
    import re

    from adrenaline_tui.tui.screens.base import BaseScreen

    widgets = Path(__file__).resolve().parents[2] / "adrenaline_tui" / "tui" / "widgets"
    bare = [
        f"{path.name}: {line.strip()}"
        for path in sorted(widgets.glob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"call_after_refresh\((?!while_attached\()", line)
    ]
    assert bare == []
    assert "call_after_refresh" in vars(BaseScreen)
