"""The replay viewer and the past games: what a player could see then, and nothing more."""

from __future__ import annotations

import random

from adrenaline_tui.cli import main
from adrenaline_tui.rules import Game
from adrenaline_tui.tui import storage
from adrenaline_tui.tui.look import LETTER
from adrenaline_tui.tui.screens.past_games import label
from adrenaline_tui.tui.screens.review import ReviewScreen
from adrenaline_tui.tui.session import HUMAN, Session
from adrenaline_tui.tui.widgets import PlayerBoard
from adrenaline_tui.tui.widgets.points_chart import PointsChart
from tests.golden.playthrough import SCENARIO, SEED, golden_game, policy

from .helpers import choose_key, make_app, scenario_session, settle
from .test_snapshots import _kill_blue, last_skull_scenario

POWERUP_NAMES = ("Newton", "Teleporter", "Tagback", "Scope")


def hidden_names(game: Game, owner: str, viewer: str | None) -> list[str]:
    """What `viewer` may not see of `owner`'s cards right now: powerups and loaded weapons."""
    if owner == viewer:
        return []
    p = game.players[owner]
    return [*POWERUP_NAMES, *(game.cards.weapons[w.id].name for w in p.weapons if w.loaded)]


async def scan(viewer: str | None) -> int:
    game = golden_game()
    app = make_app()
    frames = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = ReviewScreen(game, viewer=viewer)
        app.push_screen(screen)
        await settle(pilot)
        while True:
            now = screen.recording.at(screen.n)
            for colour in game.seats:
                text = screen.query_one(f"#board-{colour}", PlayerBoard).draw().plain
                for name in hidden_names(now, colour, viewer):
                    assert name not in text, f"decision {screen.n}: {viewer} sees {colour}'s {name}"
            # Points are face down until the end: the chart draws no line of anyone else's.
            plot = "\n".join(screen.query_one(PointsChart).render().plain.split("\n")[:-3])
            for colour in game.seats:
                if colour != viewer and not now.over:
                    assert LETTER[colour] not in plot, f"decision {screen.n}: {viewer} sees {colour}'s points"
                else:
                    assert LETTER[colour] in plot
            frames += 1
            if screen.n == screen.recording.decisions:
                break
            await pilot.press("right")
            await pilot.pause()
    return frames


async def test_a_player_in_the_viewer_sees_only_their_own_cards_at_every_decision() -> None:
    assert await scan("grey") == 45


async def test_a_spectator_in_the_viewer_sees_nobodys_cards() -> None:
    assert await scan(None) == 45


async def test_viewer_keys_step_turns_jump_to_kills_and_change_who_looks() -> None:
    game = golden_game()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = ReviewScreen(game)
        app.push_screen(screen)
        await settle(pilot)
        await pilot.press("k")
        kill = screen.n
        assert screen.recording.kills_at[kill] == 1
        await pilot.press("down")
        assert screen.recording.turn_at[screen.n] == 21
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("2", "3", "enter")
        await settle(pilot)
        assert screen.recording.turn_at[screen.n] == 23
        await pilot.press("v")
        assert screen.viewer == game.seats[0]
        await pilot.press("s")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameStatsScreen"


def test_review_of_a_bad_save_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a save file" in err


def test_a_finished_game_is_kept_and_listed_with_its_winner() -> None:
    game = Game.from_scenario(SCENARIO, seed=SEED)
    session = Session(game, dict.fromkeys(game.seats, HUMAN), storage.new_save_path())
    session.write_table()
    rng = random.Random(SEED)
    while (d := session.game.pending) is not None:
        session.choose(policy(rng, d))
    session.flush()
    assert session.path is not None and session.path.exists()
    (info,) = storage.list_saves()
    assert info.over and info.path == session.path
    assert Game.load(info.path).to_json() == golden_game().to_json()
    assert label(info).endswith("won by Dozer (31)")


async def test_the_final_standings_open_the_game_in_figures() -> None:
    session = scenario_session(last_skull_scenario(), {"yellow": HUMAN, "blue": "random", "grey": "random"})
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await _kill_blue(pilot)
        await choose_key(pilot, "end")
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "StandingsScreen"
        await pilot.press("enter")  # the first entry: the game in figures
        await settle(pilot)
        assert type(app.screen).__name__ == "GameStatsScreen"
        stats = app.screen.stats
        assert stats["finished"] and stats["timeline"][-1]["scores"] == {
            p.colour: p.score for p in session.game.players.values()
        }
        assert [k["victim"] for k in stats["kills"]] == ["blue"]


def test_a_tampered_sidecar_gives_no_winner_and_no_crash() -> None:
    game = golden_game()
    path = storage.new_save_path()
    game.save(path)
    storage.write_table(path, {"over": True, "ranking": [{"rank": 1, "player": ["x"], "score": "lots"}, 7]})
    (info,) = storage.list_saves()
    assert label(info) == info.label
    storage.write_table(path, {"over": True, "ranking": [{"rank": 1, "player": "grey", "score": 31}]})
    (info,) = storage.list_saves()
    assert label(info).endswith("won by Dozer (31)")
