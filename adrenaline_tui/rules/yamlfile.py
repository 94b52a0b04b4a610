"""Reading YAML data files, fast where libyaml is available.

The pure-Python loader takes ~130 ms for weapons.yaml, most of a game's start-up; libyaml's
loader reads the same file in ~20 ms and accepts exactly the same documents. PyYAML itself is
imported only when a file is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adrenaline_tui.rules.errors import DataError


def parse_yaml(text: str) -> Any:
    """Like `yaml.safe_load`, raising `yaml.YAMLError` the same way."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)


def read_yaml_mapping(path: Path, not_a_mapping: str) -> dict[str, Any]:
    """A data file that must hold a mapping; any problem is a DataError naming the file."""
    import yaml

    label = str(path)
    try:
        raw = parse_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(label, "", "", f"cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataError(label, "", "", "not a text file (it is not UTF-8)") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        raise DataError(label, "", where, f"not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(raw, dict):
        raise DataError(label, "", "", not_a_mapping)
    return raw
