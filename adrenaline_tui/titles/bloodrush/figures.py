"""The story of a Bloodrush game in figures, from its save: blood over time, the humans each
vampire ate, bursts, the Mozzie's encounters, and the final ranking with the step of the
victory order that decided each place.

Everything is read from a replay of the save, one decision at a time, through the public view
(`view(None)`) and the public events (`events_for(None, ...)`): the figures can be shown to
anyone, and they are the same whatever the red cards in hand and the deck's order were.
`game_figures(game)` is the stable JSON shape `adrenaline stats --json` prints; `format_figures`
the text `adrenaline stats` prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adrenaline_tui.titles.bloodrush.views import events_for

if TYPE_CHECKING:
    from adrenaline_tui.titles.bloodrush.game import Game

FIGURES_FORMAT = "bloodrush-stats"
FIGURES_VERSION = 1
# The victory order, in the order it is applied (docs/rulings.md, "Ranking"); `decided_by`
# names the first step that separates a seat from the one ranked just above it.
STEPS = ("survival", "elimination", "humans", "points", "blood")
# What the step that separated two seats next to each other in the ranking says: of the seat
# ahead (against the one just below it) and of the seat behind (against the one just above).
AHEAD_WORDS = {
    "survival": "survived, {other} was eliminated",
    "elimination": "eliminated later than {other}",
    "humans": "more humans than {other}",
    "points": "more points than {other} (values and colour bonuses)",
    "blood": "more blood than {other}",
    "tie": "tied with {other}: they share the place",
}
BEHIND_WORDS = {
    "survival": "eliminated, {other} survived",
    "elimination": "eliminated before {other}",
    "humans": "fewer humans than {other}",
    "points": "fewer points than {other} (values and colour bonuses)",
    "blood": "less blood than {other}",
    "tie": "tied with {other}: they share the place",
}


def _name(game: Game, seat: str) -> str:
    return game.name(seat)


def _decided_by(above: Mapping[str, Any], below: Mapping[str, Any]) -> str:
    """The first step of the victory order that puts `above` before `below`."""
    if above["alive"] != below["alive"]:
        return "survival"
    if not above["alive"] and above["eliminated_at"] != below["eliminated_at"]:
        return "elimination"
    for step in ("humans", "points", "blood"):
        if above[step] != below[step]:
            return step
    return "tie"


def placed_by(rows: list[Mapping[str, Any]], i: int, names: Mapping[str, str]) -> str:
    """Why row `i` of a ranking is where it is: the step of the victory order that separated it
    from the seat ranked just below it, or for the last row from the one just above. (Against
    the one above, as `decided_by` is, the winner's line named the loser's elimination as
    "still alive"; each line now speaks of its own seat.)"""
    if len(rows) < 2:
        return "the only vampire"
    if i + 1 < len(rows):
        other = rows[i + 1]
        words = AHEAD_WORDS[_decided_by(rows[i], other)]
    else:
        other = rows[i - 1]
        words = BEHIND_WORDS[_decided_by(other, rows[i])]
    return words.format(other=names.get(other["seat"], other["seat"])[:16])


def ranking(game: Game) -> list[dict[str, Any]]:
    """The final ranking, each row with `decided_by` (against the row just above it; the first
    row against the second): the step of the victory order that decided that place."""
    rows = [dict(r) for r in game.view(None)["ranking"] or []]
    humans = game.components.human
    for i, r in enumerate(rows):
        tiles = game.view(None)["vampires"][r["seat"]]["humans"]
        r["tiles"] = [{"tile": t, "colour": humans[t].colour, "value": humans[t].value} for t in tiles]
        if len(rows) == 1:
            r["decided_by"] = "survival"
        elif i == 0:
            r["decided_by"] = _decided_by(rows[0], rows[1])
        else:
            r["decided_by"] = _decided_by(rows[i - 1], r)
    return rows


def game_figures(game: Game) -> dict[str, Any]:
    """Replay `game`'s decisions from its start and gather the figures (see the module)."""
    from adrenaline_tui.titles.bloodrush.game import Game as GameClass

    fresh = GameClass(game.config, game.seed, game.scenario)
    seats = list(fresh.vampires)
    humans = fresh.components.human

    def snapshot() -> dict[str, Any]:
        v = fresh.view(None)
        return {
            "turn": v["turn"],
            "end": v["over"],
            "time": v["time"]["label"],
            "blood": {s: v["vampires"][s]["blood"] for s in seats},
        }

    timeline = [snapshot()] if fresh.phase == "turns" else []
    turn = fresh.turn
    eaten: dict[str, list[dict[str, Any]]] = {s: [] for s in seats}
    bursts: dict[str, list[dict[str, Any]]] = {s: [] for s in seats}
    drains: dict[str, list[dict[str, Any]]] = {s: [] for s in seats}
    mozzie_damage: dict[str, int] = dict.fromkeys(seats, 0)
    spared: dict[str, int] = dict.fromkeys(seats, 0)
    mozzie_ate: list[dict[str, Any]] = []
    gained: dict[str, dict[str, int]] = {s: {} for s in seats}
    lost: dict[str, dict[str, int]] = {s: {} for s in seats}
    eliminated: dict[str, dict[str, Any]] = {}

    def read(events: list[Any]) -> None:
        nonlocal turn
        for e in events_for(None, events):
            d = e.data
            if e.kind == "turn":
                turn = d["turn"]
            elif e.kind == "fed":
                h = humans[d["tile"]]
                eaten[d["seat"]].append(
                    {"tile": d["tile"], "name": h.name, "colour": h.colour, "value": h.value, "turn": turn}
                )
            elif e.kind == "burst":
                bursts[d["seat"]].append({"turn": turn, "why": d["why"]})
            elif e.kind == "drained":
                drains[d["seat"]].append({"turn": turn, "lost": -d["change"]})
            elif e.kind == "eaten":
                h = humans[d["tile"]]
                mozzie_ate.append(
                    {"tile": d["tile"], "name": h.name, "colour": h.colour, "value": h.value, "turn": turn}
                )
            elif e.kind == "protected" and "safe in the" in e.text:
                spared[d["seat"]] += 1
            elif e.kind == "blood":
                book = gained if d["change"] >= 0 else lost
                why = _why(d["why"])
                book[d["seat"]][why] = book[d["seat"]].get(why, 0) + abs(d["change"])
                if d["why"] == "the Mozzie on a Damage tile":
                    mozzie_damage[d["seat"]] += -d["change"]
            elif e.kind == "eliminated":
                eliminated[d["seat"]] = {"turn": turn, "why": d["why"]}

    read(fresh.events)
    seen = len(fresh.events)
    for key in game.history:
        before = fresh.turn
        fresh.choose(key)
        read(fresh.events[seen:])
        seen = len(fresh.events)
        if fresh.phase != "setup" and (not timeline or fresh.turn != before or fresh.over):
            timeline.append(snapshot())
    view = fresh.view(None)
    return {
        "format": FIGURES_FORMAT,
        "version": FIGURES_VERSION,
        "title": "bloodrush",
        "seats": seats,
        "names": {s: _name(fresh, s) for s in seats},
        "mozzie_player": fresh.config.mozzie_player,
        "finished": view["over"],
        "end_reason": view["end_reason"],
        "decisions": len(game.history),
        "turns": view["turn"],
        "timeline": timeline,
        "humans_eaten": eaten,
        "bursts": bursts,
        "blood_gained": gained,
        "blood_lost": lost,
        "eliminated": eliminated,
        "mozzie": {
            "drains": drains,
            "damage": mozzie_damage,
            "spared": spared,
            "humans_eaten": mozzie_ate,
        },
        "ranking": ranking(fresh) if view["over"] else [],
    }


