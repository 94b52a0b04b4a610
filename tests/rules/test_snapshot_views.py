"""A seat's view is built in one pass (`snapshot._snapshot`), not as the full state with its hidden
parts overwritten; it must be that same dict, key for key and in the same order (the clients'
messages are its JSON, compared byte for byte across deals)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adrenaline_tui.ai import RandomPlayer
from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.snapshot import _pending, full_state, player_view

FIGURES = ["yellow", "blue", "grey", "green", "purple"]


def _masked(g: Game, viewer: str | None, reveal_scores: bool) -> dict[str, Any]:
    """The view as it was built before: the full state, its hidden parts then overwritten."""
    state = full_state(g)
    for p in state["players"]:
        if p["colour"] == viewer:
            continue
        p["powerups"] = None
        p["weapons"] = [w if not w["loaded"] else {"id": None, "loaded": True} for w in p["weapons"]]
        if not (reveal_scores or g.over):
            p["score"] = None
    decks = state["decks"]
    state["decks"] = {
        "weapons": len(decks["weapons"]),
        "powerups": len(decks["powerups"]),
        "powerup_discard": decks["powerup_discard"],
        "ammo": len(decks["ammo"]),
        "ammo_discard": decks["ammo_discard"],
    }
    deciding = g.pending is not None and g.pending.player == viewer
    state["pending"] = _pending(g, with_options=deciding)
    state["decisions"] = g.decisions_seen(viewer) if deciding else None
    state["viewer"] = viewer
    return state


@pytest.mark.parametrize(
    ("mode", "bot"), [("standard", None), ("standard", "grey"), ("domination", None), ("turret", None)]
)
def test_a_view_is_the_full_state_with_its_hidden_parts_masked(mode: str, bot: str | None) -> None:
    seats = [c for c in FIGURES if c != bot][:4]
    checked = hidden = 0
    for seed in (5, 6):
        config = GameConfig(players=seats, arena="arena_11a", skulls=5, mode=mode, bot=bot)
        game = Game.new(config, seed)
        player = RandomPlayer(seed)
        while (d := game.pending) is not None:
            for viewer in [*seats, None]:
                for reveal in (False, True):
                    expected = json.dumps(_masked(game, viewer, reveal))
                    assert json.dumps(player_view(game, viewer, reveal_scores=reveal)) == expected, (seed, viewer)
                    checked += 1
            # The view hides something real: another seat's card in hand.
            hidden += any(p["powerups"] for p in full_state(game)["players"] if p["colour"] != d.player)
            game.choose(player.choose(d))
    assert checked >= 1_000 and hidden > 0
