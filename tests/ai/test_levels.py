"""The three levels (easy, normal, hard) and the coach: whole games, budgets, honesty, advice.

The hard player runs here with small budgets (counted in searched positions, never timed), so
these games stay quick; benchmarks/ai.py measures how well and how fast the levels play.
"""

from __future__ import annotations

import random

import pytest

from adrenaline_tui.ai import LEVELS, EasyPlayer, HardPlayer, SensiblePlayer, make_player
from adrenaline_tui.ai import hard as hard_module
from adrenaline_tui.ai.coach import advise, next_best
from adrenaline_tui.ai.determinise import sample_game, scenario_from_view
from adrenaline_tui.ai.hard import Plan
from adrenaline_tui.rules import FIGURES, Decision, Game, GameConfig, Option

SMALL = {"positions": 60, "seconds": None, "candidates": 3}


def play(game: Game, bots: dict, limit: int = 20_000) -> list[str]:
    answers = []
    while (d := game.pending) is not None and len(answers) < limit:
        key = bots[d.player].choose(d, game.view(d.player))
        assert key in d.keys, f"{d.player} answered {key!r} to {d.prompt!r} ({d.keys})"
        game.choose(key)
        answers.append(key)
    return answers


def test_the_levels_are_registered_in_order():
    assert LEVELS == ("easy", "normal", "hard")
    assert isinstance(make_player("easy", 1), EasyPlayer)
    assert isinstance(make_player("normal", 1), SensiblePlayer)
    hard = make_player("hard", 1, positions=50, seconds=None)
    assert isinstance(hard, HardPlayer) and hard.positions == 50


def test_easy_finishes_games_in_both_endings_and_replays_exactly_with_the_same_seeds():
    for ending in ("sudden_death", "frenzy"):
        histories = []
        for _ in range(2):
            config = GameConfig(players=FIGURES[:3], arena="arena_10", skulls=5, ending=ending)
            game = Game.new(config, 3)
            bots = {c: EasyPlayer(10 + i) for i, c in enumerate(config.players)}
            histories.append(play(game, bots))
            assert game.over and (game.frenzy or ending == "sudden_death")
            assert all(b.inner.misses == 0 for b in bots.values())
        assert histories[0] == histories[1]


def test_easy_makes_mistakes_the_normal_player_would_not():
    config = GameConfig(players=FIGURES[:3], arena="arena_11a", skulls=5, ending="sudden_death")
    game = Game.new(config, 4)
    easy = EasyPlayer(1)
    bots = {c: easy if i == 0 else SensiblePlayer(i) for i, c in enumerate(config.players)}
    asked = len([k for k in play(game, bots, limit=400)])
    assert asked and easy.mistakes > 3
    assert easy.inner.misses == 0


def test_hard_finishes_games_in_both_endings_within_its_budget():
    for ending, seed in (("sudden_death", 1), ("frenzy", 2)):
        config = GameConfig(players=FIGURES[:3], arena="arena_10", skulls=5, ending=ending)
        game = Game.new(config, seed)
        hard = HardPlayer(seed, **SMALL)
        bots = {c: hard if i == 0 else SensiblePlayer(i) for i, c in enumerate(config.players)}
        searched = []
        while (d := game.pending) is not None:
            key = bots[d.player].choose(d, game.view(d.player))
            assert key in d.keys
            if d.player == config.players[0]:
                # the work of its imagined games and of its plan search, counted in positions:
                # an imagined game stops at the first decision that reaches the budget
                spent = hard.searched + round(hard.root_work) - hard.last_step if hard.searched else 0
                searched.append((hard.searched, spent))
            game.choose(key)
        assert game.over and (game.frenzy or ending == "sudden_death")
        assert max(spent for _, spent in searched) <= SMALL["positions"]  # the budget, counted in work
        assert sum(1 for n, _ in searched if n > 0) >= 5  # and it did search, at many decisions
        assert hard.inner.misses == 0


