"""`lazy_names`: a package's names imported from their modules when first used (PEP 562).

A package that offers names from heavy modules (the lessons need pydantic, the computer players
their search) lets code that needs only part of it import the package cheaply.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_names(package: str, modules: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: each name in `modules` is imported from the
    submodule it maps to when first asked for, then kept in `namespace` (the package's globals)."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return __getattr__
