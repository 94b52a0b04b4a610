"""What a person's keys mean (ui/keys.py), from their own view."""

from __future__ import annotations

from adrenaline_tui.titles.panic_fire.ui.keys import LEFT, REPEAT_MS, SOLO, Aim, hand_cards

from .helpers import PLAIN, table

HAND = ["zombie", "cowboy", "gorilla", "shield"]


def test_alone_each_character_has_its_own_key_whatever_the_hand_and_the_table() -> None:
    """A card drawn never moves another to a different key under a person's fingers."""
    deck_order = ["grandma", "cowboy", "gangster", "nun", "viking", "zombie", "alien", "gorilla"]
    for sets in ({"scarlet": PLAIN, "violet": PLAIN}, {"scarlet": ["cowboy"] * 2 + PLAIN[:2], "violet": PLAIN}):
        for hand in (HAND, [*HAND, "alien"]):
            view = table(phase="play", sets=sets, hands={"scarlet": hand}).view("scarlet")
            assert hand_cards(view, len(SOLO.hand)) == [c if c in hand else None for c in deck_order]


def test_with_five_keys_the_hand_is_picked_by_name() -> None:
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": HAND}).view("scarlet")
    assert hand_cards(view, len(LEFT.hand)) == ["cowboy", "gorilla", "zombie"]


def test_more_kinds_than_keys_puts_the_playable_ones_first() -> None:
    hand = ["alien", "cowboy", "gangster", "gorilla", "nun", "viking", "zombie"]
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": hand}).view("scarlet")
    assert hand_cards(view, len(LEFT.hand))[:4] == ["alien", "gorilla", "viking", "zombie"]


def test_keys_make_actions_or_say_what_is_missing() -> None:
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": HAND}).view("scarlet")
    aim = Aim("scarlet", SOLO)
    assert aim.press("a", view) == (None, "pick a card first (1-8)")
    assert aim.press("8", view) == (None, None) and aim.card == "gorilla"
    assert aim.press("w", view) == (None, None) and aim.target == "violet"
    assert aim.press("s", view) == ("play:gorilla:violet:2", None)
    assert aim.press("space", view) == ("shoot:violet", None)
    assert aim.press("z", view) == ("shield", None)
    assert aim.press("1", view)[1] == "you hold no Great Grandma (key 1)"
    assert aim.press("9", view)[1] == "no card under 9: you hold 3 kinds of card"
    assert aim.press("t", view)[1] == "no set t: 2 players at this table"
    left = Aim("scarlet", LEFT)
    assert left.press("4", view)[1] == "no card under 4: you hold 3 kinds of card"


def test_the_lessons_coach_points_at_a_card_that_makes_a_match_and_its_keys() -> None:
    from adrenaline_tui.titles.panic_fire.ui.drawing import hint

    sets = {"scarlet": PLAIN, "violet": ["gangster", "gangster", "nun", "alien"]}
    view = table(phase="play", sets=sets, hands={"scarlet": ["gangster", "zombie"]}).view("scarlet")
    tip = hint(view, Aim("scarlet", SOLO))
    assert tip == "try Gangster on violet's set: keys 3 w d, a match: then g to shoot"


def test_the_gun_before_fire_says_to_wait() -> None:
    view = table(phase="ready", sets={"scarlet": PLAIN, "violet": PLAIN}).view("scarlet")
    assert Aim("scarlet", SOLO).press("g", view) == (None, 'wait for "fire!"')


def test_one_keyboard_seats_one_or_two_people_and_says_so_in_one_line(tmp_path) -> None:
    import pytest

    from adrenaline_tui.titles.panic_fire.ui import UI

    three = {"scarlet": "human", "violet": "human", "amber": "human"}
    with pytest.raises(ValueError, match=r"^Panic Fire seats 1 or 2 people at one keyboard, not 3$"):
        UI.new_table(3, {}, three, 1, save_path=tmp_path / "x.json")
    with pytest.raises(ValueError, match=r"not 0$"):
        UI.new_table(2, {}, {"scarlet": "easy", "violet": "hard"}, 1, save_path=tmp_path / "x.json")
    with pytest.raises(ValueError, match="no computer player 'genius'"):
        UI.new_table(2, {}, {"scarlet": "human", "violet": "genius"}, 1, save_path=tmp_path / "x.json")
    assert not list(tmp_path.iterdir())  # nothing written for a table that was not made


def test_a_gun_key_held_down_is_one_press_and_a_second_press_later_is_another() -> None:
    """Key repeat (a terminal sends no key-up) must not take the gun again when it is back."""
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": HAND}).view("scarlet")
    aim = Aim("scarlet", SOLO)
    aim.press("w", view, 1000)
    assert aim.press("g", view, 1000) == ("shoot:violet", None)
    # The key repeats every 40 ms for as long as it is held: the same press, whatever the view.
    for at in range(1040, 2600, 40):
        assert aim.press("g", view, at) == (None, None)
    assert aim.press("g", view, 2600 + REPEAT_MS) == ("shoot:violet", None)
    mine = {**view, "gun": "scarlet"}
    assert aim.press("space", mine, 5000)[1] == "the gun is in your hand: it is back in the middle in a moment"
