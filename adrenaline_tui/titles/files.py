"""Reading a title's files within bounds: its saves (JSON) and its data files (YAML).

Every title reads the same two kinds of file from places a guest may write to, and refuses a
bad one in one line naming the file, with its own error class (a title imports nothing of
another's). `read_save` and `read_yaml` take that class's maker, so the words are the same for all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def read_save(path: Path, max_bytes: int, error: Callable[[str], Exception]) -> Any:
    """A save file's JSON, or `error(one line)` raised: missing, unreadable, too big, not JSON."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such save file") from None
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror})") from None
    if len(raw) > max_bytes:
        raise error(f"{path}: larger than {max_bytes} bytes, not a save")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise error(f"{path}: not a save file (not JSON)") from None
    except RecursionError:  # nested deeper than the parser goes: no save is
        raise error(f"{path}: not a save file (nested too deep)") from None


def read_yaml(path: Path, max_bytes: int, error: Callable[[str, str, str], Exception]) -> Any:
    """A data file's YAML, or `error(file, where, problem)` raised: unreadable, too big, not
    UTF-8 text, not YAML (safe_load only: never a constructor of code)."""
    import yaml

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise error(str(path), "", f"cannot read the file ({exc.strerror})") from None
    if len(raw) > max_bytes:
        raise error(str(path), "", f"larger than {max_bytes} bytes")
    try:
        return yaml.safe_load(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(str(path), "", "not a text file (it is not UTF-8)") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(str(path), f"line {mark.line + 1}" if mark else "", "not valid YAML") from None
    except RecursionError:  # nested deeper than the parser goes: no data file is
        raise error(str(path), "", "not a data file (nested too deep)") from None
