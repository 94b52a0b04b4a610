"""Arena geometry against the reference (shared/reference/adrenaline-data.md d.2, d.5, h): distances
in legal steps, the rooms visible from each square (asymmetric), straight lines with and without
walls. The tables below are transcribed from the reference's distance matrices and its d.5 table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adrenaline_tui.rules import DataError
from adrenaline_tui.rules.arena import Arena, SquareLayout, all_arenas, load_arena

DISTANCES = {
    "arena_10": """
      r0c0 r0c1 r0c2 r1c0 r1c1 r1c2 r1c3 r2c1 r2c2 r2c3
r0c0     0    1    2    1    2    3    4    3    4    5
r0c1     1    0    1    2    3    2    3    4    5    4
r0c2     2    1    0    3    2    1    2    3    4    3
r1c0     1    2    3    0    1    2    3    2    3    4
r1c1     2    3    2    1    0    1    2    1    2    3
r1c2     3    2    1    2    1    0    1    2    3    2
r1c3     4    3    2    3    2    1    0    3    2    1
r2c1     3    4    3    2    1    2    3    0    1    2
r2c2     4    5    4    3    2    3    2    1    0    1
r2c3     5    4    3    4    3    2    1    2    1    0
""",
    "arena_11a": """
      r0c0 r0c1 r0c2 r0c3 r1c0 r1c1 r1c2 r1c3 r2c1 r2c2 r2c3
r0c0     0    1    2    3    1    2    3    4    3    4    5
r0c1     1    0    1    2    2    3    2    3    4    3    4
r0c2     2    1    0    1    3    4    1    2    3    2    3
r0c3     3    2    1    0    4    5    2    1    4    3    2
r1c0     1    2    3    4    0    1    4    5    2    3    4
r1c1     2    3    4    5    1    0    3    4    1    2    3
r1c2     3    2    1    2    4    3    0    1    2    1    2
r1c3     4    3    2    1    5    4    1    0    3    2    1
r2c1     3    4    3    4    2    1    2    3    0    1    2
r2c2     4    3    2    3    3    2    1    2    1    0    1
r2c3     5    4    3    2    4    3    2    1    2    1    0
""",
    "arena_11b": """
      r0c0 r0c1 r0c2 r1c0 r1c1 r1c2 r1c3 r2c0 r2c1 r2c2 r2c3
r0c0     0    1    2    1    2    3    4    2    3    4    5
r0c1     1    0    1    2    1    2    3    3    2    3    4
r0c2     2    1    0    3    2    1    2    4    3    4    3
r1c0     1    2    3    0    3    4    5    1    2    3    4
r1c1     2    1    2    3    0    1    2    2    1    2    3
r1c2     3    2    1    4    1    0    1    3    2    3    2
r1c3     4    3    2    5    2    1    0    4    3    2    1
r2c0     2    3    4    1    2    3    4    0    1    2    3
r2c1     3    2    3    2    1    2    3    1    0    1    2
r2c2     4    3    4    3    2    3    2    2    1    0    1
r2c3     5    4    3    4    3    2    1    3    2    1    0
""",
    "arena_12": """
      r0c0 r0c1 r0c2 r0c3 r1c0 r1c1 r1c2 r1c3 r2c0 r2c1 r2c2 r2c3
