"""The coach key on the table: advice for the person deciding, from their own view."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import ActionPanel

from .helpers import make_app, scenario_session, settle

SCENARIO = {
    "arena": "arena_12",
    "players": [
        {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle"], "ammo": {"red": 1, "blue": 2, "yellow": 1}},
        {"colour": "blue", "square": "r0c2", "damage": ["yellow"] * 5},
        {"colour": "grey", "square": "r2c3"},
    ],
}


async def test_the_coach_key_shows_a_suggestion_and_puts_the_cursor_on_it() -> None:
    session = scenario_session(SCENARIO, {"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        d = session.game.pending
        assert d.player == "yellow" and d.kind == "action"
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        notes = [n for n in app._notifications if n.title.startswith("Coach: ")]
        assert notes, [n.message for n in app._notifications]
        label = notes[-1].title.removeprefix("Coach: ")
        keys = [o.label for o in d.options]
        assert label in keys  # a legal option...
        assert len(notes[-1].message) > 20  # ...with its reason
        assert app.table().query_one(ActionPanel).cursor == keys.index(label)
        assert session.game.pending == d  # advice only: nothing was chosen


async def test_the_table_tells_the_coach_each_answer_so_its_plan_lasts_only_while_followed() -> None:
    session = scenario_session(SCENARIO, {"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        table = app.table()
        coach = table._coaches["yellow"]
        assert coach.player is not None and coach.advised is not None
        await pilot.press("enter")  # the cursor is on the advice: take it
        await settle(pilot)
        assert coach.player is not None  # followed: the plan goes on to the next question
        await pilot.press("u")  # undone: the plan was for a game that went another way
        await settle(pilot)
        assert coach.player is None


async def test_one_coach_notice_at_a_time_and_none_once_its_question_is_answered() -> None:
    session = scenario_session(SCENARIO, {"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)

    def coach_notices() -> list[str]:
        return [n.title for n in app._notifications if n.title.startswith("Coach")]

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        await pilot.press("s")  # asked again: the new advice replaces the first
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert len(coach_notices()) == 1 and coach_notices()[0].startswith("Coach: "), coach_notices()
        await pilot.press("enter")  # answered: advice about that question is gone
        await settle(pilot)
        assert coach_notices() == []
        # Other notices are left alone.
        app.notify("Something else")
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert len(coach_notices()) == 1
        await pilot.press("u")
        await settle(pilot)
        assert coach_notices() == [] and any(n.message == "Something else" for n in app._notifications)


def test_the_coach_names_a_turret_tile_as_the_turret_board_shows_it() -> None:
    """One notation for a tile everywhere: the coach said "the ammo at r2c1 (PRR)" of a tile
    the turret board drew as "♦RR" (issue 23, finding 10); and in Turret mode the tile comes
    from the turret board, not from the square."""
    from adrenaline_tui.ai.coach import _plan_reason, _plan_title
    from adrenaline_tui.ai.hard import Plan
    from adrenaline_tui.rules import Game, GameConfig
    from adrenaline_tui.tui import presenter
    from adrenaline_tui.tui.look_access import DEFAULT_LOOK
    from adrenaline_tui.tui.widgets.turret_board import tiles_text

    game = Game(GameConfig(players=("yellow", "blue", "grey"), mode="turret"), 2)
    view = game.view(game.pending.player)
    board = tiles_text(presenter.mode_board_state(game, view), DEFAULT_LOOK).plain
    square = next(q for q in game.arena.squares if q not in game.arena.spawn_colour_at)
    plan = Plan("grab", square=square)
    reason = _plan_reason(plan, view)
    fullest = max((c for c in view["turret"]["offer"] if c), key=len)
    assert f"({fullest})" in reason and "turret board" in reason, reason
    assert fullest in board, board  # the board writes the tile the way the coach does
    assert "turret board" in _plan_title(plan, view)
    for code in view["turret"]["offer"]:
        assert code is None or code in board
