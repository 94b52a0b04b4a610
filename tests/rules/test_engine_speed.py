"""The faster engine gives the answers the plain definitions give (issue 27).

The speed work changed how legality is searched (the shortest way on first, a state keyed only
when that does not finish the shot, each legal key stepped once with its ops) and how payments
are checked (`can_pay` in one pass, `budget` without `spendable`). Each is compared here with
the plain definition it replaced, written out in the test, over many random positions of every
weapon and every small cost and hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product
from typing import TYPE_CHECKING

import pytest

from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import ARENA_IDS, load_arena
from adrenaline_tui.rules.cards import CUBES, Effect, Hit, Move, Pause, Select, SelectSquare, Weapon, load_cards
from adrenaline_tui.rules.payment import ANY, budget, can_pay, spendable
from adrenaline_tui.rules.state import Player

if TYPE_CHECKING:
    from adrenaline_tui.rules import Game

FIGURES = ("yellow", "blue", "grey", "purple", "green")


def plain_completable(shot: effects.Shot) -> bool:
    """Is there a way to finish the shot: every next choice in turn, no memo, no shortcut."""
    if shot.dead:
        return False
    if shot.finished or (shot.cur < 0 and shot.main_finished):
        return True
    return any(plain_completable(effects.apply(shot, k)[0]) for k in effects.choice_keys(shot))


def plain_legal(shot: effects.Shot) -> list[str]:
    return [k for k in effects.choice_keys(shot) if plain_completable(effects.apply(shot, k)[0])]


def every_state(shot: effects.Shot, most: int) -> list[effects.Shot]:
    """States reachable by any choices, legal or not (breadth first, at most `most`)."""
    out, queue = [], [shot]
    while queue and len(out) < most:
        state = queue.pop(0)
        out.append(state)
        queue += [effects.apply(state, k)[0] for k in effects.choice_keys(state)]
    return out


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_the_search_agrees_with_the_plain_definition(weapon_id: str) -> None:
    weapon = load_cards().weapons[weapon_id]
    rng = random.Random(f"speed-{weapon_id}")
    decisions = 0
    for _ in range(25):
        arena = load_arena(rng.choice(ARENA_IDS))
        pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
        budget_ = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        shot = effects.begin(weapon, arena, "yellow", pos, budget_)
        memo: dict = {}  # shared by the decisions of the shot, as the game shares it
        for _ in range(12):
            expected = plain_legal(shot)
            assert effects.legal_keys(shot) == expected
            steps = effects.legal_steps(shot, memo)
            assert list(steps) == expected
            if not expected:
                break
            decisions += 1
            for key, (child, ops) in steps.items():
                applied, applied_ops = effects.apply(shot, key)
                assert child.key() == applied.key() and child.dead == applied.dead
                assert ops == applied_ops
            # As the game asks (every state here was reached by legal choices): the same keys,
            # some left unstepped (None), the others stepped as `apply` steps them.
            lazy = effects.legal_steps(shot, memo, completable_here=True)
            assert list(lazy) == expected
            for key, stepped in lazy.items():
                if stepped is not None:
                    assert stepped[0].key() == steps[key][0].key() and stepped[1] == steps[key][1]
            shot = steps[rng.choice(expected)][0]
            if shot.finished:
                break
    assert decisions, f"{weapon_id} was never fired in these positions"


@pytest.mark.parametrize("weapon_id", sorted(load_cards().weapons))
def test_completable_agrees_on_every_reachable_state(weapon_id: str) -> None:
    # Including states that cannot be finished: the search's shortcut (a state whose shortest
    # way on finishes the shot) must not answer for them.
    weapon = load_cards().weapons[weapon_id]
    rng = random.Random(f"reach-{weapon_id}")
    checked = 0
    for _ in range(8):
        arena = load_arena(rng.choice(ARENA_IDS))
        pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
        budget_ = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        for state in every_state(effects.begin(weapon, arena, "yellow", pos, budget_), 150):
            assert effects.completable(state) == plain_completable(state)
            checked += 1
    assert checked > 8


def plain_can_pay(p: Player, cost: list[str], exclude: list[str]) -> bool:
    """`can_pay` as it was written before: each colour's count, then any colour from the rest."""
    b = budget(p, exclude)
    specific = [cost.count(c) for c in CUBES]
    if any(n > have for n, have in zip(specific, b, strict=True)):
        return False
    return cost.count(ANY) <= sum(b) - sum(specific)


