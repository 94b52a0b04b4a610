"""Saves: the config, the seed, the scenario (if any) and the chosen keys, replayed on load.

Writing is atomic (a temporary file beside it, then a rename). Reading checks size, shape and
bounds before anything is built, and any problem is one line (`SaveError`); the file is never
modified. A save names its title, so the shell's load list can tell the titles apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.titles.bloodrush.errors import ConfigError, DataError, IllegalChoice, SaveError
from adrenaline_tui.titles.bloodrush.state import Config
from adrenaline_tui.titles.files import read_save

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game

SAVE_FORMAT = "bloodrush-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 1 << 20
MAX_CHOICES = 20_000
MAX_KEY = 64


def save_data(g: Game) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "title": "bloodrush",
        "config": g.config.to_dict(),
        "seed": g.seed,
        "scenario": g.scenario,
        "choices": list(g.history),
    }


def save_game(g: Game, path: Path) -> None:
    write_atomic(path, json.dumps(save_data(g), separators=(",", ":")))


def load_game(path: Path) -> Game:
    return from_save_data(read_save(path, MAX_SAVE_BYTES, SaveError), str(path))


def from_save_data(data: Any, where: str = "save") -> Game:
    from adrenaline_tui.titles.bloodrush.game import Game

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{where}: not a Bloodrush save")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"{where}: save version {str(data.get('version'))[:10]} is not one this version reads")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        raise SaveError(f"{where}: the seed must be a 64-bit whole number")
    choices = data.get("choices")
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise SaveError(f"{where}: choices must be a list of at most {MAX_CHOICES} keys")
    if not all(isinstance(k, str) and len(k) <= MAX_KEY for k in choices):
        raise SaveError(f"{where}: every choice is a key of at most {MAX_KEY} characters")
    scenario = data.get("scenario")
    if scenario is not None and not isinstance(scenario, dict):
        raise SaveError(f"{where}: the scenario must be a mapping or null")
    try:
        if scenario is not None:
            game = Game.from_scenario(scenario, seed)
        else:
            game = Game(Config.from_dict(data.get("config")), seed)
        for i, key in enumerate(choices):
            try:
                game.choose(key)
            except IllegalChoice as exc:
                raise SaveError(f"{where}: choice {i + 1} does not replay ({exc})") from None
    except (ConfigError, DataError) as exc:
        raise SaveError(f"{where}: {exc}") from None
    return game
