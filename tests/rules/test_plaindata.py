"""`plaindata.decode`: only values of exactly the declared types come back (the compiled-data
cache may be written by someone else); everything else is a PlainDataError."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from adrenaline_tui.rules.plaindata import PlainDataError, decode, encode


@dataclass(frozen=True)
class Leaf:
    name: str
    count: int
    flag: bool = False


@dataclass(frozen=True)
class Other:
    kind: Literal["a", "b"]


@dataclass(frozen=True)
class Tree:
    leaves: tuple[Leaf, ...]
    pair: tuple[int, str]
    by_name: dict[str, Leaf | Other]
    maybe: int | None
    row: tuple
    child: Tree | None = None


def sample() -> Tree:
    inner = Tree((), (0, ""), {}, None, ())
    return Tree(
        (Leaf("x", 1), Leaf("y", 2, True)), (3, "z"), {"a": Leaf("q", 0), "b": Other("b")}, 5, ("r", 1, None), inner
    )


def test_what_is_encoded_decodes_to_an_equal_value() -> None:
    assert decode(encode(sample()), Tree) == sample()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["leaves"][0].update(count=True),  # a bool is no int
        lambda d: d["leaves"][0].update(flag=1),  # and 1 no bool
        lambda d: d["leaves"][0].update(name=None),
        lambda d: d["leaves"][0].pop("count"),  # a missing field
        lambda d: d["leaves"][0].update(extra=1),  # an extra one
        lambda d: d["leaves"][0].update({"class": "Tree"}),  # a class not allowed there
        lambda d: d["by_name"]["b"].update(kind="c"),  # outside the Literal
        lambda d: d.update(pair=[1]),  # a pair of one
        lambda d: d.update(pair=[1, 2]),  # a number where text belongs
        lambda d: d.update(maybe="5"),
        lambda d: d.update(row=[["nested"]]),  # a row holds scalars only
        lambda d: d.update(leaves={"not": "a list"}),
        lambda d: d["child"].update(maybe=1.5),  # deep down too
    ],
)
def test_a_value_of_another_shape_is_refused(spoil) -> None:
    data = encode(sample())
    spoil(data)
    with pytest.raises(PlainDataError):
        decode(data, Tree)