HANDS = [
    [],
    ["newton-red"],
    ["teleporter-blue", "targeting-scope-yellow"],
    ["tagback-grenade-red", "tagback-grenade-red", "newton-blue"],
]
COSTS = [list(c) for n in range(5) for c in product((*CUBES, ANY), repeat=n)]


def test_payments_agree_with_the_plain_definitions() -> None:
    checked = 0
    for ammo in product(range(4), repeat=3):
        for hand in HANDS:
            p = Player("yellow", "Y", ammo=dict(zip(CUBES, ammo, strict=True)), powerups=list(hand))
            assert budget(p) == spendable(ammo, hand)
            for exclude in ([], hand[:1]):
                rest = list(hand)
                for card in exclude:
                    rest.remove(card)
                assert budget(p, exclude) == spendable(ammo, rest)
                for cost in COSTS:
                    assert can_pay(p, cost, exclude) == plain_can_pay(p, cost, exclude), (ammo, hand, exclude, cost)
                    checked += 1
    assert checked > 10_000


def _targets(arena_id: str, rng: random.Random, objects: bool) -> dict[str, str]:
    """Random places for 3-5 figures, and with `objects` Domination's spawnpoints as targets
    (`spawn:<colour>` on their squares), as `Game.shot_positions` gives them."""
    arena = load_arena(arena_id)
    pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(3, 5)]}
    if objects:
        pos.update({f"spawn:{colour}": square for colour, square in sorted(arena.spawn_square.items())})
    return pos


@pytest.mark.parametrize("objects", [False, True], ids=["figures", "spawnpoints"])
def test_the_card_shortcut_never_promises_a_shot_that_cannot_be_finished(objects: bool) -> None:
    # `effects._surely_completable` answers for the search when the card says the cheapest way on
    # finishes the shot: wherever it says so, the plain search must find a way, including with
    # targets that are not figures (a spawnpoint is damaged at most once in a shot).
    answered = set()
    for weapon_id, weapon in sorted(load_cards().weapons.items()):
        rng = random.Random(f"sure-{weapon_id}-{objects}")
        for _ in range(8):
            arena_id = rng.choice(ARENA_IDS)
            budget_ = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
            start = effects.begin(weapon, load_arena(arena_id), "yellow", _targets(arena_id, rng, objects), budget_)
            for state in every_state(start, 150):
                if state.dead or state.finished or state.cur < 0:
                    continue
                if effects._surely_completable(state):
                    assert plain_completable(state), (weapon_id, state.key())
                    answered.add(weapon_id)
                    _assert_every_pick_legal(state, weapon_id)
    # The shortcut is taken for most weapons (a select, pause or move followed by hits only).
    assert len(answered) >= len(load_cards().weapons) // 2, sorted(answered)


@pytest.mark.parametrize("objects", [False, True], ids=["figures", "spawnpoints"])
def test_the_first_question_by_the_one_figure_table_agrees_with_the_plain_search(objects: bool) -> None:
    # `legal_steps`, as the game asks it, answers a shot's first question from the one-figure
    # table per effect the shot may start with (`effects.opening_keys`): among any figures (and
    # spawnpoints), with budgets above and below every effect's cap (the Grenade Launcher's
    # extra grenade may start a shot and costs more than the weapon's `fire_cap`).
    for weapon_id, weapon in sorted(load_cards().weapons.items()):
        rng = random.Random(f"opening-{weapon_id}-{objects}")
        fired = 0
        for _ in range(60):
            arena_id = rng.choice(ARENA_IDS)
            pos = _targets(arena_id, rng, objects)
            if rng.random() < 0.3:  # one figure besides the shooter
                pos = {f: q for f, q in pos.items() if f in ("yellow", "blue") or ":" in f}
            budget_ = (rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 4))
            shot = effects.begin(weapon, load_arena(arena_id), "yellow", pos, budget_)
            expected = plain_legal(shot)
            if expected:  # the game asks only once the weapon can be fired
                fired += 1
                assert effects.opening_keys(shot) == expected, (weapon_id, pos, budget_)
                assert effects.legal_steps(shot, {}, completable_here=True) == dict.fromkeys(expected)
        assert fired, weapon_id


