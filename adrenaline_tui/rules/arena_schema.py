"""An arena file as written: the pydantic model and the checked read that builds an `Arena`.

Imported only when an arena file is actually read and checked; a normal start loads the built
arena from the compiled-data cache.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from adrenaline_tui.rules.arena import COLS, ROWS, SQUARE_ID, Arena, ArenaLayout, SquareLayout
from adrenaline_tui.rules.errors import DataError
from adrenaline_tui.rules.yamlfile import read_yaml_mapping


class SquareSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    room: str
    spawn: Literal["red", "blue", "yellow"] | None = None


class ArenaSpec(BaseModel):
    """The arena file as written; `Arena` is the loaded, checked form."""

    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    recommended_players: list[int]
    faces: dict[str, str] = {}
    squares: dict[str, SquareSpec]
    doors: list[tuple[str, str]]

    @field_validator("squares")
    @classmethod
    def _square_ids(cls, squares: dict[str, SquareSpec]) -> dict[str, SquareSpec]:
        for sid in squares:
            m = SQUARE_ID.match(sid)
            if not m or int(m[1]) >= ROWS or int(m[2]) >= COLS:
                raise ValueError(f"'{sid}' is not a square id r<row>c<col> inside the 3x4 grid")
        return squares


def read_arena_file(path: Path) -> Arena:
    label = str(path)
    raw = read_yaml_mapping(path, "expected a mapping with id, name, squares and doors")
    entry = str(raw.get("id", path.stem))
    try:
        spec = ArenaSpec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise DataError(label, entry, field, err["msg"]) from None
    layout = ArenaLayout(
        spec.id,
        spec.name,
        tuple(spec.recommended_players),
        {sid: SquareLayout(sq.room, sq.spawn) for sid, sq in spec.squares.items()},
        tuple((a, b) for a, b in spec.doors),
    )
    return Arena(layout, source=label)
