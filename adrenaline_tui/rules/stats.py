"""The story of a game in figures, computed from the engine's events (docs/stats.md).

Everything here reads `Event`s the rules emitted while a save was replayed; nothing reads the UI
or guesses from a screen. The figures are defined in docs/stats.md; `game_stats` returns the
stable, versioned shape that `adrenaline stats --json` prints.

One mechanism: each event kind has a handler in `HANDLERS`. A game mode whose rules emit events
of their own (a spawnpoint tagged, a turret firing) adds its handlers with `register`; the base
handlers never test which mode is on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from adrenaline_tui.rules.cards import powerup_kind
from adrenaline_tui.rules.decision import Event
from adrenaline_tui.rules.state import KILLSHOT, MAX_DAMAGE, MODE_NAMES

if TYPE_CHECKING:
    from adrenaline_tui.rules.game import Game

STATS_FORMAT = "adrenaline-stats"
STATS_VERSION = 1
SCOPE = "targeting-scope"
OTHER_SOURCE = "other"  # damage not dealt by a weapon or a Targeting Scope (a variant's turret)
FINAL = "final"  # the timeline's last point: the end-of-game scoring


@dataclass(slots=True)
class Start:
    """The position a replay starts from: nothing for a new game, a scenario's board otherwise."""

    turn: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    damage: dict[str, list[str]] = field(default_factory=dict)
    killshot_track: list[list[str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "scores": dict(self.scores),
            "damage": {c: list(d) for c, d in self.damage.items()},
            "killshot_track": [list(e) for e in self.killshot_track],
        }


def figures_of(game: Game) -> list[str]:
    """Every board the figures count: the seats in seat order, then the bot (shot, killed and
    scored like a player, so it deals, takes and scores like one; docs/rulings.md)."""
    return list(game.seats) + list(game.unseated)


def starting_position(game: Game) -> Start:
    """The scenario's scores, damage and killshot track (already checked when the save loaded)."""
    seats = figures_of(game)
    start = Start(scores=dict.fromkeys(seats, 0), damage={c: [] for c in seats})
    sc = game.scenario
    if not sc:
        return start
    start.turn = int(sc.get("turn", 1)) - 1
    for p in sc.get("players", []):
        colour = p.get("colour")
        if colour in start.scores:
            start.scores[colour] = int(p.get("score", 0))
            start.damage[colour] = [str(c) for c in p.get("damage", [])]
    start.killshot_track = [[str(c) for c in e] for e in sc.get("killshot_track", [])]
    return start


@dataclass(slots=True)
class Tally:
    """The figures so far, updated event by event."""

    seats: list[str]  # every figure counted: the seats, then the bot
    start: Start
    turn: int = 0
    active: str | None = None
    frenzy_turn: int | None = None
    finished: bool = False
    scores: dict[str, int] = field(default_factory=dict)
    timeline: list[dict[str, Any]] = field(default_factory=list)
    damage: dict[str, dict[str, int]] = field(default_factory=dict)  # target -> attacker -> tokens
    kills: list[dict[str, Any]] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # player -> figure -> n
    weapons: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)  # player -> source -> n
    turns: list[dict[str, Any]] = field(default_factory=list)  # per turn: active, damage, points, kills
    # What is firing now: (player, weapon), and whether the next hit is that player's Targeting Scope.
    source: tuple[str, str] | None = None
    scope: str | None = None
    owed: dict[tuple[str, str], int] = field(default_factory=dict)  # (killer, victim) -> unavenged kills

    @classmethod
    def begin(cls, seats: Sequence[str], start: Start) -> Tally:
        t = cls(list(seats), start, turn=start.turn)
        t.scores = {c: start.scores.get(c, 0) for c in seats}
        t.damage = {c: dict.fromkeys(seats, 0) for c in seats}
        for target, tokens in start.damage.items():
            for attacker in tokens:
                if target in t.damage and attacker in t.damage[target]:
                    t.damage[target][attacker] += 1
        t.counts = {c: dict.fromkeys(COUNTED, 0) for c in seats}
        t.weapons = {c: {} for c in seats}
        t.timeline.append({"turn": start.turn, "scores": dict(t.scores)})
        return t

    def count(self, player: str, figure: str, n: int = 1) -> None:
        """Add to a player's figure; a mode's handler may count figures of its own (they appear
        in `players` beside the standard ones)."""
        row = self.counts.get(player)
        if row is not None:
            row[figure] = row.get(figure, 0) + n

    def weapon(self, player: str, source: str) -> dict[str, int]:
        return self.weapons.setdefault(player, {}).setdefault(source, {"shots": 0, "damage": 0})

    @property
    def this_turn(self) -> dict[str, Any] | None:
        return self.turns[-1] if self.turns and not self.finished else None


