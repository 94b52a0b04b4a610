"""The normal player answers exactly as it did before it was made faster (issue 13).

It is the yardstick of the other levels and the hard player's model of its opponents, so a
speed-up must not change an answer. The digests below were recorded with the unchanged player
(commit be2bb02, `benchmarks/normal_choices.py --cap 1000000000 --record`): every answer of
every seat in four seeded games (Standard, Turret, Domination with the bot, Turret with the
bot and sudden death). The search cap is taken out of play: with it, an answer may depend on
how much searching earlier decisions left in the shared book (see the script).

Games 5 and 6 were recorded again when the rules changed under them (issue 23): a killed bot
takes no bot action (game 6 diverged at answer 143, where the killed bot used to shoot), and a
spawnpoint takes damage once in a shot.
"""

from __future__ import annotations

import hashlib

import pytest

from adrenaline_tui.ai import SensiblePlayer, evaluator
from adrenaline_tui.rules import Game, GameConfig

COLOURS = ("yellow", "blue", "grey", "green", "purple")
# game number: (mode, bot, ending, players, arena, digest of every answer)
GAMES = {
    0: ("standard", None, "frenzy", 5, "arena_10", "45e868724ff93e62"),
    3: ("turret", None, "frenzy", 4, "arena_12", "7ecc4a55960d7528"),
    5: ("domination", "purple", "frenzy", 4, "arena_11a", "d8e77bc35fa34a95"),
    6: ("turret", "purple", "sudden_death", 3, "arena_11b", "96685b58829f202a"),
}


@pytest.mark.parametrize("game_no", sorted(GAMES))
def test_normal_answers_as_before(game_no: int, monkeypatch: pytest.MonkeyPatch) -> None:
    mode, bot, ending, n, arena, digest = GAMES[game_no]
    monkeypatch.setattr(evaluator, "SEARCH_CAP", 10**9)
    players = COLOURS[:n]
    config = GameConfig(players=players, arena=arena, skulls=5, mode=mode, bot=bot, ending=ending)
    seed = 7000 + game_no
    game = Game.new(config, seed)
    seats = {c: SensiblePlayer(seed * 10 + i) for i, c in enumerate(players)}
    answers = []
    while (d := game.pending) is not None and len(answers) < 5000:
        key = seats[d.player].choose(d, game.view(d.player))
        answers.append(f"{d.player} {d.kind} {key}")
        game.choose(key)
    assert hashlib.sha256("\n".join(answers).encode()).hexdigest()[:16] == digest
