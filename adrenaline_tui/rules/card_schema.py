"""The weapons.yaml file as written: pydantic models, and their compilation into `cards`.

Imported only when a card file is actually read and checked (`cards.load_cards_file`); a normal
start loads the compiled card set from the cache instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from adrenaline_tui.rules.cards import (
    AmmoTile,
    CardSet,
    Effect,
    Hit,
    Move,
    Pause,
    Pool,
    PowerupKind,
    Select,
    SelectLine,
    SelectRoom,
    SelectSquare,
    Step,
    Weapon,
    compile_filters,
    parse_range,
)
from adrenaline_tui.rules.errors import DataError
from adrenaline_tui.rules.yamlfile import read_yaml_mapping

Colour = Literal["red", "blue", "yellow"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PoolModel(_Strict):
    where: list[Any] = []
    among: str | None = None
    exclude: list[str] = []
    max: int = 1


class SelectModel(_Strict):
    as_: str = Field(alias="as")
    count: int | str = 1
    where: list[Any] = []
    among: str | None = None
    exclude: list[str] = []
    distinct_squares: bool = False
    pools: list[PoolModel] = []
    spawnpoints: list[Any] = []


class SelectSquareModel(_Strict):
    as_: str = Field(alias="as")
    where: list[Any] = []


class SelectLineModel(_Strict):
    as_: str = Field(alias="as")
    walls: Literal["block", "ignore"]
    include_own: bool = False
    length: int | None = None


class HitModel(_Strict):
    to: str | dict[str, list[Any]]
    amount: int = Field(ge=1, le=3)


class MoveModel(_Strict):
    who: str
    steps: int | str = 1
    path: Literal["free", "straight"] = "free"
    to: str | None = None
    dest_where: list[Any] = []
    direction: str | None = None
    stay_ends: bool = False


_STEP_KINDS = ("select", "select_square", "select_room", "select_line", "damage", "mark", "move", "pause")


class EffectModel(_Strict):
    id: str
    name: str
    type: Literal["basic", "optional", "mode"]
    cost: list[Colour] = []
    after: list[str] = []
    during: list[str] = []
    inside: list[str] = []
    text: str = ""
    steps: list[Any]

    @field_validator("steps")
    @classmethod
    def _one_key_each(cls, steps: list[Any]) -> list[Any]:
        if not steps:
            raise ValueError("an effect needs at least one step")
        for i, step in enumerate(steps):
            if step == "pause":
                continue
            if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in _STEP_KINDS:
                raise ValueError(
                    f"step {i} must be one of {', '.join(_STEP_KINDS)} written as a one-key mapping, got {step!r}"
                )
        return steps


class WeaponModel(_Strict):
    name: str
    colour: Colour
    cost: list[Colour] = Field(min_length=1, max_length=3)
    description: str = ""
    notes: list[str] = []
    effects: list[EffectModel] = Field(min_length=1)

    # Field validators (not one model validator) so that an error names the field it is about.
    @field_validator("cost")
    @classmethod
    def _first_cube(cls, cost: list[str], info: ValidationInfo) -> list[str]:
        colour = info.data.get("colour")
        if colour is not None and cost[0] != colour:
            raise ValueError(f"the first cube of the cost must be the card colour ({colour})")
        return cost

    @field_validator("effects")
    @classmethod
    def _shape(cls, effects: list[EffectModel]) -> list[EffectModel]:
        ids = [e.id for e in effects]
        if len(set(ids)) != len(ids):
            raise ValueError("effect ids must be unique within a card")
        if not any(e.type != "optional" for e in effects):
            raise ValueError("a weapon needs a basic effect or at least one mode")
        for e in effects:
            for ref in [*e.after, *e.during, *e.inside]:
                if ref not in ids:
                    raise ValueError(f"effect '{e.id}' refers to unknown effect '{ref}'")
        return effects


class PowerupModel(_Strict):
    kind: str
    name: str
    copies: dict[Colour, int]
    timing: str
    text: str
    notes: list[str] = []


class AmmoTileModel(_Strict):
    code: str
    cubes: list[Colour] = Field(min_length=1, max_length=3)
    powerup: bool
    copies: int = Field(ge=1)


class CardFileModel(_Strict):
    weapons: dict[str, WeaponModel]
    powerups: list[PowerupModel]
    ammo_tiles: list[AmmoTileModel]


# ----------------------------------------------------------------------------- compile
def _compile_step(raw: Any) -> Step:
    if raw == "pause":
        return Pause()
    ((kind, body),) = raw.items()
    if kind == "pause":
        return Pause()
    if kind == "select":
        m = SelectModel.model_validate(body)
        lo, hi = parse_range(m.count, "count")
        pools = tuple(Pool(compile_filters(p.where), p.among, tuple(p.exclude), p.max) for p in m.pools)
        return Select(
            m.as_,
            lo,
            hi,
            compile_filters(m.where),
            m.among,
            tuple(m.exclude),
            m.distinct_squares,
            pools,
            compile_filters(m.spawnpoints),
        )
    if kind == "select_square":
        m2 = SelectSquareModel.model_validate(body)
        return SelectSquare(m2.as_, compile_filters(m2.where))
    if kind == "select_room":
        m3 = SelectSquareModel.model_validate(body)
        return SelectRoom(m3.as_, compile_filters(m3.where))
    if kind == "select_line":
        m4 = SelectLineModel.model_validate(body)
        return SelectLine(m4.as_, m4.walls, m4.include_own, m4.length)
    if kind in ("damage", "mark"):
        m5 = HitModel.model_validate(body)
        if isinstance(m5.to, dict):
            if set(m5.to) != {"everyone"}:
                raise ValueError("'to' is a bound name or {everyone: [filters]}")
            return Hit(kind, None, compile_filters(m5.to["everyone"]), m5.amount)
        return Hit(kind, m5.to, None, m5.amount)
    if kind == "move":
        m6 = MoveModel.model_validate(body)
        lo, hi = parse_range(m6.steps, "steps")
        if m6.stay_ends and lo != 0:
            raise ValueError("stay_ends only makes sense for a move that may be 0 squares")
        return Move(m6.who, lo, hi, m6.path, m6.to, compile_filters(m6.dest_where), m6.direction, m6.stay_ends)
    raise ValueError(f"unknown step kind '{kind}'")


class _Located(ValueError):
    """A card compile error at a known place: `field` is its path inside the weapon's entry."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


