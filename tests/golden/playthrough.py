"""The golden playthrough: a short seeded game written out decision by decision.

`record()` plays the game in `SCENARIO` with a fixed policy (shoot whenever the action is on
offer, otherwise a seeded random choice that never skips actions) and writes, for every decision:
who decides what, every option offered with its label and the one chosen, the events it caused,
and then what each player may see (`game.view(colour)`), one line per player. The text lives in
`tests/golden/playthrough.txt`; `test_golden.py` replays the game and compares.

Regenerate after an intended rules change, then read the diff before committing it:

    ADRENALINE_GOLDEN=update .venv/bin/python -m pytest tests/golden
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from adrenaline_tui.rules import Decision, Game

GOLDEN = Path(__file__).with_name("playthrough.txt")
SEED = 2016

# Four skulls already taken and one left: the next killshot starts the final frenzy, everyone
# plays one frenzy turn and the game is scored.
SCENARIO: dict[str, Any] = {
    "arena": "arena_12",
    "skulls": 5,
    "ending": "frenzy",
    "killshot_track": [["grey"], ["blue"], ["yellow"], ["grey"]],
    "first_player": "yellow",
    "turn": 20,
    "players": [
        {
            "colour": "yellow",
            "square": "r1c2",
            "damage": ["blue", "blue", "grey"],
            "ammo": {"red": 2, "blue": 1, "yellow": 1},
            "weapons": ["lock-rifle", "grenade-launcher", {"id": "railgun", "loaded": False}],
            "powerups": ["targeting-scope-red", "newton-blue"],
            "score": 9,
        },
        {
            "colour": "blue",
            "square": "r2c3",
            "damage": ["grey", "grey", "yellow", "yellow", "grey", "yellow", "grey"],
            "marks": {"yellow": 1},
            "skulls": 1,
            "ammo": {"red": 1, "blue": 2, "yellow": 0},
            "weapons": ["machine-gun", "shotgun"],
            "powerups": ["tagback-grenade-yellow"],
            "score": 7,
        },
        {
            "colour": "grey",
            "square": "r0c1",
            "damage": ["yellow", "blue", "blue", "yellow", "yellow", "blue"],
            "skulls": 2,
            "ammo": {"red": 2, "blue": 0, "yellow": 2},
            "weapons": ["rocket-launcher", {"id": "cyberblade", "loaded": False}, "zx-2"],
            "powerups": ["teleporter-red", "tagback-grenade-blue"],
            "score": 12,
        },
    ],
}


def policy(rng: random.Random, decision: Decision) -> str:
    keys = decision.keys
    if decision.kind == "action":
        if "shoot" in keys:
            return "shoot"
        if len(keys) > 1:
            keys = [k for k in keys if k != "end"]
    return rng.choice(keys)


def _cubes(ammo: dict[str, int]) -> str:
    return " ".join(f"{c[0].upper()}{ammo[c]}" for c in ("red", "blue", "yellow"))


def render_view(view: dict[str, Any]) -> str:
    """One player's view as one line: everything they may know, hidden things as `?`.

    Per player: square, damage (attackers' initials), marks, cubes, weapons (`?` loaded and
    hidden, `-` after an id: unloaded), powerups, points.
    """
    parts = []
    for p in view["players"]:
        weapons = ",".join(("?" if w["id"] is None else w["id"]) + ("" if w["loaded"] else "-") for w in p["weapons"])
        hidden = p["powerups"] is None
        powerups = ("?" * p["powerup_count"] if hidden else ",".join(p["powerups"])) or "no powerups"
        marks = "".join(f" m:{c[0]}{n}" for c, n in sorted(p["marks"].items()))
        damage = "".join(c[0] for c in p["damage"]) or "-"
        score = "?" if p["score"] is None else p["score"]
        frenzy = " (frenzy board)" if p["frenzy_board"] else ""
        parts.append(
            f"{p['colour']} {p['square']} dmg {damage}{marks}{frenzy} {_cubes(p['ammo'])} "
            f"{weapons or 'no weapons'} {powerups} {score}pts"
        )
    return " | ".join(parts)


def render_board(game: Game) -> str:
    state = game.to_json()
    track = " ".join("+".join(e) for e in state["killshot_track"]) or "-"
    tiles = " ".join(f"{q}:{t or '-'}" for q, t in sorted(state["ammo_tiles"].items()))
    racks = " ".join(f"{c}:[{','.join(w or '-' for w in r)}]" for c, r in state["racks"].items())
    frenzy = " FINAL FRENZY" if state["frenzy"] else ""
    return f"board: skulls left {state['skulls_left']}, killshot track {track}{frenzy}; racks {racks}; tiles {tiles}"


def golden_game() -> Game:
    """The golden game played to its end with the same policy, without the recording."""
    game = Game.from_scenario(SCENARIO, seed=SEED)
    rng = random.Random(SEED)
    while (d := game.pending) is not None:
        game.choose(policy(rng, d))
    return game


def record() -> str:
    game = Game.from_scenario(SCENARIO, seed=SEED)
    rng = random.Random(SEED)
    colours = [p["colour"] for p in SCENARIO["players"]]
    out = ["# Golden playthrough (tests/golden/playthrough.py). Regenerate: ADRENALINE_GOLDEN=update", ""]
    out.append(render_board(game))
    out += [f"{c:6} sees: {render_view(game.view(c))}" for c in colours]
    n = 0
    while (d := game.pending) is not None:
        n += 1
        key = policy(rng, d)
        out.append("")
        out.append(f"#{n} {d.player} {d.kind}: {d.prompt}")
        for o in d.options:
            out.append(f"  {'>' if o.key == key else ' '} {o.key:22} {o.label}")
        events = game.choose(key)
        for e in events:
            out.append(f"    * {e.kind}: {e.text}")
        if any(e.kind == "refilled" for e in events):
            out.append(f"    {render_board(game)}")
        out += [f"    {c:6} sees: {render_view(game.view(c))}" for c in colours]
    out.append("")
    out.append("final ranking: " + ", ".join(f"{r['rank']}. {r['player']} {r['score']}" for r in game.ranking or []))
    return "\n".join(out) + "\n"
