"""Saves: the config, the seed, the scenario (if any) and the chosen keys, replayed on load.

Writing is atomic (a temporary file in the same folder, then a rename), so an interrupted save
never leaves a half-written file. Loading only reads: a bad file is reported in one line and
left exactly as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.atomicfile import write_atomic
from adrenaline_tui.rules.errors import ConfigError, DataError, IllegalChoice, SaveError
from adrenaline_tui.rules.state import GameConfig

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

SAVE_FORMAT = "adrenaline-save"
SAVE_VERSION = 2
# Version 1 had no game mode and no bot in its settings: it loads as a standard game without bot.
READABLE_VERSIONS = (1, 2)


def save_data(g: Game) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "config": g.config.to_dict(),
        "seed": g.seed,
        "scenario": g.scenario,
        "choices": list(g.history),
    }


def save_game(g: Game, path: Path) -> None:
    write_atomic(path, json.dumps(save_data(g), separators=(",", ":")))


def load_game(path: Path) -> Game:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the save ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: not a save file (broken JSON at line {exc.lineno}, column {exc.colno})") from None
    return game_from_save(data, str(path))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def game_from_save(data: Any, label: str = "save") -> Game:
    from adrenaline_tui.rules.game import Game

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{label}: not an Adrenaline save (no '{SAVE_FORMAT}' format marker)")
    if data.get("version") not in READABLE_VERSIONS:
        raise SaveError(
            f"{label}: save format version {data.get('version')!r}; this program reads version {SAVE_VERSION}"
        )
    seed, choices, scenario = data.get("seed"), data.get("choices"), data.get("scenario")
    if (
        not isinstance(seed, int)
        or isinstance(seed, bool)
        or not isinstance(choices, list)
        or not all(isinstance(c, str) for c in choices)
    ):
        raise SaveError(f"{label}: the seed or the list of choices is missing or malformed")
    if scenario is not None and not isinstance(scenario, dict):
        raise SaveError(f"{label}: bad scenario (a scenario is a mapping, not {type(scenario).__name__})")
    try:
        config = GameConfig.from_dict(data.get("config"))
        # The settings are written next to the scenario they came from; a save where the two
        # disagree was edited or assembled by hand, and replaying it would not be this game.
        if scenario is not None:
            # Imported here: only scenario games need pydantic's checks.
            from adrenaline_tui.rules.scenario import scenario_config

            if scenario_config(scenario) != config:
                raise SaveError(f"{label}: the game settings do not match the scenario")
        game = Game(config, seed, scenario=scenario)
    except ConfigError as exc:
        raise SaveError(f"{label}: bad game settings ({exc})") from None
    except DataError as exc:
        raise SaveError(f"{label}: bad scenario ({_one_line(str(exc))})") from None
    for i, key in enumerate(choices):
        try:
            game.choose(key)
        except IllegalChoice:
            raise SaveError(
                f"{label}: choice {i + 1} of {len(choices)} ('{key}') is not legal at that point; "
                "the save is corrupt or from another version of the rules"
            ) from None
    return game
