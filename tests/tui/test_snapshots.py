"""SVG snapshots of the main screens (pytest-textual-snapshot; textual is pinned).

Fixed seeds and scenarios make every picture the same on every run. Update them with
`pytest tests/tui/test_snapshots.py --snapshot-update` after a deliberate change, and look at them.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from adrenaline_tui.tui.session import HUMAN

from .helpers import choose_key, make_app, new_session, scenario_session, settle
from .test_resume import kill_scenario

FIVE = {"yellow": HUMAN, "blue": "random", "grey": "random", "purple": "random", "green": "random"}


def test_title(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_setup(snap_compare) -> None:
    assert snap_compare(make_app(), press=["enter"], terminal_size=(80, 24))


def test_table_80x24(snap_compare) -> None:
    assert snap_compare(make_app(new_session(FIVE, seed=21, arena="arena_12")), terminal_size=(80, 24))


def test_table_160x50(snap_compare) -> None:
    app = make_app(new_session(FIVE, seed=21, arena="arena_12"))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        game = pilot.app.table().session.game
        if game.pending.kind == "spawn":
            await choose_key(pilot, game.pending.keys[0])
        await choose_key(pilot, "run")  # squares on offer are highlighted on the map

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_hand_off(snap_compare) -> None:
    session = new_session({"yellow": HUMAN, "blue": HUMAN, "grey": "random"}, seed=5)
    assert snap_compare(make_app(session), terminal_size=(80, 24))


async def _kill_blue(pilot: Pilot) -> None:
    app = pilot.app
    await settle(pilot)
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await settle(pilot)
    game = app.table().session.game
    await choose_key(pilot, "shoot")
    while game.pending is not None and game.pending.kind != "action":
        keys = game.pending.keys
        await choose_key(pilot, next((k for k in ("blue", "done", "basic") if k in keys), keys[0]))


def test_scoring_breakdown(snap_compare) -> None:
    session = scenario_session(kill_scenario(), {"yellow": HUMAN, "blue": "random", "grey": "random"})

    async def run_before(pilot: Pilot) -> None:
        await _kill_blue(pilot)
        await choose_key(pilot, "end")

    assert snap_compare(make_app(session), terminal_size=(80, 24), run_before=run_before)


def last_skull_scenario() -> dict[str, Any]:
    scenario = kill_scenario()
    scenario.update(
        skulls=5,
        ending="sudden_death",
        killshot_track=[["yellow"], ["grey", "grey"], ["blue"], ["yellow"]],
    )
    scenario["players"][0]["score"] = 14
    scenario["players"][1]["score"] = 9
    scenario["players"][2]["score"] = 12
    scenario["players"][2]["damage"] = ["yellow", "blue"]
    return scenario


def test_final_standings(snap_compare) -> None:
    session = scenario_session(last_skull_scenario(), {"yellow": HUMAN, "blue": "random", "grey": "random"})

    async def run_before(pilot: Pilot) -> None:
        await _kill_blue(pilot)
        await choose_key(pilot, "end")
        assert type(pilot.app.screen).__name__ == "ScoringScreen"
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(make_app(session), terminal_size=(80, 24), run_before=run_before)


def _learn_app():
    from adrenaline_tui.tui.app import AdrenalineApp

    from .helpers import settings

    return AdrenalineApp(learn=True, settings=settings(), bot_delay=0.0, seed=1, save_settings=False)


def test_lesson_step(snap_compare) -> None:
    """Lesson 1, step 2: narration and task, the squares in reach marked, Run on its key and
    the off-goal options dimmed."""
    assert snap_compare(_learn_app(), press=["enter", "1"], terminal_size=(80, 24))


def test_lesson_explanation(snap_compare) -> None:
    """The sight step of lesson 1, explaining why Dozer is out of sight."""

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("enter", "1", "1", "4", "1", "x", "down")
        await settle(pilot)

    assert snap_compare(_learn_app(), run_before=run_before, terminal_size=(80, 24))


def test_reference_weapon_page(snap_compare) -> None:
    """The railgun's page: cost, modes, notes and the drawing of its lines through walls."""

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        pilot.app.action_rules("railgun")
        await settle(pilot)

    assert snap_compare(make_app(), run_before=run_before, terminal_size=(100, 40))


def _stats_app(theme: str = "adrenaline"):
    """A finished four-player game (seeded random players) in the after-game figures."""
    from adrenaline_tui.ai import RandomPlayer
    from adrenaline_tui.rules import Game, GameConfig
    from adrenaline_tui.tui.screens.game_stats import GameStatsScreen

    game = Game.new(GameConfig(players=("yellow", "blue", "grey", "purple"), arena="arena_12", skulls=5), 7)
    bots = {c: RandomPlayer(7 + i) for i, c in enumerate(game.seats)}
    while (d := game.pending) is not None:
        game.choose(bots[d.player].choose(d))
    app = make_app(theme=theme)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        app.push_screen(GameStatsScreen(game))
        await settle(pilot)

    return app, run_before


def test_game_figures_80x24_in_16_colours(snap_compare) -> None:
    app, run_before = _stats_app(theme="adrenaline-16")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_game_figures_160x50(snap_compare) -> None:
    app, run_before = _stats_app()
    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_replay_viewer_at_the_kill_seen_by_a_player(snap_compare) -> None:
    from adrenaline_tui.tui.screens.review import ReviewScreen
    from tests.golden.playthrough import golden_game

    app = make_app()

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        app.push_screen(ReviewScreen(golden_game()))
        await settle(pilot)
        await pilot.press("k", "v")  # to the killshot, seen by D-struct-or
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def _mode_table(mode: str, bot: str | None, turn: int, size: tuple[int, int], snap_compare) -> bool:
    """The table of a game of `mode` played with the keyboard until the person's turn `turn`."""
    from .helpers import play_to_the_end

    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"}, seed=5, mode=mode, bot=bot)

    def there(app) -> bool:
        game = session.game
        return app.screen is app.table() and game.turn >= turn and game.pending.player == "yellow"

    async def run_before(pilot: Pilot) -> None:
        await play_to_the_end(pilot, seed=1, stop=there)
        await choose_key(pilot, "shoot" if "shoot" in session.game.pending.keys else "grab")

    return snap_compare(make_app(session), terminal_size=size, run_before=run_before)


def test_domination_with_the_bot_80x24(snap_compare) -> None:
    assert _mode_table("domination", "green", 9, (80, 24), snap_compare)


def test_domination_with_the_bot_160x50(snap_compare) -> None:
    assert _mode_table("domination", "green", 12, (160, 50), snap_compare)


def test_turret_80x24(snap_compare) -> None:
    assert _mode_table("turret", None, 9, (80, 24), snap_compare)


def test_turret_with_the_bot_160x50(snap_compare) -> None:
    assert _mode_table("turret", "green", 9, (160, 50), snap_compare)