def _msg(err: Any) -> str:
    """A pydantic error message without the "Value error, " that pydantic puts before ours."""
    msg = str(err["msg"])
    return msg.removeprefix("Value error, ")


def _check_names(weapon_id: str, effects: tuple[Effect, ...]) -> None:
    """Every name a step reads must be bound by some select of the card (in any effect)."""
    bound: set[str] = {"self"}
    for e in effects:
        for s in e.steps:
            if isinstance(s, Select | SelectSquare | SelectRoom | SelectLine):
                bound.add(s.name)
    for ei, e in enumerate(effects):
        for i, s in enumerate(e.steps):
            refs: list[str] = []
            if isinstance(s, Select):
                refs += [*s.exclude, *([s.among] if s.among else [])]
                for p in s.pools:
                    refs += [*p.exclude, *([p.among] if p.among else [])]
                    refs += [f[1] for f in p.where if len(f) > 1 and isinstance(f[1], str)]
                refs += [f[1] for f in (*s.where, *s.spawnpoints) if len(f) > 1 and isinstance(f[1], str)]
            elif isinstance(s, Hit):
                if s.to:
                    refs.append(s.to)
                refs += [f[1] for f in s.everyone or () if len(f) > 1 and isinstance(f[1], str)]
            elif isinstance(s, Move):
                refs.append(s.who)
                if s.to and s.to.startswith("square_of:"):
                    refs.append(s.to.split(":", 1)[1])
                elif s.to:
                    refs.append(s.to)
            for ref in refs:
                if ref not in bound:
                    raise _Located(
                        f"effects.{ei}.steps.{i}", f"effect '{e.id}' step {i} uses '{ref}', which no select binds"
                    )


def _compile_weapon(weapon_id: str, m: WeaponModel) -> Weapon:
    effects = []
    for ei, e in enumerate(m.effects):
        compiled_steps = []
        for si, raw in enumerate(e.steps):
            where = f"effects.{ei}.steps.{si}"
            try:
                compiled_steps.append(_compile_step(raw))
            except ValidationError as exc:
                err = exc.errors()[0]
                kind = next(iter(raw)) if isinstance(raw, dict) else ""
                raise _Located(".".join([where, kind, *map(str, err["loc"])]), _msg(err)) from None
            except ValueError as exc:
                raise _Located(where, str(exc)) from None
        steps = tuple(compiled_steps)
        needs_hit = any(isinstance(s, Hit) for s in steps)
        effects.append(
            Effect(
                e.id,
                e.name,
                e.type,
                tuple(e.cost),
                tuple(e.after),
                tuple(e.during),
                tuple(e.inside),
                steps,
                e.text.strip(),
                needs_hit,
            )
        )
    compiled = tuple(effects)
    _check_names(weapon_id, compiled)
    return Weapon(weapon_id, m.name, m.colour, tuple(m.cost), compiled, m.description.strip(), tuple(m.notes))


def _locate(exc: ValidationError, raw: dict[str, Any]) -> tuple[str, str]:
    """Turn a pydantic error location into (card, field) words for the message."""
    loc = list(exc.errors()[0]["loc"])
    if loc and loc[0] == "weapons" and len(loc) > 1:
        return f"weapon '{loc[1]}'", ".".join(str(p) for p in loc[2:])
    if loc and loc[0] in ("powerups", "ammo_tiles") and len(loc) > 1:
        items = raw.get(loc[0]) or []
        idx = loc[1]
        ident = ""
        if isinstance(idx, int) and idx < len(items) and isinstance(items[idx], dict):
            ident = items[idx].get("kind") or items[idx].get("code") or ""
        what = "powerup" if loc[0] == "powerups" else "ammo tile"
        return f"{what} {ident or '#' + str(idx)}", ".".join(str(p) for p in loc[2:])
    return "", ".".join(str(p) for p in loc)


def read_card_file(path: Path) -> CardSet:
    """Read, check and compile a card file; errors name the file, the card and the field."""
    label = str(path)
    raw = read_yaml_mapping(path, "expected a mapping with weapons, powerups and ammo_tiles")
    try:
        model = CardFileModel.model_validate(raw)
    except ValidationError as exc:
        entry, field = _locate(exc, raw)
        raise DataError(label, entry, field, _msg(exc.errors()[0])) from None
    weapons: dict[str, Weapon] = {}
    for wid, wm in model.weapons.items():
        try:
            weapons[wid] = _compile_weapon(wid, wm)
        except _Located as exc:
            raise DataError(label, f"weapon '{wid}'", exc.field, exc.problem) from None
        except ValueError as exc:
            raise DataError(label, f"weapon '{wid}'", "effects", str(exc)) from None
    kinds = {
        p.kind: PowerupKind(p.kind, p.name, dict(p.copies), p.timing, p.text.strip(), tuple(p.notes))
        for p in model.powerups
    }
    tiles = {t.code: AmmoTile(t.code, tuple(t.cubes), t.powerup, t.copies) for t in model.ammo_tiles}
    return CardSet(weapons, kinds, tiles, label)
