"""Explain at the table: `x` on the option under the cursor, greyed actions that say what is
missing, what an option will do before it is chosen, and nothing explained that the person at
the screen may not know."""

from __future__ import annotations

from adrenaline_tui.rules import Game
from adrenaline_tui.rules.explain import questions
from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import ActionPanel

from .helpers import choose_key, make_app, scenario_session, screen_name, screen_text, settle

SOLO = {"yellow": HUMAN, "blue": "random", "grey": "random"}


def shooting_scenario(ben: str = "r0c0", **yellow: object) -> dict:
    """Ann (yellow) in the yellow room of arena_12, Cat (grey) in it too, Ben (blue) out of sight
    on r0c0 unless put elsewhere."""
    return {
        "arena": "arena_12",
        "players": [
            {"colour": "yellow", "name": "Ann", "square": "r1c2", **yellow},
            {"colour": "blue", "name": "Ben", "square": ben},
            {"colour": "grey", "name": "Cat", "square": "r1c3"},
        ],
        "active": "yellow",
    }


def test_every_table_binding_has_an_id() -> None:
    ids = {b.id for b in TableScreen.BINDINGS}
    assert {"table.explain", "table.learn-weapon", "table.cards"} <= ids
    assert all(b.id for b in TableScreen.BINDINGS)


async def test_x_explains_the_option_under_the_cursor() -> None:
    app = make_app(scenario_session(shooting_scenario(weapons=["lock-rifle"]), SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.table().query_one(ActionPanel)
        shoot = panel.state.labels.index(next(label for label in panel.state.labels if label.startswith("Shoot")))
        panel.move_to(shoot)
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        shown = app.screen.shown
        assert shown.subject == "Shoot people" and shown.legal is True
        assert "From here the Lock Rifle can hit Cat." in shown.does
        assert "Shoot people  ✓ allowed" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "TableScreen"


async def test_a_greyed_action_says_what_is_missing() -> None:
    app = make_app(scenario_session(shooting_scenario(), SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        panel = table.query_one(ActionPanel)
        # no weapon: Shoot is listed after the options, greyed, without a key
        assert [label for label, _ in panel.state.greyed] == ["Shoot people"]
        assert "Shoot people (not now)" in screen_text(app)
        greyed = len(panel.state.labels)
        panel.move_to(greyed)
        await settle(pilot)
        assert "you hold no weapons" in screen_text(app)
        await pilot.press("enter")  # choosing it explains, and plays nothing
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        assert app.screen.shown.legal is False and table.session.game.history == []


async def test_what_a_target_will_take_shows_before_it_is_chosen() -> None:
    # two targets in sight, so the shot asks which
    app = make_app(scenario_session(shooting_scenario("r2c2", weapons=["lock-rifle"]), SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.table().session.game
        await choose_key(pilot, "shoot")
        panel = app.table().query_one(ActionPanel)
        assert game.pending.kind == "target", game.pending
        cat = [o.key for o in game.pending.options].index("grey")
        assert "Cat goes from 0 to 2 damage." in panel.state.details[cat]


async def test_a_board_click_explains_the_board() -> None:
    app = make_app(scenario_session(shooting_scenario(), SOLO))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#board-grey")
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        assert app.screen.shown.subject == "Cat's board"


def test_what_can_be_asked_depends_on_whose_eyes_the_screen_is_for() -> None:
    game = Game.from_scenario(shooting_scenario(weapons=["lock-rifle"], powerups=["newton-blue"]), seed=1)
    mine = questions.topics(game, game.view("yellow"))
    assert {"run", "grab", "shoot", "newton-blue", "end"} <= {t.id for t in mine}
    # someone else at the screen: the figures, squares and boards from their seat, no options
    theirs = questions.topics(game, game.view("blue"))
    assert not {t.id for t in theirs} & {"run", "grab", "shoot", "newton-blue", "end"}
    assert {"grey", "yellow", "r0c0", "board:yellow", "track"} <= {t.id for t in theirs}
    answer = questions.explanation(game, game.view("blue"), "yellow")
    assert "Lock Rifle" not in answer.text and "Newton" not in answer.text
    # the public view (the keyboard changing hands): boards and the track only
    public = questions.topics(game, game.view(None))
    assert {t.group for t in public} == {"Boards"}
    refused = questions.explanation(game, game.view(None), "newton-blue")
    assert refused.legal is None and "Newton" not in refused.text
