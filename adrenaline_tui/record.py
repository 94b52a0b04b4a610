"""`record`: a frozen value class declared like a dataclass, without compiling code for it.

`@dataclass(frozen=True, slots=True)` writes six methods of each class (`__init__`, `__repr__`,
`__eq__`, `__hash__`, `__setattr__`, `__delattr__`) as source text and compiles them when the
class is made: about 0.9 ms a class here, 36 ms for the 37 classes a resumed table imported
before its first frame, half the time our own modules took to import (`docs/ui.md`, start-up).

`@record` makes the same class: `dataclasses.fields`, `replace` and `asdict` work on it; it is
built, compared, hashed, shown and refuses changes as the dataclass does (`tests/test_record.py`
checks each against `dataclass(frozen=True, slots=True)`). Its methods are shared by every
record and read the class's fields when called, so nothing is compiled.

The price is building one: the shared `__init__` is a loop, where a dataclass's is straight-line
code for its own fields (a record takes about 1.6 times as long to build; comparing or hashing
one, about 1.8 times). So the engine's game state and `scoring.Award`, which the computer
players build hundreds of thousands of times, stay dataclasses; records are the values built a
few times a game or a frame: cards, arenas, settings, what a widget draws.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)


class _Layout:
    """What the shared methods need to know about one record class, worked out when it is made."""

    __slots__ = ("args", "compared", "defaults", "factories", "hashed", "keywords", "later", "post_init", "shown")

    def __init__(self, cls: type, all_fields: tuple[Field, ...]) -> None:
        init = [f for f in all_fields if f.init]
        self.args = tuple(f.name for f in init)  # in order: positional arguments fill these
        self.keywords = frozenset(self.args)
        self.defaults = {f.name: f.default for f in init if f.default is not MISSING}
        self.factories = {f.name: f.default_factory for f in init if f.default_factory is not MISSING}
        # Fields outside `__init__`'s arguments that still get a value there (a default).
        self.later = tuple(
            (f.name, f.default, f.default_factory)
            for f in all_fields
            if not f.init and (f.default is not MISSING or f.default_factory is not MISSING)
        )
        self.post_init = hasattr(cls, "__post_init__")
        self.shown = tuple(f.name for f in all_fields if f.repr)
        self.compared = _values([f.name for f in all_fields if f.compare])
        self.hashed = _values([f.name for f in all_fields if (f.compare if f.hash is None else f.hash)])


def _values(names: list[str]) -> Callable[[Any], tuple]:
    """A function giving an object's values of `names`, as a tuple, by C code where it can."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


_set = object.__setattr__


def _init(self: Any, /, *args: Any, **kwargs: Any) -> None:
    layout: _Layout = self.__record__
    names = layout.args
    if len(args) > len(names):
        raise TypeError(f"{type(self).__name__}() takes {len(names)} positional arguments but {len(args)} were given")
    for name in kwargs:
        if name not in layout.keywords:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {name!r}")
    for i, name in enumerate(names):
        if i < len(args):
            if name in kwargs:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument {name!r}")
            value = args[i]
        elif name in kwargs:
            value = kwargs[name]
        elif name in layout.defaults:
            value = layout.defaults[name]
        elif name in layout.factories:
            value = layout.factories[name]()
        else:
            raise TypeError(f"{type(self).__name__}() missing required argument: {name!r}")
        _set(self, name, value)
    for name, default, factory in layout.later:
        _set(self, name, default if factory is MISSING else factory())
    if layout.post_init:
        self.__post_init__()


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record__.shown)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = self.__record__.compared
    return values(self) == values(other)


def _hash(self: Any) -> int:
    return hash(self.__record__.hashed(self))


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    # Slots and a refused __setattr__: copy and pickle need these, as a frozen dataclass has them.
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state, strict=True):
        _set(self, f.name, value)


_METHODS = {
    "__init__": _init,
    "__repr__": _repr,
    "__eq__": _eq,
    "__hash__": _hash,
    "__setattr__": _setattr,
    "__delattr__": _delattr,
    "__getstate__": _getstate,
    "__setstate__": _setstate,
}


@dataclass_transform(frozen_default=True, field_specifiers=(Field, field))
def record(cls: T) -> T:
    """`cls` as `@dataclass(frozen=True, slots=True)` would make it, with shared methods."""
    if cls.__doc__ is None:
        cls.__doc__ = cls.__name__  # else dataclass writes out a signature, which is slow
    # With every generated method turned off, dataclass compiles nothing: it only finds the
    # fields and makes the class with their slots.
    made = dataclass(cls, init=False, repr=False, eq=False, slots=True)
    for name, method in _METHODS.items():
        if name not in cls.__dict__:  # as a dataclass, a method the class writes itself stays
            setattr(made, name, method)
        elif name in ("__setattr__", "__delattr__"):
            raise TypeError(f"{cls.__name__} is frozen: it cannot define {name}")
    made.__record__ = _Layout(made, fields(made))
    return made