def _assert_every_pick_legal(state: effects.Shot, weapon_id: str) -> None:
    """Where the shortcut says yes at a select, `legal_steps` leaves every target unstepped as
    legal: each must be a way to finish the shot by the plain search."""
    if state.cands is not None:
        legal = plain_legal(state)
        assert all(c in legal for c in state.cands), (weapon_id, state.key(), state.cands, legal)


def _card(wid: str, *steps: object, slotted: tuple = (), then: tuple = ()) -> Weapon:
    """A weapon made up for a test (the real cards do not reach every case): a basic effect of
    these steps; with `slotted` steps a free optional effect that can be slotted into its pause,
    with `then` steps one that may follow it."""
    basic = Effect("basic", "Basic effect", "basic", (), (), (), (), tuple(steps), "", True)
    extra = [Effect("extra", "Extra", "optional", (), (), ("basic",), (), slotted, "", True)] if slotted else []
    extra += [Effect("then", "Then", "optional", (), ("basic",), (), (), then, "", True)] if then else []
    return Weapon(wid, wid, "red", ("red",), (basic, *extra), "", ())


def _select(name: str, lo: int, hi: int, where: tuple = (("visible",),)) -> Select:
    return Select(name, lo, hi, where, None, (), False, ())


NOBODY = SelectSquare("q", (("visible",), ("not_visible",)))  # a square nobody can choose
NOWHERE = (("visible",), ("not_visible",))  # where no move can end

# Cards on which the cheapest way on does not finish the shot in some positions: two targets
# needed; a hit on whoever stands on your square, not on the target chosen; a square nobody can
# choose, or a second target who may not be there, after the target; an effect slotted into one
# that cannot be finished; a target that can be moved nowhere, or whose staying put ends the
# effect before its hit (a spawnpoint never moves); a spawnpoint damaged, then moved and damaged
# again (it takes one token a shot, so the second effect hits nobody).
MADE_UP = [
    _card("may-stop", _select("t", 1, 1), Move("t", 0, 1, "free", None, (), None, True), Hit("damage", "t", None, 1)),
    _card(
        "pull-nowhere",
        _select("t", 1, 1),
        Move("t", 1, 1, "free", None, NOWHERE, None, False),
        Hit("damage", "t", None, 1),
    ),
    _card(
        "again",
        _select("t", 1, 1),
        Hit("damage", "t", None, 1),
        then=(Move("t", 0, 1, "free", None, (("any",),), None, False), Hit("damage", "t", None, 1)),
    ),
    _card("second-target", _select("t", 1, 1), _select("u", 1, 1, (("distance", 0, 0),)), Hit("damage", "t", None, 1)),
    _card(
        "paused",
        _select("t", 1, 1),
        Hit("damage", "t", None, 1),
        Pause(),
        NOBODY,
        slotted=(_select("v", 1, 1), Hit("damage", "v", None, 1)),
    ),
    _card("two-targets", _select("t", 2, 2), Hit("damage", "t", None, 1)),
    _card("hit-elsewhere", _select("t", 1, 1), Hit("damage", None, (("distance", 0, 0),), 1)),
    _card(
        "no-square",
        _select("t", 1, 1),
        SelectSquare("q", (("visible",), ("not_visible",))),
        Hit("damage", "t", None, 1),
    ),
    _card("may-pick", _select("t", 0, 1), Hit("damage", "t", None, 1)),
    # A target dragged into sight, then hit (the Tractor Beam): staying put is a way on only
    # from a square in sight; and a spawnpoint dragged after it was damaged takes nothing more.
    _card(
        "drag-into-sight",
        _select("t", 1, 1, (("any",),)),
        Move("t", 0, 2, "free", None, (("visible",),), None, False),
        Hit("damage", "t", None, 1),
    ),
    _card(
        "drag-again",
        _select("t", 1, 1, (("any",),)),
        Hit("damage", "t", None, 1),
        then=(Move("t", 0, 1, "free", None, (("visible",),), None, False), Hit("damage", "t", None, 1)),
    ),
]


