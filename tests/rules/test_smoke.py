from tests.rules.helpers import player, scenario


def test_lock_rifle_converts_an_old_mark_and_adds_a_new_one():
    game = scenario(
        [
            {
                "colour": "yellow",
                "square": "r1c2",
                "weapons": ["lock-rifle"],
                "ammo": {"red": 0, "blue": 0, "yellow": 0},
            },
            {"colour": "blue", "square": "r2c3", "marks": {"yellow": 1}},
            {"colour": "grey", "square": "r0c0"},
        ],
        arena="arena_12",
    )
    game.choose("shoot")  # one weapon, one visible target: the shot resolves by itself
    blue = player(game, "blue")
    assert blue["damage"] == ["yellow", "yellow", "yellow"]
    assert blue["marks"] == {"yellow": 1}
    assert player(game, "yellow")["weapons"] == [{"id": "lock-rifle", "loaded": False}]
