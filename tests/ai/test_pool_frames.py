"""What crosses to a computers' process (ai/pool.py, `frame` / `read_frame`): plain data, read
there into the very question the table asked, and the same bytes whatever the other seats'
hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from adrenaline_tui.ai.pool import Framer, Players, Question, frame, question_for, read_frame
from adrenaline_tui.titles import registry
from adrenaline_tui.tui.session import Session
from tests.ai.test_levels import _honesty_position

KINDS = {"yellow": "hard", "blue": "normal", "grey": "normal"}


@dataclass
class _Table:
    """What `question_for` reads of a table's session."""

    game: Any
    kinds: dict[str, str]


def _same_question(read: Question, sent: Question) -> None:
    assert read == sent
    # ...down to the types its player reads: the engine's own question and options.
    assert type(read.decision) is type(sent.decision)
    assert [type(o) for o in read.decision.options] == [type(o) for o in sent.decision.options]
    assert list(read.view) == list(sent.view)  # and the view's keys in their order


def _games(title: str, seed: int) -> _Table:
    if title == "adrenaline":
        kinds = {"yellow": "sensible", "blue": "normal", "grey": "random"}
        hosting = registry.title(title).host()
        assert hosting is not None
        session = hosting.start(3, {"arena": "arena_11a", "skulls": "5"}, kinds, seed, None)
        return _Table(session.game, kinds)
    engine = registry.title(title).engine()
    game = engine.new_game(3, {}, seed)
    levels = list(engine.levels)
    return _Table(game, {s: levels[i % len(levels)] for i, s in enumerate(engine.seats(game))})


@pytest.mark.parametrize("title", ["adrenaline", "bloodrush"])
def test_every_question_of_whole_games_is_read_as_it_was_asked(title: str) -> None:
    """Questions from two tables, their players answering from what was read: each read is the
    question asked, down to the engine's own classes."""
    players = Players()
    tables = {f"T{seed}": _games(title, seed) for seed in (1, 2)}
    rng = random.Random(5)
    asked = 0
    for step in range(700):
        code = rng.choice(sorted(tables))
        table = tables[code]
        question = question_for(table, code, title, 3.0)
        if question is None:
            if table.game.pending is None:
                tables[code] = _games(title, step + 10)  # a new game at the same code
            else:
                table.game.choose(table.game.pending.options[0].key)  # a figure nobody plays
            continue
        ident, asked_at, got = read_frame(frame(step, 1.5, question))
        assert (ident, asked_at) == (step, 1.5)
        _same_question(got, question)
        table.game.choose(players.answer(got))
        asked += 1
    assert asked > 300


def test_what_crosses_is_the_same_bytes_whatever_the_others_hidden_cards() -> None:
    """Two deals differing only in the other seats' hidden cards, yellow answering the same: every
    frame its process is sent is byte-identical."""
    deals = [_honesty_position(0, 0), _honesty_position(1, 0)]
    assert deals[0].to_json() != deals[1].to_json()  # the others' cards differ
    frames: list[list[bytes]] = []
    for game in deals:
        table = Session(game, KINDS)
        mine = []
        while game.pending is not None and game.pending.player == "yellow" and len(mine) < 6:
            question = question_for(table, "TABLE", "adrenaline", 3.0)
            assert question is not None
            mine.append(frame(len(mine), 0.0, question))
            game.choose(game.pending.keys[0])  # the same answer in both deals
        frames.append(mine)
    assert deals[0].view("yellow") == deals[1].view("yellow")
    assert len(frames[0]) >= 4
    assert frames[0] == frames[1]


def test_a_question_its_view_does_not_show_whole_is_sent_beside_it() -> None:
    """Adrenaline's question is read again from the view's `pending` only when that shows this very
    question: a view showing another one (or only who decides) sends the question itself."""
    table = _games("adrenaline", 3)
    question = question_for(table, "T3", "adrenaline", 3.0)
    assert question is not None
    decision = question.decision
    others = [
        {**question.view, "pending": {"player": decision.player, "kind": "turn"}},  # another seat's view
        {**question.view, "pending": {**question.view["pending"], "prompt": "another question"}},
        {**question.view, "pending": {**question.view["pending"], "options": question.view["pending"]["options"][:-1]}},
    ]
    for view in others:
        sent = Question(
            question.table, question.title, question.seat, question.kind, question.seed, decision, view, 3.0
        )
        _, _, got = read_frame(frame(1, 0.0, sent))
        _same_question(got, sent)
    # ...and the question read from a view that shows it whole is the same question, flags too.
    for auto, public in ((True, False), (False, True)):
        flagged = decision._replace(auto=auto, public=public)
        sent = Question(
            question.table, question.title, question.seat, question.kind, question.seed, flagged, question.view, 3.0
        )
        _, _, got = read_frame(frame(1, 0.0, sent))
        _same_question(got, sent)
        assert (got.decision.auto, got.decision.public) == (auto, public)


def test_a_kept_pickler_writes_the_very_bytes_of_frame_whatever_it_framed_before() -> None:
    """A host's process pipe frames with one pickler kept (`Framer`): question after question,
    across tables and across the two deals of the hidden-cards test, its bytes are `frame`'s."""
    framer = Framer()
    tables = {f"T{seed}": _games("adrenaline", seed) for seed in (1, 2)}
    players = Players()
    rng = random.Random(6)
    framed = 0
    for step in range(300):
        code = rng.choice(sorted(tables))
        table = tables[code]
        question = question_for(table, code, "adrenaline", 3.0)
        if question is None:
            break
        assert framer.frame(step, 1.5, question) == frame(step, 1.5, question)
        table.game.choose(players.answer(question))
        framed += 1
    assert framed > 100
    frames: list[list[bytes]] = []
    for game in (_honesty_position(0, 0), _honesty_position(1, 0)):
        table = Session(game, KINDS)
        mine = []
        while game.pending is not None and game.pending.player == "yellow" and len(mine) < 6:
            question = question_for(table, "TABLE", "adrenaline", 3.0)
            assert question is not None
            mine.append(framer.frame(len(mine), 0.0, question))  # one pickler for both deals
            game.choose(game.pending.keys[0])
        frames.append(mine)
    assert len(frames[0]) >= 4
    assert frames[0] == frames[1]
