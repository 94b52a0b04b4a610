"""Every way to play at the table: a whole game of Domination and of Turret mode, each with the
bot, played through the keyboard against computer seats; what the table shows for each mode is
built from public information only.

Games are bounded (5 skulls, sudden death) so each takes seconds.
"""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.screens.scoring import breakdowns
from adrenaline_tui.tui.session import HUMAN

from .helpers import make_app, new_session, play_to_the_end, screen_text, settle

THREE = {"yellow": HUMAN, "blue": "random", "grey": "random"}


@pytest.mark.parametrize(
    ("mode", "bot", "board", "tie_break"),
    [
        ("domination", "green", "DominationBoard", "spawnpoint tracks"),
        ("turret", "green", "TurretBoard", "turrets"),
        ("standard", "purple", "KillshotTrack", "killshot track"),
    ],
)
async def test_a_whole_game_of_each_mode_with_the_bot(mode: str, bot: str, board: str, tie_break: str) -> None:
    session = new_session(THREE, seed=5, mode=mode, bot=bot)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        assert table is not None
        # The mode's board sits where the killshot track is, and the bot has its board.
        assert type(table.query_one("#track")).__name__ == board
        assert table.query_one(f"#board-{bot}") is not None
        seen = await play_to_the_end(pilot, seed=2)
        assert "ScoringScreen" in seen
        text = screen_text(app)
        assert "Final standings" in text
        assert tie_break in text
        game = session.game
        assert game.over and game.ranking
        kinds = {e.kind for e in game.events}
        # The bot acted at the table: its action was taken, it shot or saw nobody.
        assert "bot_action" in kinds
        assert kinds & {"bot_shot", "bot_no_target"}


def test_final_scoring_breaks_down_each_spawnpoint_track_and_the_turrets() -> None:
    for mode, expected in (("domination", "spawnpoint track"), ("turret", "The turrets")):
        game = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5, mode=mode), 4)
        rng = random.Random(4)
        while game.pending is not None:
            game.choose(rng.choice(game.pending.keys))
        titles = [b.title for b in breakdowns(game, game.events)]
        wanted = [t for t in titles if expected in t]
        # Domination scores its three tracks separately; Turret mode its turrets once.
        assert len(wanted) == (3 if mode == "domination" else 1), titles
        for b in breakdowns(game, game.events):
            for line in b.lines:
                assert line.points > 0 and line.player in game.players


@pytest.mark.parametrize("mode", ["domination", "turret"])
def test_the_mode_board_and_the_map_badges_show_only_public_information(mode: str) -> None:
    """Whoever looks at the table, the mode's board and the map's turrets and spawnpoint counts
    are the same (only the keys of options a person is choosing from differ): nothing on them
    depends on a hidden card."""
    game = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5, mode=mode, bot="green"), 7)
    rng = random.Random(7)
    checked = 0
    while game.pending is not None and checked < 150:
        public = game.view(None)
        deciding = game.pending.player
        for seat in game.seats:
            view = game.view(seat)
            state = presenter.mode_board_state(game, view)
            if seat == deciding and getattr(state, "offered", ()):
                continue
            assert state == presenter.mode_board_state(game, public)
            assert presenter.badges(game, view) == presenter.badges(game, public)
            bot_board = presenter.board_states(game, view, seat, False)["green"]
            assert bot_board == presenter.board_states(game, public, seat, False)["green"]
        checked += 1
        game.choose(rng.choice(game.pending.keys))
    assert checked >= 100  # a good part of a game, both sides of turns and kills


async def test_setup_chooses_the_mode_and_the_bot() -> None:
    """The mode's line changes with the choice; the bot skips the figures the seats play; the
    table then asks the starting player to place the bot."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#mode").focus()
        await pilot.press("right")
        await settle(pilot)
        assert "Shoot spawnpoints for track points." in screen_text(app)
        await pilot.press("tab", "right")  # the bot: the first figure no seat plays
        await settle(pilot)
        assert "V Violet" in screen_text(app)
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(pilot)
        table = app.table()
        assert table is not None
        game = table.session.game
        assert (game.config.mode, game.config.bot) == ("domination", "purple")
        for _ in range(50):
            if game.pending is not None and table.session.is_human(game.pending.player):
                break
            await settle(pilot)
        # The starting player places the bot before spawning: the person, or a computer before them.
        placed = any(e.kind == "bot_placed" for e in game.events)
        assert game.pending.kind == ("spawn" if placed else "bot_place")
        assert type(table.query_one("#track")).__name__ == "DominationBoard"


async def test_the_replay_viewer_shows_the_modes_board_and_the_bot() -> None:
    from adrenaline_tui.tui.screens.review import ReviewScreen

    game = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5, mode="turret", bot="green"), 3)
    rng = random.Random(3)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.keys))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = ReviewScreen(game, at=10**6, viewer=None)
        app.push_screen(screen)
        await settle(pilot)
        board = screen.query_one("#track")
        assert type(board).__name__ == "TurretBoard"
        held = list(game.view(None)["turret"]["turrets"].values())
        assert held, "a whole game leaves turrets held"
        text = board.draw().plain
        # The last frame shows the game's end: each owner's letter and turret count.
        for owner in set(held):
            assert f"{LETTER[owner]}{held.count(owner)}" in text, text
        assert screen.query_one("#board-green") is not None


def test_a_frenzy_started_by_two_full_tracks_is_announced_as_such() -> None:
    game = Game.from_scenario(
        {
            "arena": "arena_11a",
            "mode": "domination",
            "turn": 4,
            "actions_taken": 1,
            "players": [
                {"colour": "yellow", "square": "r1c1"},
                {"colour": "blue", "square": "r0c3"},
                {"colour": "grey", "square": "r2c2"},
            ],
            "domination": {"red": ["blue"] * 7, "blue": ["grey"] * 8, "yellow": []},
        },
        seed=1,
    )
    start = len(game.events)
    game.choose("run")
    game.choose("r1c0")  # alone on the red spawnpoint at the end of the turn: its 8th token
    events = game.events[start:]
    assert any(e.kind == "frenzy" for e in events)
    frenzy = next(b for b in breakdowns(game, events) if b.title == "FINAL FRENZY")
    assert frenzy.notes[0].startswith("D-struct-or brought a second spawnpoint track to 8: everyone plays")
    assert frenzy.notes[-1].endswith("then each spawnpoint track (8-6-4-2-1 by tokens, ties all paid).")


def test_the_status_bar_says_a_bot_action_is_left_until_it_is_taken() -> None:
    game = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5, bot="green"), 3)
    rng = random.Random(3)
    said = {True: 0, False: 0}
    while game.pending is not None and game.turn < 12:
        view = game.view(None)
        line = presenter.status(game, view, None, {})[0]
        if game.turn >= 2 and not view["bot_acted"] and view["bot"]["square"] is not None:
            assert "bot action left" in line, (game.turn, line)
            said[True] += 1
        else:
            assert "bot action" not in line, (game.turn, line)
            said[False] += 1
        game.choose(rng.choice(game.pending.keys))
    assert said[True] and said[False]
    # Without a bot the state has no such key and the line never says it.
    plain = Game(GameConfig(players=("yellow", "blue", "grey"), skulls=5), 3)
    assert "bot_owed" not in plain.view(None)
    assert "bot action" not in presenter.status(plain, plain.view(None), None, {})[0]
