"""The shell never tests which title is on (docs/titles.md): no shell module names a title but the
first (whose name is also the program's), so a title's screens are reached only through the
registry's hook."""

from __future__ import annotations

import re
from pathlib import Path

import adrenaline_tui
from adrenaline_tui.titles.registry import DEFAULT, TITLES

PACKAGE = Path(adrenaline_tui.__file__).parent
SHELL = [
    *sorted((PACKAGE / "tui").rglob("*.py")),
    *sorted((PACKAGE / "tui").rglob("*.tcss")),
    PACKAGE / "cli.py",
]


def _names() -> list[str]:
    found = []
    for t in TITLES:
        if t.id != DEFAULT:
            found += [t.id, t.name, t.id.replace("_", " ")]
    return found


def _mentions(paths: list[Path], names: list[str]) -> list[str]:
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    return [f"{p.relative_to(p.parents[1])}: {m.group(0)}" for p in paths for m in pattern.finditer(p.read_text())]


def test_no_shell_module_names_another_title() -> None:
    assert len(SHELL) > 40
    assert _mentions(SHELL, _names()) == []


def test_the_check_sees_a_title_named(tmp_path: Path) -> None:
    module = tmp_path / "tui" / "x.py"
    module.parent.mkdir()
    module.write_text("if title == 'bloodrush': pass\n")
    assert _mentions([module], _names()) != []
