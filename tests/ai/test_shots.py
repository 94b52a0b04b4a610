"""The shot outcome search: what it lists is what the engine's shots can do."""

from __future__ import annotations

import gc
import random

from adrenaline_tui.ai import shots as shots_module
from adrenaline_tui.ai.shots import (
    PLANNING_BUDGET,
    ShotBook,
    _book_key,
    add_hits,
    fits,
    ops_hits,
    reach,
    search_keys,
    signature,
)
from adrenaline_tui.rules import effects
from adrenaline_tui.rules.arena import load_arena
from adrenaline_tui.rules.cards import load_cards

CARDS = load_cards()
ARENA = load_arena("arena_12")


def test_lock_rifle_outcomes_and_their_costs():
    pos = {"yellow": "r1c2", "blue": "r2c3", "grey": "r1c3", "purple": "r2c0"}
    shot = effects.begin(CARDS.weapons["lock-rifle"], ARENA, "yellow", pos, (1, 0, 0))
    outs = ShotBook().outcomes(shot)
    assert outs == tuple(sorted(outs))  # sorted: the same order in every process
    assert set(outs) == {
        ((("blue", 2, 1),), (0, 0, 0), "r1c2"),
        ((("grey", 2, 1),), (0, 0, 0), "r1c2"),
        ((("blue", 2, 1), ("grey", 0, 1)), (1, 0, 0), "r1c2"),
        ((("blue", 0, 1), ("grey", 2, 1)), (1, 0, 0), "r1c2"),
    }
    # purple, in the white room, is out of sight; a budget without red drops the second lock
    assert {o for o in outs if fits(o[1], (0, 0, 0))} == {
        ((("blue", 2, 1),), (0, 0, 0), "r1c2"),
        ((("grey", 2, 1),), (0, 0, 0), "r1c2"),
    }


def test_a_shot_that_cannot_be_fired_has_no_outcomes():
    pos = {"yellow": "r1c2", "blue": "r2c0", "grey": "r0c0"}  # nobody on yellow's square
    shot = effects.begin(CARDS.weapons["sledgehammer"], ARENA, "yellow", pos, PLANNING_BUDGET)
    assert ShotBook().outcomes(shot) == ()


def test_plasma_gun_outcomes_end_where_the_shooter_glides():
    pos = {"yellow": "r2c0", "blue": "r2c2", "grey": "r0c0"}
    shot = effects.begin(CARDS.weapons["plasma-gun"], ARENA, "yellow", pos, (0, 0, 0))
    ends = {final for hits, _, final in ShotBook().outcomes(shot) if hits == (("blue", 2, 0),)}
    # Blue is out of sight from r2c0 (white room): every shot at it glides first, e.g. to r2c1,
    # whose door shows the yellow room. (Grey, in the red room, can be shot without moving.)
    assert "r2c1" in ends and "r2c0" not in ends


def _every_order(shot: effects.Shot, order: dict[str, int]) -> set:
    """Outcomes walking every order of picks (only pushes are still left in place)."""
    out = set()
    for key in search_keys(shot, order, canonical=False):
        child, ops = effects.apply(shot, key)
        if child.dead:
            continue
        hits = ops_hits(ops)
        spent = tuple(a - b for a, b in zip(shot.budget, child.budget, strict=True))
        if child.finished:
            out.add((hits, spent, child.pos[child.shooter]))
            continue
        for h, s, sq in _every_order(child, order):
            out.add((add_hits(hits, h), tuple(a + b for a, b in zip(spent, s, strict=True)), sq))
    return out


def test_walking_picks_in_seat_order_loses_no_outcome():
    # Crowded positions (half the figures in the yellow room) give the most ways to pick.
    rng = random.Random(5)
    squares = list(ARENA.squares)
    crowd = ["r1c2", "r1c3", "r2c2", "r2c3"]
    for _ in range(6):
        pos = {
            c: rng.choice(crowd if rng.random() < 0.6 else squares)
            for c in ("yellow", "blue", "grey", "purple", "green")
        }
        order = {f: i for i, f in enumerate(pos)}
        for weapon in ("machine-gun", "shockwave", "zx-2", "railgun", "vortex-cannon", "thor"):
            shot = effects.begin(CARDS.weapons[weapon], ARENA, "yellow", pos, PLANNING_BUDGET)
            assert frozenset(ShotBook().outcomes(shot)) == _every_order(shot, order), (weapon, pos)


