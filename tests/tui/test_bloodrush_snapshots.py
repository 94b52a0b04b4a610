"""SVG snapshots of Bloodrush's table at 80x24 and 160x50 (pytest-textual-snapshot): the same
position, part-way through a game, seen by the person in Scarlet's seat."""

from __future__ import annotations

from adrenaline_tui.titles.bloodrush.title import ENGINE
from adrenaline_tui.titles.bloodrush.ui.session import BloodrushSession
from adrenaline_tui.titles.bloodrush.ui.table import BloodrushTable

from .helpers import make_app


def _table() -> BloodrushTable:
    kinds = {"scarlet": "human", "violet": "normal", "amber": "hard", "teal": "easy"}
    game = ENGINE.new_game(4, {"mozzie_player": "no", "burst": "graveyard"}, 21)
    session = BloodrushSession(game, kinds, path=None)  # a picture, not a game to keep
    # On to a turn of Scarlet's, every seat played by a random player: the normal player's
    # choices change with PYTHONHASHSEED (it iterates a set somewhere), the random one's do not.
    from adrenaline_tui.titles.bloodrush.players import make_player

    stand_ins = {seat: make_player("random", i) for i, seat in enumerate(game.config.seats)}
    while game.pending is not None and not (
        game.turn >= 5 and game.pending.player == "scarlet" and game.pending.kind == "action"
    ):
        d = game.pending
        session.choose(stand_ins[d.player].choose(d, game.view(d.player)))
    assert game.pending is not None
    return BloodrushTable(session)


async def _open(pilot) -> None:
    # The app opens its title screen once ready: the table goes on top of it, not under it.
    for _ in range(100):
        if type(pilot.app.screen).__name__ == "TitleScreen":
            break
        await pilot.pause(0.02)
    await pilot.app.push_screen(_table())
    await pilot.pause()
    await pilot.pause()
    assert isinstance(pilot.app.screen, BloodrushTable), pilot.app.screen_stack


def test_bloodrush_table_80x24(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=_open)


def test_bloodrush_table_160x50(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(160, 50), run_before=_open)


async def test_humans_names_on_the_big_map_are_whole_or_cut_with_a_sign() -> None:
    """At 160x50 each square names its human in 10 columns: 'Schoolteacher' read 'Schoolteac',
    a cut without a sign (issue 23, finding 12's class)."""
    from .helpers import screen_text

    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await _open(pilot)
        from adrenaline_tui.titles.bloodrush.ui.town_map import TownMap

        text = screen_text(pilot.app)
        names = [c.human[2] for c in pilot.app.screen.query_one(TownMap).state.cells if c.human is not None]
        assert any(len(n) > 10 for n in names)  # the position has a name longer than a square
        for name in names:
            assert name in text or any(name[:k] + "…" in text for k in range(3, len(name))), name
