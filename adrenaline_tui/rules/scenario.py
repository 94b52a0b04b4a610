"""Scenario files: a game set up in any position, for tests, lessons and bug reports.

The format is documented in docs/scenarios.md. Checked with pydantic, so this module is only
imported when a scenario is actually used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adrenaline_tui.rules.arena import SPAWN_COLOURS
from adrenaline_tui.rules.cards import CUBES
from adrenaline_tui.rules.errors import ConfigError, DataError
from adrenaline_tui.rules.state import (
    FIGURES,
    KILLSHOT,
    MAX_DAMAGE,
    MAX_MARKS,
    Board,
    GameConfig,
    HeldWeapon,
    Player,
)
from adrenaline_tui.rules.yamlfile import read_yaml_mapping

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScenarioWeapon(_Strict):
    id: str
    loaded: bool = True


class ScenarioFigure(_Strict):
    """A figure and its board: what a player and the bot both have."""

    colour: Literal["yellow", "blue", "grey", "purple", "green"]
    name: str | None = None
    square: str | None = None
    damage: list[str] = []
    marks: dict[str, int] = {}
    skulls: int = Field(0, ge=0, le=8)
    frenzy_board: bool = False
    score: int = 0


class ScenarioPlayer(ScenarioFigure):
    frenzy_actions: Literal[0, 1, 2] = 0
    ammo: dict[Literal["red", "blue", "yellow"], int] = {"red": 1, "blue": 1, "yellow": 1}
    weapons: list[str | ScenarioWeapon] = []
    powerups: list[str] = []


class ScenarioDecks(_Strict):
    """Cards placed on top of a deck, top first, and cards in the discard piles.

    The cards no field places are shuffled by the seed under the listed top cards, unless a
    discard pile is `rest`: then they all go to that pile and the deck holds only its top cards
    (so a test can empty a deck and watch the discards being reshuffled).
    """

    weapons: list[str] = []
    powerups: list[str] = []
    ammo: list[str] = []
    powerup_discard: list[str] | Literal["rest"] = []
    ammo_discard: list[str] | Literal["rest"] = []


class ScenarioBot(ScenarioFigure):
    """The bot's figure and board (it has no ammo, weapons or powerups)."""


class ScenarioTurret(_Strict):
    """Turret mode: the tiles on the turret board (null: an empty slot) and who owns which turret."""

    offer: list[str | None] | None = Field(None, max_length=5)
    turrets: dict[str, str] = {}


class Scenario(_Strict):
    mode: Literal["standard", "domination", "turret"] = "standard"
    turret: ScenarioTurret | None = None
    bot: ScenarioBot | None = None
    domination: dict[Literal["red", "blue", "yellow"], list[str]] | None = None
    arena: Literal["arena_10", "arena_11a", "arena_11b", "arena_12"] = "arena_11a"
    skulls: int = Field(8, ge=5, le=8)
    ending: Literal["frenzy", "sudden_death"] = "frenzy"
    tagback_prompt: Literal["holders", "all"] = "holders"
    end_turn_prompt: Literal["usable", "always"] = "usable"
    confirm_spending: Literal["auto", "ask"] = "auto"
    spawn_prompt: Literal["choice", "always"] = "choice"
    players: list[ScenarioPlayer] = Field(min_length=3, max_length=5)
    active: str | None = None
    first_player: str | None = None
    actions_taken: int = Field(0, ge=0, le=2)
    turn: int = Field(1, ge=1)
    killshot_track: list[list[str]] = []
    untracked_kills: int = Field(0, ge=0)
    frenzy: bool = False
    frenzy_trigger: str | None = None
    racks: dict[Literal["red", "blue", "yellow"], list[str | None]] | None = None
    ammo_tiles: dict[str, str | None] | None = None
    decks: ScenarioDecks = ScenarioDecks()


