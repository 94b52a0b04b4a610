"""The words beside a person's own options, worked out on the host where the game is.

What each option will do and why an action is greyed are read from the engine's state, which
only the host holds. They are made for the person deciding, from what hot-seat play shows
that person at the same moment, so they say nothing their own view does not allow.
"""

from __future__ import annotations

from typing import Any

from adrenaline_tui.rules.explain import previews, questions
from adrenaline_tui.tui.session import Session


def explanations(session: Session, view: dict[str, Any]) -> dict[str, Any]:
    """Everything the view's owner may ask `x` about, each with its answer: what hot-seat's
    explain screen shows that person (`rules.explain.questions` decides what they may ask)."""
    game = session.game
    topics = questions.topics(game, view)
    answers = {}
    for t in topics:
        e = questions.explanation(game, view, t.id)
        answers[t.id] = {"subject": e.subject, "legal": e.legal, "why": list(e.why), "does": list(e.does)}
    return {"topics": [[t.id, t.label, t.group] for t in topics], "answers": answers}


def hints(session: Session, view: dict[str, Any]) -> dict[str, Any]:
    game = session.game
    weapon = previews.last_weapon_fired(game)
    return {
        "details": [previews.option_preview(game, o, weapon) for o in previews.options(view)],
        "greyed": [list(g) for g in previews.greyed_actions(game, view)],
    }
