"""What the table shows never depends on hidden cards.

Pairs of deals that differ only in hidden cards (which powerups the computers hold, swapped
between them so that the decks stay the same) are played through the app with the same
public choices, and every frame the table draws - the presenter's output for the view on
screen, and every screen pushed over it - must be the same in both. The players answer every
question that only a hidden card can raise (a Tagback Grenade, a Targeting Scope, a powerup at
the end of a turn, paying with a powerup) by declining it, so the public game is the same.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from adrenaline_tui.ai import PLAYER_KINDS
from adrenaline_tui.rules.cards import load_cards
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.app import AdrenalineApp
from adrenaline_tui.tui.screens.handoff import HandoffScreen, reason
from adrenaline_tui.tui.screens.table import TableScreen
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets.action_panel import HOTKEYS

from .helpers import scenario_session, screen_name, settings

POWERUPS = frozenset(load_cards().powerup_deck())
DECLINE = ("pass", "end", "done")
TURNS = 7


def public_choice(kind: str, keys: list[str], rng: random.Random) -> str:
    """A choice the same in both deals of a pair: never a powerup, and no question that only a
    hidden card raises is taken up."""
    plain = sorted(k for k in keys if k.removeprefix("pay:") not in POWERUPS)
    assert plain, f"only powerups answer this {kind} question: the deals would part"
    if kind in ("tagback", "scope", "reload"):  # reloading can be paid for with powerups
        return "pass" if "pass" in keys else "done"
    if "shoot" in plain:  # shots bring Tagback and Targeting Scope questions
        return "shoot"
    useful = [k for k in plain if k not in DECLINE] or plain
    return useful[0] if len(useful) == 1 else rng.choice(useful)


class PublicPlayer:
    """A computer player making `public_choice`s."""

    name = "public"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Any, view: dict | None = None) -> str:
        return public_choice(decision.kind, decision.keys, self.rng)


def deal(hands: dict[str, list[str]], humans: tuple[str, ...], broke: str = "") -> dict[str, Any]:
    """Four players, two weapons each and full ammo (bar `broke`, who has none)."""
    squares = {"yellow": "r1c1", "blue": "r1c0", "grey": "r2c3", "purple": "r0c2"}
    weapons = {
        "yellow": ["lock-rifle", "electroscythe"],
        "blue": ["machine-gun", "zx-2"],
        "grey": ["shotgun", "whisper"],
        "purple": ["heatseeker", "thor"],
    }
    return {
        "arena": "arena_11a",
        "skulls": 5,
        "tagback_prompt": "all" if len(humans) >= 2 else "holders",
        "end_turn_prompt": "always" if len(humans) >= 2 else "usable",
        "spawn_prompt": "always" if len(humans) >= 2 else "choice",
        "players": [
            {
                "colour": colour,
                "square": square,
                "weapons": weapons[colour],
                "ammo": {c: 0 if colour == broke else 3 for c in ("red", "blue", "yellow")},
                "powerups": hands.get(colour, []),
            }
            for colour, square in squares.items()
        ],
        "active": "yellow",
        # Ann's first decision is her last action: she shoots Ben, who answers.
        "actions_taken": 1 if broke else 0,
    }


class Recorder:
    """Every frame the table draws while `public(viewer)` holds, and every screen pushed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, public) -> None:
        self.frames: list[tuple[Any, ...]] = []
        render, push = TableScreen.render_table, AdrenalineApp.push_screen
        recorder = self

        def render_spy(table: TableScreen) -> None:
            render(table)
            if public(table.viewer):
                recorder.frames.append(recorder.frame(table))

        def push_spy(app: AdrenalineApp, screen: Any, *args: Any, **kwargs: Any) -> Any:
            recorder.frames.append(recorder.pushed(screen))
            return push(app, screen, *args, **kwargs)

        monkeypatch.setattr(TableScreen, "render_table", render_spy)
        monkeypatch.setattr(AdrenalineApp, "push_screen", push_spy)

    @staticmethod
    def frame(table: TableScreen) -> tuple[Any, ...]:
        game, view, kinds = table.session.game, table.view, table.session.kinds
        assert view is not None
        panel = presenter.panel_state(game, view, kinds)
        return (
            "table",
            table.viewer,
            # Every option's preview as it reads now (the table works them out when shown).
            dataclasses.replace(panel, details=tuple(panel.details)),
            presenter.status(game, view, table.viewer, kinds),
            presenter.board_states(game, view, table.viewer, False),
            presenter.mode_board_state(game, view),
            presenter.map_state(game, view, None),
            tuple(e.text for e in game.events),
        )

    @staticmethod
    def pushed(screen: Any) -> tuple[Any, ...]:
        if isinstance(screen, HandoffScreen):
            return ("handoff", screen.colour, reason(screen.game, screen.colour), tuple(e.text for e in screen.recap))
        return ("screen", type(screen).__name__)


