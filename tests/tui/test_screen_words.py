"""A scan of the words a deciding player reads, over random games of every mode with the bot.

At every decision it gathers what the table's panel and its explain screen are built from (the
prompt, each option's label, each option's preview under the cursor, and the explanation of each
option: its title, reasons and effects - `presenter.panel_state`, `questions.explanation`) and
checks two things of all of it:

- a spawnpoint only ever takes one token and never moves: no text says it takes more than 1
  damage, a mark, or a move (issue 23, finding 7);
- no internal key reaches the screen where a name is expected: `spawn:yellow`, `way:r0c1-r0c2`,
  `give:red`, `pay:...`, `board:...`, a weapon id (`lock-rifle`) or a powerup card id
  (`newton-red`). Square names (`r0c2`) are the map's own names for squares and stay.
"""

from __future__ import annotations

import random
import re

import pytest

from adrenaline_tui.rules import Game, GameConfig
from adrenaline_tui.rules.explain import questions
from adrenaline_tui.tui import presenter
from adrenaline_tui.tui.session import HUMAN
from adrenaline_tui.tui.widgets import ActionPanel

from .helpers import choose_key, make_app, scenario_session, screen_name, screen_text, settle

MODES = [("standard", "purple"), ("domination", "purple"), ("turret", "purple"), ("domination", None)]
DECISIONS = 400  # some ten rounds: kills, respawns, overkill tracks and turrets changing hands come up
TOPICS_EVERY = 20  # the other topics (figures, boards, squares) change slowly: every 20th decision

_KEY = re.compile(r"\b(?:spawn|way|give|pay|board):[\w-]+")
# Clauses about a spawnpoint that say it takes more than 1 damage, a mark, or a move.
_MORE_DAMAGE = re.compile(r"\b(?:[2-9]|\d\d+) damage\b")
_MARK = re.compile(r"\bmarks?\b")
_MOVE = re.compile(r"\b(?:mov(?:e|es|ed)|pull(?:s|ed)?|push(?:es|ed)?)\b")
_HONEST = ("marks do nothing", "never moves", "you move onto its square")  # true of a spawnpoint


def _card_ids(game: Game) -> re.Pattern[str]:
    ids = [w for w in game.cards.weapons if "-" in w]
    ids += [card for card in set(game.cards.powerup_deck())]
    return re.compile(r"\b(?:" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)) + r")\b")


def spawnpoint_problems(text: str) -> list[str]:
    """The clauses of `text` that tell of a spawnpoint taking more than a token."""
    out = []
    for clause in re.split(r"[;.]\s*|\s-\s", text):
        lowered = clause.lower()
        if "spawnpoint" not in lowered:
            continue
        # What a clause says of whoever else is named in it ("Dozer: 2 damage") is not about the
        # spawnpoint: only the part after the spawnpoint's name counts.
        about = lowered[lowered.index("spawnpoint") :]
        for honest in _HONEST:
            about = about.replace(honest, "")
        # Not about the spawnpoint: what others on its square take, and how far it is.
        about = re.sub(r"[^,;]*everyone else[^,;]*|\b\d+ moves? (?:from|away)\b", "", about)
        if _MORE_DAMAGE.search(about) or _MARK.search(about) or _MOVE.search(about):
            out.append(clause)
    return out


def screen_texts(game: Game) -> list[tuple[str, str]]:
    """(where, text) for everything the deciding player may read at this decision."""
    d = game.pending
    view = game.view(d.player)
    panel = presenter.panel_state(game, view, {})
    out = [("prompt", panel.prompt)]
    for i, option in enumerate(d.options):
        where = f"{d.kind}/{option.key}"
        out.append((f"{where} label", panel.labels[i]))
        out.append((f"{where} preview", panel.details[i]))
        e = questions.explanation(game, view, option.key)
        out += [(f"{where} explain title", e.subject)]
        out += [(f"{where} explain why", w) for w in e.why]
        out += [(f"{where} explain does", w) for w in e.does]
    return out


def topic_texts(game: Game) -> list[tuple[str, str]]:
    """Every other topic the deciding player may look up (figures, boards, the track, squares)."""
    view = game.view(game.pending.player)
    options = {o.key for o in game.pending.options}
    out = []
    for topic in questions.topics(game, view):
        if topic.id in options:
            continue  # read with the options
        e = questions.explanation(game, view, topic.id)
        out.append((f"topic {topic.id} label", topic.label))
        out += [(f"topic {topic.id} {part}", text) for part in ("why", "does") for text in getattr(e, part)]
        out.append((f"topic {topic.id} title", e.subject))
    return out


def _spawnpoint_option(game: Game, key: str) -> bool:
    return key.startswith("spawn:")


