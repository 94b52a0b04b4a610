"""Panic Fire's table under Pilot, on a clock the test moves by hand."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from adrenaline_tui.titles.panic_fire import Game
from adrenaline_tui.titles.panic_fire.referee import Player
from adrenaline_tui.titles.panic_fire.ui.app import PanicFireApp
from adrenaline_tui.titles.panic_fire.ui.keys import SOLO, Cluster, hand_cards
from adrenaline_tui.titles.panic_fire.ui.table_screen import TableScreen
from adrenaline_tui.tui.settings import Settings


class Clock:
    """Monotonic milliseconds that move only when told."""

    def __init__(self, ms: int = 50_000) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


def table_app(
    game: Game,
    people: tuple[str, ...] = ("scarlet",),
    players: Mapping[str, Player] | None = None,
    clock: Clock | None = None,
    save_path: Path | None = None,
    glyphs: str = "unicode",
    **kw: Any,
) -> tuple[PanicFireApp, TableScreen, Clock]:
    """The table in an app, its glyphs fixed (not the TERM the tests run under) unless "auto"."""
    clock = clock or Clock()
    screen = TableScreen(game, people, players or {}, clock=clock, save_path=save_path, **kw)
    return PanicFireApp(screen, Settings(glyphs=glyphs)), screen, clock


async def later(pilot: Pilot, screen: TableScreen, clock: Clock, ms: int) -> None:
    """Let `ms` pass: whatever falls due is carried out, as the screen's timer would."""
    clock.ms += ms
    screen.wake()
    await pilot.pause()


async def keys(pilot: Pilot, *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def text_of(screen: TableScreen, selector: str) -> str:
    widget = screen.query_one(selector)
    return str(widget.render())


def keys_for(view: dict[str, Any], action: str, cluster: Cluster = SOLO) -> list[str]:
    """The keys a person of `cluster` presses for an engine action, as the screen shows them."""
    verb, _, rest = action.partition(":")
    seats = list(view["table"])
    if verb == "play":
        char, seat, pos = rest.split(":")
        card = cluster.hand[hand_cards(view, len(cluster.hand)).index(char)]
        return [card, cluster.targets[seats.index(seat)], cluster.positions[int(pos) - 1]]
    if verb == "shoot":
        return [cluster.targets[seats.index(rest)], cluster.gun[0]]
    if verb == "shield":
        return [cluster.shield]
    raise ValueError(action)