async def play(app: AdrenalineApp, seed: int) -> list[str]:
    """Play with public choices for a few turns; returns the public log."""
    rng = random.Random(seed)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3000):
            await pilot.pause()
            name = screen_name(app)
            if name in ("HandoffScreen", "ScoringScreen"):
                await pilot.press("enter")
                continue
            table = app.table()
            if name == "StandingsScreen" or table.session.game.turn > TURNS:
                return [e.text for e in table.session.game.events]
            pending = (table.view or {}).get("pending") or {}
            opts = pending.get("options") or []
            if not opts or getattr(table, "_thinking", False):
                await pilot.pause(0.002)
                continue
            keys = [o["key"] for o in opts]
            await pilot.press(HOTKEYS[keys.index(public_choice(pending["kind"], keys, rng))])
    raise AssertionError("the game did not get far enough")


# Each pair: the same powerups dealt to different computers.
LONE_PERSON = [
    {"blue": ["tagback-grenade-red", "targeting-scope-blue"], "grey": ["newton-yellow"], "purple": ["teleporter-red"]},
    {"blue": ["newton-yellow", "teleporter-red"], "grey": ["tagback-grenade-red"], "purple": ["targeting-scope-blue"]},
]


# The game modes and the bot add boards, badges and decisions: none may follow a hidden card.
VARIANTS = {
    "standard": {},
    "domination+bot": {"mode": "domination", "turn": 2, "bot": {"colour": "green", "square": "r1c2"}},
    "turret": {"mode": "turret", "turn": 2, "turret": {"turrets": {"r1c3": "grey"}}},
}


@pytest.mark.parametrize(("seed", "variant"), [(1, "standard"), (2, "standard"), (3, "domination+bot"), (4, "turret")])
async def test_a_lone_person_sees_the_same_table_whatever_the_computers_hold(
    seed: int, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYER_KINDS, "public", PublicPlayer)
    kinds = {"yellow": HUMAN, "blue": "public", "grey": "public", "purple": "public"}
    runs = []
    for hands in LONE_PERSON:
        hands = {**hands, "yellow": ["tagback-grenade-yellow"]}
        with monkeypatch.context() as patch:
            recorder = Recorder(patch, public=lambda viewer: True)
            session = scenario_session({**deal(hands, ("yellow",)), **VARIANTS[variant]}, kinds, seed=seed)
            # A small delay: computers are paced exactly as for people, without slowing the test.
            app = AdrenalineApp(settings=settings(bot_delay=0.001), session=session, save_settings=False)
            log = await play(app, seed)
        runs.append((log, recorder.frames))
    (log_a, frames_a), (log_b, frames_b) = runs
    assert log_a == log_b, "the pair of deals was played differently: not a pair"
    assert len(frames_a) > 20
    for i, (a, b) in enumerate(zip(frames_a, frames_b, strict=False)):
        assert a == b, f"frame {i} differs with the computers' cards:\n{a}\n{b}"
    assert len(frames_a) == len(frames_b)


# Ann holds a Newton or not (the card goes to a computer instead). Without ammo she cannot reload
# (a yellow card pays for neither of her weapons), so after Ben's answer to her last shot the
# only thing that can bring the keyboard back to her is the end of her turn.
HOT_SEAT = [
    {"yellow": ["newton-yellow"], "grey": ["tagback-grenade-yellow"]},
    {"yellow": ["tagback-grenade-yellow"], "grey": ["newton-yellow"]},
]