def _why(why: str) -> str:
    """A blood event's reason without the hour (`midnight bonus at 11 pm` is a midnight bonus)."""
    for head in ("midnight bonus", "dawn penalty"):
        if why.startswith(head):
            return head
    return why


def format_figures(f: Mapping[str, Any]) -> str:
    """The figures as plain text for a terminal or a script's log."""
    seats: list[str] = f["seats"]
    name = {s: str(f["names"][s]) for s in seats}
    lines = [
        f"Bloodrush, {len(seats)} vampires"
        + (f" and {f['mozzie_player']} on the Mozzie" if f["mozzie_player"] else "")
        + f", {f['decisions']} decisions, {f['turns']} turns"
        + (f", ended by {f['end_reason']}" if f["finished"] else " (not finished)"),
        "",
    ]
    if f["ranking"]:
        lines.append("ranking:")
        for i, r in enumerate(f["ranking"]):
            tiles = ", ".join(f"{t['colour']} {t['value']}" for t in r["tiles"]) or "no humans"
            state = "alive" if r["alive"] else f"eliminated (turn {r['eliminated_at']})"
            lines.append(
                f"  {r['place']}. {name[r['seat']][:16]:<16} {_s(r['humans'], 'human')} ({tiles}), {r['value']} + "
                f"{r['bonus']} bonus = {r['points']} points, {r['blood']} blood, {state}"
            )
            lines.append(f"     placed by: {placed_by(f['ranking'], i, name)}")
        lines.append("")
    lines.append(f"{'vampire':<18}{'ate':>4}{'bursts':>7}{'drained':>8}{'Mozzie dmg':>11}{'gained':>7}{'lost':>6}")
    for s in seats:
        lines.append(
            f"{name[s][:17]:<18}{len(f['humans_eaten'][s]):>4}{len(f['bursts'][s]):>7}"
            f"{len(f['mozzie']['drains'][s]):>8}{f['mozzie']['damage'][s]:>11}"
            f"{sum(f['blood_gained'][s].values()):>7}{sum(f['blood_lost'][s].values()):>6}"
        )
    ate = f["mozzie"]["humans_eaten"]
    lines += [
        "",
        "the Mozzie ate: " + (", ".join(f"{h['name']} ({h['colour']} {h['value']})" for h in ate) or "nobody"),
    ]
    lines += [
        "",
        "blood at the start of each turn:",
        f"{'turn':>6} {'time':<20}" + "".join(f"{name[s][:7]:>8}" for s in seats),
    ]
    for p in f["timeline"]:
        turn = "end" if p["end"] else p["turn"]
        lines.append(f"{turn:>6} {p['time'][:19]:<20}" + "".join(f"{p['blood'][s]:>8}" for s in seats))
    return "\n".join(lines)


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
