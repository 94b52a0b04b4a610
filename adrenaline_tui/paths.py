"""Where the game keeps a player's files (saves, settings, lesson progress).

$ADRENALINE_HOME if set (tests and shared machines give each player their own), else
$XDG_DATA_HOME/adrenaline, else ~/.local/share/adrenaline. Not UI code: the walkthrough and the
app both use it.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_home() -> Path:
    explicit = os.environ.get("ADRENALINE_HOME")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "adrenaline"
