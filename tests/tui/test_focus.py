"""The options keep the keyboard: arrows and Enter work on every decision of a person's.

While someone else decides the option list is hidden, and Textual takes the focus from a
hidden widget (to nothing: the table has no other focusable widget). At the computers' pace
the list stayed hidden long enough for that, and when the person's turn came back, Enter and
the arrows did nothing until Tab (found playing Domination with the bot in tmux at 80x24).
"""

from __future__ import annotations

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN

from .helpers import new_session, screen_name, settings

PACE = 0.05  # seconds a computer decision is shown: long enough for a layout while hidden


async def test_the_options_have_the_focus_after_the_computers_played() -> None:
    session = new_session({"blue": HUMAN, "yellow": "normal", "grey": "normal"}, seed=3)
    app = AdrenalineApp(settings=settings(bot_delay=PACE), bot_delay=PACE, session=session, seed=3, save_settings=False)
    game = session.game
    checked = 0
    after_computers = False
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(PACE)
            if game.pending is None or screen_name(app) != "TableScreen":
                await pilot.press("enter")
                continue
            if not session.is_human(game.pending.player):
                continue  # the computers play at their pace
            if not app.screen.query_one("#options").display:
                # The engine waits on the person, but the table still shows the computers' last
                # move for its moment (a busy machine stretches it): the list is not back yet.
                continue
            focused = app.focused
            assert focused is not None and focused.id == "options", (len(game.history), focused)
            if after_computers:
                checked += 1
                if checked == 3:
                    break
            before = len(game.history)
            await pilot.press("enter")  # Enter picks the option under the cursor
            await pilot.pause(PACE)
            assert len(game.history) > before
            # The computers played after this answer: the person's next decision is the case.
            after_computers = len(game.history) > before + 1
    assert checked == 3
