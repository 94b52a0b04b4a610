"""Saves: a round trip mid-turn reproduces the game; a corrupt or foreign save is refused in one
line and left exactly as it was."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import FIGURES, ConfigError, Game, GameConfig, SaveError
from adrenaline_tui.rules.saves import SAVE_VERSION
from tests.rules.helpers import play, scenario


def random_game(keys: int, seed: int = 5) -> Game:
    game = Game.new(GameConfig(players=FIGURES[:4], arena="arena_11b", skulls=5), seed)
    bot = RandomPlayer(seed)
    for _ in range(keys):
        game.choose(bot.choose(game.pending))
    return game


def test_a_save_taken_mid_turn_loads_to_the_same_game_and_plays_on_alike(tmp_path: Path) -> None:
    game = random_game(40)
    # Stop in the middle of a turn, with one action used.
    bot = RandomPlayer(1)
    while not (game.pending.kind == "action" and game.to_json()["actions_left"] == 1):
        game.choose(bot.choose(game.pending))
    path = tmp_path / "mid-turn.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.to_json() == game.to_json()
    assert loaded.history == game.history
    assert loaded.pending == game.pending
    for _ in range(60):
        if game.pending is None:
            break
        key = bot.choose(game.pending)
        assert game.choose(key) == loaded.choose(key)
        assert loaded.to_json() == game.to_json()


def test_a_scenario_game_saved_in_the_middle_of_a_shot_loads_to_the_same_state(tmp_path: Path) -> None:
    game = scenario(
        [
            {"colour": "yellow", "square": "r1c2", "weapons": ["lock-rifle", "machine-gun"]},
            {"colour": "blue", "square": "r2c3"},
            {"colour": "grey", "square": "r1c3"},
        ],
        arena="arena_12",
    )
    play(game, "shoot", "lock-rifle")
    assert game.pending.kind == "target"
    path = tmp_path / "shot.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.to_json() == game.to_json()
    play(game, "grey")
    play(loaded, "grey")
    assert loaded.to_json() == game.to_json()


def test_a_scenario_read_from_a_file_saves_and_loads(tmp_path: Path) -> None:
    source = tmp_path / "position.yaml"
    source.write_text(
        "arena: arena_10\nplayers:\n  - {colour: yellow, square: r1c0}\n  - {colour: blue, square: r1c1}\n"
        "  - {colour: grey, square: r2c3}\n"
    )
    game = Game.from_scenario(source)
    play(game, "run", "r0c0")
    path = tmp_path / "save.json"
    game.save(path)
    source.unlink()  # the save carries the scenario itself
    assert Game.load(path).to_json() == game.to_json()


def test_saving_leaves_no_temporary_files(tmp_path: Path) -> None:
    game = random_game(10)
    game.save(tmp_path / "a.json")
    game.save(tmp_path / "a.json")
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def valid_save(tmp_path: Path) -> dict:
    game = random_game(15)
    path = tmp_path / "good.json"
    game.save(path)
    return json.loads(path.read_text())


def corrupt_saves(good: dict) -> dict[str, bytes]:
    def js(data: object) -> bytes:
        return json.dumps(data).encode()

    illegal = dict(good, choices=[*good["choices"][:5], "fly-away", *good["choices"][5:]])
    return {
        "empty": b"",
        "binary": bytes(range(256)),
        "broken json": js(good)[:-7],
        "a list": b"[1, 2, 3]",
        "another program": js({"format": "chess-save", "moves": ["e4"]}),
        "no format": js({k: v for k, v in good.items() if k != "format"}),
        "future version": js(dict(good, version=99)),
        "seed missing": js({k: v for k, v in good.items() if k != "seed"}),
        "seed not a number": js(dict(good, seed="five")),
        "choices not a list": js(dict(good, choices="run grab")),
        "choice not a string": js(dict(good, choices=[1, 2])),
        "illegal choice": js(illegal),
        "bad settings": js(dict(good, config=dict(good["config"], players=["yellow"]))),
        "unknown arena": js(dict(good, config=dict(good["config"], arena="arena_99"))),
        "scenario not a mapping": js(dict(good, scenario="yes")),
        "scenario list": js(dict(good, scenario=[1])),
        "bad scenario": js(dict(good, scenario={"players": [{"colour": "pink"}]})),
        "scenario for other players": js(
            dict(good, scenario={"players": [{"colour": "green"}, {"colour": "purple"}, {"colour": "grey"}]})
        ),
        # Hostile files: every guest of a shared account can write the saves folder.
        "nested 100000 deep": b'{"format": "adrenaline-save", "version": 1, "config": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}",
        "nested 30 deep": js(dict(good, scenario=nested(30))),
        "a seed of 5000 digits": b'{"format": "adrenaline-save", "version": 1, "seed": '
        + b"7" * 5000
        + b', "choices": [], "config": '
        + js(good["config"])
        + b"}",
        "a seed beyond 64 bits": js(dict(good, seed=2**64)),
        "a NaN seed": js(dict(good, seed=float("nan"))),
        "an infinite number": js(good).replace(f'"version": {SAVE_VERSION}'.encode(), b'"version": 1e999'),
        "a list among the players": js(dict(good, config=dict(good["config"], players=["yellow", ["blue"], "grey"]))),
        "a name that is not text": js(dict(good, config=dict(good["config"], names={"yellow": 7}))),
        "a name with a terminal escape": js(dict(good, config=dict(good["config"], names={"yellow": ESCAPE_NAME}))),
        "a name with a bidi override": js(dict(good, config=dict(good["config"], names={"yellow": "\u202eAnn"}))),
        "a name too long": js(dict(good, config=dict(good["config"], names={"yellow": "A" * 17}))),
        "a control character in a choice": js(dict(good, choices=["run\x1b[2J"])),
        "a choice too long": js(dict(good, choices=["r" * 65])),
        "too many choices": js(dict(good, choices=["run"] * 20_001)),
        "a text too long": js(dict(good, scenario={"arena": "x" * 201})),
        "an unknown field": js(dict(good, extra=1)),
        "over a megabyte": b" " * (1 << 20) + js(good),
        "not UTF-8": js(good).replace(b'"format"', b'"form\xe9t"'),
    }


# An OSC sequence that retitles the terminal, as found in a save by the security review.
ESCAPE_NAME = "\x1b]0;owned\x07"


def nested(depth: int) -> object:
    value: object = {}
    for _ in range(depth):
        value = {"a": value}
    return value


@pytest.mark.parametrize("case", list(corrupt_saves({"format": "", "choices": [], "config": {}})))
def test_a_corrupt_or_foreign_save_is_refused_in_one_line_and_left_untouched(tmp_path: Path, case: str) -> None:
    content = corrupt_saves(valid_save(tmp_path))[case]
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    stat = path.stat()
    with pytest.raises(SaveError) as err:
        Game.load(path)
    message = str(err.value)
    assert "\n" not in message and message.strip() == message and message
    assert str(path) in message
    assert path.read_bytes() == content
    assert path.stat().st_mtime_ns == stat.st_mtime_ns


def test_a_pipe_in_place_of_a_save_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """A pipe blocks whoever opens it until someone writes; a device may never end."""
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    result: list[str] = []

    def load() -> None:
        try:
            Game.load(path)
        except SaveError as exc:
            result.append(str(exc))

    reader = threading.Thread(target=load)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # blocked on the pipe: let it go, so the test fails instead of hanging
        with open(path, "wb"):
            pass
        reader.join()
    assert result and "not a regular file" in result[0], result


def test_names_in_any_script_are_fine_and_control_characters_are_not() -> None:
    config = GameConfig(players=FIGURES[:3], names={"yellow": "Zoë", "blue": "李雷", "grey": "👩‍🚀 Ana"})
    assert config.name_of("grey") == "👩‍🚀 Ana"
    for bad in (ESCAPE_NAME, "Ann\x9b2J", "\u202eAnn", "Ann\x7f", "A" * 17):
        with pytest.raises(ConfigError, match="control character"):
            GameConfig(players=FIGURES[:3], names={"yellow": bad})


def test_an_illegal_choice_is_reported_with_its_position(tmp_path: Path) -> None:
    good = valid_save(tmp_path)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(dict(good, choices=[*good["choices"][:5], "fly-away"])))
    with pytest.raises(SaveError, match=r"choice 6 of 6 \('fly-away'\)"):
        Game.load(path)


def test_a_missing_file_or_a_folder_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such save file"):
        Game.load(tmp_path / "nothing.json")
    with pytest.raises(SaveError):
        Game.load(tmp_path)
