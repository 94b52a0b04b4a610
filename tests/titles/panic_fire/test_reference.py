"""Panic Fire's rules reference: every section reachable, the deck page from the data file."""

from __future__ import annotations

from adrenaline_tui.titles.panic_fire import reference
from adrenaline_tui.titles.panic_fire.deck import load_deck


def test_sections_have_unique_ids_and_their_see_also_exists() -> None:
    ids = [s.id for s in reference.sections()]
    assert len(ids) == len(set(ids))
    for s in reference.sections():
        assert all(target in ids for target in s.see), s.id
        assert reference.section(s.id) is s
    assert sum(len(v) for v in reference.chapters().values()) == len(ids)


def test_the_deck_page_is_the_data_files() -> None:
    deck = load_deck()
    page = reference.section("deck").page
    assert page is not None
    lines = page.body.splitlines()
    assert lines[0] == f"The deck: {deck.size} cards" == "The deck: 112 cards"
    for c in deck.characters:
        assert any(line.startswith(c.name) and line.split()[-2:] == [str(c.match), str(c.copies)] for line in lines)
    assert f"Shields: {deck.shields}" in page.body


def test_search_finds_the_rule_asked_about() -> None:
    assert reference.search("shield")[0].id == "shields"
    assert reference.search("foul")[0].id == "gun"
    assert reference.search("sudden death")[0].id == "bullets"