def test_the_book_holds_nothing_the_garbage_collector_must_walk():
    # A book of a whole game's shots held as sets made every full collection walk it: think
    # pauses of 100-200 ms. Tuples of strings and numbers are untracked once collected.
    book = ShotBook()
    pos = {"yellow": "r1c2", "blue": "r2c3", "grey": "r1c3", "purple": "r2c0"}
    # lines (Railgun, Flamethrower) and paused effects (the Grenade Launcher's extra grenade
    # inside its basic effect) are objects the collector tracks: they must not reach a key
    for weapon in ("lock-rifle", "machine-gun", "thor", "shockwave", "railgun", "flamethrower", "grenade-launcher"):
        shot = effects.begin(CARDS.weapons[weapon], ARENA, "yellow", pos, PLANNING_BUDGET)
        book.outcomes(shot)
        assert all(not gc.is_tracked(part) for part in _book_key(shot))  # one flat tuple
    for _ in range(5):  # each full collection untracks one more level of nested tuples
        gc.collect()
    entries = [(k, v) for table in book._memo.values() for k, v in table.items()]
    assert entries and not any(gc.is_tracked(k) or gc.is_tracked(v) for k, v in entries)


def _random_seats(rng: random.Random, arena) -> tuple[tuple[str, str], ...]:
    squares = list(arena.squares)
    seats = tuple((c, rng.choice(squares)) for c in ("yellow", "blue", "grey", "purple", "green")[: rng.randint(3, 5)])
    if rng.random() < 0.3:  # Domination's spawnpoints are targets too
        seats += (("spawn:red", arena.spawn_square["red"]), ("spawn:blue", arena.spawn_square["blue"]))
    return seats


def test_leaving_out_figures_out_of_reach_changes_no_outcome():
    # The book keys a first shot on the figures it could involve (`reach`); the others must not
    # matter. Compared with a search over every figure, for every card in every arena.
    rng = random.Random(11)
    left_out = 0
    for arena_id in ("arena_10", "arena_11a", "arena_11b", "arena_12"):
        arena = load_arena(arena_id)
        for _ in range(3):
            seats = _random_seats(rng, arena)
            square = seats[0][1]
            for weapon in CARDS.weapons.values():
                full = effects.begin(weapon, arena, "yellow", dict(seats), PLANNING_BUDGET)
                kept = reach(weapon, arena, square)
                left_out += any(q not in kept for f, q in seats if f != "yellow")
                assert ShotBook().from_square(weapon, arena, "yellow", square, seats) == ShotBook().outcomes(full), (
                    weapon.id,
                    seats,
                )
    assert left_out > 50  # the test compared shots that left someone out


def test_a_simple_card_is_found_by_what_its_filters_see():
    # Cards that only select figures (Machine Gun, Lock Rifle, Thor, ...) are keyed on what their
    # filters say of each figure: one book answers later positions, and must answer them exactly
    # as a fresh search of each position would.
    rng = random.Random(12)
    book = ShotBook()
    reused = 0
    for arena_id in ("arena_11a", "arena_12"):
        arena = load_arena(arena_id)
        for _ in range(40):
            seats = _random_seats(rng, arena)
            square = seats[0][1]
            for weapon in CARDS.weapons.values():
                full = effects.begin(weapon, arena, "yellow", dict(seats), PLANNING_BUDGET)
                if signature(full) is None:
                    continue
                searched = book.searched
                assert book.from_square(weapon, arena, "yellow", square, seats) == ShotBook().outcomes(full), (
                    weapon.id,
                    seats,
                )
                reused += book.searched == searched
    assert reused > 100
    # a card that moves others anywhere (the Tractor Beam) has none; one whose shooter moves keeps
    # where the shooter starts (its outcomes end on squares found from there)
    assert (
        signature(effects.begin(CARDS.weapons["tractor-beam"], ARENA, "yellow", {"yellow": "r0c0"}, (1, 1, 1))) is None
    )
    plasma = CARDS.weapons["plasma-gun"]
    here, there = (
        signature(effects.begin(plasma, ARENA, "yellow", {"yellow": q}, (1, 1, 1))) for q in ("r0c0", "r0c1")
    )
    assert here is not None and there is not None and here != there


