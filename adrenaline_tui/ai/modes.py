"""What a game mode and the bot are worth to the sensible player: one value module per variant.

The evaluator (`evaluator.py`) values a turn the same way in every mode; the mode adds what its
rules make worth something, through a few hooks (the AI's side of `rules/modes`):

- `object_hit`: damage on a target that is not a figure (Domination: tagging a spawnpoint);
- `end_square`: ending the turn on a square (Domination: tagging by standing alone, the strike back);
- `grab_value`: grabbing on a square (Turret: commandeering its turret);
- `move_cost`: walking from one square to another (Turret: the turrets of others fire at me).

The bot's questions (where to place it, where to move it, whom it shoots, where it respawns) and
Domination's overkill track are answered by the functions at the end, valued in the same points.
Everything is read from the table, which is built from the player's view only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adrenaline_tui.ai.values import CUBE, MARK, TOKEN, UNKNOWN_POWERUP
from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.rules.cards import CUBES
from adrenaline_tui.rules.modes.domination import track_awards
from adrenaline_tui.rules.modes.turret import turret_awards
from adrenaline_tui.rules.scoring import score_board
from adrenaline_tui.rules.state import ADRENALINE_SHOOT, KILLSHOT, MAX_CUBES, MAX_POWERUPS

if TYPE_CHECKING:
    from adrenaline_tui.ai.table import Table

# Opinions, like values.py: rough points.
TAG = 1.2  # a token on a spawnpoint track (8-6-4-2-1 over a track of about 8 tokens)
STANDING_WEIGHT = 0.3  # how much the change in my final track standing counts on top, per point
HURT = 0.5  # one damage on me (closer to dying; it also brings adrenaline)
DEATH = 5.0  # dying from damage nobody had to shoot (a spawnpoint, a turret)
TURRET = 2.2  # owning one more turret (8-6-4-2-1 by count, and it fires at whoever walks in)
BOT_SEES_ME = 0.3  # the bot ending where it sees me: the next players shoot me with it


def relative(points: dict[str, int], me: str, players: list[str]) -> float:
    """My points against the average of the others' (who scores what is a race)."""
    others = [points.get(c, 0) for c in players if c != me]
    return points.get(me, 0) - (sum(others) / len(others) if others else 0.0)


def hurt(damage: int, n: int) -> float:
    """What `n` damage nobody aimed costs me, having `damage` already."""
    if n <= 0:
        return 0.0
    return n * HURT + (DEATH if damage < KILLSHOT <= damage + n else 0.0)


class ModeValues:
    """The standard game: nothing besides figures, squares and cards is worth anything."""

    def __init__(self, t: Table) -> None:
        self.t = t

    def object_hit(self, key: str, tagged: bool) -> float:
        return 0.0

    def end_square(self, square: str) -> float:
        return 0.0

    def grab_value(self, square: str) -> float:
        return 0.0

    def move_cost(self, start: str, dest: str) -> float:
        return 0.0


class DominationValues(ModeValues):
    def __init__(self, t: Table) -> None:
        super().__init__(t)
        state = t.view.get("domination") or {}
        self.tracks: dict[str, list[str]] = {c: list(v) for c, v in (state.get("tracks") or {}).items()}
        mine = t.active == t.me
        self.can_tag = mine and not state.get("first_turn", False)
        self.tagged = mine and bool(state.get("tagged_this_turn", False))

    def tag_value(self, colour: str, spawn: str) -> float:
        """A token of `colour` on the `spawn` track: the token, and what it does to my standing."""
        return TAG * (colour == self.t.me) + STANDING_WEIGHT * self.standing_gain(colour, spawn)

    def standing_gain(self, colour: str, spawn: str) -> float:
        players = self.t.players
        before = {a.player: a.points for a in track_awards(spawn, self.tracks.get(spawn, []))}
        after = {a.player: a.points for a in track_awards(spawn, [*self.tracks.get(spawn, []), colour])}
        return relative(after, self.t.me, players) - relative(before, self.t.me, players)

    def object_hit(self, key: str, tagged: bool) -> float:
        # One token a turn whatever the damage: a second spawnpoint hit this turn is worth nothing.
        if tagged or self.tagged or not self.can_tag:
            return 0.0
        return self.tag_value(self.t.me, key.split(":", 1)[1])

    def end_square(self, square: str) -> float:
        spawn = self.t.arena.spawn_colour_at.get(square)
        if spawn is None or not self.can_tag:
            return 0.0
        alone = not any(q == square for c, q in self.t.seats if c != self.t.me)
        value = self.tag_value(self.t.me, spawn) if alone else 0.0
        return value - hurt(len(self.t.mine.damage), 1)


class TurretValues(ModeValues):
    def __init__(self, t: Table) -> None:
        super().__init__(t)
        state = t.view.get("turret") or {}
        self.turrets: dict[str, str] = dict(state.get("turrets") or {})
        self.offer: list[str] = [c for c in state.get("offer") or [] if c]

    def standing(self, turrets: dict[str, str]) -> float:
        awards = turret_awards(turrets, self.t.players)
        return relative({a.player: a.points for a in awards}, self.t.me, self.t.players)

    def turret_gain(self, square: str) -> float:
        """Taking the turret on `square`: one more for me (one less for its owner), less the mark
        its owner's token comes back as."""
        owner = self.turrets.get(square)
        if owner == self.t.me:
            return 0.0
        after = {**self.turrets, square: self.t.me}
        gain = TURRET + 0.2 * (self.standing(after) - self.standing(self.turrets))
        return gain - (MARK if owner is not None else 0.0)

    def grab_value(self, square: str) -> float:
        if square in self.t.arena.spawn_colour_at or not self.offer:
            return 0.0
        # Commandeering costs one item of the tile: the cheapest a tile has is a cube.
        return max(0.0, self.turret_gain(square) - CUBE)

    def enemy_turrets(self, start: str, dest: str) -> int:
        """Turrets of others I enter walking from start to dest the way the engine does."""
        arena = self.t.arena
        me = self.t.me
        if start == dest or not self.turrets:
            return 0
        frontier: dict[str, int] = {start: 0}
        # Shortest paths only, through the fewest turrets of others (as the engine walks me).
        for _ in range(arena.distance[start][dest]):
            nxt: dict[str, int] = {}
            for q, n in frontier.items():
                for r in arena.neighbours[q]:
                    if arena.distance[r][dest] == arena.distance[q][dest] - 1:
                        cost = n + (self.turrets.get(r, me) != me)
                        if cost < nxt.get(r, 99):
                            nxt[r] = cost
            frontier = nxt
        return frontier.get(dest, 0)

    def move_cost(self, start: str, dest: str) -> float:
        return hurt(len(self.t.mine.damage), self.enemy_turrets(start, dest))


