"""`adrenaline simulate --ai ...`: choosing the computer players of simulated games."""

from __future__ import annotations

import json

from adrenaline_tui.cli import main

QUICK = ["simulate", "--arena", "arena_10", "--skulls", "5", "--sudden-death", "--json"]


def games(capsys, *args: str) -> list[dict]:
    assert main([*QUICK, *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_default_is_random_players(capsys):
    (game,) = games(capsys, "--players", "3")
    assert game["players"] == {"yellow": "random", "blue": "random", "grey": "random"}


def test_ai_names_a_player_for_each_seat_and_sets_the_player_count(capsys):
    (game,) = games(capsys, "--ai", "normal,random,random")
    assert game["players"] == {"yellow": "normal", "blue": "random", "grey": "random"}
    assert set(game["scores"]) == {"yellow", "blue", "grey"}


def test_levels_and_the_old_name_of_normal(capsys):
    (game,) = games(capsys, "--ai", "easy,sensible,random")
    assert game["players"] == {"yellow": "easy", "blue": "normal", "grey": "random"}


def test_one_kind_fills_every_seat(capsys):
    (game,) = games(capsys, "--ai", "normal", "--players", "3")
    assert set(game["players"].values()) == {"normal"}


def test_rotate_moves_the_players_one_seat_on_per_game(capsys):
    played = games(capsys, "--ai", "normal,random,random", "--games", "3", "--rotate")
    assert [next(c for c, k in g["players"].items() if k == "normal") for g in played] == ["yellow", "blue", "grey"]


def test_text_output_ends_with_the_wins_of_each_kind(capsys):
    args = ["simulate", "--arena", "arena_10", "--skulls", "5", "--sudden-death", "--games", "2"]
    assert main([*args, "--ai", "normal,random,random", "--rotate"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "yellow(normal)=" in lines[0]
    assert lines[-1].startswith("wins over 2 games: normal (1 seat) ")
    assert "random (2 seats)" in lines[-1]


def test_unknown_kinds_and_wrong_counts_are_refused(capsys):
    assert main([*QUICK, "--ai", "sensible,clever,random"]) == 2
    assert "unknown computer player 'clever'" in capsys.readouterr().err
    assert main([*QUICK, "--ai", "sensible,random", "--players", "4"]) == 2
    assert "2 players for 4 seats" in capsys.readouterr().err


def test_mode_and_bot_are_played(capsys):
    for mode in ("domination", "turret"):
        (game,) = games(capsys, "--players", "3", "--mode", mode, "--bot", "green")
        assert (game["mode"], game["bot"]) == (mode, "green")
        assert set(game["scores"]) == {"yellow", "blue", "grey"}  # the bot has no seat


def test_a_bot_in_a_players_colour_is_refused_in_one_line(capsys):
    assert main([*QUICK, "--players", "3", "--bot", "blue"]) == 2
    err = capsys.readouterr().err
    assert err == "adrenaline: bot: blue is already a player; the bot uses a spare figure\n"
