"""The figures of a finished game from its save, and `adrenaline stats` for a Bloodrush save."""

import json
import subprocess
import sys

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.figures import _decided_by, format_figures, game_figures, placed_by
from adrenaline_tui.titles.registry import title

from .test_explain import _deal, _public_key


def _dawn_game() -> Game:
    """The Mozzie drains Violet, the dawn eliminates her: Scarlet wins by survival."""
    g = Game.from_scenario(
        {
            "seats": ["scarlet", "violet"],
            "time": "4 am (first light)",
            "mozzie": {"square": "e4", "heading": "s", "start": "a1"},
            "humans": {"a7": "red-1", "c1": "blue-2"},
            "vampires": {
                "scarlet": {"square": "c6", "blood": 6, "humans": ["red-3", "red-5"]},
                "violet": {"square": "e6", "blood": 7, "humans": ["green-4"]},
            },
            "deck": ["coyote_snack", "donkey_ride"],
            "dice": [2, 1],
        }
    )
    for key in ("move:w", "straight", "collect", "straight"):
        g.choose(key)
    assert g.over
    return g


def test_figures_of_a_survival_victory_with_exact_blood_over_time(tmp_path):
    g = _dawn_game()
    g.save(tmp_path / "save.json")
    f = game_figures(Game.load(tmp_path / "save.json"))
    assert (f["format"], f["finished"], f["end_reason"], f["decisions"]) == ("bloodrush-stats", True, "survival", 4)
    assert f["timeline"] == [
        {"turn": 0, "end": False, "time": "5 am (dawn)", "blood": {"scarlet": 6, "violet": 7}},
        {"turn": 1, "end": False, "time": "5 am (dawn)", "blood": {"scarlet": 5, "violet": 1}},
        {"turn": 1, "end": True, "time": "5 am (dawn)", "blood": {"scarlet": 5, "violet": 0}},
    ]
    assert f["mozzie"]["drains"] == {"scarlet": [], "violet": [{"turn": 0, "lost": 6}]}
    assert f["eliminated"] == {"violet": {"turn": 1, "why": "dawn penalty at 5 am (dawn)"}}
    assert f["blood_lost"] == {"scarlet": {"paid to move": 1}, "violet": {"dawn penalty": 2}}
    first, second = f["ranking"]
    assert (first["seat"], first["place"], first["decided_by"]) == ("scarlet", 1, "survival")
    assert first["tiles"] == [
        {"tile": "red-3", "colour": "red", "value": 3},
        {"tile": "red-5", "colour": "red", "value": 5},
    ]
    assert (first["value"], first["bonus"], first["points"]) == (8, 1, 9)
    assert (second["seat"], second["place"], second["decided_by"]) == ("violet", 2, "survival")


def test_figures_of_a_collection_decided_by_blood():
    # Both end with 2 humans worth 3 points and no colour bonus; Scarlet has more blood.
    g = Game.from_scenario(
        {
            "seats": ["scarlet", "violet"],
            "time_advances": False,
            "mozzie": {"square": "e1", "heading": "s"},
            "humans": {"c5": "blue-2"},
            "vampires": {
                "scarlet": {"square": "c6", "blood": 5, "humans": ["red-1"]},
                "violet": {"square": "a1", "blood": 5, "humans": ["red-2", "blue-1"]},
            },
        }
    )
    g.choose("move:n")
    f = game_figures(g)
    assert f["end_reason"] == "collection"
    assert f["humans_eaten"]["scarlet"] == [
        {"tile": "blue-2", "name": "Schoolteacher", "colour": "blue", "value": 2, "turn": 0}
    ]
    assert [(r["seat"], r["points"], r["blood"], r["decided_by"]) for r in f["ranking"]] == [
        ("scarlet", 3, 9, "blood"),
        ("violet", 3, 5, "blood"),
    ]
    text = format_figures(f)
    assert "1. Scarlet          2 humans (red 1, blue 2), 3 + 0 bonus = 3 points, 9 blood, alive" in text
    assert "placed by: more blood than Violet" in text
    assert "placed by: less blood than Scarlet" in text


def test_placed_by_of_an_eliminated_vampire_says_eliminated_never_still_alive(tmp_path):
    g = _dawn_game()
    text = format_figures(game_figures(g))
    lines = text.splitlines()
    first = lines.index(next(x for x in lines if x.startswith("  1. Scarlet")))
    last = lines.index(next(x for x in lines if x.startswith("  2. Violet")))
    # The winner against the one just below; the last against the one just above.
    assert lines[first + 1] == "     placed by: survived, Violet was eliminated"
    assert lines[last + 1] == "     placed by: eliminated, Scarlet survived"
    assert "still alive" not in text


