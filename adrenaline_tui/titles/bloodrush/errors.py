"""Exceptions Bloodrush's engine raises at its boundary: bad data, bad settings, bad choices, bad saves.

The title's own, so that its package stands alone (the shell will meet both titles' errors as
`ValueError`s with a one-line message).
"""

from __future__ import annotations

from collections.abc import Iterable


class DataError(ValueError):
    """A data file or scenario is malformed; the message names the file and the field."""

    def __init__(self, path: str, field: str, problem: str) -> None:
        self.path = path
        self.field = field
        self.problem = problem
        super().__init__(f"{path}: {field}: {problem}" if field else f"{path}: {problem}")


class ConfigError(ValueError):
    """Settings that cannot make a game; `field` names the setting."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class IllegalChoice(ValueError):
    """A key the pending decision does not offer. The game is left unchanged."""

    def __init__(self, key: str, legal: Iterable[str], prompt: str = "") -> None:
        self.key = key
        self.legal = list(legal)
        what = f" for '{prompt}'" if prompt else ""
        super().__init__(f"'{key}' is not a legal choice{what}; legal keys: {', '.join(self.legal) or '(none)'}")


class SaveError(ValueError):
    """A save that cannot be loaded; one line, and the file is never modified."""
