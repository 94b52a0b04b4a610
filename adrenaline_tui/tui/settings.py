"""Player-facing settings, kept in `settings.json` under the game's home folder."""

from __future__ import annotations

import json
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

from adrenaline_tui.atomicfile import write_atomic
from adrenaline_tui.record import record
from adrenaline_tui.rules.jsonfile import JsonFileError, read_json
from adrenaline_tui.tui import storage

THEMES = ("adrenaline", "adrenaline-colourblind", "adrenaline-16")
GLYPHS = ("auto", "unicode", "ascii")
# The file is in a folder anyone on the account may write: read within these bounds.
MAX_BYTES = 16 * 1024
MAX_TEXT = 64


@record
class Settings:
    """What a player can set, kept between games in the settings file."""

    # Points are face down on the table; this turns them face up for everyone.
    show_points: bool = False
    # Seconds between a computer player's decisions, so people can follow them.
    bot_delay: float = 0.6
    # Stop on a breakdown screen whenever boards are scored.
    pause_on_scoring: bool = True
    # "" picks one from the terminal: the 16-colour theme where only 16 colours are available.
    theme: str = ""
    glyphs: str = "auto"
    # The first time a weapon shows up in a game, offer its lesson (a notice, never a stop).
    offer_lessons: bool = True

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            return cls()
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            f = known.get(key)
            default = getattr(cls(), key, None) if f else None
            if f is None or type(value) is not type(default):
                # A hand-edited or older file: keep what makes sense, ignore the rest.
                if f is not None and isinstance(default, float) and isinstance(value, int):
                    values[key] = float(value)
                continue
            values[key] = value
        settings = cls(**values)
        if settings.theme and settings.theme not in THEMES:
            settings = replace(settings, theme="")
        if settings.glyphs not in GLYPHS:
            settings = replace(settings, glyphs="auto")
        return replace(settings, bot_delay=min(max(settings.bot_delay, 0.0), 5.0))

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or storage.settings_path()
        try:
            return cls.from_dict(read_json(path, max_bytes=MAX_BYTES, max_depth=2, max_text=MAX_TEXT))
        except (FileNotFoundError, JsonFileError):
            # Settings are a convenience: a missing or broken file means the defaults.
            return cls()

    def save(self, path: Path | None = None) -> None:
        write_atomic(path or storage.settings_path(), json.dumps(asdict(self), indent=2))
