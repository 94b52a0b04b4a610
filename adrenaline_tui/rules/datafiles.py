"""Where the card and arena data live.

The repository root holds the truth (`weapons.yaml`, `arenas/`); a built wheel carries a copy
in `adrenaline_tui/_data`. An editable install and a source checkout read the root directly.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_root() -> Path:
    bundled = _PACKAGE / "_data"
    if (bundled / "weapons.yaml").is_file():
        return bundled
    return _PACKAGE.parent


def weapons_path() -> Path:
    return data_root() / "weapons.yaml"


def arenas_dir() -> Path:
    return data_root() / "arenas"