r0c0     0    1    2    3    1    2    3    4    2    3    4    5
r0c1     1    0    1    2    2    1    2    3    3    2    3    4
r0c2     2    1    0    1    3    2    1    2    4    3    2    3
r0c3     3    2    1    0    4    3    2    1    5    4    3    2
r1c0     1    2    3    4    0    3    4    5    1    2    3    4
r1c1     2    1    2    3    3    0    3    4    2    1    2    3
r1c2     3    2    1    2    4    3    0    1    3    2    1    2
r1c3     4    3    2    1    5    4    1    0    4    3    2    1
r2c0     2    3    4    5    1    2    3    4    0    1    2    3
r2c1     3    2    3    4    2    1    2    3    1    0    1    2
r2c2     4    3    2    3    3    2    1    2    2    1    0    1
r2c3     5    4    3    2    4    3    2    1    3    2    1    0
""",
}

VISIBLE_ROOMS = {
    "arena_10": {
        "r0c0": {"blue", "red"},
        "r0c1": {"blue"},
        "r0c2": {"blue", "red"},
        "r1c0": {"blue", "red"},
        "r1c1": {"red", "white"},
        "r1c2": {"blue", "red", "yellow"},
        "r1c3": {"red", "yellow"},
        "r2c1": {"red", "white"},
        "r2c2": {"white", "yellow"},
        "r2c3": {"white", "yellow"},
    },
    "arena_11a": {
        "r0c0": {"blue", "red"},
        "r0c1": {"blue"},
        "r0c2": {"blue", "green", "yellow"},
        "r0c3": {"blue", "green", "yellow"},
        "r1c0": {"blue", "red"},
        "r1c1": {"red", "white"},
        "r1c2": {"blue", "yellow"},
        "r1c3": {"green", "yellow"},
        "r2c1": {"red", "white", "yellow"},
        "r2c2": {"white", "yellow"},
        "r2c3": {"yellow"},
    },
    "arena_11b": {
        "r0c0": {"blue", "red"},
        "r0c1": {"blue", "purple", "red"},
        "r0c2": {"blue", "purple"},
        "r1c0": {"red", "white"},
        "r1c1": {"blue", "purple", "white"},
        "r1c2": {"blue", "purple", "yellow"},
        "r1c3": {"purple", "yellow"},
        "r2c0": {"red", "white"},
        "r2c1": {"purple", "white"},
        "r2c2": {"white", "yellow"},
        "r2c3": {"white", "yellow"},
    },
    "arena_12": {
        "r0c0": {"blue", "red"},
        "r0c1": {"blue", "purple", "red"},
        "r0c2": {"blue", "green", "yellow"},
        "r0c3": {"blue", "green", "yellow"},
        "r1c0": {"red", "white"},
        "r1c1": {"blue", "purple", "white"},
        "r1c2": {"blue", "yellow"},
        "r1c3": {"green", "yellow"},
        "r2c0": {"red", "white"},
        "r2c1": {"purple", "white", "yellow"},
        "r2c2": {"white", "yellow"},
        "r2c3": {"yellow"},
    },
}


def matrix(arena_id: str) -> dict[tuple[str, str], int]:
    header, *rows = DISTANCES[arena_id].strip().splitlines()
    columns = header.split()
    out = {}
    for row in rows:
        origin, *values = row.split()
        for dest, value in zip(columns, values, strict=True):
            out[(origin, dest)] = int(value)
    return out


ARENAS = ["arena_10", "arena_11a", "arena_11b", "arena_12"]


@pytest.mark.parametrize("arena_id", ARENAS)
def test_distances_are_legal_steps_through_doors(arena_id: str) -> None:
    arena = load_arena(arena_id)
    expected = matrix(arena_id)
    assert {(a, b) for a, b in expected} == {(a, b) for a in arena.squares for b in arena.squares}
    assert {pair: arena.distance[pair[0]][pair[1]] for pair in expected} == expected


@pytest.mark.parametrize("arena_id", ARENAS)
def test_rooms_visible_from_each_square(arena_id: str) -> None:
    arena = load_arena(arena_id)
    assert {sq: set(arena.visible_rooms[sq]) for sq in arena.squares} == VISIBLE_ROOMS[arena_id]
    for sq in arena.squares:
        expected = {q for q in arena.squares if arena.room_of[q] in VISIBLE_ROOMS[arena_id][sq]}
        assert {q for q in arena.squares if arena.sees(sq, q)} == expected


def test_sight_is_asymmetric_through_a_door_on_your_own_square() -> None:
    # Reference d.5 / h.3: on r0c2 of arena_10 the door to the red room is underfoot.
    arena = load_arena("arena_10")
    assert arena.sees("r0c2", "r1c1")
    assert not arena.sees("r1c1", "r0c2")


def test_a_door_elsewhere_in_your_room_does_not_let_you_see_through() -> None:
    # Reference h: from r2c0 of arena_11b you see r2c1 (your room) but not r1c2 (purple room,
    # whose door is on r2c1, not on your square).
    arena = load_arena("arena_11b")
    assert arena.sees("r2c0", "r2c1")
    assert not arena.sees("r2c0", "r1c2")
    assert arena.sees("r2c1", "r1c2")


def test_grid_neighbours_across_a_wall_are_far_apart() -> None:
    arena = load_arena("arena_10")
    # r0c1 and r1c1 touch on the grid; the wall makes it 3 moves round through r0c0 and r1c0.
    assert arena.distance["r0c1"]["r1c1"] == 3
    assert not arena.sees("r0c1", "r1c1")


def test_straight_lines_with_and_without_walls() -> None:
    arena = load_arena("arena_12")
    # Walking east from r1c0 stops at the wall between r1c0 and r1c1; a beam goes through.
    assert arena.walk[("r1c0", "east")] == ()
    assert arena.beam[("r1c0", "east")] == ("r1c1", "r1c2", "r1c3")
    # Doors let you walk on: r0c0 -> r0c1 (door) -> r0c2 (blue room) -> r0c3 (door).
    assert arena.walk[("r0c0", "east")] == ("r0c1", "r0c2", "r0c3")
    # A beam skips the missing squares of a smaller arena.
    assert load_arena("arena_10").beam[("r1c3", "north")] == ()
    assert load_arena("arena_10").beam[("r2c3", "north")] == ("r1c3",)


def test_spawnpoints_and_recommended_player_counts() -> None:
    expected = {"arena_10": (3, 4), "arena_11a": (3, 4, 5), "arena_11b": (3, 4, 5), "arena_12": (4, 5)}
    for arena in all_arenas():
        assert arena.spawn_square == {"red": "r1c0", "blue": "r0c2", "yellow": "r2c3"}
        assert set(arena.recommended_players) == set(expected[arena.id])
    assert [len(a.squares) for a in all_arenas()] == [10, 11, 11, 12]


def test_an_arena_layout_is_checked_again_when_built_from_plain_data() -> None:
    """The compiled-data cache rebuilds arenas from plain data without the file's schema, so the
    Arena itself refuses a square outside the 3x4 grid."""
    layout = load_arena("arena_12").layout
    squares = dict(layout.squares)
    squares["r5c9"] = SquareLayout("white", None)
    with pytest.raises(DataError, match="outside the 3x4 grid"):
        Arena(replace(layout, squares=squares))
