"""benchmarks/ai.py, the yardstick of the computer players: its statistics, its rating table for any
set of players, its bounds, and the same figures whichever number of processes plays the games.

The games here are short (three seats, random and easy players); nothing is timed."""

from __future__ import annotations

import importlib.util
import io
import math
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load():
    # benchmarks/ is a folder of scripts, not a package; the module is registered under its own
    # name so its games can be pickled to worker processes (--jobs).
    name = "benchmark_ai"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "ai.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


ai = _load()
QUICK = ["--players", "3", "--ending", "sudden_death"]


def run(*argv: str) -> str:
    out = io.StringIO()
    assert ai.run([*QUICK, *argv], out) == 0
    return out.getvalue()


def result(kinds, ranks, scores=None, index=0):
    scores = scores or tuple(10 - r for r in ranks)
    return ai.GameResult(index, index, "arena_10", tuple(kinds), tuple(scores), tuple(ranks), 0, {}, {})


# --- statistics ---


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        # Newcombe (1998), Statistics in Medicine 17: 857-872, table I, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # issue 27: hard won 273 of 740 against four normal players, 95% CI 33.5-40.4%
        (273, 740, 0.3349, 0.4043),
    ],
)
def test_the_wilson_interval_of_known_cases(wins, n, lo, hi):
    got = ai.wilson(wins, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_the_wilson_interval_of_nothing_is_everything_and_it_stays_within_0_and_1():
    assert ai.wilson(0, 0) == (0.0, 1.0)
    lo, hi = ai.wilson(20, 20)
    assert hi == 1.0 and 0.83 < lo < 0.84


def test_the_mean_and_its_interval():
    mean, lo, hi = ai.mean_ci([1, 2, 3, 4, 5])
    half = 1.959964 * math.sqrt(2.5) / math.sqrt(5)
    assert (mean, lo, hi) == pytest.approx((3, 3 - half, 3 + half))
    assert math.isnan(ai.mean_ci([4])[1])  # one game has no spread to measure


def test_percentiles_are_values_that_occurred():
    xs = [float(x) for x in range(1, 201)]
    assert (ai.percentile(xs, 0.5), ai.percentile(xs, 0.99), ai.percentile(xs, 1.0)) == (100, 198, 200)
    assert ai.percentile([7.0], 0.99) == 7.0


def test_a_shared_first_place_is_a_fraction_of_a_win_and_a_game_gives_one_win():
    assert result("abc", (1, 1, 3)).win_shares() == [0.5, 0.5, 0.0]
    f = ai.figures(
        [result(("hard", "normal", "normal"), (1, 1, 3)), result(("normal", "hard", "normal"), (2, 1, 3))], "hard"
    )
    assert (f.games, f.seats, f.wins) == (2, 1, 1.5)


def test_margins_over_the_best_other_seat_and_over_the_others_mean():
    games = [
        result(("hard", "normal", "normal"), (1, 2, 3), (30, 20, 10)),
        result(("normal", "hard", "normal"), (1, 2, 3), (30, 26, 10)),
    ]
    f = ai.figures(games, "hard")
    assert f.over_best[0] == pytest.approx((10 + -4) / 2)
    assert f.over_mean[0] == pytest.approx((15 + 6) / 2)
    # a player with several seats: one observation a game, the mean over its seats
    g = ai.figures(games[:1], "normal")
    assert g.over_mean[0] == pytest.approx(((20 - 20) + (10 - 25)) / 2)


# --- the rating table ---


def ratings(games):
    return ai.bradley_terry(ai.pairwise(games), {k for g in games for k in g.kinds})


def test_the_rating_of_one_player_says_there_is_nothing_to_rate():
    r = ratings([result(("normal",) * 3, (1, 2, 3))])
    assert r.groups == [] and "one player only (normal)" in r.note


def test_the_rating_of_two_players_without_random_anchors_the_weaker_at_0():
    games = [result(("hard", "normal", "normal"), (1, 2, 3), index=i) for i in range(3)]
    games.append(result(("normal", "hard", "normal"), (1, 2, 3), index=3))
    (group,) = ratings(games).groups
    assert group["normal"] == 0 and group["hard"] > 100
    # hard ranked above a normal seat 7 times and below once; with half a win each way as the prior,
    # two players' odds are exactly 7.5 to 1.5
    assert group["hard"] == pytest.approx(400 * math.log10(7.5 / 1.5), rel=1e-6)


def test_the_rating_of_any_set_of_levels_orders_them_and_a_player_that_never_lost_stays_finite():
    games = []
    for i, (kinds, ranks) in enumerate(
        [
            (("hard", "normal", "easy"), (1, 2, 3)),
            (("easy", "hard", "normal"), (3, 1, 2)),
            (("normal", "easy", "hard"), (1, 3, 2)),
            (("easy", "normal", "hard"), (3, 2, 1)),
        ]
    ):
        games.append(result(kinds, ranks, index=i))
    (group,) = ratings(games).groups
    assert group["easy"] == 0 < group["normal"] < group["hard"] < math.inf


def test_each_rating_has_an_interval_around_it_from_resampled_games_the_same_every_time():
    # every other game in the order of strength, the others in a random order
    rng = random.Random(4)
    order = ("hard", "normal", "easy")
    games = []
    for i in range(60):
        kinds = order[i % 3 :] + order[: i % 3]
        ranks = tuple(rng.sample((1, 2, 3), 3)) if i % 2 else tuple(1 + order.index(k) for k in kinds)
        games.append(result(kinds, ranks, index=i))
    r = ratings(games)
    ci = ai.rating_intervals(games, r)
    (group,) = r.groups
    for k in ("hard", "normal"):
        assert ci[k][0] < group[k] < ci[k][1]
    assert ci == ai.rating_intervals(games, r)


def test_random_is_0_when_it_played_and_players_that_never_met_are_rated_apart():
    games = [result(("easy", "random", "random"), (1, 2, 3)), result(("hard", "normal", "normal"), (1, 2, 3))]
    r = ratings(games)
    assert sorted(sorted(g) for g in r.groups) == [["easy", "random"], ["hard", "normal"]]
    assert next(g for g in r.groups if "random" in g)["random"] == 0
    assert "never met" in r.note


def test_the_printed_rating_table_works_without_random_and_with_one_level():
    # the table that crashed with "min() arg is an empty sequence" when random did not play
    text = run("--match", "easy:normal", "--games", "2")
    lines = text[text.index("rating") : text.index("think time")].splitlines()[2:]
    assert sorted(line.split()[0] for line in lines if line.strip()) == ["easy", "normal"]
    text = run("--match", "normal,normal,normal", "--games", "1")
    assert "one player only (normal): nothing to rate it against" in text


# --- bounds and processes ---


def test_games_bounds_each_match_up_and_the_seats_turn_round_the_table():
    setup, tables = ai.build(ai.options().parse_args([*QUICK, "--match", "easy:random", "--games", "4", "--seed", "9"]))
    (played,) = ai.play_all(setup, tables, ai.Bounds(None))
    assert [r.seed for r in played] == [9, 10, 11, 12]
    assert [r.kinds.index("easy") for r in played] == [0, 1, 2, 0]
    assert [r.arena for r in played] == ["arena_10"] * 3 + ["arena_11a"]
    assert all(sorted(r.ranks)[0] == 1 and len(r.scores) == 3 for r in played)
    assert "3 games in" in run("--match", "random:easy", "--games", "3")


class StopAfter(ai.Bounds):
    """The time bound, reached once `games` games have ended (so nothing is timed)."""

    def __init__(self, games: int) -> None:
        super().__init__(None)
        self.left = games

    def ended(self, _result) -> None:
        self.left -= 1

    def over(self) -> bool:
        if self.left <= 0:
            self.stopped = "stopped by the test"
        return bool(self.stopped)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_time_bound_stops_between_games_and_keeps_the_games_played(jobs):
    setup, tables = ai.build(ai.options().parse_args([*QUICK, "--match", "random:easy", "--match", "easy:random"]))
    bounds = StopAfter(3)
    (played,) = ai.play_all(setup, tables, bounds, jobs, bounds.ended)  # the second match-up never began
    # no game starts once the bound is reached; the games under way (jobs - 1 at most) finish and count
    assert [r.index for r in played] == list(range(len(played)))
    assert 3 <= len(played) <= 3 + jobs - 1
    assert bounds.stopped


def test_the_run_says_it_stopped_early_and_prints_what_it_has():
    text = run("--match", "random:easy", "--games", "5", "--minutes", "0")
    assert "0 games in" in text
    assert "STOPPED EARLY: the time bound (--minutes) was reached" in text
    assert "not played: random vs 2 easy" in text


def test_two_processes_play_the_same_games_as_one():
    argv = [*QUICK, "--match", "easy:random", "--match", "random,easy,random", "--games", "3", "--seed", "5"]
    setup, tables = ai.build(ai.options().parse_args(argv))

    def figures(jobs):
        played = ai.play_all(setup, tables, ai.Bounds(None), jobs)
        return [[(r.seed, r.arena, r.kinds, r.scores, r.ranks, r.decisions) for r in rs] for rs in played]

    one = figures(1)
    assert len(one) == 2 and all(len(rs) == 3 for rs in one)
    assert figures(2) == one


# --- the report ---


def test_the_report_prints_seeds_win_rates_margins_think_time_and_the_run():
    text = run("--match", "easy:random", "--games", "2", "--seed", "3", "--wall")
    assert "game i has seed 3 + i" in text
    assert "easy vs 2 random: 2 games (game seeds 3-4)" in text
    assert "margin over best" in text and "over mean" in text
    assert "think time per decision (CPU ms)" in text and "think time per decision (wall ms)" in text
    assert "1 process playing (of" in text and "load average" in text


@pytest.mark.parametrize(("mode", "bot"), [("domination", False), ("turret", False), ("standard", True)])
def test_the_modes_and_the_bot_are_played_to_the_end(mode, bot):
    argv = [*QUICK, "--match", "easy:random", "--games", "1", "--mode", mode] + (["--bot"] if bot else [])
    setup, tables = ai.build(ai.options().parse_args(argv))
    ((game,),) = ai.play_all(setup, tables, ai.Bounds(None))
    assert len(game.scores) == 3 and 1 in game.ranks and game.decisions > 0


def test_settings_that_cannot_make_a_game_are_refused_before_playing(capsys):
    for argv in (["--skulls", "3"], ["--match", "clever:normal"], ["--players", "5", "--bot"]):
        with pytest.raises(SystemExit) as stop:
            ai.run(argv, io.StringIO())
        assert stop.value.code == 2
    assert "unknown computer player 'clever'" in capsys.readouterr().err
