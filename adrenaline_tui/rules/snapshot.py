"""Snapshots of a game as plain data: the full state, and what one player may know.

The shape is documented in docs/state.md; tests and tools read `to_json()`, the UI renders views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.state import Player

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

STATE_FORMAT = "adrenaline-state"
STATE_VERSION = 1


def _player(p: Player, hidden: bool = False, score_hidden: bool = False) -> dict[str, Any]:
    """A player's part of a snapshot; `hidden`: as a view shows someone else (powerups and loaded
    weapons face down), `score_hidden`: their points face down too."""
    if hidden:
        weapons = [{"id": None if w.loaded else w.id, "loaded": w.loaded} for w in p.weapons]
    else:
        weapons = [{"id": w.id, "loaded": w.loaded} for w in p.weapons]
    return {
        "colour": p.colour,
        "name": p.name,
        "square": p.square,
        "damage": list(p.damage),
        "marks": dict(p.marks),
        "skulls": p.skulls,
        "frenzy_board": p.frenzy_board,
        "frenzy_actions": p.frenzy_actions,
        "ammo": dict(p.ammo),
        "weapons": weapons,
        "powerups": None if hidden else list(p.powerups),
        "powerup_count": len(p.powerups),
        "score": None if score_hidden else p.score,
        "killed": p.killed,
        "dead": p.dead,
    }


def _pending(g: Game, with_options: bool) -> dict[str, Any] | None:
    d = g.pending
    if d is None:
        return None
    public = d.public_view(g.active.colour)
    if not with_options:
        # Anyone but the one deciding: who decides and a public kind, the same whatever the
        # decider holds (the prompt's wording, the real kind would tell a Targeting Scope).
        return public
    out: dict[str, Any] = {"player": d.player, "kind": d.kind, "prompt": d.prompt}
    out["options"] = [{"key": o.key, "label": o.label, "square": o.square, "target": o.target} for o in d.options]
    out["public"] = public
    return out


def full_state(g: Game) -> dict[str, Any]:
    return _snapshot(g, None, masked=False, reveal_scores=True)


def player_view(g: Game, viewer: str | None, *, reveal_scores: bool = False) -> dict[str, Any]:
    """What `viewer` may know (None: a spectator). Hidden: others' powerups, others' loaded
    weapons, deck order, others' points (face down, as on the table) until the game is over."""
    return _snapshot(g, viewer, masked=True, reveal_scores=reveal_scores or g.over)


def _snapshot(g: Game, viewer: str | None, *, masked: bool, reveal_scores: bool) -> dict[str, Any]:
    """The full state, or (`masked`) `viewer`'s view of it, built in one pass: a view used to be
    the full state with its hidden parts overwritten (every deck copied to be counted, the
    decider's options built for everyone), 14-16% of a host worker's CPU (relay6's profile).
    The same dict, key for key and in the same order (`tests/rules/test_snapshot_views.py`)."""
    b = g.board
    if masked:
        players = [_player(g.players[c], c != viewer, c != viewer and not reveal_scores) for c in g.seats]
        decks: dict[str, Any] = {
            "weapons": len(b.weapon_deck),
            "powerups": len(b.powerup_deck),
            "powerup_discard": list(b.powerup_discard),
            "ammo": len(b.ammo_deck),
            "ammo_discard": list(b.ammo_discard),
        }
        pending = g.pending
        deciding = pending is not None and pending.player == viewer
        # How many questions have been answered would count those only others' hidden cards
        # raised: the one deciding gets the count of those it has seen, everyone else nothing.
        decisions = g.decisions_seen(viewer) if deciding else None
    else:
        players = [_player(g.players[c]) for c in g.seats]
        decks = {
            "weapons": list(b.weapon_deck),
            "powerups": list(b.powerup_deck),
            "powerup_discard": list(b.powerup_discard),
            "ammo": list(b.ammo_deck),
            "ammo_discard": list(b.ammo_discard),
        }
        deciding = True
        decisions = len(g.history)
    state = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "mode": g.config.mode,
        "arena": g.config.arena,
        "skulls": b.skulls,
        "ending": g.config.ending,
        "turn": g.turn,
        "active": g.active.colour,
        "first_player": g.first_player,
        "actions_left": g.actions_left,
        "frenzy": g.frenzy,
        "frenzy_trigger": g.frenzy_trigger,
        "over": g.over,
        "ranking": g.ranking,
        "skulls_left": b.skulls_left,
        "killshot_track": [list(e) for e in b.track],
        "players": players,
        # The bot's hand is never hidden: nobody holds it.
        "bot": _player(g.players[g.config.bot]) if g.config.bot is not None else None,
        "racks": {c: list(r) for c, r in b.racks.items()},
        "ammo_tiles": dict(b.tiles),
        "decks": decks,
        "decisions": decisions,
        "pending": _pending(g, with_options=deciding),
    }
    for rules in g.rules:  # each mode's own part (domination tracks, the bot card)
        state.update(rules.state(g))
    if masked:
        state["viewer"] = viewer
    return state
