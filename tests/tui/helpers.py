"""Helpers for UI tests: build apps and sessions, read the screen, play through the keyboard."""

from __future__ import annotations

import random
from typing import Any

from textual.pilot import Pilot

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.session import HUMAN, Session
from adrenaline_tui.tui.settings import Settings

NAMES = {"yellow": "Ann", "blue": "Ben", "grey": "Cat", "purple": "Dan", "green": "Eve"}


def settings(**changes: Any) -> Settings:
    # Weapon-lesson offers are notices that would sit over every table snapshot; their own
    # tests turn them on.
    defaults = {"bot_delay": 0.0, "theme": "adrenaline", "glyphs": "unicode", "offer_lessons": False}
    return Settings(**{**defaults, **changes})


def make_app(session: Session | None = None, *, seed: int = 11, **changes: Any) -> AdrenalineApp:
    return AdrenalineApp(settings=settings(**changes), bot_delay=0.0, session=session, seed=seed, save_settings=False)


def new_session(
    kinds: dict[str, str],
    *,
    seed: int = 3,
    arena: str = "arena_11a",
    skulls: int = 5,
    ending: str = "sudden_death",
    autosave: bool = True,
    mode: str = "standard",
    bot: str | None = None,
) -> Session:
    players = tuple(kinds)
    humans = sum(1 for k in kinds.values() if k == HUMAN)
    config = GameConfig(
        players=players,  # type: ignore[arg-type]
        names={c: NAMES[c] for c in players},
        arena=arena,  # type: ignore[arg-type]
        skulls=skulls,
        ending=ending,  # type: ignore[arg-type]
        tagback_prompt="all" if humans >= 2 else "holders",
        mode=mode,
        bot=bot,
        end_turn_prompt="always" if humans >= 2 else "usable",
        spawn_prompt="always" if humans >= 2 else "choice",
    )
    return Session.start(config, seed, kinds, autosave=autosave)


def scenario_session(scenario: dict[str, Any], kinds: dict[str, str], seed: int = 1) -> Session:
    from adrenaline_tui.tui import storage

    game = Game.from_scenario(scenario, seed)
    session = Session(game, kinds, storage.new_save_path())
    session.write_table()
    session.autosave()
    return session


def screen_text(app: AdrenalineApp) -> str:
    """What the terminal shows right now, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def screen_name(app: AdrenalineApp) -> str:
    return type(app.screen).__name__


async def settle(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def pick(keys: list[str], rng: random.Random) -> int:
    """A quick player: shoot when possible, otherwise anything but ending the turn early."""
    for preferred in ("shoot", "grab"):
        if preferred in keys:
            return keys.index(preferred)
    choices = [i for i, k in enumerate(keys) if k not in ("end", "done", "pass")] or list(range(len(keys)))
    return rng.choice(choices)


async def play_to_the_end(pilot: Pilot, *, seed: int = 0, limit: int = 4000, stop=None) -> list[str]:
    """Play with the keyboard until the final standings (or until `stop(app)`), like a person
    pressing option keys. Returns the names of the screens met on the way, one per key press.
    """
    from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

    rng = random.Random(seed)
    app: AdrenalineApp = pilot.app  # type: ignore[assignment]
    seen: list[str] = []
    await settle(pilot)
    for _ in range(limit):
        name = screen_name(app)
        seen.append(name)
        if name == "StandingsScreen" or (stop is not None and stop(app)):
            return seen
        if name in ("HandoffScreen", "ScoringScreen"):
            await pilot.press("enter")
            continue
        table = app.table()
        assert table is not None, f"unexpected screen {name}"
        opts = ((table.view or {}).get("pending") or {}).get("options") or []
        if not opts:
            await pilot.pause()
            continue
        index = pick([o["key"] for o in opts], rng)
        if index < len(HOTKEYS):
            await pilot.press(HOTKEYS[index])
        else:
            await pilot.press("home", *["down"] * index, "enter")
    raise AssertionError("the game did not finish")


async def choose_key(pilot: Pilot, key: str) -> None:
    """Press the hotkey of the option whose engine key is `key` (it must be on offer)."""
    from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

    app: AdrenalineApp = pilot.app  # type: ignore[assignment]
    table = app.table()
    assert table is not None and app.screen is table, f"not at the table but on {screen_name(app)}"
    opts = ((table.view or {}).get("pending") or {}).get("options") or []
    keys = [o["key"] for o in opts]
    assert key in keys, f"{key!r} is not offered: {keys}"
    await pilot.press(HOTKEYS[keys.index(key)])
    await settle(pilot)


async def to_first_action(pilot: Pilot, session: Session) -> None:
    """Play on (answering where to enter the arena with the first option) until a person at the
    screen chooses an action."""
    for _ in range(20):
        await settle(pilot)
        pending = session.game.pending
        if session.is_human(pending.player):
            if pending.kind == "action":
                return
            await pilot.press("1")  # where to enter the arena
    raise AssertionError("no person's action came up")