def _honesty_position(variant: int, seed: int) -> Game:
    """Yellow to act. The variants differ in the others' hidden cards; `seed` orders the decks.

    Nobody holds a Tagback Grenade: being asked about one would (rightly) change the turn.
    """
    powerups, weapons = [
        (["newton-red", "teleporter-blue"], ["railgun", "thor"]),
        (["teleporter-yellow", "targeting-scope-blue"], ["shotgun", "zx-2"]),
    ][variant]
    return Game.from_scenario(
        {
            "arena": "arena_12",
            "players": [
                {
                    "colour": "yellow",
                    "square": "r1c2",
                    "weapons": ["lock-rifle", "machine-gun"],
                    "powerups": ["newton-blue"],
                    "ammo": {"red": 1, "blue": 2, "yellow": 1},
                },
                {
                    "colour": "blue",
                    "square": "r0c2",
                    "damage": ["yellow"] * 5,
                    "powerups": powerups[:1],
                    "weapons": weapons[:1],
                },
                {
                    "colour": "grey",
                    "square": "r2c3",
                    "damage": ["blue", "blue"],
                    "powerups": powerups[1:],
                    "weapons": weapons[1:],
                },
            ],
            "racks": {
                "red": ["furnace", "hellion", "whisper"],
                "blue": ["cyberblade", "heatseeker", "sledgehammer"],
                "yellow": ["electroscythe", "flamethrower", "power-glove"],
            },
            "ammo_tiles": dict(
                zip(
                    ("r0c0", "r0c1", "r0c3", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2"),
                    ("BYY", "PYB", "PYY", "YBB", "PYR", "PRB", "BRR", "PRR", "PBB"),
                    strict=True,
                )
            ),
        },
        seed=seed,
    )


def test_hard_choices_do_not_depend_on_what_its_seat_cannot_see():
    games = [_honesty_position(0, 0), _honesty_position(1, 99)]
    views = [g.view("yellow") for g in games]
    # the two true games differ (others' cards, the decks' order)...
    assert games[0].to_json() != games[1].to_json()
    # ...but not from yellow's seat
    assert views[0] == views[1]
    answers = []
    for game in games:
        hard = HardPlayer(5, positions=300, seconds=None, candidates=5)
        turn = []
        # yellow's whole first action, and the search behind it
        while game.pending is not None and game.pending.player == "yellow" and len(turn) < 12:
            d = game.pending
            view = game.view("yellow")
            key = hard.choose(d, view)
            turn.append((view, (d.kind, key, hard.searched, [round(p.mean, 9) for p in hard.plans])))
            game.choose(key)
            if d.kind == "action" and len(turn) > 1:
                break
        answers.append(turn)
    # Compared while yellow sees the same: a grab may draw a different powerup in each game, and
    # from then on yellow may fairly answer differently.
    same = 0
    while same < min(map(len, answers)) and answers[0][same][0] == answers[1][same][0]:
        same += 1
    assert same >= 2  # the first action, searched, and the question it leads to
    assert [a for _, a in answers[0][:same]] == [a for _, a in answers[1][:same]]
    assert answers[0][0][1][2] > 0  # it searched


def test_imagined_games_agree_with_the_view_and_sample_what_is_hidden():
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    imagined = [sample_game(view, random.Random(s)) for s in range(4)]
    for g in imagined:
        mine = g.view("yellow")
        for key in ("players", "racks", "ammo_tiles", "killshot_track", "active", "actions_left"):
            if key == "players":
                # the others' points are face down in the view and 0 in the imagined game
                strip = lambda ps: [{k: v for k, v in p.items() if k != "score"} for p in ps]  # noqa: E731
                assert strip(mine[key]) == strip(view[key])
            else:
                assert mine[key] == view[key], key
    hands = {tuple(g.players["blue"].powerups) for g in imagined}
    assert len(hands) > 1  # hidden cards are sampled, not copied from the true game
    assert scenario_from_view(view, random.Random(1)) == scenario_from_view(view, random.Random(1))


def test_every_level_answers_a_question_it_has_never_seen():
    # Variants will add decisions (Domination, Turret, the bot); until a level learns them it must
    # still answer legally, from the decision alone.
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    odd = Decision(
        "yellow", "spawnpoint_damage", "Damage which spawnpoint?", (Option("red", "Red"), Option("blue", "Blue"))
    )
    for kind in (*LEVELS, "random"):
        bot = make_player(kind, 3, **({"positions": 50, "seconds": None} if kind == "hard" else {}))
        assert bot.choose(odd, view) in odd.keys


def test_the_coach_suggests_a_legal_option_with_a_reason():
    game = _honesty_position(0, 0)
    d = game.pending
    advice = advise(d, game.view("yellow"))  # the plan search itself spends ~300 of a budget
    assert advice.key in d.keys
    assert advice.label == d.option(advice.key).label
    assert len(advice.reason) > 20 and advice.reason.endswith(".")
    assert advice.reason.split()[0] in ("Shoot", "Grab", "Run", "Play", "End")  # it says what to do...
    assert "imagined future" in advice.reason  # ...and how it compared with the next best


def test_the_coach_compares_its_advice_with_an_option_that_reads_differently():
    view = _honesty_position(0, 0).view("yellow")
    advised = Plan("grab", square="r0c2", weapon="lock-rifle", results=[3.0, 3.0])
    same_words = Plan("grab", square="r0c2", weapon="lock-rifle", results=[2.9, 2.9])  # paid another way
    other = Plan("run", square="r1c1", results=[1.0, 1.0])
    untried = Plan("end", results=[])
    assert next_best(advised, [advised, same_words, other, untried], view) is other
    assert next_best(advised, [advised, same_words, untried], view) is None


def test_the_coach_explains_a_shot_by_what_it_does():
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    from adrenaline_tui.ai.coach import _plan_reason
    from adrenaline_tui.ai.hard import Plan

    reason = _plan_reason(Plan("shoot", "r1c2", "lock-rifle", aim=(("blue", 2, 1),)), view)
    assert reason == ("Shoot with the Lock Rifle: 2 damage puts Banshee at 7, 1 mark on Banshee.")


def test_the_coach_says_what_ending_the_turn_here_lines_up_for_the_next():
    from adrenaline_tui.ai.coach import _plan_reason
    from adrenaline_tui.ai.hard import Plan

    view = _honesty_position(0, 0).view("yellow")
    reason = _plan_reason(Plan("end"), view)
    assert reason == "End the turn: from here your Lock Rifle can hit Dozer (2 damage) next turn if nobody moves."


def test_hard_imagines_as_many_of_the_others_turns_as_its_horizon(monkeypatch):
    # An imagined game stops where it is judged: after my turn and the next `horizon` turns of
    # the others (None: each of them once). A shorter horizon makes each imagined game cheaper.
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    judged: list[int] = []
    monkeypatch.setattr(hard_module, "judge", lambda g, me, *terms: judged.append(g.turn) or 0.0)
    for horizon in (0, 1, None):
        hard = HardPlayer(5, seconds=None, horizon=horizon)
        assert hard.rollout(view, Plan("end"), world=3, cap=2000) is not None
    start = view["turn"]
    assert judged == [start + 1, start + 2, start + 3]  # judged as the first turn past it begins


def test_hard_without_imagined_games_follows_its_plans_first_option(monkeypatch):
    # The yardstick of benchmarks/ai_sources.py --plan-only: no imagined game is played and the
    # option the plan search ranks first is the one followed.
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    plans = [Plan("run", square="r1c1", estimate=2.0), Plan("end", estimate=1.0)]
    hard = HardPlayer(5, seconds=None, imagine=False)
    monkeypatch.setattr(hard, "options", lambda d, v: plans)
    monkeypatch.setattr(hard, "rollout", lambda *a: pytest.fail("an imagined game was played"))
    assert hard.search(game.pending, view) is plans[0]
    assert hard.searched == 0


def test_hard_spends_its_imagined_games_on_the_options_still_in_the_race(monkeypatch):
    # Imagined games are stubbed: each option always scores the same, 10 positions a game. The
    # plan's choice (first) scores 0, one rival 1, the other two far behind: those two are left
    # out after a few games and the budget goes to the rival, which wins only once it has beaten
    # the plan's choice by the margin over the games both played.
    game = _honesty_position(0, 0)
    view = game.view("yellow")
    scores = {"first": 0.0, "rival": 1.0, "behind": -20.0, "far": -30.0}
    plans = [Plan(k, estimate=-n) for n, k in enumerate(scores)]
    hard = HardPlayer(5, positions=400, seconds=None, candidates=4, margin=4.0)
    monkeypatch.setattr(hard, "options", lambda d, v: plans)
    monkeypatch.setattr(hard, "rollout", lambda v, plan, world, cap: (scores[plan.key], 10))
    best = hard.search(game.pending, view)
    tries = {p.key: p.tries for p in plans}
    assert tries["behind"] == tries["far"] == hard_module.RACE_AFTER
    assert tries["first"] == tries["rival"] == (400 - 20 * hard_module.RACE_AFTER) // 20
    assert hard.searched == 400
    assert best is not None and best.key == "rival"  # 1 point ahead in 17 games: 1 > 4 / 17 ** 0.5


def test_hard_follows_an_aimed_shot_through_every_question_of_it():
    # The Lock Rifle's second lock is asked after the target: an aim that includes it must still
    # be followed then (the outcomes weighed at a question are only what is still to come).
    from adrenaline_tui.ai.hard import Follower
    from adrenaline_tui.ai.payout import PayoutPlayer

    aims = [(("grey", 2, 1),), (("blue", 0, 1), ("grey", 2, 1)), (("blue", 2, 1), ("grey", 0, 1))]
    for aim in aims:
        game = _honesty_position(0, 0)
        follower = Follower(Plan("shoot", "r1c2", "lock-rifle", aim=aim), PayoutPlayer(1))
        dealt: dict[str, list[int]] = {}
        asked = 0
        while (d := game.pending) is not None and d.player == "yellow" and not (d.kind == "action" and asked):
            events = game.choose(follower.choose(d, game.view("yellow")))
            asked += 1
            for e in events:
                if e.kind in ("damaged", "marked"):
                    hit = dealt.setdefault(e.data["target"], [0, 0])
                    hit[0 if e.kind == "damaged" else 1] += int(e.data["placed"])
        assert {f: (d, m) for f, (d, m) in dealt.items()} == {f: (d, m) for f, d, m in aim}, aim


def _shot_through_the_coach(coach, game: Game) -> dict[str, tuple[int, int]]:
    """Answer yellow's next action and its questions as the coach advises; what it dealt."""
    dealt: dict[str, list[int]] = {}
    asked = 0
    while (d := game.pending) is not None and d.player == "yellow" and not (d.kind == "action" and asked):
        view = game.view("yellow")
        key = coach.advise(d, view, seed=asked).key
        coach.answered(d, view, key)
        asked += 1
        for e in game.choose(key):
            if e.kind in ("damaged", "marked"):
                hit = dealt.setdefault(e.data["target"], [0, 0])
                hit[0 if e.kind == "damaged" else 1] += int(e.data["placed"])
    return {f: (d, m) for f, (d, m) in dealt.items()}


def test_the_coach_keeps_the_plan_it_advised_through_the_questions_of_that_action(monkeypatch):
    # Asked at each question of a shot, the coach answers by the plan it advised at the action:
    # a fresh search per question would weigh the questions afresh and could advise another
    # outcome than the one just explained (here an aim the normal player would not pick).
    from adrenaline_tui.ai.coach import Coach

    aim = (("blue", 0, 1), ("grey", 2, 1))
    monkeypatch.setattr(HardPlayer, "search", lambda self, d, view: Plan("shoot", "r1c2", "lock-rifle", aim=aim))
    coach = Coach(positions=60)
    assert _shot_through_the_coach(coach, _honesty_position(0, 0)) == {f: (d, m) for f, d, m in aim}


def test_the_coach_drops_its_plan_when_the_answer_differs_or_the_game_is_undone(monkeypatch):
    from adrenaline_tui.ai.coach import Coach

    plan = Plan("shoot", "r1c2", "lock-rifle", aim=(("grey", 2, 1),))
    monkeypatch.setattr(HardPlayer, "search", lambda self, d, view: plan)
    game = _honesty_position(0, 0)
    coach = Coach(positions=60)
    d, view = game.pending, game.view("yellow")
    advice = coach.advise(d, view)
    assert advice.key == "shoot" and coach.player is not None
    assert coach.advise(d, view) is advice  # asked twice: the same advice, no second search
    other = next(k for k in d.keys if k != advice.key)
    coach.answered(d, view, other)
    assert coach.player is None  # the seat went another way: the next question is searched afresh
    coach.advise(d, view)
    coach.answered(d, view, "shoot")
    assert coach.player is not None  # followed: the plan holds
    coach.forget()
    assert coach.player is None and coach.advised is None
