"""Random keys and random terminal sizes against the whole app, for the CI fuzz test
(`test_key_fuzz.py`) and the longer soak (`benchmarks/key_soak.py`).

Any exception inside the app fails the run: Textual stops the app and `run_test` raises it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

# Keys a person might press anywhere: option keys, list keys, every screen's bindings, the
# palette and the help. ctrl+q quits (the run then starts a new app); `q` quits from the title.
KEYS: list[str] = [
    *HOTKEYS,
    *["enter"] * 8,
    *["space", "escape", "escape", "tab", "shift+tab", "backspace", "slash"],
    *["up", "down", "down", "left", "right", "home", "end", "pageup", "pagedown"],
    *["n", "t", "c", "l", "r", "s", "x", "u", "w", "p", "f", "g", "y", "z", "q", "ctrl+g"],
    *["f1", "question_mark", "ctrl+p", "ctrl+s", "ctrl+z", "ctrl+c", "ctrl+q"],
]
# Sizes around the 80x24 minimum, below it, and the comfortable layout.
SIZES = [(80, 24), (80, 24), (100, 30), (120, 40), (160, 50), (79, 24), (80, 23), (70, 20), (40, 12)]


@dataclass
class FuzzReport:
    keys: int = 0
    resizes: int = 0
    apps: int = 0
    screens: Counter[str] = field(default_factory=Counter)

    def add(self, other: FuzzReport) -> None:
        self.keys += other.keys
        self.resizes += other.resizes
        self.apps += other.apps
        self.screens.update(other.screens)


async def fuzz_app(app: AdrenalineApp, rng: random.Random, presses: int, report: FuzzReport) -> None:
    """Press up to `presses` random keys (resizing now and then) until the app quits."""
    report.apps += 1
    async with app.run_test(size=rng.choice(SIZES)) as pilot:
        await pilot.pause()
        for _ in range(presses):
            if app.return_code is not None:
                return
            if rng.random() < 0.06:
                await pilot.resize_terminal(*rng.choice(SIZES))
                report.resizes += 1
            await pilot.press(rng.choice(KEYS))
            report.keys += 1
            report.screens[type(app.screen).__name__] += 1
            if rng.random() < 0.1:
                # Now and then the computers get time to move (they think on a worker thread).
                await pilot.pause(0.01)


async def fuzz(make: Callable[[], AdrenalineApp], seed: int, presses: int) -> FuzzReport:
    """Fuzz apps from `make` until `presses` keys have been pressed (an app that quits is
    replaced by a new one)."""
    rng = random.Random(seed)
    report = FuzzReport()
    while report.keys < presses:
        await fuzz_app(make(), rng, presses - report.keys, report)
    return report
