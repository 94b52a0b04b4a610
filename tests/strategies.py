"""Hypothesis strategies shared by the property tests of the engine and of the computer players."""

from __future__ import annotations

from hypothesis import strategies as st

from adrenaline_tui.rules import FIGURES, GameConfig
from adrenaline_tui.rules.arena import ARENA_IDS

# Every kind of game: 3-5 players, any arena, 5-8 skulls, both endings, both Tagback prompts.
configs = st.builds(
    lambda n, arena, skulls, ending, tagback: GameConfig(
        players=FIGURES[:n], arena=arena, skulls=skulls, ending=ending, tagback_prompt=tagback
    ),
    st.integers(3, 5),
    st.sampled_from(ARENA_IDS),
    st.integers(5, 8),
    st.sampled_from(["frenzy", "sudden_death"]),
    st.sampled_from(["holders", "all"]),
)

# Every mode, with and without the bot (3 or 4 players: the bot takes a spare figure).
mode_configs = st.builds(
    lambda n, arena, skulls, ending, mode, with_bot: GameConfig(
        players=FIGURES[:n],
        arena=arena,
        skulls=skulls,
        ending=ending,
        mode=mode,
        bot=FIGURES[n] if with_bot and n <= 4 else None,
    ),
    st.integers(3, 5),
    st.sampled_from(ARENA_IDS),
    st.integers(5, 8),
    st.sampled_from(["frenzy", "sudden_death"]),
    st.sampled_from(["standard", "domination", "turret"]),
    st.booleans(),
)
