"""The Textual game: title, setup, the table, hand-offs, scoring and standings.

The UI renders player views (`Game.view`) and never the raw state; all play goes through
`Game.pending` / `Game.choose`, the same path computer players and replays use.
"""
