"""The game's mutable state: configuration, players, and the board with its decks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from adrenaline_tui.printable import has_control
from adrenaline_tui.rules.arena import ARENA_IDS
from adrenaline_tui.rules.cards import CUBES
from adrenaline_tui.rules.errors import ConfigError

FIGURES = ("yellow", "blue", "grey", "purple", "green")
HEROES = {
    "yellow": "D-struct-or",
    "blue": "Banshee",
    "grey": "Dozer",
    "purple": "Violet",
    "green": "Sprog",
}
MAX_DAMAGE = 12
KILLSHOT = 11
MAX_MARKS = 3
MAX_CUBES = 3
MAX_POWERUPS = 3
MAX_WEAPONS = 3
BOARD_VALUES = (8, 6, 4, 2, 1, 1)
FRENZY_VALUES = (2, 1, 1, 1)
TRACK_VALUES = (8, 6, 4, 2, 1, 1)
ADRENALINE_GRAB = 3
ADRENALINE_SHOOT = 6
ENDINGS = ("frenzy", "sudden_death")
TAGBACK_PROMPTS = ("holders", "all")
MAX_NAME = 16  # characters in a player's name
MODES = ("standard", "domination", "turret")
MODE_NAMES = {"standard": "Standard", "domination": "Domination", "turret": "Turret"}  # as players read them
END_TURN_PROMPTS = ("usable", "always")
CONFIRM_SPENDING = ("auto", "ask")
SPAWN_PROMPTS = ("choice", "always")


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up. Seat order is the order of `players` (figure colours).

    A plain dataclass checked by hand rather than a pydantic model: every game needs one, and
    pydantic would be a quarter of a second of start-up for six fields.
    """

    players: tuple[str, ...]
    names: dict[str, str] = field(default_factory=dict)
    arena: str = "arena_11a"
    skulls: int = 8
    ending: str = "frenzy"
    # "holders": only players holding a Tagback Grenade are asked. "all": every damaged player
    # who saw the shooter is asked, so being asked reveals nothing (for hot-seat play).
    tagback_prompt: str = "holders"
    # The game mode (rules/modes/): standard, domination or turret.
    mode: str = "standard"
    # The bot's figure colour (a figure nobody plays), or None: no bot. 3 or 4 players only.
    bot: str | None = None
    # "usable": after the last action a player is asked only if a powerup is usable (a Newton,
    # a Teleporter), else the turn ends. "always": "End your turn" is asked even when it is the
    # only answer, so whether the keyboard comes back to a player reveals nothing (hot-seat).
    end_turn_prompt: str = "usable"
    # "auto": a question with one answer answers itself even when that answer spends cubes or
    # powerups (every game saved before this setting, whose key lists hold no such answer).
    # "ask": a single way on that spends (the only effect left costs a cube, the only weapon on
    # the rack costs one to pick up, the only weapon to reload before a frenzy shot) is asked
    # anyway, naming its cost, so nothing is spent without the player's key (docs/rulings.md).
    confirm_spending: str = "auto"
    # "choice": a spawn or respawn is asked only when the hand offers more than one card to
    # discard. "always": asked even with one, so being asked tells nobody what the hand holds
    # (tables with several people watching; older saves replay with "choice").
    spawn_prompt: str = "choice"

    def __post_init__(self) -> None:
        players = self.players
        if isinstance(players, str) or not isinstance(players, list | tuple):
            raise ConfigError("players", "a list of 3 to 5 figure colours")
        object.__setattr__(self, "players", tuple(players))
        if not 3 <= len(players) <= 5:
            raise ConfigError("players", f"3 to 5 players, not {len(players)}")
        for colour in players:
            if colour not in FIGURES:
                raise ConfigError("players", f"'{colour}' is not a figure colour ({', '.join(FIGURES)})")
        if len(set(players)) != len(players):
            raise ConfigError("players", "each figure colour can be used once")
        names = self.names
        if not isinstance(names, Mapping) or not all(isinstance(v, str) for v in names.values()):
            raise ConfigError("names", "a mapping from figure colour to a name")
        for name in names.values():
            # A name is drawn everywhere; one from a save or a form must not be able to act on
            # the terminal (an escape sequence) or push the boards out of shape.
            if len(name) > MAX_NAME or has_control(name):
                raise ConfigError("names", f"a name is at most {MAX_NAME} characters, none of them a control character")
        object.__setattr__(self, "names", dict(names))
        unknown = set(names) - set(players) - {self.bot}
        if unknown:
            raise ConfigError("names", f"names given for colours not in the game: {', '.join(sorted(unknown))}")
        _one_of("arena", self.arena, ARENA_IDS)
        if type(self.skulls) is not int or not 5 <= self.skulls <= 8:
            raise ConfigError("skulls", f"5 to 8 skulls, not {self.skulls!r}")
        _one_of("ending", self.ending, ENDINGS)
        _one_of("tagback_prompt", self.tagback_prompt, TAGBACK_PROMPTS)
        _one_of("mode", self.mode, MODES)
        if self.bot is not None:
            if len(players) > 4:
                raise ConfigError("bot", "a bot joins 3 or 4 players, not 5")
            if self.bot not in FIGURES:
                raise ConfigError("bot", f"'{self.bot}' is not a figure colour ({', '.join(FIGURES)})")
            if self.bot in players:
                raise ConfigError("bot", f"{self.bot} is already a player; the bot uses a spare figure")
        _one_of("end_turn_prompt", self.end_turn_prompt, END_TURN_PROMPTS)
        _one_of("confirm_spending", self.confirm_spending, CONFIRM_SPENDING)
        _one_of("spawn_prompt", self.spawn_prompt, SPAWN_PROMPTS)

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        """Settings read from a file or a form; anything wrong is a ConfigError naming the field."""
        if not isinstance(data, Mapping):
            raise ConfigError("", "the game settings are a mapping")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigError(str(key), "not a game setting")
        if "players" not in data:
            raise ConfigError("players", "missing")
        return cls(**data)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready settings; `from_dict` reads them back."""
        return {
            "players": list(self.players),
            "names": dict(self.names),
            "arena": self.arena,
            "skulls": self.skulls,
            "ending": self.ending,
            "tagback_prompt": self.tagback_prompt,
            "mode": self.mode,
            "bot": self.bot,
            "end_turn_prompt": self.end_turn_prompt,
            "confirm_spending": self.confirm_spending,
            "spawn_prompt": self.spawn_prompt,
        }

    def name_of(self, colour: str) -> str:
        return self.names.get(colour) or HEROES.get(colour, colour)


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(name, f"one of {', '.join(allowed)}, not {value!r}")


@dataclass(slots=True)
class HeldWeapon:
    """A weapon in a player's hand, loaded or not."""

    id: str
    loaded: bool = True


