"""The decisions the game modes and the bot add: what each option does and why it is offered.

Read from the rule modules' public state (`Rules.state`, what `to_json` shows) and the figures
on the board, like every other explanation; nothing here depends on a hidden card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.rules.explain.actions import tile_text
from adrenaline_tui.rules.explain.words import Explanation, _and, _s
from adrenaline_tui.rules.state import ADRENALINE_SHOOT

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game
    from adrenaline_tui.rules.state import Player

SPAWN = "spawn:"


def _bot(game: Game) -> Player | None:
    colour = game.config.bot
    return game.players.get(colour) if colour else None


def bot_sees(game: Game, p: Player, square: str) -> list[str]:
    """Whom the bot could shoot from `square` on `p`'s turn: figures it sees other than `p` and
    itself, and in Domination the spawnpoints it sees."""
    figures, others = _bot_targets(game, p, square)
    return figures + others


def _bot_targets(game: Game, p: Player, square: str) -> tuple[list[str], list[str]]:
    """`bot_sees`, the figures apart from the other targets (spawnpoints): the shot does not do
    the same to both."""
    bot = _bot(game)
    sight = game.arena.visible[square]
    figures = [
        q.name
        for q in game.players.values()
        if q is not p and q is not bot and q.square is not None and q.square in sight
    ]
    others = []
    if bot is not None:
        others = [game.mode.target_name(k) for k, sq in game.mode.targets(game, bot).items() if sq in sight]
    return figures, others


def explain_bot_action(game: Game, p: Player) -> Explanation:
    bot = _bot(game)
    title = "Bot action"
    if bot is None or bot.square is None:
        return Explanation(title, False, ("There is no bot on the board.",))
    if bot.killed:
        return Explanation(
            title, False, (f"{bot.name} took a killshot: it takes no action until it respawns at the end of the turn.",)
        )
    why = (
        "Every turn from the second player's first one has a bot action, before, between or after"
        " your two actions; your turn cannot end before it is taken.",
    )
    figures: set[str] = set()
    others: set[str] = set()
    for q in game.arena.within(bot.square, 1):
        seen, also = _bot_targets(game, p, q)
        figures.update(seen)
        others.update(also)
    does = [f"You move {bot.name} 0 or 1 square from {bot.square}, then it shoots someone it sees - never you."]
    if figures:
        does.append(f"Within 1 move it could shoot {_and(sorted(figures))}: 1 damage" + _mark_note(bot) + ".")
    if others:
        does.append(f"It could also shoot {_and(sorted(others))}: 1 token in {bot.name}'s colour on its track.")
    if not figures and not others:
        does.append("From none of those squares does it see anyone to shoot.")
    return Explanation(title, True, why, tuple(does))


def _mark_note(bot: Player) -> str:
    if len(bot.damage) >= ADRENALINE_SHOOT:
        return f", and a mark since {bot.name} has {len(bot.damage)} damage"
    return f" (a mark as well once {bot.name} has {ADRENALINE_SHOOT} damage)"


def _bot_move(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    bot = _bot(game)
    if bot is None or not legal:
        return Explanation(key, legal, ("The bot moves at most 1 square.",))
    names = bot_sees(game, p, key)
    title = "The bot stays" if key == bot.square else f"Move the bot to {key}"
    does = f"From {key} it could shoot {_and(names)}." if names else f"From {key} it sees nobody to shoot."
    return Explanation(title, True, ("The bot moves 0 or 1 square, then shoots.",), (does,))


def _bot_target(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    bot = _bot(game)
    if bot is None or not legal:
        return Explanation(key, legal, ("The bot shoots a figure it sees, never you and never itself.",))
    if key.startswith(SPAWN):
        colour = key.removeprefix(SPAWN)
        does = f"One token in {bot.name}'s colour goes on the {colour} spawnpoint track."
        return Explanation(game.mode.target_name(key), True, ("The bot sees this spawnpoint.",), (does,))
    victim = game.players[key]
    does = f"{victim.name} takes 1 damage in {bot.name}'s colour" + _mark_note(bot) + "."
    return Explanation(victim.name, True, (f"The bot sees {victim.name} on {victim.square}.",), (does,))


def _bot_spawn(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    colour = key.removeprefix(SPAWN)
    square = game.arena.spawn_square.get(colour)
    if square is None or not legal:
        return Explanation(key, legal, ("The bot enters on one of the three spawnpoints.",))
    names = bot_sees(game, p, square)
    sees = f"From there it sees {_and(names)}." if names else "From there it sees nobody yet."
    return Explanation(
        f"The {colour} spawnpoint ({square})", True, (f"The bot enters the board on {square}.",), (sees,)
    )


def _turret_tile(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    if not legal or key not in game.cards.ammo_tiles:
        return Explanation(key, legal, ("A grab takes one of the tiles on the turret board.",))
    why = ("Any tile of the turret board may be taken; the board is refilled at the end of the turn.",)
    does = [tile_text(game, p, key)]
    square = p.square or ""
    owner = _turrets(game).get(square)
    if owner != p.colour:
        does.append(f"Then you may give up one item of it to commandeer the turret on {square}.")
    return Explanation(f"Tile {key}", True, why, tuple(does))


def _turrets(game: Game) -> dict[str, str]:
    return (game.mode.state(game).get("turret") or {}).get("turrets", {})


def _commandeer(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    square = p.square or ""
    owner = _turrets(game).get(square)
    held = f"{game.name(owner)}'s" if owner else "nobody's"
    if key == "keep":
        return Explanation(
            "Take the whole tile",
            legal,
            (f"The turret on {square} stays {held}.",),
            ("You keep every item of the tile.",),
        )
    item = key.removeprefix("give:")
    thing = "its powerup" if item == "powerup" else f"a {item} cube"
    does = [
        f"You leave {thing} and the turret on {square} becomes yours: whoever else enters {square} takes"
        " 1 damage from you, and at the end the turrets pay 8-6-4-2-1."
    ]
    if owner:
        does.append(f"{game.name(owner)}'s token comes back to them as a mark on you.")
    why = ("You may give up any one item of the tile, even one you could not have kept.",)
    return Explanation(f"Commandeer the turret on {square}", legal, why, tuple(does))


def _route(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    d = game.pending
    option = d.option(key) if d is not None else None
    if option is None or not legal or not key.startswith("way:"):
        return Explanation(key, False, ("A way is one of the shortest ways the move may take.",))
    moved = game.players.get(option.target or "")
    way = key.removeprefix("way:").split("-")
    turrets = _turrets(game)
    who = "you" if moved is p else (moved.name if moved is not None else "the figure")
    title = f"Via {', '.join(way[:-1])} to {way[-1]}" if len(way) > 1 else f"Straight to {way[-1]}"
    why = (
        f"More than one shortest way reaches {way[-1]}, and their turrets fire differently: the player"
        " who moves a figure chooses its way. Each square entered with someone else's turret deals 1"
        " damage from its owner.",
    )
    hits = [(q, turrets[q]) for q in way if q in turrets and moved is not None and turrets[q] != moved.colour]
    if not hits:
        does: tuple[str, ...] = (f"No turret fires at {who} on this way.",)
    else:
        does = tuple(
            f"{'Your' if o == p.colour else game.name(o) + chr(39) + 's'} turret on {q} deals {who} 1 damage."
            for q, o in hits
        )
        does = (*does, "Turret damage turns no marks into damage, and allows no Targeting Scope or Tagback.")
    return Explanation(title, True, why, does)


def _overkill_track(game: Game, p: Player, key: str, legal: bool) -> Explanation:
    colour = key.removeprefix(SPAWN)
    tracks = (game.mode.state(game).get("domination") or {}).get("tracks", {})
    tokens = tracks.get(colour, [])
    mine = sum(1 for c in tokens if c == p.colour)
    why = ("Killshots are not tracked in Domination; the overkill token goes on a spawnpoint track instead.",)
    does = (
        f"The {colour} track has {_s(len(tokens), 'token')}, {mine} of them yours; the token is scored with it at"
        " the end (8-6-4-2-1 by tokens).",
    )
    return Explanation(f"The {colour} spawnpoint track", legal, why, does)


HANDLERS = {
    "bot_move": _bot_move,
    "bot_target": _bot_target,
    "bot_place": _bot_spawn,
    "bot_respawn": _bot_spawn,
    "turret_tile": _turret_tile,
    "commandeer": _commandeer,
    "overkill_track": _overkill_track,
    "route": _route,
}
