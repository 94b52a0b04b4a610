"""Game modes and the bot: rule modules that plug into the base flow at named points.

The base flow (`turn.py`, `shooting.py`) never asks which mode is on: it calls the hooks of
`Rules` below on `game.mode` (exactly one: standard, domination or turret) and on every entry of
`game.rules` (the mode, then the bot when there is one). Each hook's default does what the
standard game does, so a module overrides only the points its variant changes, and a fourth
mode is one more module registered in `MODES`.

The points:

- `setup`: after a new game is dealt (Turret: the tiles go to the turret board instead).
- `tiles_on_squares`: whether ammo tiles lie on the squares (a scenario deals them only then).
- `ammo_here` (and `has_ammo`) / `grab_ammo`: what a grab on a square without a spawnpoint offers, and taking it
  (Turret: a tile of the turret board, and commandeering the square's turret).
- `entered`: a figure moved onto a square (Turret: turret damage for each square entered, and
  the mover's choice of way where the ways cross different turrets).
- `targets`: things a shot may target besides figures (Domination's spawnpoints), as
  `{key: square}`; `hit_target` is what damage or marks on one of them do.
- `start_turn` / `end_turn`: the start of a player's turn, and the end of it before the killed
  boards are scored (Domination's tagging by standing alone and the spawnpoint striking back).
- `actions` / `must_act` / `act`: extra actions offered on the action decision (the bot action),
  whether one is still owed (the turn cannot end before), and playing one.
- `before_spawn`: between drawing the first powerups and spawning (placing the bot).
- `record_kill`: what a scored killshot leaves on the table (the killshot track, or a skull and a
  spawnpoint-track token); `respawns` / `respawn`: a killed figure that does not respawn by
  discarding a powerup (the bot).
- `frenzy_due`: a frenzy trigger besides the last skull (two full spawnpoint tracks).
- `final_scoring`: the end-of-game awards that replace the killshot track's; they also break ties.
- `state` / `load`: the variant's part of `to_json()` and of a scenario.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.decision import Decision, Option
from adrenaline_tui.rules.scoring import Award

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game
    from adrenaline_tui.rules.state import Player

Flow = Generator[Decision, str, None]


def nothing() -> Flow:
    """A hook that asks nothing."""
    return
    yield  # pragma: no cover - makes this a generator


class Rules:
    """A rule module. Every hook defaults to the standard game's behaviour (or to nothing)."""

    name = "standard"
    # Ammo tiles lie on the squares without a spawnpoint (Turret: they are on the turret board).
    tiles_on_squares = True

    def __init__(self, game: Game) -> None:
        # The module keeps no reference to the game: every hook is handed it. A `self.game` made
        # a cycle (game -> rules -> game), so a game dropped (a finished benchmark game, a
        # replaced replay) waited for the cyclic collector instead of being freed at once, with
        # all its events, history and state (issue 27, sixth round).
        pass

    def setup(self, g: Game) -> None:
        pass

    # ------------------------------------------------------------------- ammo
    def ammo_here(self, g: Game, p: Player, square: str) -> str | None:
        """What a grab on this non-spawn square would take (for the option's label), or None."""
        code = g.board.tiles.get(square)
        return None if code is None else f"ammo {code}"

    def has_ammo(self, g: Game, p: Player, square: str) -> bool:
        """Whether `ammo_here` is not None, without its words: asked for every square in reach of
        every action question. A mode that changes `ammo_here` changes this with it."""
        return g.board.tiles.get(square) is not None

    def grab_ammo(self, g: Game, p: Player, square: str) -> Flow:
        from adrenaline_tui.rules.turn import grab_ammo

        grab_ammo(g, p, square)
        return nothing()

    # ------------------------------------------------------------------ moving
    def entered(self, g: Game, p: Player, start: str, dest: str, *, jump: bool) -> Flow:
        """`p` was moved from `start` to `dest` (`jump`: teleported, no squares in between)."""
        return nothing()

    # ------------------------------------------------------------------ targets
    def targets(self, g: Game, shooter: Player) -> dict[str, str]:
        return {}

    def target_name(self, key: str) -> str:
        return key

    def hit_target(self, g: Game, attacker: str, key: str, kind: str, amount: int) -> None:
        """Damage or marks on a non-figure target (never called for figures)."""

    # -------------------------------------------------------------------- turns
    def start_turn(self, g: Game, p: Player, *, first: bool) -> None:
        pass

    def end_turn(self, g: Game, p: Player) -> Flow:
        return nothing()

    def actions(self, g: Game, p: Player) -> list[Option]:
        return []

    def must_act(self, g: Game, p: Player) -> bool:
        return False

    def act(self, g: Game, p: Player, key: str) -> Flow:
        return nothing()

    def before_spawn(self, g: Game, p: Player) -> Flow:
        return nothing()

    # -------------------------------------------------------------------- kills
    def record_kill(self, g: Game, board: Player, entry: list[str]) -> Flow:
        """The killshot (and overkill) goes onto the killshot track, taking a skull."""
        g.board.track.append(entry)
        return nothing()

    def respawns(self, p: Player) -> bool:
        return False

    def respawn(self, g: Game, p: Player) -> Flow:
        return nothing()

    def frenzy_due(self, g: Game) -> str:
        """Why the frenzy starts now besides the last skull (a sentence), or "" when it does not."""
        return ""

    # -------------------------------------------------------------- end of game
    def final_scoring(self, g: Game) -> dict[str, int]:
        """Score the killshot track; returns each player's points from it (the tie-break)."""
        from adrenaline_tui.rules.scoring import score_track

        awards = score_track(g.board.track, payees=list(g.players))
        pay(g, awards)
        g.emit(
            "scored",
            "The killshot track is scored: "
            + (", ".join(f"{g.name(a.player)} +{a.points}" for a in awards) or "no killshots"),
            board="track",
            awards=[a.as_dict() for a in awards],
            final=True,
        )
        return {a.player: a.points for a in awards}

    # ---------------------------------------------------------------- as data
    def state(self, g: Game) -> dict[str, Any]:
        return {}

    def load(self, g: Game, scenario: Any) -> None:
        pass


def pay(g: Game, awards: list[Award]) -> None:
    for a in awards:
        g.players[a.player].score += a.points


class Standard(Rules):
    """The standard game: every hook as the rulebook has it."""


class Hooks:
    """For each hook the flow calls at every turn, move or action question, the rule modules in
    play whose class overrides it: the flow skips the defaults, which do nothing (issue 27: these
    calls, each building an empty generator or list, ran hundreds of times a game for nothing).
    Worked out from the classes once per game; a module's hooks are methods of its class."""

    __slots__ = (
        "actions",
        "ammo_here",
        "end_turn",
        "entered",
        "frenzy_due",
        "grab_ammo",
        "has_ammo",
        "must_act",
        "respawns",
        "start_turn",
        "targets",
    )

    def __init__(self, rules: list[Rules]) -> None:
        for name in self.__slots__:
            default = getattr(Rules, name)
            setattr(self, name, tuple(r for r in rules if getattr(type(r), name) is not default))


def make_rules(g: Game) -> tuple[Rules, list[Rules]]:
    """The game's mode, and every rule module in play (the mode first, then the bot if any)."""
    from adrenaline_tui.rules.modes.bot import Bot
    from adrenaline_tui.rules.modes.domination import Domination
    from adrenaline_tui.rules.modes.turret import Turret

    modes: dict[str, type[Rules]] = {"standard": Standard, "domination": Domination, "turret": Turret}
    mode = modes[g.config.mode](g)
    return mode, [mode, *([Bot(g)] if g.config.bot is not None else [])]