MODE_VALUES: dict[str, type[ModeValues]] = {
    "standard": ModeValues,
    "domination": DominationValues,
    "turret": TurretValues,
}


def mode_values(t: Table) -> ModeValues:
    return MODE_VALUES.get(t.mode, ModeValues)(t)


# --------------------------------------------------------------------------- choices by value
def tile_value(t: Table, code: str, give_up: str | None = None) -> float:
    """What an ammo tile is worth to me (less the item left to commandeer a turret)."""
    tile = t.cards.ammo_tiles[code]
    have = list(t.cubes)
    need = t.need()
    value = 0.0
    skipped = False
    for c in tile.cubes:
        i = CUBES.index(c)
        if c == give_up and not skipped:
            skipped = True
            continue
        if have[i] < MAX_CUBES:
            have[i] += 1
            value += CUBE * (1.5 if have[i] <= need[i] else 1.0)
    if tile.powerup and give_up != "powerup" and len(t.powerups) < MAX_POWERUPS:
        value += UNKNOWN_POWERUP
    return value


def best_commandeer(t: Table, code: str, keys: list[str], square: str) -> str:
    """Keep the whole tile, or give up the item whose loss costs least for the turret."""
    values = mode_values(t)
    gain = values.turret_gain(square) if isinstance(values, TurretValues) else 0.0
    whole = tile_value(t, code)

    def worth(k: str) -> float:
        if k == "keep":
            return whole
        return tile_value(t, code, k.split(":", 1)[1]) + gain

    return max(keys, key=lambda k: (worth(k), k == "keep", k))


def bot_shot_value(t: Table, target: str) -> float:
    """What the bot's shot at `target` is worth to me (the active player, who aims it).

    The bot's damage is not mine: it is worth what it does to the others' race. Damage brings
    a board closer to being scored, which pays whoever leads on it; a killshot scores it now.
    On a Domination spawnpoint it puts a bot token on the track.
    """
    me = t.me
    bot = t.bot
    if ":" in target:
        values = mode_values(t)
        if isinstance(values, DominationValues):
            return 0.1 + values.standing_gain(bot or "", target.split(":", 1)[1]) * STANDING_WEIGHT
        return 0.0
    f = t.figures.get(target)
    if f is None:
        return 0.0
    d = len(f.damage)
    if d >= KILLSHOT:
        return -0.5  # already dead: the token is wasted (overkill for the bot)
    after = [*f.damage, bot or ""]
    payees = [*t.players, *([bot] if bot else [])]
    if d + 1 >= KILLSHOT:
        # the board is scored now: what it pays me against what it pays the others
        awards = score_board(after, f.skulls, f.frenzy_board, payees)
        gain: dict[str, int] = {}
        for a in awards:
            gain[a.player] = gain.get(a.player, 0) + a.points
        return relative(gain, me, t.players) * 0.5 + 0.5
    # closer to a killshot: good when I lead on that board, and when the victim leads the game
    mine = f.damage.count(me)
    most = max((f.damage.count(c) for c in set(f.damage) if c != me), default=0)
    value = 0.3 * TOKEN + 0.2 * t.lead(target)
    if mine and mine >= most:
        value += 0.2 + 0.1 * d
    bot_figure = t.bot_figure
    if bot_figure is not None and len(bot_figure.damage) >= ADRENALINE_SHOOT:
        value += 0.1  # and a mark
    return value


def bot_targets(t: Table, square: str) -> list[str]:
    """Whom the bot could shoot from `square`: figures it sees other than me and itself, and in
    Domination the spawnpoints it sees."""
    sight = t.arena.visible[square]
    out = [c for c, q in t.seats if c not in (t.me, t.bot) and q in sight]
    if t.mode == "domination":
        out += [f"spawn:{c}" for c in SPAWN_COLOURS if t.arena.spawn_square[c] in sight]
    return out


def bot_square_value(t: Table, square: str) -> float:
    """The bot moved to `square`: its best shot from there, less its being aimed at me later."""
    shots = [bot_shot_value(t, k) for k in bot_targets(t, square)]
    value = max(shots, default=0.0)
    if t.square is not None and t.square in t.arena.visible[square]:
        value -= BOT_SEES_ME
    return value


def bot_spawn_value(t: Table, spawn: str) -> float:
    """Placing or respawning the bot: where it can do the others harm and sees me least."""
    square = t.arena.spawn_square[spawn]
    value = bot_square_value(t, square) if t.square is not None else 0.0
    return value - 0.02 * len(t.arena.visible[square])


def overkill_value(t: Table, overkiller: str, spawn: str) -> float:
    values = mode_values(t)
    if not isinstance(values, DominationValues):
        return 0.0
    return values.standing_gain(overkiller, spawn)
