"""Things that are not options: squares, figures, boards and the killshot track."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from adrenaline_tui.rules.explain.decisions import _HANDLERS
from adrenaline_tui.rules.explain.reach import _opening_filter_reason, weapon_reach
from adrenaline_tui.rules.explain.shots import _shot_option
from adrenaline_tui.rules.explain.words import (
    Explanation,
    _and,
    _s,
    _sentence,
    _viewer,
    distance_text,
    sight,
    whereabouts,
)
from adrenaline_tui.rules.scoring import board_values, score_board, score_track
from adrenaline_tui.rules.state import (
    ADRENALINE_GRAB,
    ADRENALINE_SHOOT,
    MAX_MARKS,
)

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


def explain_square(game: Game, square: str, viewer: str | None = None) -> Explanation:
    """A square: as an option of the pending decision if it could be one, else where it is from
    the viewer and what lies on it."""
    d = game.pending
    if d is not None and viewer is None:
        kind = d.kind
        p = game.players[d.player]
        if kind in ("run", "grab", "shoot_move", "newton_square", "teleport"):
            return _HANDLERS[kind](game, p, square, d.option(square) is not None)
        if kind in ("square", "move") and game.current_shot is not None:
            return _shot_option(game, game.current_shot, square, d.option(square) is not None)
    p = _viewer(game, viewer)
    arena = game.arena
    if square not in arena.pos:
        return Explanation(square, None, (f"{square} is not a square of this arena.",))
    why = []
    if p.square is not None:
        seen, clause = sight(arena, p.square, square)
        why.append(_sentence(f"{square} is {clause}; {distance_text(arena, p.square, square)}"))
        if not seen and square != p.square:
            why.append("You cannot see it from where you stand.")
    what = []
    colour = arena.spawn_colour_at.get(square)
    if colour:
        names = [game.cards.weapons[w].name for w in game.board.racks[colour] if w]
        what.append(f"The {colour} spawnpoint; its rack holds {_and(names) or 'nothing'}.")
    elif game.board.tiles.get(square):
        what.append(f"Ammo tile {game.board.tiles[square]}.")
    elif square in game.board.tiles:  # in Turret mode the tiles lie on the turret board
        what.append("Its ammo tile was taken this turn.")
    here = [game.name(c) for c, q in game.players.items() if q.square == square]
    if here:
        what.append(f"Standing here: {_and(here)}.")
    what.extend(mode_square_notes(game, square, p.colour))
    return Explanation(f"{square} ({arena.room_of[square]} room)", None, tuple(why), tuple(what))


def mode_square_notes(game: Game, square: str, viewer: str) -> list[str]:
    """What the game mode puts on a square: a turret and its owner, a spawnpoint's track. Read
    from the mode's public state (what `to_json` shows), so every mode answers the same way."""
    state = game.mode.state(game)
    out = []
    turrets = (state.get("turret") or {}).get("turrets")
    if turrets is not None and square not in game.arena.spawn_colour_at:
        owner = turrets.get(square)
        if owner is None:
            out.append("Its turret is nobody's: grab here and give up one item of the tile to commandeer it.")
        elif owner == viewer:
            out.append("Its turret is yours: whoever else enters this square takes 1 damage from you.")
        else:
            out.append(
                f"Its turret is {game.name(owner)}'s: entering this square costs you 1 damage from them"
                " (no marks turn into damage, no Targeting Scope, no Tagback)."
            )
    tracks = (state.get("domination") or {}).get("tracks")
    spawn = game.arena.spawn_colour_at.get(square)
    if tracks is not None and spawn is not None:
        tokens = tracks.get(spawn, [])
        counts: dict[str, int] = {}
        for c in tokens:
            counts[c] = counts.get(c, 0) + 1
        held = _and([f"{game.name(c)} {n}" for c, n in counts.items()]) or "nobody"
        out.append(
            f"Its track holds {_s(len(tokens), 'token')} ({held}). Damage it (once a turn, from your second"
            " turn) or end your turn alone on it to add yours; ending a turn here it strikes back for 1 damage."
        )
    return out


