"""Saves: the config, the seed, the deck, the scenario (if any) and the log of every call that
changed the game, `[round, ms, seat, key]` (seat null for the clock's `advance`), replayed on
load. Writing is atomic (a temporary file beside it, then a rename). Reading checks size, shape
and bounds before anything is built; any problem is one line (`SaveError`), and the file is
never modified. The deck travels in the save so that a corrected `deck.yaml` does not change
old games' replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.titles.files import read_save
from adrenaline_tui.titles.panic_fire.deck import check_deck
from adrenaline_tui.titles.panic_fire.errors import ConfigError, DataError, IllegalAction, SaveError

if TYPE_CHECKING:
    from adrenaline_tui.titles.panic_fire.game import Game

SAVE_FORMAT = "panic-fire-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 4 << 20
MAX_ENTRIES = 100_000
MAX_KEY = 64


def save_data(g: Game) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "title": "panic_fire",
        "config": g.config.to_dict(),
        "deck": g.deck.to_dict(),
        "seed": g.seed,
        "scenario": g.scenario,
        "log": [list(e) for e in g.log],
    }


def save_game(g: Game, path: Path) -> None:
    write_atomic(path, json.dumps(save_data(g), separators=(",", ":")))


def load_game(path: Path) -> Game:
    return from_save_data(read_save(path, MAX_SAVE_BYTES, SaveError), str(path))


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def replay(game: Game, log: list[Any], where: str = "save") -> Game:
    """Apply a log to a game just set up; SaveError naming the first entry that does not replay."""
    for i, entry in enumerate(log):
        if not (isinstance(entry, list) and len(entry) == 4 and _int(entry[0]) and _int(entry[1])):
            raise SaveError(f"{where}: log entry {i + 1} is not [round, ms, seat, key]")
        rnd, ms, seat, key = entry
        if not (seat is None or isinstance(seat, str)) or not isinstance(key, str) or len(key) > MAX_KEY:
            raise SaveError(f"{where}: log entry {i + 1} needs a seat (or null) and a key")
        if rnd != game.round:
            raise SaveError(f"{where}: log entry {i + 1} is for round {rnd}, but the game is in round {game.round}")
        try:
            if seat is None:
                if key != "advance" or not game.advance(ms):
                    raise SaveError(f"{where}: log entry {i + 1}: the clock changed nothing at {ms} ms")
            else:
                game.act(seat, key, ms)
        except IllegalAction as exc:
            raise SaveError(f"{where}: log entry {i + 1} does not replay ({exc})") from None
    return game


def from_save_data(data: Any, where: str = "save") -> Game:
    from adrenaline_tui.titles.panic_fire.game import Config, Game
    from adrenaline_tui.titles.panic_fire.scenario import from_scenario

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{where}: not a Panic Fire save")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"{where}: save version {str(data.get('version'))[:10]} is not one this version reads")
    seed = data.get("seed")
    if not _int(seed) or not -(2**63) <= seed < 2**63:
        raise SaveError(f"{where}: the seed must be a 64-bit whole number")
    log = data.get("log")
    if not isinstance(log, list) or len(log) > MAX_ENTRIES:
        raise SaveError(f"{where}: log must be a list of at most {MAX_ENTRIES} entries")
    scenario = data.get("scenario")
    if scenario is not None and not isinstance(scenario, dict):
        raise SaveError(f"{where}: the scenario must be a mapping or null")
    try:
        deck = check_deck(data.get("deck"), f"{where}: deck")
        if scenario is not None:
            game = from_scenario(scenario, seed, deck)
        else:
            game = Game.new(Config.from_dict(data.get("config")), seed, deck)
    except (ConfigError, DataError) as exc:
        raise SaveError(f"{where}: {exc}") from None
    return replay(game, log, where)
