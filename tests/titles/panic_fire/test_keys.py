"""What a person's keys mean (ui/keys.py), from their own view."""

from __future__ import annotations

from adrenaline_tui.titles.panic_fire.ui.keys import LEFT, SOLO, Aim, hand_cards

from .helpers import PLAIN, table

HAND = ["zombie", "cowboy", "gorilla", "shield"]


def test_a_hand_key_keeps_its_card_whatever_the_table_shows() -> None:
    """By name, not by what can be played: a card a person reached for stays under the key."""
    for sets in ({"scarlet": PLAIN, "violet": PLAIN}, {"scarlet": ["cowboy"] * 2 + PLAIN[:2], "violet": PLAIN}):
        view = table(phase="play", sets=sets, hands={"scarlet": HAND}).view("scarlet")
        assert hand_cards(view) == ["cowboy", "gorilla", "zombie"]


def test_more_kinds_than_keys_puts_the_playable_ones_first() -> None:
    hand = ["alien", "cowboy", "gangster", "gorilla", "nun", "viking", "zombie"]
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": hand}).view("scarlet")
    assert hand_cards(view, len(LEFT.hand))[:4] == ["alien", "gorilla", "viking", "zombie"]


def test_keys_make_actions_or_say_what_is_missing() -> None:
    view = table(phase="play", sets={"scarlet": PLAIN, "violet": PLAIN}, hands={"scarlet": HAND}).view("scarlet")
    aim = Aim("scarlet", SOLO)
    assert aim.press("a", view) == (None, "pick a card first (1-9)")
    assert aim.press("2", view) == (None, None) and aim.card == "gorilla"
    assert aim.press("w", view) == (None, None) and aim.target == "violet"
    assert aim.press("s", view) == ("play:gorilla:violet:2", None)
    assert aim.press("space", view) == ("shoot:violet", None)
    assert aim.press("z", view) == ("shield", None)
    assert aim.press("8", view)[1] == "no card 8: your hand has 3 character card(s)"
    assert aim.press("t", view)[1] == "no set t: 2 players at this table"
