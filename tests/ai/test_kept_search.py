"""The normal player asks its turn's search again for the questions that follow a choice of
action in the same position (`SensiblePlayer._eval`), and answers exactly as with a search made
afresh at each question."""

from __future__ import annotations

import pytest

from adrenaline_tui.ai import evaluator, sensible
from adrenaline_tui.ai.evaluator import Evaluator
from adrenaline_tui.ai.sensible import SensiblePlayer
from adrenaline_tui.ai.shots import ShotBook
from adrenaline_tui.rules import Game, GameConfig

# (mode, bot, players, arena): the standard game as a host's benchmark plays it, and a mode
# with the bot (its values read where the figures stand).
SETUPS = [("standard", None, 3, "arena_11a"), ("domination", "purple", 4, "arena_12")]


def answers(setup: tuple[str, str | None, int, str], seed: int, *, keep: bool) -> tuple[list[str], int]:
    """Every answer of a seeded game of normal players, and how many searches they made."""
    mode, bot, n, arena = setup
    players = ("yellow", "blue", "grey", "green", "purple")[:n]
    config = GameConfig(players=players, arena=arena, skulls=5, mode=mode, bot=bot, ending="frenzy")
    game = Game.new(config, seed)
    book = ShotBook(limit=200_000)  # each run from an empty book, as the other's
    made = 0

    class Counted(SensiblePlayer):
        keeps_search = keep

        def _eval(self, t: sensible.Table) -> Evaluator:
            nonlocal made
            before = self._kept
            ev = super()._eval(t)
            made += ev is not (before[1] if before else None) or not keep
            return ev

    seats = {c: Counted(seed * 10 + i, book) for i, c in enumerate(players)}
    out = []
    while (d := game.pending) is not None and len(out) < 5000:
        key = seats[d.player].choose(d, game.view(d.player))
        out.append(f"{d.player} {d.kind} {key}")
        game.choose(key)
    return out, made


@pytest.mark.parametrize("setup", SETUPS)
def test_same_answers_with_fewer_searches(setup: tuple[str, str | None, int, str]) -> None:
    kept, searches_kept = answers(setup, 41, keep=True)
    fresh, searches_fresh = answers(setup, 41, keep=False)
    assert kept == fresh
    # The grab, weapon, run and shoot-move questions after an action read its search.
    assert searches_kept < 0.8 * searches_fresh


def test_a_search_that_reached_its_cap_is_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its cap a search values fewer shots than a fresh one would for the next question
    (which starts its count again): such a search is made afresh. With a cap of 3 positions,
    asking a capped search again changed answers of this game (seen, then kept from happening)."""
    monkeypatch.setattr(evaluator, "SEARCH_CAP", 3)
    kept, searches_kept = answers(SETUPS[0], 41, keep=True)
    fresh, searches_fresh = answers(SETUPS[0], 41, keep=False)
    assert kept == fresh
    assert searches_kept < searches_fresh  # searches that stayed within the cap were asked again


def test_a_table_asked_again_holds_what_a_fresh_one_would() -> None:
    """The question after a choice of action reads the previous question's table, asked again
    (`SensiblePlayer._table`): every fact it holds is the one a table parsed from its view holds."""
    reused = 0

    class Checked(SensiblePlayer):
        def _table(self, view: dict) -> sensible.Table:
            nonlocal reused
            last = self._last
            t = super()._table(view)
            fresh = sensible.Table(view, self.cards)
            assert t.view is view and t.leads() == fresh.leads()
            mine = {k: v for k, v in vars(t).items() if k not in ("facts", "_leads")}
            assert mine == {k: v for k, v in vars(fresh).items() if k not in ("facts", "_leads")}
            reused += last is not None and t.facts is last.facts
            return t

    players = ("yellow", "blue", "grey")
    game = Game.new(GameConfig(players=players, arena="arena_11a", skulls=5, ending="frenzy"), 17)
    seats = {c: Checked(170 + i) for i, c in enumerate(players)}
    answered = 0
    while (d := game.pending) is not None and answered < 1500:
        game.choose(seats[d.player].choose(d, game.view(d.player)))
        answered += 1
    assert reused > 50