COUNTED = (
    "kills",
    "deaths",
    "overkills",
    "first_bloods",
    "damage_dealt",
    "damage_wasted",
    "marks_dealt",
    "marks_wasted",
    "revenge_kills",
    "shots",
)

Handler = Callable[[Tally, Mapping[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def register(kind: str) -> Callable[[Handler], Handler]:
    """Add the handler for one event kind (a game mode adds its own kinds this way)."""

    def add(handler: Handler) -> Handler:
        HANDLERS[kind] = handler
        return handler

    return add


@register("turn")
def _turn(t: Tally, d: Mapping[str, Any]) -> None:
    t.turn = int(d["turn"])
    t.active = d["player"]
    t.source = t.scope = None
    t.turns.append({"turn": t.turn, "player": t.active, "damage": 0, "points": 0, "kills": 0})


@register("turn_end")
def _turn_end(t: Tally, d: Mapping[str, Any]) -> None:
    t.timeline.append({"turn": t.turn, "scores": dict(t.scores)})


@register("frenzy")
def _frenzy(t: Tally, d: Mapping[str, Any]) -> None:
    t.frenzy_turn = t.turn


@register("shoot")
def _shoot(t: Tally, d: Mapping[str, Any]) -> None:
    t.source = (d["player"], d["weapon"])
    t.scope = None
    t.weapon(d["player"], d["weapon"])["shots"] += 1
    t.count(d["player"], "shots")


@register("powerup")
def _powerup(t: Tally, d: Mapping[str, Any]) -> None:
    if powerup_kind(d["powerup"]) == SCOPE:
        t.scope = d["player"]


@register("damaged")
def _damaged(t: Tally, d: Mapping[str, Any]) -> None:
    attacker, target = d["attacker"], d["target"]
    tokens = int(d["placed"]) + int(d["converted"])
    row = t.damage.get(target)
    if row is not None and attacker in row:
        row[attacker] += tokens
    t.count(attacker, "damage_dealt", tokens)
    t.count(attacker, "damage_wasted", int(d["wasted"]))
    if t.scope == attacker:
        source = SCOPE
        t.scope = None
    elif t.source is not None and t.source[0] == attacker:
        source = t.source[1]
    else:
        source = OTHER_SOURCE
    if attacker in t.weapons:
        t.weapon(attacker, source)["damage"] += tokens
    turn = t.this_turn
    if turn is not None and turn["player"] == attacker:
        turn["damage"] += tokens


@register("marked")
def _marked(t: Tally, d: Mapping[str, Any]) -> None:
    placed = int(d["placed"])
    t.count(d["attacker"], "marks_dealt", placed)
    t.count(d["attacker"], "marks_wasted", int(d["amount"]) - placed)


@register("scored")
def _scored(t: Tally, d: Mapping[str, Any]) -> None:
    awards = d.get("awards") or []
    turn = t.this_turn
    for a in awards:
        player, points = a["player"], int(a["points"])
        if player in t.scores:
            t.scores[player] += points
        if a["reason"] == "first blood":
            t.count(player, "first_bloods")
        if turn is not None and turn["player"] == player:
            turn["points"] += points
    board = d.get("board")
    # A board scored during play (not at the end) is a death: its killshot and overkill tokens
    # are what the killshot track receives, so kills counted here agree with the track.
    if d.get("final") or board not in t.scores:
        return
    damage = d.get("damage") or []
    if len(damage) < KILLSHOT:
        return
    killer = damage[KILLSHOT - 1]
    overkill = len(damage) >= MAX_DAMAGE
    revenge = t.owed.get((board, killer), 0) > 0
    if revenge:
        t.owed[(board, killer)] -= 1
        t.count(killer, "revenge_kills")
    t.owed[(killer, board)] = t.owed.get((killer, board), 0) + 1
    t.count(killer, "kills")
    t.count(board, "deaths")
    if overkill:
        t.count(damage[MAX_DAMAGE - 1], "overkills")
    t.kills.append({"turn": t.turn, "killer": killer, "victim": board, "overkill": overkill, "revenge": revenge})
    if turn is not None and turn["player"] == killer:
        turn["kills"] += 1


@register("game_over")
def _game_over(t: Tally, d: Mapping[str, Any]) -> None:
    t.finished = True
    t.timeline.append({"turn": FINAL, "scores": dict(t.scores)})


def tally(events: Iterable[Event], seats: Sequence[str], start: Start | None = None) -> Tally:
    """Run `events` (from the start of a game, or its first part) through the handlers."""
    t = Tally.begin(seats, start or Start(scores=dict.fromkeys(seats, 0)))
    handlers = HANDLERS
    for e in events:
        handler = handlers.get(e.kind)
        if handler is not None:
            handler(t, e.data)
    return t


# ------------------------------------------------------------------ the figures
def game_stats(game: Game, upto: int | None = None, decisions: int | None = None) -> dict[str, Any]:
    """The figures of `game`, from its events (the first `upto` of them, if given, which is the
    game after `decisions` of its decisions)."""
    events = game.events if upto is None else game.events[:upto]
    every = figures_of(game)
    t = tally(events, every, starting_position(game))
    names = {c: game.players[c].name for c in every}
    made = len(game.history) if decisions is None else decisions
    stats = figures(t, names, arena=game.config.arena, decisions=made, bots=game.unseated)
    stats["arena_name"] = game.arena.name
    stats["mode"] = game.config.mode
    return stats


def figures(
    t: Tally, names: Mapping[str, str], *, arena: str, decisions: int, bots: Sequence[str] = ()
) -> dict[str, Any]:
    """The figures of the tally. `t.seats` holds every figure counted; those in `bots` (the bot)
    are listed under "bots", not "seats": they have an entry everywhere but no seat."""
    every = t.seats
    players: dict[str, Any] = {}
    for c in every:
        nemesis, most = _nemesis(t, c)
        players[c] = {
            "name": names.get(c, c),
            "score": t.scores[c],
            **t.counts[c],
            "damage_taken": sum(t.damage[c].values()),
            "nemesis": nemesis,
            "nemesis_damage": most,
            "weapons": {w: dict(v) for w, v in sorted(t.weapons[c].items())},
        }
    # Damage dealt counts tokens placed during the replay; tokens already on a board at the start
    # of a scenario are in the matrix (they were received) but dealt by nobody we saw.
    return {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        "arena": arena,
        "seats": [c for c in every if c not in bots],
        "bots": [c for c in every if c in bots],
        "finished": t.finished,
        "decisions": decisions,
        "last_turn": t.turn,
        "frenzy_turn": t.frenzy_turn,
        "start": t.start.as_dict(),
        "timeline": [{"turn": p["turn"], "scores": dict(p["scores"])} for p in t.timeline],
        "kills": [dict(k) for k in t.kills],
        "damage": {target: dict(row) for target, row in t.damage.items()},
        "players": players,
        "turns": [dict(x) for x in t.turns],
        "awards": awards(t, names),
    }


def _nemesis(t: Tally, victim: str) -> tuple[str | None, int]:
    """Who put the most tokens on `victim`'s board (ties: earlier in seat order)."""
    row = t.damage[victim]
    best, most = None, 0
    for attacker in t.seats:
        n = row[attacker]
        if attacker != victim and n > most:
            best, most = attacker, n
    return best, most


def _leaders(t: Tally, key: Callable[[str], tuple[int, ...]]) -> list[str]:
    values = {c: key(c) for c in t.seats}
    top = max(values.values())
    return [c for c in t.seats if values[c] == top] if top[0] > 0 else []


def awards(t: Tally, names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The awards and the numbers behind them (docs/stats.md says how each is decided)."""
    out: list[dict[str, Any]] = []

    def who(cs: Iterable[str]) -> str:
        return " and ".join(names.get(c, c) for c in cs)

    hunters = _leaders(t, lambda c: (t.counts[c]["kills"], t.counts[c]["overkills"], t.counts[c]["damage_dealt"]))
    if hunters:
        c = t.counts[hunters[0]]
        out.append(
            {
                "award": "top_hunter",
                "players": hunters,
                "value": c["kills"],
                "text": f"Top hunter: {who(hunters)}, {c['kills']} kill{'s' * (c['kills'] != 1)}"
                f" ({c['overkills']} overkill{'s' * (c['overkills'] != 1)}, {c['damage_dealt']} damage dealt)",
            }
        )
    for a in t.seats:
        b, ab = _nemesis(t, a)
        if b is None or t.seats.index(b) < t.seats.index(a):
            continue
        back, ba = _nemesis(t, b)
        if back == a:
            out.append(
                {
                    "award": "nemesis_pair",
                    "players": [a, b],
                    "value": ab + ba,
                    "text": f"Nemeses: {names.get(a, a)} and {names.get(b, b)}, {ba} damage one way and {ab} the other",
                }
            )
    avengers = _leaders(t, lambda c: (t.counts[c]["revenge_kills"],))
    if avengers:
        n = t.counts[avengers[0]]["revenge_kills"]
        out.append(
            {
                "award": "most_revenge",
                "players": avengers,
                "value": n,
                "text": f"Most revenge: {who(avengers)}, {n} kill{'s' * (n != 1)} of a player who had killed them",
            }
        )
    if t.turns:
        best = max(t.turns, key=lambda x: (x["damage"], x["points"], -x["turn"]))
        if best["damage"] > 0:
            out.append(
                {
                    "award": "best_turn",
                    "players": [best["player"]],
                    "value": best["damage"],
                    "turn": best["turn"],
                    "text": f"Best single turn: {names.get(best['player'], best['player'])} in turn {best['turn']}, "
                    f"{best['damage']} damage, {best['kills']} kill{'s' * (best['kills'] != 1)}, "
                    f"{best['points']} point{'s' * (best['points'] != 1)}",
                }
            )
    return out


# ------------------------------------------------------------------ as text
def _cut(text: str, width: int) -> str:
    """`text` in at most `width` characters, an ellipsis marking a cut (never cut silently)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def format_stats(s: Mapping[str, Any], weapon_names: Mapping[str, str] | None = None) -> str:
    """The figures as plain text for a terminal or a script's log (no colour needed). Everyone
    is named as on the table (the bot too), weapons by their card names (`weapon_names`: id ->
    name; the JSON keeps the ids)."""
    seats: list[str] = s["seats"]
    every = seats + list(s.get("bots", []))
    players = s["players"]
    name = {c: str(players[c]["name"]) for c in every}
    short = {c: _cut(name[c], 7) for c in every}
    source_names = {SCOPE: "Targeting Scope", OTHER_SOURCE: "other", **(weapon_names or {})}
    mode = MODE_NAMES.get(s.get("mode", "standard"), "Standard")
    lines = [
        f"{mode}, {s.get('arena_name', s['arena'])}, {len(seats)} players"
        + "".join(f" and the bot {name[c]}" for c in every[len(seats) :])
        + f", {s['decisions']} decisions, last turn {s['last_turn']}"
        + ("" if s["finished"] else " (not finished)")
        + (f", final frenzy from turn {s['frenzy_turn']}" if s["frenzy_turn"] is not None else ""),
        "",
        f"{'player':<20}{'points':>7}{'kills':>6}{'deaths':>7}{'overkills':>10}{'first bl.':>10}"
        f"{'dealt':>6}{'taken':>6}{'wasted':>7}{'marks':>6}",
    ]
    for c in every:
        p = players[c]
        lines.append(
            f"{_cut(name[c], 19):<20}{p['score']:>7}{p['kills']:>6}{p['deaths']:>7}{p['overkills']:>10}"
            f"{p['first_bloods']:>10}{p['damage_dealt']:>6}{p['damage_taken']:>6}{p['damage_wasted']:>7}"
            f"{p['marks_dealt']:>6}"
        )
    lines += ["", "damage taken (rows) by whom (columns):", " " * 14 + "".join(f"{short[c]:>8}" for c in every)]
    for target in every:
        row = s["damage"][target]
        lines.append(f"  {_cut(name[target], 12):<12}" + "".join(f"{row.get(a, 0):>8}" for a in every))
    if any(s["damage"][c].get(c, 0) for c in every):
        # Nobody damages themselves; a token in one's own colour is a spawnpoint striking back.
        lines.append("  (a player's own column: damage from the spawnpoints striking back)")
    lines += ["", "points after each turn:"]
    for point in s["timeline"]:
        label = "end" if point["turn"] == FINAL else f"turn {point['turn']}"
        lines.append(f"  {label:>9}  " + "  ".join(f"{short[c]} {point['scores'].get(c, 0):>3}" for c in every))
    if s["kills"]:
        lines += ["", "kills:"]
        for k in s["kills"]:
            extra = ", ".join(x for x, on in (("overkill", k["overkill"]), ("revenge", k["revenge"])) if on)
            lines.append(
                f"  turn {k['turn']:>3}: {name[k['killer']]} kills {name[k['victim']]}"
                + (f" ({extra})" if extra else "")
            )
    lines += ["", "weapons (shots, damage):"]
    for c in every:
        used = players[c]["weapons"]
        text = (
            ", ".join(
                f"{source_names.get(w, w)} {v['shots']}x {v['damage']}"
                if v["shots"]
                else f"{source_names.get(w, w)} +{v['damage']}"
                for w, v in used.items()
            )
            or "-"
        )
        lines.append(f"  {name[c]}: {text}")
    if s["awards"]:
        lines += ["", "awards:"]
        lines += [f"  {a['text']}" for a in s["awards"]]
    return "\n".join(lines)