def test_placed_by_speaks_of_the_one_just_below_and_the_last_of_the_one_above():
    row = {"alive": True, "eliminated_at": None, "humans": 2, "points": 5, "blood": 4}
    rows = [
        {**row, "seat": "scarlet", "humans": 3},
        {**row, "seat": "violet"},
        {**row, "seat": "amber", "blood": 2},
        {**row, "seat": "teal", "alive": False, "eliminated_at": 7},
        {**row, "seat": "ivory", "alive": False, "eliminated_at": 4},
    ]
    names = {r["seat"]: r["seat"].capitalize() for r in rows}
    assert [placed_by(rows, i, names) for i in range(5)] == [
        "more humans than Violet",
        "more blood than Amber",
        "survived, Teal was eliminated",
        "eliminated later than Ivory",
        "eliminated before Teal",
    ]
    assert placed_by([*rows[:2], {**rows[1], "seat": "amber"}], 1, names) == "tied with Amber: they share the place"
    assert placed_by(rows[:1], 0, names) == "the only vampire"


def test_each_step_of_the_victory_order_is_named():
    row = {"alive": True, "eliminated_at": None, "humans": 2, "points": 5, "blood": 4}
    assert _decided_by(row, {**row, "alive": False, "eliminated_at": 3}) == "survival"
    out = {**row, "alive": False}
    assert _decided_by({**out, "eliminated_at": 5}, {**out, "eliminated_at": 3}) == "elimination"
    assert _decided_by(row, {**row, "humans": 1}) == "humans"
    assert _decided_by(row, {**row, "points": 4}) == "points"
    assert _decided_by(row, {**row, "blood": 3}) == "blood"
    assert _decided_by(row, dict(row)) == "tie"


def test_bursts_and_the_mozzies_meals_are_counted():
    g = Game.from_scenario(
        {
            "seats": ["scarlet", "violet"],
            "time_advances": False,
            "mozzie": {"square": "e2", "heading": "s"},
            "humans": {"e3": "green-4", "a7": "red-1"},
            "vampires": {"scarlet": {"square": "a1", "blood": 7}},
            "deck": ["coyote_snack"],
            "dice": [6, 2],
        }
    )
    g.choose("draw")  # 7 + 6: a burst
    g.choose("straight")  # the text's example: the Mozzie eats the Preacher
    f = game_figures(g)
    assert f["bursts"] == {"scarlet": [{"turn": 0, "why": "Coyote Snack"}], "violet": []}
    assert f["mozzie"]["humans_eaten"] == [
        {"tile": "green-4", "name": "Preacher", "colour": "green", "value": 4, "turn": 0}
    ]
    assert f["ranking"] == [] and not f["finished"]


def test_figures_are_the_same_whatever_the_hidden_cards_and_the_deck_order():
    a = _deal((["mask_of_immunity"], ["giant_umbrella", "bug_commander"]), deck_seed=1)
    b = _deal((["bug_commander"], ["mask_of_immunity", "giant_umbrella"]), deck_seed=2)
    for _ in range(60):
        if a.pending is None:
            break
        key = _public_key(a.pending, None)
        a.choose(key)
        b.choose(key)
    assert a.to_json()["vampires"]["violet"]["hand"] != b.to_json()["vampires"]["violet"]["hand"]
    assert game_figures(a) == game_figures(b)


def test_the_registry_gives_bloodrushs_figures():
    engine = title("bloodrush").engine()
    g = _dawn_game()
    assert engine.stats(g) == game_figures(g)
    assert engine.stats_text(g, engine.stats(g)).startswith("Bloodrush, 2 vampires, 4 decisions")


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "adrenaline_tui", *args], capture_output=True, text=True)


def test_adrenaline_stats_reads_a_bloodrush_save_through_the_registry(tmp_path):
    save = tmp_path / "br.json"
    _dawn_game().save(save)
    out = _cli("stats", str(save))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Bloodrush, 2 vampires, 4 decisions, 1 turns, ended by survival")
    data = json.loads(_cli("stats", str(save), "--json").stdout)
    assert data["format"] == "bloodrush-stats" and data["ranking"][0]["seat"] == "scarlet"


def test_a_broken_bloodrush_save_is_refused_in_one_line(tmp_path):
    save = tmp_path / "br.json"
    save.write_text('{"format": "bloodrush-save", "version": 1, "seed": 1, "choices": ["nope"], "config": {}}')
    out = _cli("stats", str(save))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "choice 1 does not replay" in out.stderr