@pytest.mark.parametrize(("mode", "bot"), MODES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_screen_text_promises_a_spawnpoint_more_or_shows_an_internal_key(
    mode: str, bot: str | None, seed: int
) -> None:
    players = ("yellow", "blue", "grey") if bot else ("yellow", "blue", "grey", "green")
    game = Game.new(GameConfig(players=players, mode=mode, bot=bot), seed=seed)
    ids = _card_ids(game)
    rng = random.Random(seed)
    problems: list[str] = []
    seen_spawn_options = 0
    for step in range(DECISIONS):
        d = game.pending
        if d is None:
            break
        seen_spawn_options += sum(1 for o in d.options if _spawnpoint_option(game, o.key))
        for where, text in screen_texts(game):
            for clause in spawnpoint_problems(text) if mode == "domination" else ():
                problems.append(f"{where}: spawnpoint: {clause!r} in {text!r}")
            for found in (*_KEY.findall(text), *ids.findall(text)):
                problems.append(f"{where}: internal key {found!r} in {text!r}")
        if step % TOPICS_EVERY == 0:
            texts = topic_texts(game)
            for where, text in texts:
                for found in (*_KEY.findall(text), *ids.findall(text)):
                    problems.append(f"{where}: internal key {found!r} in {text!r}")
        # Prefer the shoot action and spawnpoint targets, so the scan meets them often.
        keys = d.keys
        liked = [k for k in keys if k == "shoot" or k.startswith("spawn:")] if rng.random() < 0.7 else []
        for event in game.choose(rng.choice(liked or keys)):
            for found in (*_KEY.findall(event.text), *ids.findall(event.text)):
                problems.append(f"log {event.kind}: internal key {found!r} in {event.text!r}")
    assert not problems, "\n".join(dict.fromkeys(problems))
    if mode == "domination":
        assert seen_spawn_options, "the scan met no spawnpoint option: it would check nothing"


def test_the_scan_catches_the_words_it_looks_for() -> None:
    # The scan's own check, on texts the engine used to show (issue 23).
    assert spawnpoint_problems("the blue spawnpoint on r0c2: 1 damage, then may be moved up to 1 square")
    assert spawnpoint_problems("the yellow spawnpoint on r2c3: 2 damage and 1 mark")
    assert spawnpoint_problems("the red spawnpoint on r1c0: pulled onto the vortex, 2 damage")
    assert not spawnpoint_problems("The blue spawnpoint on r0c2: 1 of your tokens on its track")
    assert not spawnpoint_problems("r0c2 - Dozer: 2 damage; the blue spawnpoint: 1 of your tokens on its track")
    assert not spawnpoint_problems(
        "Any damage to the blue spawnpoint puts one of your tokens on its track, once a turn; marks do nothing"
        " and it never moves."
    )
    assert not spawnpoint_problems(
        "The blue spawnpoint on r0c2: 1 of your tokens on its track, 2 marks to everyone else on its square"
    )
    assert not spawnpoint_problems("The blue spawnpoint on r0c2 is 1 move from the vortex (r0c1).")
    assert _KEY.findall("spawn:yellow ✓ allowed") == ["spawn:yellow"]


def test_a_way_through_turrets_points_the_map_at_the_squares_it_passes() -> None:
    # Turret mode: yellow drags Banshee from r1c2 to r0c3, via r0c2 or via yellow's turret on r1c3.
    game = Game.from_scenario(
        {
            "mode": "turret",
            "players": [
                {"colour": "yellow", "square": "r0c3", "weapons": ["tractor-beam"], "ammo": {"red": 0, "blue": 0}},
                {"colour": "blue", "square": "r1c2"},
                {"colour": "grey", "square": "r2c1"},
            ],
            "turret": {"turrets": {"r1c3": "yellow", "r0c3": "grey"}},
        }
    )
    for key in ("shoot", "blue", "r0c3"):
        game.choose(key)
    view_options = game.view("yellow")["pending"]["options"]
    assert [o["key"] for o in view_options] == ["way:r0c2-r0c3", "way:r1c3-r0c3"]
    assert [presenter.option_squares(game, o) for o in view_options] == [["r0c2"], ["r1c3"]]


async def test_the_table_shows_a_spawnpoint_target_by_name_and_what_it_takes() -> None:
    """The same words on the real screen: the option row and the explain screen at 160x50."""
    scenario = {
        "mode": "domination",
        "players": [
            {"colour": "yellow", "square": "r0c1", "weapons": ["grenade-launcher"], "ammo": {"red": 1, "blue": 0}},
            {"colour": "blue", "square": "r0c0"},
            {"colour": "grey", "square": "r0c2"},
        ],
    }
    app = make_app(scenario_session(scenario, {"yellow": HUMAN, "blue": "random", "grey": "random"}))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await choose_key(pilot, "shoot")
        await choose_key(pilot, "basic")
        text = screen_text(app)
        assert "The blue spawnpoint on r0c2: 1 of your tokens on its track" in text
        assert "spawn:" not in text and "spawnpoint on r0c2: 1 damage" not in text
        panel = app.table().query_one(ActionPanel)
        panel.move_to(next(i for i, label in enumerate(panel.state.labels) if "spawnpoint" in label))
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert screen_name(app) == "ExplainScreen"
        text = screen_text(app)
        assert "The blue spawnpoint  ✓ allowed" in text
        assert "spawn:" not in text and "moved" not in text