@pytest.mark.parametrize("objects", [False, True], ids=["figures", "spawnpoints"])
@pytest.mark.parametrize("weapon", MADE_UP, ids=[w.id for w in MADE_UP])
def test_the_card_shortcut_on_made_up_cards(weapon: Weapon, objects: bool) -> None:
    rng = random.Random(f"made-up-{weapon.id}")
    for _ in range(40):
        arena_id = rng.choice(ARENA_IDS)
        shot = effects.begin(weapon, load_arena(arena_id), "yellow", _targets(arena_id, rng, objects), (1, 1, 1))
        for state in every_state(shot, 50):
            if not (state.dead or state.finished or state.cur < 0) and effects._surely_completable(state):
                assert plain_completable(state), (weapon.id, state.key())
                _assert_every_pick_legal(state, weapon.id)
            assert effects.completable(state) == plain_completable(state), (weapon.id, state.key())


def _after_movers(start: effects.Shot, most: int) -> Iterator[effects.Shot]:
    """The states of `every_state` that `effects._mains_keys` may answer: between effects, after
    optional effects only (no main effect resolved), nothing bound, no spawnpoint damaged."""
    for state in every_state(start, most):
        between = state.cur < 0 and state.used and not state.dead and not state.main_finished
        if between and not state.bind and not state.object_damaged:
            yield state


# A card on which a mover may start a shot or be slotted into the main effect before its target
# is chosen: after moving first, the main effect can no longer move you, where a fresh shot
# started with it could (`_mains_keys` must not answer from the table then).
GLIDE_INSIDE = Weapon(
    "glide-inside",
    "glide-inside",
    "red",
    ("red",),
    (
        Effect(
            "basic",
            "Basic effect",
            "basic",
            (),
            (),
            (),
            (),
            (Pause(), _select("t", 1, 1), Hit("damage", "t", None, 1)),
            "",
            True,
        ),
        Effect(
            "glide",
            "Glide",
            "optional",
            (),
            (),
            ("basic",),
            (),
            (Move("self", 1, 1, "free", None, (), None, False),),
            "",
            False,
        ),
    ),
    "",
    (),
)


@pytest.mark.parametrize("objects", [False, True], ids=["figures", "spawnpoints"])
def test_the_question_after_movers_by_the_one_figure_table_agrees_with_the_plain_search(objects: bool) -> None:
    # A shot that began with movers (the Plasma Gun's phase glide, the Rocket Launcher's rocket
    # jump, the Cyberblade's shadowstep) and waits between effects: `_mains_keys` answers which
    # effects may follow from the one-figure table, for `completable` and for `legal_steps` as the
    # game asks it, among any figures (and spawnpoints) and budgets.
    answered = set()
    weapons = [w for _, w in sorted(load_cards().weapons.items()) if w.required_targets <= 1]
    for weapon in [*weapons, GLIDE_INSIDE]:
        rng = random.Random(f"movers-{weapon.id}-{objects}")
        for _ in range(30):
            arena_id = rng.choice(ARENA_IDS)
            pos = _targets(arena_id, rng, objects)
            if rng.random() < 0.3:  # one figure besides the shooter
                pos = {f: q for f, q in pos.items() if f in ("yellow", "blue") or ":" in f}
            budget_ = (rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 4))
            start = effects.begin(weapon, load_arena(arena_id), "yellow", pos, budget_)
            for state in _after_movers(start, 60):
                expected = plain_legal(state)
                legal = effects._mains_keys(state)
                if legal is not None:
                    answered.add(weapon.id)
                    assert legal == expected, (weapon.id, state.key())
                assert effects.completable(state) == bool(expected), (weapon.id, state.key())
                if expected:  # the game asks only in a state that can be finished
                    assert list(effects.legal_steps(state, {}, completable_here=True)) == expected
    assert {"plasma-gun", "rocket-launcher", "cyberblade"} <= answered, sorted(answered)
    assert "glide-inside" not in answered


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
def test_has_ammo_says_what_ammo_here_says(mode: str) -> None:
    # The action question asks `has_ammo` for every square in reach instead of building the words
    # of `ammo_here`; in every mode, at every decision of a random game, for every player and
    # square they must agree.
    from adrenaline_tui.ai import RandomPlayer
    from adrenaline_tui.rules import Game, GameConfig

    game = Game.new(GameConfig(players=FIGURES[:4], arena="arena_11a", skulls=5, mode=mode), 3)
    player = RandomPlayer(3)
    checked = 0
    while (d := game.pending) is not None and checked < 20_000:
        for p in game.players.values():
            for square in game.arena.squares:
                assert game.mode.has_ammo(game, p, square) == (game.mode.ammo_here(game, p, square) is not None)
                checked += 1
        game.choose(player.choose(d))
    assert checked >= 2_000


