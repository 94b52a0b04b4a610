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


# What a seat decides, for a line about someone else's decision ("Scarlet decides where to
# step"): the kinds are the engine's names, which a player should not have to read. Short, as
# the table's status line is one line at 80 columns. Every kind the flow asks is here
# (tests/titles/bloodrush/test_decision_words.py plays games to check).
DECIDES = {
    "place-human": "where a human goes",
    "place-mozzie": "where the Mozzie starts",
    "mozzie-heading": "the Mozzie's heading",
    "action": "on an action",
    "step": "where to step",
    "red-card": "on a red card",
    "mozzie": "the Mozzie's way",
    "end": "on ending the turn",
    "damage": "on the Damage",
    "dawn": "on the dawn",
    "carriage-human": "which human rides",
    "carriage-direction": "the carriage's way",
}


def decides(kind: str) -> str:
    """What a decision of `kind` is about, in words ("what to do" for a kind without words)."""
    return DECIDES.get(kind, "what to do")