def damage_story(game: Game, colour: str) -> str | None:
    """Where the last damage on `colour`'s board came from, said in words: a shot, the bot, a
    turret entered, a spawnpoint striking back."""
    events = game.events
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind != "damaged" or e.data.get("target") != colour:
            continue
        # A turret, a spawnpoint or the bot says so just before the damage it deals.
        cause = events[i - 1] if i and events[i - 1].kind in _CAUSES else None
        name = game.name(colour)
        if cause is None:
            return f"The last damage: {e.text}."
        if cause.kind == "turret":
            owner, square = cause.data.get("owner", ""), cause.data.get("square", "")
            return (
                f"The last damage: {name} entered {square}, where {game.name(owner)}'s turret fired: 1 damage"
                " in their colour (turrets turn no marks into damage)."
            )
        if cause.kind == "strike_back":
            return (
                f"The last damage: the {cause.data.get('spawn')} spawnpoint struck back at {name} for ending a turn on"
                " it: 1 damage in their own colour, whose points stay in the bank."
            )
        return f"The last damage: the bot shot {name} on a bot action (1 damage, and a mark once it has 6 damage)."
    return None


_CAUSES = frozenset({"turret", "strike_back", "bot_shot"})


def explain_figure(game: Game, colour: str, viewer: str | None = None) -> Explanation:
    """A figure: as a target of the pending decision if it could be one, else where it stands
    from the viewer and which of the viewer's loaded weapons could hit it."""
    d = game.pending
    if d is not None and viewer is None:
        if d.kind == "target" and game.current_shot is not None:
            return _shot_option(game, game.current_shot, colour, d.option(colour) is not None)
        if d.kind in ("newton_target", "scope"):
            return _HANDLERS[d.kind](game, game.players[d.player], colour, d.option(colour) is not None)
    p = _viewer(game, viewer)
    if colour == p.colour:
        return explain_board(game, colour)
    why = [whereabouts(game, p.colour, colour)]
    does = []
    if p.square is not None and game.players[colour].square is not None:
        for w in p.weapons:
            if not w.loaded:
                continue
            weapon = game.cards.weapons[w.id]
            figs = weapon_reach(game, p.colour, w.id)
            if figs and colour in figs:
                does.append(f"Your {weapon.name} can hit {game.name(colour)} from here.")
            else:
                reason = _opening_filter_reason(game, p, weapon, colour)
                does.append(f"Your {weapon.name} cannot hit {game.name(colour)} from here{reason}.")
    return Explanation(game.name(colour), None, tuple(why), tuple(does))


# ------------------------------------------------------------------------- boards
def explain_board(game: Game, colour: str) -> Explanation:
    """A player board: damage and what it unlocks, marks, and what it pays if scored now."""
    p = game.players[colour]
    dmg = len(p.damage)
    why = []
    why.append(f"{p.name} has {_s(dmg, 'damage token')}: the 11th is the killshot, the 12th the overkill.")
    story = damage_story(game, colour)
    if story:
        why.append(story)
    if p.killed:
        why.append("This board took a killshot this turn: it is scored when the turn ends.")
    if p.dead:
        why.append(f"{p.name} is dead: the figure is off the board until the respawn places it on a spawnpoint.")
    if game.frenzy:
        why.append(f"Final frenzy: {p.name} has {_s(p.frenzy_actions, 'frenzy action')} on their last turn.")
    elif dmg >= ADRENALINE_SHOOT:
        why.append("6 or more damage: grab moves up to 2 squares first, shoot may move 1 first.")
    elif dmg >= ADRENALINE_GRAB:
        why.append("3 or more damage: grab moves up to 2 squares first (shoot unlocks its move at 6).")
    else:
        why.append("Under 3 damage: normal actions (adrenaline starts at 3 damage).")
    if p.marks:
        marks = _and([f"{n} from {game.name(c)}" for c, n in p.marks.items()])
        why.append(
            f"Marks: {marks}. Each turns into damage the next time that player damages {p.name}"
            f" (at most {MAX_MARKS} from each player)."
        )
    if p.weapons:
        # Only what the table shows everyone: loaded weapons are face down to the others.
        loaded = sum(1 for w in p.weapons if w.loaded)
        unloaded = [game.cards.weapons[w.id].name for w in p.weapons if not w.loaded]
        bits = [f"{_s(loaded, 'loaded weapon')} (face down to the others)"] if loaded else []
        if unloaded:
            bits.append(f"unloaded, face up for everyone: {_and(unloaded)}")
        why.append(f"Weapons: {'; '.join(bits)}. A weapon is unloaded once fired, until it is reloaded.")
    values = board_values(p.skulls, p.frenzy_board)
    side = "frenzy side, no first blood" if p.frenzy_board else f"{_s(p.skulls, 'skull')}"
    does = [f"The board pays {'-'.join(map(str, values))} ({side}); everyone who did damage scores at least 1."]
    if p.damage:
        awards = score_board(p.damage, p.skulls, p.frenzy_board, payees=game.seats)
        totals: dict[str, list[str]] = {}
        for a in awards:
            totals.setdefault(a.player, []).append(f"{a.points} ({a.reason})")
        lines = "; ".join(f"{game.name(c)} {' + '.join(v)}" for c, v in totals.items())
        does.append(f"Scored now it would pay: {lines}.")
        does.append("Ties in damage go to whoever hit this board first.")
    return Explanation(f"{p.name}'s board", None, tuple(why), tuple(does))


