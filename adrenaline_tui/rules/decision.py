"""What the engine asks (`Decision`, `Option`) and what it reports (`Event`).

Named tuples rather than frozen dataclasses: just as immutable, and several are built for every
decision of every game, where a frozen dataclass's constructor costs about twice as much.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Option(NamedTuple):
    """One legal answer. `key` is stable and short; `label` is for people.

    `square` and `target` tell a UI what to highlight on the map for this option.
    """

    key: str
    label: str
    square: str | None = None
    target: str | None = None


class Decision(NamedTuple):
    """The single question the game is waiting on."""

    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...]
    # A question with one answer is normally answered by the engine itself; `auto=False` keeps
    # it (e.g. a Tagback Grenade prompt must not reveal, by being skipped, that you hold none).
    auto: bool = True

    @property
    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def option(self, key: str) -> Option | None:
        for o in self.options:
            if o.key == key:
                return o
        return None


class Event(NamedTuple):
    """Something that happened. `text` reads as a sentence; `data` carries the facts."""

    kind: str
    text: str
    data: dict[str, Any]
