"""The option previews under the list are worked out when read, at their own decision only."""

from __future__ import annotations

from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.session import HUMAN

from .helpers import new_session

SOLO = {"yellow": HUMAN, "blue": "random", "grey": "random"}


def test_previews_are_worked_out_when_read_and_read_as_before(monkeypatch) -> None:
    session = new_session(SOLO)
    game = session.game
    view = game.view(game.pending.player)
    opts = presenter.options(view)
    weapon = presenter.last_weapon_fired(game)
    calls: list[str] = []
    preview = presenter.option_preview

    def counting(game, option, shooting_with):
        calls.append(option["key"])
        return preview(game, option, shooting_with)

    monkeypatch.setattr(presenter, "option_preview", counting)
    state = presenter.panel_state(game, view, session.kinds)
    assert calls == []  # none worked out yet
    assert state.details[1] == preview(game, opts[1], weapon)
    assert calls == [opts[1]["key"]]
    assert list(state.details) == [preview(game, o, weapon) for o in opts]
    # The same decision drawn again is equal without working anything out again.
    calls.clear()
    assert presenter.panel_state(game, view, session.kinds) == state and calls == []


def test_a_preview_is_never_worked_out_once_the_game_has_moved_on() -> None:
    session = new_session(SOLO)
    game = session.game
    view = game.view(game.pending.player)
    state = presenter.panel_state(game, view, session.kinds)
    first = state.details[0]
    second = presenter.option_preview(game, presenter.options(view)[1], presenter.last_weapon_fired(game))
    assert second != ""
    session.choose(game.pending.keys[0])
    # Read before the move: kept. Never read: empty rather than worked out on the new position.
    assert state.details[0] == first != ""
    assert state.details[1] == ""
