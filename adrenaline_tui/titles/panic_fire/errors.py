"""Exceptions Panic Fire's engine raises at its boundary: bad data, bad settings, bad actions,
bad saves. Each is a `ValueError` with a one-line message, as the other titles' are."""

from __future__ import annotations


class DataError(ValueError):
    """A data file is malformed; the message names the file and the field."""

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


class IllegalAction(ValueError):
    """An action the seat may not take now. The game is left unchanged; the message says why."""

    def __init__(self, seat: str, key: str, reason: str) -> None:
        self.seat = seat
        self.key = key
        self.reason = reason
        super().__init__(f"{seat[:20]}: {key[:40]!r}: {reason}")


class SaveError(ValueError):
    """A save that cannot be loaded; one line, and the file is never modified."""