def test_a_full_book_forgets_its_oldest_tables_not_everything():
    # Clearing a full book at once freed 200,000 entries inside one decision (250 ms).
    book = ShotBook(limit=40)
    pos = {"yellow": "r1c2", "blue": "r2c3", "grey": "r1c3", "purple": "r2c0"}
    shots = [
        effects.begin(CARDS.weapons[w], ARENA, shooter, pos, PLANNING_BUDGET)
        for shooter in pos
        for w in ("thor", "railgun", "lock-rifle", "shockwave")
    ]
    full = False
    for shot in shots:
        assert book.outcomes(shot) == ShotBook().outcomes(shot)
        sizes = [len(t) for t in book._memo.values()]
        assert book._size == sum(sizes) <= book.limit + sizes[-1]
        full = full or book._size > book.limit - 15
        if full:  # only the oldest went (no table here holds 15 positions)
            assert book._size > book.limit - 15, sizes
    assert full and len(book._memo) < len(shots)


def test_a_last_push_is_walked_to_one_destination_and_loses_no_outcome(monkeypatch):
    # The Tractor Beam pulls its target into sight and then hits it: wherever it lands, the
    # outcome is the same, so the search follows one destination (shots._last_move).
    rng = random.Random(13)
    squares = list(ARENA.squares)
    tractor = CARDS.weapons["tractor-beam"]
    shots_ = [
        effects.begin(
            tractor, ARENA, "yellow", {c: rng.choice(squares) for c in ("yellow", "blue", "grey", "green")}, (2, 2, 2)
        )
        for _ in range(30)
    ]
    steps = [0]
    apply = effects.apply

    def counted(shot, key):
        steps[0] += 1
        return apply(shot, key)

    monkeypatch.setattr(effects, "apply", counted)
    found = [ShotBook().outcomes(shot) for shot in shots_]
    quick, steps[0] = steps[0], 0
    monkeypatch.setattr(shots_module, "_last_move", lambda *_: False)
    assert found == [ShotBook().outcomes(shot) for shot in shots_]
    assert quick < steps[0]  # fewer steps of the engine walked


class _Unkept(dict):
    """A memo that keeps nothing: every sum worked out afresh."""

    def __setitem__(self, key, value) -> None:
        pass


class _Counted(dict):
    """A memo that counts the sums it served."""

    served = 0

    def get(self, key, default=None):
        found = super().get(key, default)
        if found is not None:
            _Counted.served += 1
        return found


def test_sums_of_hits_kept_across_positions_are_the_sums_worked_out():
    # A searched step adds its hits to every outcome after it; the book keeps those sums by the
    # pair (`ShotBook._added`), across positions and shots. Compared with searches that keep none.
    rng = random.Random(23)
    shared = ShotBook()
    shared._added = _Counted()
    _Counted.served = 0
    for arena_id in ("arena_10", "arena_11a", "arena_11b", "arena_12"):
        arena = load_arena(arena_id)
        for _ in range(3):
            seats = _random_seats(rng, arena)
            for weapon in CARDS.weapons.values():
                shot = effects.begin(weapon, arena, "yellow", dict(seats), PLANNING_BUDGET)
                unkept = ShotBook()
                unkept._added = _Unkept()
                assert shared.outcomes(shot) == unkept.outcomes(shot), (weapon.id, seats)
    assert _Counted.served > 100  # the sums compared were kept ones, not only worked out