@pytest.mark.parametrize("seed", [6])
async def test_hand_offs_and_the_public_table_do_not_follow_hidden_cards(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYER_KINDS, "public", PublicPlayer)
    kinds = {"yellow": HUMAN, "blue": HUMAN, "grey": "public", "purple": "public"}
    runs = []
    for hands in HOT_SEAT:
        # What everyone at the table sees: the public view, the hand-offs and other screens.
        with monkeypatch.context() as patch:
            recorder = Recorder(patch, public=lambda viewer: viewer is None)
            session = scenario_session(deal(hands, ("yellow", "blue"), broke="yellow"), kinds, seed=seed)
            app = AdrenalineApp(settings=settings(bot_delay=0.001), session=session, save_settings=False)
            log = await play(app, seed)
        runs.append((log, recorder.frames))
    (log_a, frames_a), (log_b, frames_b) = runs
    assert log_a == log_b, "the pair of deals was played differently: not a pair"
    assert sum(1 for f in frames_a if f[0] == "handoff") > 3
    for i, (a, b) in enumerate(zip(frames_a, frames_b, strict=False)):
        assert a == b, f"frame {i} differs with the hidden cards:\n{a}\n{b}"
    assert len(frames_a) == len(frames_b)


# Pairs of deals for two people and two computers: the same cards in other hands. In the first
# the computers swap theirs; in the second a person's Targeting Scope and Newton go to a computer
# instead (how many cards each holds is public). What the table shows everyone (the public table,
# the hand-offs) must be the same in both.
PAIRS = {
    "computers": [
        {
            "grey": ["tagback-grenade-red", "targeting-scope-blue"],
            "purple": ["newton-yellow", "teleporter-red"],
            "yellow": ["tagback-grenade-yellow"],
        },
        {
            "grey": ["newton-yellow", "teleporter-red"],
            "purple": ["tagback-grenade-red", "targeting-scope-blue"],
            "yellow": ["tagback-grenade-yellow"],
        },
    ],
    "a person": [
        {"yellow": ["targeting-scope-blue", "newton-yellow"], "grey": ["tagback-grenade-red", "teleporter-red"]},
        {"yellow": ["tagback-grenade-red", "teleporter-red"], "grey": ["targeting-scope-blue", "newton-yellow"]},
    ],
}


@pytest.mark.parametrize(
    ("pair", "variant", "seed"),
    [("a person", "standard", 7), ("computers", "domination+bot", 8), ("a person", "turret", 9)],
)
async def test_two_people_see_the_same_public_table_and_hand_offs_whatever_anyone_holds(
    pair: str, variant: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYER_KINDS, "public", PublicPlayer)
    kinds = {"yellow": HUMAN, "blue": HUMAN, "grey": "public", "purple": "public"}
    runs = []
    for hands in PAIRS[pair]:
        with monkeypatch.context() as patch:
            recorder = Recorder(patch, public=lambda viewer: viewer is None)
            scenario = {**deal(hands, ("yellow", "blue")), **VARIANTS[variant]}
            session = scenario_session(scenario, kinds, seed=seed)
            app = AdrenalineApp(settings=settings(bot_delay=0.001), session=session, save_settings=False)
            log = await play(app, seed)
        runs.append((log, recorder.frames))
    (log_a, frames_a), (log_b, frames_b) = runs
    assert log_a == log_b, "the pair of deals was played differently: not a pair"
    assert sum(1 for f in frames_a if f[0] == "handoff") > 3
    for i, (a, b) in enumerate(zip(frames_a, frames_b, strict=False)):
        assert a == b, f"frame {i} differs with the hidden cards:\n{a}\n{b}"
    assert len(frames_a) == len(frames_b)


async def test_a_game_set_up_for_two_people_asks_everyone_at_tagbacks_and_turn_ends() -> None:
    from adrenaline_tui.tui.widgets.choice import Choice

    from .helpers import make_app, settle

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        setup = app.screen
        config, kinds = setup.settings()
        assert list(kinds.values()).count(HUMAN) == 1
        assert (config.tagback_prompt, config.end_turn_prompt, config.spawn_prompt) == ("holders", "usable", "choice")
        setup.query_one("#kind-1", Choice).set_value(HUMAN)
        config, kinds = setup.settings()
        assert list(kinds.values()).count(HUMAN) == 2
        assert (config.tagback_prompt, config.end_turn_prompt, config.spawn_prompt) == ("all", "always", "always")