@dataclass(slots=True)
class Player:
    """A player's figure and board: where it stands, damage, marks, skulls, ammo, cards, points."""

    colour: str
    name: str
    square: str | None = None
    damage: list[str] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)
    skulls: int = 0
    frenzy_board: bool = False
    ammo: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CUBES, 1))
    weapons: list[HeldWeapon] = field(default_factory=list)
    powerups: list[str] = field(default_factory=list)
    score: int = 0
    frenzy_actions: int = 0  # 0 before final frenzy, then 2 or 1 (the action tile's box)
    killed: bool = False  # took a killshot this turn; scored at the end of the turn
    # Scored and picked up at the end of the turn, off the board until the respawn puts the
    # figure on a spawnpoint (rulebook: "Pick up your figure. You are dead.").
    dead: bool = False

    def weapon(self, weapon_id: str) -> HeldWeapon | None:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        return None

    @property
    def marks_total(self) -> int:
        return sum(self.marks.values())


@dataclass(slots=True)
class Board:
    """Everything on the table that is not a player's: racks, tiles, decks, the killshot track."""

    racks: dict[str, list[str | None]]  # spawn colour -> 3 slots
    tiles: dict[str, str | None]  # non-spawn square -> ammo tile code
    weapon_deck: list[str]  # draw from the end
    powerup_deck: list[str]
    powerup_discard: list[str]
    ammo_deck: list[str]
    ammo_discard: list[str]
    skulls: int  # skulls the track started with
    track: list[list[str]] = field(default_factory=list)  # one entry per killshot: [killer] or [killer, killer]
    # Kills that took a skull but are not tracked (Domination, Turret: "killshots are not tracked").
    untracked_kills: int = 0

    @property
    def skulls_left(self) -> int:
        return max(0, self.skulls - len(self.track) - self.untracked_kills)
