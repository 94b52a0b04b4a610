"""What the engine asks (`Decision`, `Option`) and what it reports (`Event`).

Named tuples rather than frozen dataclasses: just as immutable, and several are built for every
decision of every game, where a frozen dataclass's constructor costs about twice as much.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# The kinds a pending decision may show to anyone but the one deciding (docs/protocol.md, "What
# a client may learn"). "turn": the active player is playing their turn, whatever the question;
# the others are questions asked whatever anyone holds, so naming them tells nothing.
PUBLIC_KINDS = ("turn", "spawn", "respawn", "tagback", "overkill")
# The public kind of each question that is a public point (`Decision.public`); every other
# question of a turn shows as "turn".
_PUBLIC_KIND_OF = {"spawn": "spawn", "respawn": "respawn", "tagback": "tagback", "overkill_track": "overkill"}


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
    # A public point: this question is asked whatever anyone's hidden cards are (a turn's
    # action, a spawn, a Tagback Grenade asked of everyone hit). Every other question (a
    # Targeting Scope, paying with a powerup, a Newton kept for the end of the turn) exists
    # only because of cards its player holds: nobody else is shown it, or told it happened.
    public: bool = False

    def public_view(self, active: str) -> dict[str, str]:
        """What anyone else may know of this question: who decides, and a kind from
        `PUBLIC_KINDS`. A question that is not a public point shows as the active player's turn."""
        if not self.public:
            return {"player": active, "kind": "turn"}
        return {"player": self.player, "kind": _PUBLIC_KIND_OF.get(self.kind, "turn")}

    # Both run for every decision of every game: `o[0]` is `o.key` without the field's descriptor.
    @property
    def keys(self) -> list[str]:
        return [o[0] for o in self.options]

    def option(self, key: str) -> Option | None:
        for o in self.options:
            if o[0] == key:
                return o
        return None


# `new(Option, (key, label, square, target))` builds a named tuple from all its fields without
# the Python-level `__new__` a NamedTuple's call goes through (a frame per call); used where
# thousands are built a game (issue 27). The fields must all be given, in order.
new = tuple.__new__


class Event(NamedTuple):
    """Something that happened. `text` reads as a sentence; `data` carries the facts."""

    kind: str
    text: str
    data: dict[str, Any]