def _placed_players(mode: str, *, at_actions_only: bool = False) -> Iterator[tuple[Game, Player]]:
    """Every player on the board at every decision (or only at the action questions: a settled
    moment, no shot or payment under way) of two random 4-player games of `mode`."""
    from adrenaline_tui.ai import RandomPlayer
    from adrenaline_tui.rules import Game, GameConfig

    for seed in (3, 4):
        game = Game.new(GameConfig(players=FIGURES[:4], arena="arena_11a", skulls=5, mode=mode), seed)
        player = RandomPlayer(seed)
        while (d := game.pending) is not None:
            if not at_actions_only or d.kind == "action":
                for p in game.players.values():
                    if p.square is not None:
                        yield game, p
            game.choose(player.choose(d))


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
def test_can_grab_says_what_grab_squares_says(mode: str) -> None:
    # The action question asks `can_grab` (spelled out, stopping at the first square) instead of
    # `grab_squares`; in every mode (Turret hooks `has_ammo`), at every decision of random games,
    # for every player on the board and every reach, they must agree.
    from adrenaline_tui.rules.turn import can_grab, grab_squares

    checked = yes = 0
    for game, p in _placed_players(mode):
        for n in range(4):
            expected = bool(grab_squares(game, p, n))
            assert can_grab(game, p, n, budget(p)) == expected, (mode, game.seed, p.colour, n)
            checked += 1
            yes += expected
    assert checked >= 2_000 and 0 < yes < checked


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
def test_can_shoot_says_what_shoot_squares_says(mode: str) -> None:
    # The action question asks `can_shoot` instead of `shoot_squares`; in every mode (Domination's
    # spawnpoints are targets), at every action question of random games, for every player on the
    # board, every reach and with a reload allowed or not, they must agree. With no move and no
    # reload, where figures are the only targets, `can_shoot` asks `effects.can_fire_at_figures`
    # (the players' squares, no positions dict): counting the shooter as a target fails this.
    from adrenaline_tui.rules.shooting import can_shoot, shoot_squares

    checked = yes = 0
    for game, p in _placed_players(mode, at_actions_only=True):
        for n, reload in product(range(3), (False, True)):
            expected = bool(shoot_squares(game, p, n, reload=reload))
            assert can_shoot(game, p, n, reload, budget(p)) == expected, (mode, game.seed, p.colour, n, reload)
            checked += 1
            yes += expected
    assert checked >= 1_000 and 0 < yes < checked


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
def test_the_shared_action_menus_say_what_the_checks_say(mode: str) -> None:
    # The action question takes its allowances, options, end option and prompt from `_MENUS`
    # (shared, built once per combination) instead of building them each time: at every action
    # question of random games, for every player on the board, they must be the plain ones.
    from adrenaline_tui.rules.shooting import can_shoot
    from adrenaline_tui.rules.turn import (
        _ACTION_OPTIONS,
        _action_menu,
        _actions,
        _allowances,
        _end_option,
        action_allowances,
        can_grab,
    )

    seen = set()
    for game, p in _placed_players(mode, at_actions_only=True):
        run, grab, shoot = _allowances(game, p)
        expected = {} if run is None else {"run": run}
        if can_grab(game, p, grab, budget(p)):
            expected["grab"] = grab
        if can_shoot(game, p, shoot, game.frenzy, budget(p)):
            expected["shoot"] = shoot
        allowances, options, end, asked, whole = _action_menu(game, p)
        assert list(allowances.items()) == list(expected.items()), (mode, game.seed, p.colour)
        expected_options = tuple(_ACTION_OPTIONS[a] for a in expected.items())
        assert options == expected_options
        assert end == _end_option(game.actions_left)
        assert asked == f": choose an action ({_actions(game.actions_left)} left)"
        # The usual question's whole options tuple, handed to its `Decision` as is.
        assert whole == (*expected_options, _end_option(game.actions_left))
        assert action_allowances(game, p) == expected and action_allowances(game, p) is not allowances
        seen.add(tuple(expected))
    assert len(seen) >= 3, seen


