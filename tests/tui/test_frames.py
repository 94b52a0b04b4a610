"""Work per key press: a decision draws the map once (frame time late in a game)."""

from __future__ import annotations

from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets.arena_map import ArenaMap

from .helpers import choose_key, make_app, new_session, settle


async def test_a_decision_draws_the_map_once(monkeypatch) -> None:
    session = new_session({"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(pilot)
            pending = session.game.pending
            if session.is_human(pending.player):
                if pending.kind == "action":
                    break
                await pilot.press("1")  # where to enter the arena
        draws = []
        real_draw = ArenaMap._draw
        monkeypatch.setattr(ArenaMap, "_draw", lambda self, *a, **k: draws.append(1) or real_draw(self, *a, **k))
        await choose_key(pilot, "run")
        assert session.game.pending.kind == "run"
        # The new list moved the cursor twice (cleared, then placed): the map is drawn once.
        assert len(draws) == 1