def read_scenario(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A scenario mapping, from a mapping or a YAML file (which is then named in errors)."""
    if isinstance(source, Mapping):
        return dict(source)
    path = Path(source)
    raw = read_yaml_mapping(path, "a scenario is a mapping (see docs/scenarios.md)")
    raw.setdefault("_source", str(path))
    return raw


def _parse(mapping: Mapping[str, Any]) -> Scenario:
    source = str(mapping.get("_source", "scenario"))
    body = {k: v for k, v in mapping.items() if k != "_source"}
    try:
        return Scenario.model_validate(body)
    except ValidationError as exc:
        # Where a field accepts several shapes (a weapon id or a mapping) pydantic reports one
        # error per shape; the one that got furthest in is the one that names the real mistake.
        err = max(exc.errors(), key=lambda e: len(e["loc"]))
        loc = [str(p) for p in err["loc"] if not _shape_tag(p)]
        entry = ""
        if len(loc) >= 2 and loc[0] == "players":
            players = body.get("players") or []
            i = int(loc[1]) if loc[1].isdigit() else -1
            colour = players[i].get("colour") if 0 <= i < len(players) and isinstance(players[i], dict) else None
            entry = f"player {colour or '#' + loc[1]}"
            loc = loc[2:]
        raise DataError(source, entry, ".".join(loc), str(err["msg"]).removeprefix("Value error, ")) from None


def _shape_tag(part: object) -> bool:
    """Pydantic names the shape it tried (`str`, `ScenarioWeapon`, `list[str]`) in error locations."""
    return isinstance(part, str) and (part in ("str", "int") or "[" in part or part[:1].isupper())


def scenario_config(mapping: Mapping[str, Any]) -> GameConfig:
    sc = _parse(mapping)
    names = {p.colour: p.name for p in sc.players if p.name}
    if sc.bot is not None and sc.bot.name:
        names[sc.bot.colour] = sc.bot.name
    try:
        return GameConfig(
            players=tuple(p.colour for p in sc.players),
            names=names,
            arena=sc.arena,
            skulls=sc.skulls,
            ending=sc.ending,
            tagback_prompt=sc.tagback_prompt,
            mode=sc.mode,
            bot=sc.bot.colour if sc.bot is not None else None,
            end_turn_prompt=sc.end_turn_prompt,
            confirm_spending=sc.confirm_spending,
            spawn_prompt=sc.spawn_prompt,
        )
    except ConfigError as exc:
        raise DataError(str(mapping.get("_source", "scenario")), "", exc.field, exc.problem) from None


def from_scenario(g: Game, mapping: Mapping[str, Any]) -> None:
    sc = _parse(mapping)
    source = str(mapping.get("_source", "scenario"))
    cards, arena = g.cards, g.arena

    def fail(entry: str, field: str, problem: str) -> DataError:
        return DataError(source, entry, field, problem)

    colours = [p.colour for p in sc.players]
    # Every figure that can hold or give tokens: the players, then the bot.
    figures = colours + ([sc.bot.colour] if sc.bot is not None else [])
    used_weapons: list[str] = []
    used_powerups: list[str] = []
    boards: list[ScenarioFigure] = [*sc.players, *([sc.bot] if sc.bot is not None else [])]
    for sp in boards:
        entry = f"player {sp.colour}" if isinstance(sp, ScenarioPlayer) else "bot"
        if sp.square is not None and sp.square not in arena.pos:
            raise fail(entry, "square", f"{sp.square} is not a square of {arena.id}")
        # Tokens come from the other figures in the game: a colour nobody plays could never
        # be scored, and nobody damages or marks themselves - except that in Domination a
        # spawnpoint strikes back with a token in your own colour.
        for field, tokens in (("damage", sp.damage), ("marks", list(sp.marks))):
            for c in tokens:
                if c not in FIGURES:
                    raise fail(entry, field, f"'{c}' is not a figure colour")
                if c not in figures:
                    raise fail(entry, field, f"'{c}' is not playing")
                if c == sp.colour and not (field == "damage" and sc.mode == "domination"):
                    raise fail(entry, field, f"{c} cannot hold their own tokens")
        if len(sp.damage) > MAX_DAMAGE:
            raise fail(entry, "damage", "a board holds at most 12 damage")
        for c, n in sp.marks.items():
            if not 0 <= n <= MAX_MARKS or c == sp.colour:
                raise fail(entry, f"marks.{c}", "0-3 marks from each other player")
        if not isinstance(sp, ScenarioPlayer):
            continue
        for c, n in sp.ammo.items():
            if not 0 <= n <= 3:
                raise fail(entry, f"ammo.{c}", "0-3 cubes of each colour")
        if len(sp.weapons) > 3:
            raise fail(entry, "weapons", "at most 3 weapons")
        for w in sp.weapons:
            wid = w if isinstance(w, str) else w.id
            if wid not in cards.weapons:
                raise fail(entry, "weapons", f"unknown weapon '{wid}'")
            if wid in used_weapons:
                raise fail(entry, "weapons", f"there is one '{wid}' and it is already held")
            used_weapons.append(wid)
        for card in sp.powerups:
            if card not in cards.powerup_deck():
                raise fail(entry, "powerups", f"unknown powerup '{card}' (write kind-colour, e.g. newton-red)")
            used_powerups.append(card)
        if len(sp.powerups) > 3:
            raise fail(entry, "powerups", "at most 3 powerups")
    for field, c in (("active", sc.active), ("first_player", sc.first_player), ("frenzy_trigger", sc.frenzy_trigger)):
        if c is not None and c not in colours:
            raise fail("", field, f"'{c}' is not playing")
    for i, entry in enumerate(sc.killshot_track):
        if not 1 <= len(entry) <= 2 or any(c not in figures for c in entry):
            raise fail("", f"killshot_track.{i}", "each entry is [killer] or [killer, killer], colours of players")
    if sc.turret is not None or (sc.mode == "turret" and sc.ammo_tiles):
        if sc.mode != "turret" or sc.ammo_tiles:
            raise fail("", "turret", "mode: turret has a turret board and no ammo tiles on the squares")
        for sq, owner in sc.turret.turrets.items():
            if sq not in arena.pos or sq in arena.spawn_colour_at:
                raise fail("", f"turret.turrets.{sq}", "turrets stand on squares without a spawnpoint")
            if owner not in colours:
                raise fail("", f"turret.turrets.{sq}", f"'{owner}' is not playing")
    if sc.domination is not None:
        if sc.mode != "domination":
            raise fail("", "domination", "spawnpoint tracks belong to mode: domination")
        for spawn, tokens in sc.domination.items():
            if any(c not in figures for c in tokens):
                raise fail("", f"domination.{spawn}", "tokens are colours of figures in the game")

    # Cards not placed by the scenario form the decks, shuffled by the seed.
    rack_spec = sc.racks
    weapons_pool = sorted(cards.weapons)
    for wid in used_weapons:
        weapons_pool.remove(wid)
    racks: dict[str, list[str | None]] = {}
    if rack_spec is not None:
        for colour in SPAWN_COLOURS:
            if colour not in rack_spec:
                continue  # dealt from the deck below, like a new game
            slots = list(rack_spec[colour])
            if len(slots) > 3:
                raise fail("", f"racks.{colour}", "a rack has 3 slots")
            for wid in slots:
                if wid is None:
                    continue
                if wid not in weapons_pool:
                    raise fail("", f"racks.{colour}", f"weapon '{wid}' is unknown or already in use")
                weapons_pool.remove(wid)
            racks[colour] = slots + [None] * (3 - len(slots))
    powerup_pool = cards.powerup_deck()
    for card in used_powerups:
        if card not in powerup_pool:
            raise fail("", "powerups", f"more copies of '{card}' than the deck holds")
        powerup_pool.remove(card)
    ammo_pool = cards.ammo_deck()
    tiles: dict[str, str | None] = {}
    if sc.ammo_tiles is not None:
        for sq, code in sc.ammo_tiles.items():
            if sq not in arena.pos or sq in arena.spawn_colour_at:
                raise fail("", f"ammo_tiles.{sq}", "ammo tiles go on squares without a spawnpoint")
            if code is not None:
                if code not in ammo_pool:
                    raise fail("", f"ammo_tiles.{sq}", f"unknown or exhausted ammo tile '{code}'")
                ammo_pool.remove(code)
            tiles[sq] = code

    rng = g.rng
    rng.shuffle(weapons_pool)
    rng.shuffle(powerup_pool)
    rng.shuffle(ammo_pool)

    def take(pool: list[str], cards: list[str], field: str, what: str) -> None:
        for card in cards:
            if card not in pool:
                raise fail("", f"decks.{field}", f"'{card}' is not left in the {what}")
            pool.remove(card)

    # The cards the scenario puts on top of the decks or in the discards are set apart first,
    # so that dealing the unspecified racks and tiles cannot use them up.
    take(weapons_pool, sc.decks.weapons, "weapons", "weapons deck")
    take(powerup_pool, sc.decks.powerups, "powerups", "powerup deck")
    take(ammo_pool, sc.decks.ammo, "ammo", "ammo deck")
    discards: dict[str, list[str]] = {}
    for what, pool, spec in (
        ("powerup", powerup_pool, sc.decks.powerup_discard),
        ("ammo", ammo_pool, sc.decks.ammo_discard),
    ):
        if spec != "rest":
            take(pool, spec, f"{what}_discard", f"{what} deck")
            discards[what] = list(spec)
    for colour in SPAWN_COLOURS:
        if colour not in racks:
            # Weapons held by the players may leave too few to fill every slot.
            racks[colour] = [weapons_pool.pop() if weapons_pool else None for _ in range(3)]
    racks = {c: racks[c] for c in SPAWN_COLOURS}
    # In a mode without tiles on the squares (Turret) the stack keeps them: the top of the
    # stack stays what `decks.ammo` names.
    for sq in arena.squares if g.mode.tiles_on_squares else ():
        if sq not in arena.spawn_colour_at and sq not in tiles:
            if not ammo_pool:
                raise fail("", "decks.ammo_discard", "no ammo tiles left to deal to the squares")
            tiles[sq] = ammo_pool.pop()
    for what, pool, spec in (
        ("powerup", powerup_pool, sc.decks.powerup_discard),
        ("ammo", ammo_pool, sc.decks.ammo_discard),
    ):
        if spec == "rest":
            discards[what] = list(pool)
            pool.clear()
    weapon_deck = weapons_pool + list(reversed(sc.decks.weapons))  # drawing pops from the end
    powerup_deck = powerup_pool + list(reversed(sc.decks.powerups))
    ammo_deck = ammo_pool + list(reversed(sc.decks.ammo))
    g.board = Board(
        racks,
        tiles,
        weapon_deck,
        powerup_deck,
        discards["powerup"],
        ammo_deck,
        discards["ammo"],
        sc.skulls,
        [list(e) for e in sc.killshot_track],
        sc.untracked_kills,
    )

    for sp in sc.players:
        p = Player(sp.colour, sp.name or g.config.name_of(sp.colour))
        p.square = sp.square
        p.damage = list(sp.damage)
        # A board already at the killshot was killed during this turn: it is scored when the
        # turn ends (and can still take the overkill), exactly as if the shot had just landed.
        p.killed = len(p.damage) >= KILLSHOT
        p.marks = {c: n for c, n in sp.marks.items() if n}
        p.skulls = sp.skulls
        p.frenzy_board = sp.frenzy_board
        p.frenzy_actions = sp.frenzy_actions
        p.ammo = {c: sp.ammo.get(c, 0) for c in CUBES}
        p.weapons = [HeldWeapon(w) if isinstance(w, str) else HeldWeapon(w.id, w.loaded) for w in sp.weapons]
        p.powerups = list(sp.powerups)
        p.score = sp.score
        g.players[sp.colour] = p
    if sc.bot is not None:
        from adrenaline_tui.rules.setup import bot_figure

        bot = bot_figure(g, sc.bot.colour)
        bot.square = sc.bot.square
        bot.damage = list(sc.bot.damage)
        bot.killed = len(bot.damage) >= KILLSHOT
        bot.marks = {c: n for c, n in sc.bot.marks.items() if n}
        bot.skulls = sc.bot.skulls
        bot.frenzy_board = sc.bot.frenzy_board
        bot.score = sc.bot.score
        g.players[bot.colour] = bot
    for rules in g.rules:
        rules.load(g, sc)
    active = sc.active or colours[0]
    g.active_index = colours.index(active)
    g.first_index = colours.index(sc.first_player or colours[0])
    g.turn = sc.turn - 1  # play() counts the scenario's turn as it starts
    g.frenzy = sc.frenzy
    g.frenzy_trigger = sc.frenzy_trigger
    if sc.frenzy and sc.frenzy_trigger is None:
        raise fail("", "frenzy_trigger", "a scenario in final frenzy names the player who triggered it")
    # The frenzy starts exactly when the last skull leaves the track; any other combination is
    # a position no game can reach (and would never end, or end at the wrong time).
    if sc.frenzy and g.board.skulls_left and not any(r.frenzy_due(g) for r in g.rules):
        raise fail("", "frenzy", f"final frenzy starts with the last skull, but {g.board.skulls_left} are left")
    if not sc.frenzy and not g.board.skulls_left:
        raise fail("", "killshot_track", "no skull is left: the game is in final frenzy (frenzy: true) or over")
    if sc.frenzy:
        from adrenaline_tui.rules.turn import frenzy_boxes

        trigger = colours.index(sc.frenzy_trigger)
        # Unless the scenario says otherwise, each player gets the box the rules give them; the
        # bot takes no turns, so it has none (as `start_frenzy` in a game played through).
        for colour, actions in frenzy_boxes(g, trigger).items():
            if g.players[colour].frenzy_actions == 0:
                g.players[colour].frenzy_actions = actions
        g.frenzy_turns_left = (trigger - g.active_index) % len(colours) + 1
    g.start_actions_taken = sc.actions_taken
    dupes = [c for c, n in Counter(colours).items() if n > 1]
    if dupes:
        raise fail("", "players", f"colour used twice: {', '.join(dupes)}")