def test_any_newton_target_says_what_newton_targets_says() -> None:
    # `usable_powerups` asks `_any_newton_target` (a yes or no, stopping at the first) instead of
    # building `newton_targets`: at every decision of random games, for every player on the board.
    from adrenaline_tui.rules.powerups import _any_newton_target, newton_targets

    checked = yes = 0
    for game, p in _placed_players("standard"):
        expected = bool(newton_targets(game, p))
        assert _any_newton_target(game, p) == expected, (game.seed, p.colour)
        checked += 1
        yes += expected
    assert checked >= 1_000 and 0 < yes < checked


class _OwesNothing:
    """A rule module that owes no action ever: in the game's `must_act` hooks it sends every
    action question down the plain path (options listed, the end option appended), with the
    same answers as the usual question's shared tuple must give."""

    def must_act(self, g: Game, p: Player) -> bool:
        return False


@pytest.mark.parametrize("mode", ["standard", "domination", "turret"])
@pytest.mark.parametrize("bot", [None, "green"])
def test_the_usual_action_question_asks_what_the_plain_one_asks(mode: str, bot: str | None) -> None:
    # The usual action question (no module adding or owing actions, no usable powerup) hands its
    # menu's shared tuple to the `Decision`; the same random games played with every action
    # question built the plain way must ask and report exactly the same things. Each question's
    # options are compared by value and the shared tuple must still hold what it held.
    from adrenaline_tui.ai import RandomPlayer
    from adrenaline_tui.rules import Game, GameConfig
    from adrenaline_tui.rules.turn import _MENUS

    fast_questions = 0
    for seed in (5, 6):
        config = GameConfig(players=FIGURES[:4], arena="arena_12", skulls=5, mode=mode, bot=bot)
        games = [Game.new(config, seed), Game.new(config, seed)]
        games[1].hooks.must_act = (*games[1].hooks.must_act, _OwesNothing())
        players = [RandomPlayer(seed), RandomPlayer(seed)]
        menus = {key: (entry[1], entry[4]) for key, entry in _MENUS.items()}
        while (d := games[0].pending) is not None:
            plain = games[1].pending
            assert plain is not None and tuple(d) == tuple(plain), (mode, bot, seed, len(games[0].history))
            if d.kind == "action" and any(d.options is entry[4] for entry in _MENUS.values()):
                fast_questions += 1
            key = players[0].choose(d)
            assert players[1].choose(plain) == key
            assert games[0].choose(key) == games[1].choose(key)
        assert games[1].pending is None and games[0].history == games[1].history
        for key, (options, whole) in menus.items():
            assert _MENUS[key][1] == options and _MENUS[key][4] == whole == (*options, _MENUS[key][2])
    # With the bot, its module adds an action to every question: the plain path, all of them.
    assert fast_questions >= 50 if bot is None else fast_questions == 0


def test_can_fire_keys_its_rows_by_the_clamped_budget() -> None:
    # `can_fire` uses a budget within the weapon's caps as given and clamps only one that passes a
    # cap: either way its rows must be keyed by the clamped budget (an unclamped key would make
    # a row per budget for the same answer), and the answer must be the plain search's.
    cards = load_cards()
    rng = random.Random(13)
    weapons = {id(w): w for w in cards.weapons.values()}
    checked = 0
    for _ in range(600):
        weapon = rng.choice(sorted(cards.weapons.values(), key=lambda w: w.id))
        if weapon.required_targets > 1:
            continue
        arena = load_arena(rng.choice(ARENA_IDS))
        pos = {f: rng.choice(arena.squares) for f in FIGURES[: rng.randint(2, 5)]}
        spend = (rng.randint(0, 5), rng.randint(0, 5), rng.randint(0, 5))
        expected = bool(effects.legal_keys(effects.begin(weapon, arena, "yellow", pos, spend)))
        assert effects.can_fire(weapon, arena, "yellow", pos, spend) == expected, (weapon.id, pos, spend)
        checked += 1
    assert checked >= 300
    for weapon_id, _arena, _here, key_budget in effects._HITTABLE:
        if weapon_id in weapons:
            caps = weapons[weapon_id].fire_cap
            assert all(b <= c for b, c in zip(key_budget, caps, strict=True)), (weapons[weapon_id].id, key_budget)
