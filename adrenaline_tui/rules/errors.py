"""Exceptions the engine raises at its boundary: bad data, bad choices, bad saves."""

from __future__ import annotations

from collections.abc import Iterable


class DataError(ValueError):
    """A data file (arena, cards, scenario) is malformed.

    The message always names the file, the entry and the field, so a maintainer editing YAML
    knows where to look without reading a traceback.
    """

    def __init__(self, path: str, entry: str, field: str, problem: str) -> None:
        self.path = path
        self.entry = entry
        self.field = field
        self.problem = problem
        where = f"{path}: {entry}" if entry else path
        if field:
            where += f": {field}"
        super().__init__(f"{where}: {problem}")


class ConfigError(ValueError):
    """Game settings that cannot make a game; `field` names the setting."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)


class IllegalChoice(ValueError):
    """A key that the pending decision does not offer. The game is left unchanged."""

    def __init__(self, key: str, legal: Iterable[str], prompt: str = "") -> None:
        self.key = key
        self.legal = list(legal)
        what = f" for '{prompt}'" if prompt else ""
        super().__init__(f"'{key}' is not a legal choice{what}; legal keys: {', '.join(self.legal) or '(none)'}")


class SaveError(ValueError):
    """A save file cannot be loaded. The message is one line; the file is never modified."""
