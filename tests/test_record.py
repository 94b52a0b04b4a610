"""`record` makes the class `@dataclass(frozen=True, slots=True)` would, without compiling code.

Each test builds the same class body both ways and checks they behave alike.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from dataclasses import FrozenInstanceError, asdict, astuple, dataclass, field, fields, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adrenaline_tui.record import record


def both(make_body: Any) -> tuple[type, type]:
    """The class `make_body()` returns, made once as a frozen slotted dataclass, once as a record."""
    return dataclass(frozen=True, slots=True)(make_body()), record(make_body())


def shape() -> type:
    class Shape:
        """A class using what records allow: defaults, factories, fields outside init, post-init."""

        name: str
        sides: int
        tags: tuple[str, ...] = ()
        notes: list[str] = field(default_factory=list, compare=False, hash=False)
        secret: str = field(default="s", repr=False)
        area: int = field(init=False)
        label: str = field(init=False, default="")

        def __post_init__(self) -> None:
            object.__setattr__(self, "area", self.sides * 10)

    return Shape


def empty() -> type:
    class Empty:
        """No fields at all."""

    return Empty


def single() -> type:
    class Single:
        """One field."""

        value: int

    return Single


def test_fields_are_the_dataclass_fields() -> None:
    dc, rec = both(shape)
    assert [(f.name, f.init, f.repr, f.compare, f.hash) for f in fields(rec)] == [
        (f.name, f.init, f.repr, f.compare, f.hash) for f in fields(dc)
    ]
    assert rec.__match_args__ == dc.__match_args__
    assert rec.__slots__ == dc.__slots__
    assert dataclasses.is_dataclass(rec)


def test_built_alike_with_positions_keywords_defaults_and_post_init() -> None:
    dc, rec = both(shape)
    for args, kwargs in [(("tri", 3), {}), (("sq",), {"sides": 4, "tags": ("a",)}), ((), {"name": "x", "sides": 1})]:
        a, b = dc(*args, **kwargs), rec(*args, **kwargs)
        assert asdict(a) == asdict(b)
        assert astuple(a) == astuple(b)
        assert repr(a).replace(dc.__qualname__, "C") == repr(b).replace(rec.__qualname__, "C")
    # A factory makes a new value for each object.
    one, two = rec("a", 1), rec("a", 1)
    assert one.notes == [] and one.notes is not two.notes
    assert one.area == 10 and one.label == ""


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((), {}),  # missing required arguments
        (("a", 1, (), [], "s", "extra"), {}),  # too many positional arguments
        (("a",), {"name": "b", "sides": 1}),  # one argument twice
        (("a", 1), {"area": 3}),  # a field outside init
        (("a", 1), {"colour": "red"}),  # no such field
    ],
)
def test_wrong_arguments_are_refused_alike(args: tuple, kwargs: dict) -> None:
    dc, rec = both(shape)
    with pytest.raises(TypeError):
        dc(*args, **kwargs)
    with pytest.raises(TypeError):
        rec(*args, **kwargs)


def test_equality_and_hash_follow_the_compared_fields() -> None:
    dc, rec = both(shape)
    for cls in (dc, rec):
        a, b = cls("a", 3, notes=["x"]), cls("a", 3, notes=["y"])  # notes are not compared
        assert a == b and hash(a) == hash(b)
        assert a != cls("a", 4) and a != cls("b", 3)
        assert a != ("a", 3)  # another type is never equal
    assert dc("a", 3) != rec("a", 3)  # nor is the same body made the other way
    for make in (empty, single):
        dc, rec = both(make)
        args = () if make is empty else (5,)
        assert rec(*args) == rec(*args) and hash(rec(*args)) == hash(rec(*args))
        assert repr(rec(*args)).endswith(repr(dc(*args))[len(dc.__qualname__) :])
    assert rec(5) != rec(6)


def test_refuses_every_change() -> None:
    dc, rec = both(shape)
    for obj in (dc("a", 1), rec("a", 1)):
        with pytest.raises(FrozenInstanceError):
            obj.name = "b"  # type: ignore[misc]
        with pytest.raises(FrozenInstanceError):
            del obj.name  # type: ignore[misc]
        with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
            obj.other = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):

        @record
        class Writable:
            x: int

            def __setattr__(self, name: str, value: Any) -> None:
                pass


def test_replace_and_copies() -> None:
    _, rec = both(shape)
    a = rec("a", 2, ("t",))
    b = replace(a, sides=5)
    assert (b.name, b.sides, b.tags, b.area) == ("a", 5, ("t",), 50)
    assert a.sides == 2
    for c in (copy.copy(a), copy.deepcopy(a)):
        assert c == a and c.area == a.area and c.notes == a.notes


def test_a_method_the_class_writes_stays() -> None:
    @record
    class Named:
        x: int

        def __repr__(self) -> str:
            return "named"

    assert repr(Named(1)) == "named" and Named(1) == Named(1)


def test_makes_a_class_without_compiling_code() -> None:
    """A dataclass compiles each of its methods; a record none (the reason it exists)."""
    compiled: list[str] = []
    watching = [False]

    def hook(event: str, args: tuple) -> None:
        if watching[0] and event == "compile":
            compiled.append(str(args[1]))

    sys.addaudithook(hook)  # a hook cannot be removed: it only counts while `watching`
    watching[0] = True
    try:
        record(shape())
        by_record = list(compiled)
        dataclass(frozen=True, slots=True)(shape())
    finally:
        watching[0] = False
    assert by_record == []
    assert len(compiled) >= 4


@given(
    st.lists(
        st.tuples(st.sampled_from("abc"), st.integers(0, 3), st.lists(st.sampled_from("xy"), max_size=2)),
        min_size=2,
        max_size=6,
    )
)
def test_equal_and_hashed_as_the_dataclass_is(values: list[tuple[str, int, list[str]]]) -> None:
    dc, rec = both(shape)
    made_dc = [dc(n, s, tuple(t)) for n, s, t in values]
    made_rec = [rec(n, s, tuple(t)) for n, s, t in values]
    for i, (a, b) in enumerate(zip(made_dc, made_rec, strict=True)):
        for c, d in zip(made_dc[i:], made_rec[i:], strict=True):
            assert (a == c) == (b == d)
            if a == c:
                assert hash(b) == hash(d)
    assert len(set(made_dc)) == len(set(made_rec))