def explain_track(game: Game) -> Explanation:
    """The killshot track: skulls left and what it pays at the end."""
    b = game.board
    why = [f"{_s(b.skulls_left, 'skull')} left of {b.skulls}."]
    if game.frenzy:
        why.append("Final frenzy is on: everyone has one last turn.")
    state = game.mode.state(game)
    if "domination" in state or "turret" in state:
        return _mode_board(game, state, why)
    tokens: dict[str, int] = {}
    for entry in b.track:
        for c in entry:
            tokens[c] = tokens.get(c, 0) + 1
    if tokens:
        why.append("Tokens: " + ", ".join(f"{game.name(c)} {n}" for c, n in tokens.items()) + ".")
    awards = score_track(b.track, payees=game.seats)
    does = []
    if awards:
        does.append("At the end it pays " + ", ".join(f"{game.name(a.player)} {a.points}" for a in awards) + ".")
    does.append("Most tokens first (8-6-4-2-1-1); a tie goes to the earlier killshot. An overkill adds a second token.")
    return Explanation("Killshot track", None, tuple(why), tuple(does))


def _held(game: Game, owners: Iterable[str], nobody: str) -> str:
    """'Violet 2 and Dozer 1': how many of these tokens or turrets each player has, in the order
    they first appear; `nobody` when there are none."""
    return _and([f"{game.name(c)} {n}" for c, n in Counter(owners).items()]) or nobody


def _mode_board(game: Game, state: dict, why: list[str]) -> Explanation:
    """The board a mode lays over the killshot track: killshots are not tracked there, each kill
    only takes a skull."""
    why.append("Killshots are not tracked in this mode: each kill only takes a skull.")
    does = []
    if "domination" in state:
        for colour, tokens in state["domination"]["tracks"].items():
            why.append(f"The {colour} spawnpoint track: {_held(game, tokens, 'no tokens')}.")
        does.append(
            "At the end each spawnpoint track pays 8-6-4-2-1 by tokens; tied players all get their rank's points"
            " and the next rank is skipped. An overkill token goes on a track of the killer's choice. The final"
            " frenzy starts when the skulls run out or two tracks reach the fist on their 8th space."
        )
        return Explanation("Domination board", None, tuple(why), tuple(does))
    turret = state["turret"]
    tiles = _and([t for t in turret["offer"] if t]) or "none"
    why.append(f"Tiles on the turret board: {tiles} (refilled at the end of every turn).")
    why.append(f"Turrets held: {_held(game, turret['turrets'].values(), 'nobody')}.")
    does.append(
        "A grab on a square without a spawnpoint takes one of these tiles (once a square a turn); giving up one"
        " item of it commandeers the square's turret. At the end the turrets pay 8-6-4-2-1, ties to the player"
        " whose final turn came earlier."
    )
    return Explanation("Turret board", None, tuple(why), tuple(does))
