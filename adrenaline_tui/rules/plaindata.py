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
    if hint is type(None):
        if data is not None:
            raise PlainDataError("expected null")
        return None
    if hint in (str, int, bool):
        if type(data) is not hint:  # `type(...) is` so that True is no int and 1 no bool
            raise PlainDataError(f"expected {hint.__name__}, got {type(data).__name__}")
        return data
    if hint is tuple:  # a bare tuple: a filter, a short row of scalars
        if type(data) is not list or not all(type(v) in _SCALARS for v in data):
            raise PlainDataError("expected a list of strings, numbers and nulls")
        return tuple(data)
    if dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, (hint,))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        if not any(type(data) is type(a) and data == a for a in args):
            raise PlainDataError(f"expected one of {args}")
        return data
    if origin in (Union, types.UnionType):
        classes = tuple(a for a in args if dataclasses.is_dataclass(a))
        if classes and type(data) is dict:
            return _decode_dataclass(data, classes)
        for a in args:
            if not dataclasses.is_dataclass(a):
                try:
                    return decode(data, a)
                except PlainDataError:
                    continue
        raise PlainDataError(f"expected {hint}")
    if origin is tuple:
        if type(data) is not list:
            raise PlainDataError("expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0]) for v in data)
        if len(data) != len(args):
            raise PlainDataError(f"expected a list of {len(args)}")
        return tuple(decode(v, a) for v, a in zip(data, args, strict=True))
    if origin is dict and args[0] is str:
        if type(data) is not dict:
            raise PlainDataError("expected a mapping")
        return {k: decode(v, args[1]) for k, v in data.items()}
    raise PlainDataError(f"no plain form for {hint}")


def _decode_dataclass(data: Any, classes: tuple[type, ...]) -> Any:
    if type(data) is not dict:
        raise PlainDataError("expected a mapping")
    by_name = {c.__name__: c for c in classes}
    cls = by_name.get(data.get("class"))  # type: ignore[arg-type]
    if cls is None:
        raise PlainDataError(f"expected one of the classes {', '.join(by_name)}")
    hints = _init_hints(cls)
    if set(data) != set(hints) | {"class"}:
        raise PlainDataError(f"{cls.__name__} needs exactly the fields {', '.join(hints)}")
    return cls(**{name: decode(data[name], hint) for name, hint in hints.items()})


@cache
def _init_hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}
