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
    left = view["stack_count"]
    assert status == f"Setup: {left} humans to place - 9 pm (dusk) - {name} decides where a human goes"
    assert prompt == f"{name} decides where a human goes."
    assert "place-human" not in status + prompt
    own = presenter.status_text(game.view(pending.player), kinds)
    assert own.endswith(" - you decide where a human goes")


def test_the_longest_status_lines_fit_80_columns() -> None:
    # The longest time label, a two-digit turn, and the longest words for the decision, for the
    # active vampire and for another (the 4+1 variant's Mozzie player).
    view = {
        "over": False,
        "phase": "turns",
        "time": {"label": "4 am (first light)"},
        "active": "scarlet",
        "turn": 12,
        "deck_count": 28,
        "seat": None,
        "names": {"scarlet": "Scarlet", "ivory": "Ivory"},
    }
    setup_kinds = {"place-human", "place-mozzie", "mozzie-heading"}
    setup = {**view, "phase": "setup", "time": {"label": "9 pm (dusk)"}, "stack_count": 10}
    # Another seat than the active one decides only the Mozzie's way (the 4+1 variant) and its
    # own Damage or dawn; the active vampire decides every other kind.
    others = {"mozzie", "damage", "dawn"}
    for seat in ("scarlet", "ivory"):
        for kind in DECIDES if seat == "scarlet" else others:
            # Humans are all placed before the Mozzie is.
            at = {**setup, "stack_count": 10 if kind == "place-human" else 0} if kind in setup_kinds else view
            line = presenter.status_text({**at, "waiting_on": {"player": seat, "kind": kind}}, {})
            assert len(line) <= 80, line


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
