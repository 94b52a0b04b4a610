"""The titles: the board games the shell offers, each one package registered in one registry
(`titles/registry.py`). Adrenaline's engine stays in `rules/` and `ai/` and registers through
`titles/adrenaline.py`, as every other title does through its own package."""
