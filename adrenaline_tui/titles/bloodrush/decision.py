"""What the engine asks (`Decision`, `Option`) and what it reports (`Event`).

The same shape as Adrenaline's (`rules/decision.py`) so the shell can drive both titles through
one interface; defined again here so the title imports nothing of Adrenaline's engine.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Option(NamedTuple):
    """One legal answer: a stable machine `key` and a `label` for people.

    `square` tells a UI which tile to highlight for this option.
    """

    key: str
    label: str
    square: str | None = None


class Decision(NamedTuple):
    """The single question the game waits on: who decides, what kind, a prompt, the options."""

    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...]
    # A question with one answer is answered by the engine itself, unless `auto` is False: a
    # red-card reaction is asked of every holder of a red card, so being asked shows no more
    # than the hand's size, which is public.
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
