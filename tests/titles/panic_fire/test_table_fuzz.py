"""Random keys at Panic Fire's table, at random moments of a clock moved by hand: every cluster's
keys and keys of no cluster, one person against computers and two people at one keyboard. No key
may break the table: nothing raises, every card of the box is still somewhere, and the save on
disk replays to the game on screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp, new_table
from adrenaline_tui.titles.panic_fire.ui.keys import LEFT, RIGHT, SOLO
from adrenaline_tui.tui.settings import Settings

from .table_helpers import Clock

CLUSTER_KEYS = sorted({k for c in (SOLO, LEFT, RIGHT) for k in (*c.hand, *c.targets, *c.positions, *c.gun, c.shield)})
OTHER_KEYS = ["x", "b", "enter", "up", "down", "left", "right", "tab", "backspace", "ctrl+z", "9", "m"]


@pytest.mark.parametrize(("people", "computers", "seed"), [(1, 3, 1), (2, 1, 2)])
async def test_random_keys_never_break_the_table(tmp_path: Path, people: int, computers: int, seed: int) -> None:
    rng = random.Random(seed)
    clock = Clock()
    path = tmp_path / "fuzz.json"
    screen = new_table(people, computers, "easy", seed=seed, save_path=path, clock=clock)
    g: Game = screen.game
    async with PanicFireApp(screen, Settings(glyphs="unicode")).run_test(size=(80, 24)) as pilot:
        for _ in range(150):
            key = rng.choice(CLUSTER_KEYS) if rng.random() < 0.85 else rng.choice(OTHER_KEYS)
            await pilot.press(key)
            if rng.random() < 0.3:
                clock.ms += rng.choice([0, 1, 50, 400, 1000, 3000])
                screen.wake()
            await pilot.pause()
            if g.over:
                break
        assert sum(g.census().values()) == 112
        assert any(e[2] in screen.people for e in g.log)  # the keys did reach the game
        screen.session.flush()
    assert Game.load(path).state() == g.state()
