"""Frozen dataclasses to plain JSON data and back, checked against their type hints on the way back.

The compiled-data cache (`compiled.py`) lives in a folder that someone else may be able to write
to (the home of a game account shared over SSH), so whatever it reads back must be unable to do
anything but build the classes it was asked for, from values of the declared types. JSON cannot
describe code, and `decode` refuses anything that does not fit the hints exactly: an unknown or
unexpected class, a missing or extra field, a float or a bool where an int belongs, a value
outside a `Literal`. It raises `PlainDataError` (or whatever a class's own checks raise).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Union

_SCALARS = (str, int, type(None))  # what a bare `tuple` hint (a filter) may hold


class PlainDataError(ValueError):
    """Data that does not have the shape the type hints ask for."""


def encode(value: Any) -> Any:
    """A dataclass (holding dataclasses, tuples, dicts with string keys, str, int, bool, None)
    as JSON-ready data; a dataclass becomes a mapping of its `init` fields plus its class name."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"class": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.init:
                out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("only mappings with string keys can be encoded")
        return {k: encode(v) for k, v in value.items()}
    if value is None or type(value) in (str, int, bool):
        return value
    raise TypeError(f"cannot encode a {type(value).__name__}")


def decode(data: Any, hint: Any) -> Any:
    """`data` (as `json.loads` returns it) rebuilt as a value of type `hint`, or PlainDataError."""
    return _decoder(hint)(data)


# Each hint's checks are worked out once, into a function, instead of for every value: the card
# set alone is some 2,000 values, and reading the type hints for each was most of the cost of
# loading it at every start (7.5 ms of 9).
Decoder = Callable[[Any], Any]


@cache
def _decoder(hint: Any) -> Decoder:
    if hint is type(None):
        return _null
    if hint in (str, int, bool):
        return _scalar(hint)
    if hint is tuple:  # a bare tuple: a filter, a short row of scalars
        return _row
    if dataclasses.is_dataclass(hint):
        return _dataclass((hint,))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return _literal(args)
    if origin in (Union, types.UnionType):
        return _union(hint, args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(_decoder(args[0]))
        return _fixed_tuple(tuple(_decoder(a) for a in args))
    if origin is dict and args[0] is str:
        return _mapping(_decoder(args[1]))
    raise PlainDataError(f"no plain form for {hint}")


def _null(data: Any) -> None:
    if data is not None:
        raise PlainDataError("expected null")


def _scalar(hint: type) -> Decoder:
    def scalar(data: Any) -> Any:
        if type(data) is not hint:  # `type(...) is` so that True is no int and 1 no bool
            raise PlainDataError(f"expected {hint.__name__}, got {type(data).__name__}")
        return data

    return scalar


def _row(data: Any) -> tuple:
    if type(data) is not list or not all(type(v) in _SCALARS for v in data):
        raise PlainDataError("expected a list of strings, numbers and nulls")
    return tuple(data)


def _literal(args: tuple) -> Decoder:
    def literal(data: Any) -> Any:
        if not any(type(data) is type(a) and data == a for a in args):
            raise PlainDataError(f"expected one of {args}")
        return data

    return literal


def _union(hint: Any, args: tuple) -> Decoder:
    classes = tuple(a for a in args if dataclasses.is_dataclass(a))
    of_classes = _dataclass(classes) if classes else None
    others = [a for a in args if not dataclasses.is_dataclass(a)]

    def union(data: Any) -> Any:
        if of_classes is not None and type(data) is dict:
            return of_classes(data)
        for a in others:
            try:
                return _decoder(a)(data)
            except PlainDataError:
                continue
        raise PlainDataError(f"expected {hint}")

    return union


def _tuple_of(item: Decoder) -> Decoder:
    def tuple_of(data: Any) -> tuple:
        if type(data) is not list:
            raise PlainDataError("expected a list")
        return tuple(item(v) for v in data)

    return tuple_of


def _fixed_tuple(items: tuple[Decoder, ...]) -> Decoder:
    def fixed_tuple(data: Any) -> tuple:
        if type(data) is not list:
            raise PlainDataError("expected a list")
        if len(data) != len(items):
            raise PlainDataError(f"expected a list of {len(items)}")
        return tuple(item(v) for v, item in zip(data, items, strict=True))

    return fixed_tuple


def _mapping(value: Decoder) -> Decoder:
    def mapping(data: Any) -> dict:
        if type(data) is not dict:
            raise PlainDataError("expected a mapping")
        return {k: value(v) for k, v in data.items()}

    return mapping


def _dataclass(classes: tuple[type, ...]) -> Decoder:
    by_name = {c.__name__: c for c in classes}

    def dataclass_value(data: Any) -> Any:
        if type(data) is not dict:
            raise PlainDataError("expected a mapping")
        cls = by_name.get(data.get("class"))  # type: ignore[arg-type]
        if cls is None:
            raise PlainDataError(f"expected one of the classes {', '.join(by_name)}")
        names, keys, fields = _fields(cls)
        if data.keys() != keys:
            raise PlainDataError(f"{cls.__name__} needs exactly the fields {', '.join(names)}")
        return cls(**{name: field(data[name]) for name, field in fields})

    return dataclass_value


@cache
def _fields(cls: type) -> tuple[tuple[str, ...], frozenset[str], tuple[tuple[str, Decoder], ...]]:
    """A class's `init` fields, the keys its mapping has, and each field's decoder (worked out
    on first use, not with the class's decoder, so a class may hold itself)."""
    hints = typing.get_type_hints(cls)
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return names, frozenset(names) | {"class"}, tuple((n, _decoder(hints[n])) for n in names)
