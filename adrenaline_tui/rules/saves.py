"""Saves: the config, the seed, the scenario (if any) and the chosen keys, replayed on load.

Writing is atomic (a temporary file in the same folder, then a rename), so an interrupted save
never leaves a half-written file. Loading only reads: a bad file is reported in one line and
left exactly as it was.

A save comes from a folder every guest of a shared account can write, so it is checked against
the schema below, with bounds, before anything is built from it (`read_save`, which the load list
uses without replaying). The bounds are documented in docs/state.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.record import record
from adrenaline_tui.rules.errors import ConfigError, DataError, IllegalChoice, SaveError
from adrenaline_tui.rules.jsonfile import JsonFileError, read_json
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


# The schema's bounds, each far above what a real game needs: the longest of many random
# five-player games has 910 decisions, a 9 kB save and 26-character keys.
MAX_SAVE_BYTES = 1 << 20
MAX_DEPTH = 16  # a scenario is the deepest part: players, then a player's weapons, then one weapon
MAX_TEXT = 200  # any text in the file, keys included
MAX_CHOICES = 20_000
MAX_KEY = 64
SEED_RANGE = range(-(2**63), 2**63)  # a 64-bit integer, the most any tool of ours writes
FIELDS = ("format", "version", "config", "seed", "scenario", "choices")


@record
class SaveFile:
    """A save that passed the schema: what replaying it needs, not yet replayed."""

    config: GameConfig
    seed: int
    scenario: dict[str, Any] | None
    choices: tuple[str, ...]


def read_save(path: Path) -> SaveFile:
    """The checked content of a save file, without replaying it (SaveError naming the file)."""
    try:
        data = read_json(path, max_bytes=MAX_SAVE_BYTES, max_depth=MAX_DEPTH, max_text=MAX_TEXT)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except JsonFileError as exc:
        raise SaveError(f"{path}: not a save file ({exc})") from None
    return check_save(data, str(path))


def load_game(path: Path) -> Game:
    return replay_save(read_save(path), str(path))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def check_save(data: Any, label: str = "save") -> SaveFile:
    """The save schema: every field present, of its type and within its bounds."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{label}: not an Adrenaline save (no '{SAVE_FORMAT}' format marker)")
    if data.get("version") not in READABLE_VERSIONS:
        version = data.get("version")
        shown = repr(version) if isinstance(version, int | str | None) else type(version).__name__
        raise SaveError(f"{label}: save format version {shown[:20]}; this program reads version {SAVE_VERSION}")
    extra = [str(k) for k in data if k not in FIELDS]
    if extra:
        raise SaveError(f"{label}: unknown field '{extra[0][:40]}' in the save")
    seed, choices, scenario = data.get("seed"), data.get("choices"), data.get("scenario")
    if (
        not isinstance(seed, int)
        or isinstance(seed, bool)
        or not isinstance(choices, list)
        or not all(isinstance(c, str) for c in choices)
    ):
        raise SaveError(f"{label}: the seed or the list of choices is missing or malformed")
    if seed not in SEED_RANGE:
        raise SaveError(f"{label}: the seed is out of range (a 64-bit integer)")
    if len(choices) > MAX_CHOICES:
        raise SaveError(f"{label}: {len(choices)} choices (a save holds at most {MAX_CHOICES})")
    if any(not 0 < len(c) <= MAX_KEY for c in choices):
        raise SaveError(f"{label}: a choice is empty or longer than {MAX_KEY} characters")
    if scenario is not None and not isinstance(scenario, dict):
        raise SaveError(f"{label}: bad scenario (a scenario is a mapping, not {type(scenario).__name__})")
    try:
        config = GameConfig.from_dict(data.get("config"))
    except (ConfigError, TypeError) as exc:
        raise SaveError(f"{label}: bad game settings ({_one_line(str(exc))})") from None
    return SaveFile(config, seed, scenario, tuple(choices))


def game_from_save(data: Any, label: str = "save") -> Game:
    return replay_save(check_save(data, label), label)


def replay_save(save: SaveFile, label: str = "save") -> Game:
    """The game the save describes: its start, then every choice in order."""
    from adrenaline_tui.rules.game import Game

    config, scenario = save.config, save.scenario
    try:
        # The settings are written next to the scenario they came from; a save where the two
        # disagree was edited or assembled by hand, and replaying it would not be this game.
        if scenario is not None:
            # Imported here: only scenario games need pydantic's checks.
            from adrenaline_tui.rules.scenario import scenario_config

            if scenario_config(scenario) != config:
                raise SaveError(f"{label}: the game settings do not match the scenario")
        game = Game(config, save.seed, scenario=scenario)
    except ConfigError as exc:
        raise SaveError(f"{label}: bad game settings ({exc})") from None
    except DataError as exc:
        raise SaveError(f"{label}: bad scenario ({_one_line(str(exc))})") from None
    choices = save.choices
    for i, key in enumerate(choices):
        try:
            game.choose(key)
        except IllegalChoice:
            raise SaveError(
                f"{label}: choice {i + 1} of {len(choices)} ('{key}') is not legal at that point; "
                "the save is corrupt or from another version of the rules"
            ) from None
    return game
