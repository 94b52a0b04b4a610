"""A person reads words about a decision, never the engine's name for its kind ("place-human")."""

from __future__ import annotations

from adrenaline_tui.titles.bloodrush import Game
from adrenaline_tui.titles.bloodrush.decision import DECIDES, decides
from adrenaline_tui.titles.bloodrush.players.random_player import RandomPlayer
from adrenaline_tui.titles.bloodrush.ui import presenter
from adrenaline_tui.titles.bloodrush.ui.handoff import KIND_WORDS


def test_the_status_line_and_the_waiting_note_say_words_not_the_kind() -> None:
    game = Game.new({"seats": ["scarlet", "violet", "amber"]}, seed=3)
    pending = game.pending
    assert pending is not None and pending.kind == "place-human"
    other = next(s for s in game.config.seats if s != pending.player)
    view = game.view(other)
    kinds = {s: "human" for s in game.config.seats}
    status = presenter.status_text(view, kinds)
    prompt, _ = presenter.prompt_and_note(view, kinds)
    name = game.name(pending.player)
    assert status.endswith(f"{name} to decide where a human goes")
    assert prompt == f"{name} to decide where a human goes."
    assert "place-human" not in status + prompt
    own = presenter.status_text(game.view(pending.player), kinds)
    assert own.endswith("you to decide where a human goes")


def test_every_kind_a_game_asks_has_words() -> None:
    seen: set[str] = set()
    for seed in range(12):
        if seed % 4 == 3:  # the 4+1 variant: a fifth player steers the Mozzie
            config: dict = {"seats": ["scarlet", "violet", "amber", "teal", "ivory"], "mozzie_player": "ivory"}
        else:
            config = {"seats": ["scarlet", "violet", "amber", "teal"][: 2 + seed % 3]}
        game = Game.new(config, seed=seed)
        player = RandomPlayer(seed)
        while (d := game.pending) is not None:
            seen.add(d.kind)
            game.choose(player.choose(d, None))
    assert {"place-human", "action", "mozzie"} <= seen
    assert seen <= set(DECIDES), seen - set(DECIDES)
    # The hand-off's words (second person) and these (third) cover the same kinds.
    assert set(DECIDES) == set(KIND_WORDS)
    assert decides("no-such-kind") == "what to do"
