"""The figures of a game (rules/stats.py, docs/stats.md), checked against what the rules recorded
elsewhere: the final `to_json` (scores, killshot track, boards) and the scored boards' tokens."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from adrenaline_tui.cli import main
from adrenaline_tui.rules import Event, Game, GameConfig
from adrenaline_tui.rules.state import KILLSHOT, MAX_DAMAGE, MODE_NAMES
from adrenaline_tui.rules.stats import (
    FINAL,
    HANDLERS,
    STATS_FORMAT,
    STATS_VERSION,
    figures_of,
    format_stats,
    game_stats,
    register,
    tally,
)
from tests.golden.playthrough import SCENARIO, golden_game
from tests.rules.test_properties import play_random
from tests.strategies import configs, mode_configs


def received(game: Game) -> dict[str, Counter]:
    """Tokens each board received over the game, read from the boards the rules scored (each
    death, then the end) and whatever is still on a board: not from the `damaged` events."""
    out = {c: Counter() for c in figures_of(game)}
    for e in game.events:
        if e.kind == "scored" and e.data.get("board") in out and not e.data.get("final"):
            out[e.data["board"]].update(e.data["damage"])
    for p in boards(game.to_json()):
        out[p["colour"]].update(p["damage"])
    return out


def boards(state: dict) -> list[dict]:
    """Every board of a state: the players', then the bot's."""
    return state["players"] + ([state["bot"]] if state.get("bot") else [])


def check_against_the_game(game: Game, stats: dict, start_track: list) -> None:
    state = game.to_json()
    every = figures_of(game)
    scores = {p["colour"]: p["score"] for p in boards(state)}
    # Points over time end at the final scores (the bot's too: its points are kept).
    assert stats["timeline"][-1]["scores"] == scores
    assert {c: stats["players"][c]["score"] for c in every} == scores
    assert stats["seats"] + stats["bots"] == every
    # The damage matrix: each row is the tokens that board received, attacker by attacker.
    for target, counter in received(game).items():
        assert stats["damage"][target] == {a: counter.get(a, 0) for a in every}
        assert stats["players"][target]["damage_taken"] == counter.total()
    # Kills: the killshot track's new entries (a skull taken, or a frenzy kill), one per kill;
    # a mode without the track: each board scored during play, its 11th and 12th tokens.
    if game.config.mode == "standard":
        new_entries = state["killshot_track"][len(start_track) :]
    else:
        new_entries = [
            e.data["damage"][KILLSHOT - 1 : MAX_DAMAGE]
            for e in game.events
            if e.kind == "scored" and e.data.get("board") in every and not e.data.get("final")
        ]
    assert [k["killer"] for k in stats["kills"]] == [e[0] for e in new_entries]
    assert [k["overkill"] for k in stats["kills"]] == [len(e) == 2 for e in new_entries]
    for c in every:
        p = stats["players"][c]
        assert p["kills"] == sum(e[0] == c for e in new_entries)
        assert p["overkills"] == sum(len(e) == 2 and e[1] == c for e in new_entries)
        assert p["deaths"] == sum(k["victim"] == c for k in stats["kills"])
    assert sum(p["kills"] for p in stats["players"].values()) == len(new_entries)


def test_the_golden_game_in_figures():
    game = golden_game()
    stats = game_stats(game)
    assert (stats["format"], stats["version"]) == (STATS_FORMAT, STATS_VERSION)
    check_against_the_game(game, stats, SCENARIO["killshot_track"])
    # The exact story (tests/golden/playthrough.txt): it starts in turn 20 at 9/7/12, D-struct-or
    # overkills Banshee in turn 20 (4 skulls were taken, this is the fifth: the frenzy starts),
    # three frenzy turns follow and the end-of-game scoring gives 28/22/31.
    assert stats["start"]["turn"] == 19 and stats["frenzy_turn"] == 20 and stats["last_turn"] == 23
    assert [p["turn"] for p in stats["timeline"]] == [19, 20, 21, 22, 23, FINAL]
    assert [p["scores"]["yellow"] for p in stats["timeline"]] == [9, 15, 15, 15, 15, 28]
    assert [p["scores"]["grey"] for p in stats["timeline"]] == [12, 17, 17, 17, 17, 31]
    assert [p["scores"]["blue"] for p in stats["timeline"]] == [7, 7, 7, 7, 7, 22]
    assert stats["kills"] == [{"turn": 20, "killer": "yellow", "victim": "blue", "overkill": True, "revenge": False}]
    # Banshee started with 7 tokens, died with 12 and holds 5 more: 17 received, 8 + 9.
    assert stats["damage"]["blue"] == {"yellow": 8, "blue": 0, "grey": 9}
    assert stats["damage"]["yellow"] == {"yellow": 0, "blue": 5, "grey": 1}
    assert stats["damage"]["grey"] == {"yellow": 4, "blue": 4, "grey": 0}
    yellow = stats["players"]["yellow"]
    assert (yellow["kills"], yellow["overkills"], yellow["deaths"], yellow["first_bloods"]) == (1, 1, 0, 1)
    assert yellow["weapons"] == {
        "grenade-launcher": {"shots": 1, "damage": 3},
        "lock-rifle": {"shots": 1, "damage": 2},
        "targeting-scope": {"shots": 0, "damage": 1},
    }
    assert stats["players"]["blue"]["weapons"] == {"machine-gun": {"shots": 2, "damage": 4}}
    # Damage dealt in the replay is the weapons' damage (the start's tokens were dealt before it).
    for c in game.seats:
        p = stats["players"][c]
        assert p["damage_dealt"] == sum(w["damage"] for w in p["weapons"].values())
    assert [a["award"] for a in stats["awards"]] == ["top_hunter", "best_turn"]
    assert stats["awards"][1] == {
        "award": "best_turn",
        "players": ["yellow"],
        "value": 6,
        "turn": 20,
        "text": "Best single turn: D-struct-or in turn 20, 6 damage, 1 kill, 6 points",
    }


@settings(max_examples=6, deadline=None, derandomize=True)
@given(config=configs, seed=st.integers(0, 2**31))
def test_random_complete_games_agree_with_the_final_state(config, seed):
    game = play_random(config, seed)
    stats = game_stats(game)
    check_against_the_game(game, stats, [])
    assert stats["finished"] and stats["timeline"][0]["scores"] == dict.fromkeys(config.players, 0)
    # Every figure is plain JSON.
    assert json.loads(json.dumps(stats)) == stats
    # The figures up to any moment are the start of the whole story.
    half = game_stats(game, upto=len(game.events) // 2)
    assert half["timeline"] == stats["timeline"][: len(half["timeline"])]
    assert half["kills"] == stats["kills"][: len(half["kills"])]


@settings(max_examples=6, deadline=None, derandomize=True)
@given(config=mode_configs, seed=st.integers(0, 2**31))
def test_random_games_of_every_mode_with_the_bot_agree_with_the_final_state(config, seed):
    """The bot deals, takes and scores like a player: its kills, its board and its points are
    in the figures (a kill by the bot closed `stats` and the figures screen: issue 23, 1)."""
    game = play_random(config, seed)
    stats = game_stats(game)
    check_against_the_game(game, stats, [])
    text = format_stats(stats, {w: c.name for w, c in game.cards.weapons.items()})
    for c in figures_of(game):
        assert game.players[c].name in text
    # A name cut to fit a column says so: "D-struc…", never "D-struc" (issue 23, finding 12).
    lines = text.splitlines()
    header = lines[lines.index("damage taken (rows) by whom (columns):") + 1]
    columns = [header[14 + 8 * i : 22 + 8 * i].strip() for i in range(len(figures_of(game)))]
    names = [game.players[c].name for c in figures_of(game)]
    assert all(
        col == n or (col.endswith("…") and n.startswith(col[:-1])) for col, n in zip(columns, names, strict=True)
    )
    assert text.startswith(MODE_NAMES[game.config.mode] + ", ")  # the kind of game, first
    own = any(stats["damage"][c].get(c, 0) for c in figures_of(game))
    assert ("striking back" in text) == own


def test_a_kill_by_the_bot_is_in_the_figures_and_the_text():
    config = GameConfig(players=("yellow", "blue", "grey"), skulls=5, bot="purple")
    games = (play_random(config, seed) for seed in range(40))
    game = next(g for g in games if any(k["killer"] == "purple" for k in game_stats(g)["kills"]))
    stats = game_stats(game)
    bot = stats["players"]["purple"]
    assert stats["bots"] == ["purple"] and bot["name"] == "Violet (bot)" and bot["kills"] >= 1
    assert bot["score"] == game.players["purple"].score
    text = format_stats(stats, {w: c.name for w, c in game.cards.weapons.items()})
    assert "Violet (bot) kills" in text
    # Display names, not ids: no weapon id and no colour id in the text.
    for w in game.cards.weapons:
        assert w not in text or game.cards.weapons[w].name.lower() == w
    assert not any(f" {c} " in text for c in ("yellow", "blue", "grey", "purple"))
    assert game.config.arena not in text and game.arena.name in text


def test_revenge_is_a_kill_of_whoever_killed_you_first():
    def scored(board: str, killer: str) -> Event:
        return Event("scored", "", {"board": board, "damage": [killer] * 11, "final": False, "awards": []})

    turn = Event("turn", "", {"turn": 1, "player": "blue"})
    t = tally(
        [turn, scored("blue", "grey"), scored("grey", "blue"), scored("grey", "blue")], ["yellow", "blue", "grey"]
    )
    assert [k["revenge"] for k in t.kills] == [False, True, False]
    assert t.counts["blue"]["revenge_kills"] == 1


def test_a_mode_adds_its_own_events_and_figures():
    @register("test-spawnpoint-tagged")
    def tagged(t, d):
        t.count(d["player"], "spawnpoints_tagged")

    try:
        events = [Event("test-spawnpoint-tagged", "", {"player": "grey"})] * 2
        t = tally(events, ["yellow", "blue", "grey"])
        assert t.counts["grey"]["spawnpoints_tagged"] == 2 and "spawnpoints_tagged" not in t.counts["blue"]
    finally:
        del HANDLERS["test-spawnpoint-tagged"]


def test_stats_command(tmp_path, capsys):
    game = golden_game()
    path = tmp_path / "golden.json"
    game.save(path)
    assert main(["stats", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == game_stats(game)
    assert main(["stats", str(path)]) == 0
    text = capsys.readouterr().out
    assert "D-struct-or kills Banshee (overkill)" in text and "Top hunter: D-struct-or" in text


def test_stats_of_a_bad_save_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "adrenaline-save", "version": 1, "config": {"players": ["red"]}, "seed": 1, "choices": []}'
    )
    assert main(["stats", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad game settings" in err
    assert main(["stats", str(tmp_path / "missing.json")]) == 2
    assert "no such save file" in capsys.readouterr().err
