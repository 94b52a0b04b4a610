"""Screens and widgets never import the app that shows them (issue 24: the shell's knots).

The app opens every screen; a screen that imported it back (even for a type) tied them all into
one import circle and made each screen know which app it is in. Screens read the app through
`tui/shell.py`'s `Shell` and post its messages up; the app calls down. Checked over the source,
type-checking imports included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import adrenaline_tui.tui

TUI = Path(adrenaline_tui.tui.__file__).parent
APPS = {"adrenaline_tui.tui.app", "adrenaline_tui.tui.remote_app"}


def _imports_of_apps(root: Path) -> list[str]:
    found = []
    for path in sorted([*root.glob("screens/*.py"), *root.glob("widgets/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if APPS & set(names):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return sorted(found)


def test_no_screen_or_widget_imports_an_app() -> None:
    assert _imports_of_apps(TUI) == []


def test_the_check_sees_an_import_of_the_app(tmp_path: Path) -> None:
    (tmp_path / "screens").mkdir()
    source = (
        "if TYPE_CHECKING:\n    from adrenaline_tui.tui.app import AdrenalineApp\nfrom adrenaline_tui.tui import app\n"
    )
    (tmp_path / "screens" / "x.py").write_text(source, encoding="utf-8")
    assert _imports_of_apps(tmp_path) == ["screens/x.py:2", "screens/x.py:3"]


def _imports(paths: list[Path], prefix: str) -> set[str]:
    """Every module under `prefix` that the files import (type-checking imports included)."""
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
    return {m for m in found if m == prefix or m.startswith(prefix + ".")}


def test_the_screens_and_the_host_meet_only_below_both() -> None:
    """The wire and the words of an explanation live below the screens and the host (`wire/`,
    `rules/explain/`): the screens import nothing of the host, and the host none of the
    screens' presenters. The host still runs tables with the hot-seat `Session` and its
    saves folder (`tui/session.py`, `tui/storage.py`); that last tie goes when the host is split
    into workers (issue 25)."""
    package = TUI.parent
    assert _imports(sorted(TUI.rglob("*.py")), "adrenaline_tui.host") == set()
    from_host = _imports(sorted((package / "host").glob("*.py")), "adrenaline_tui.tui")
    assert {m.split(".")[2] for m in from_host if m.count(".") >= 2} <= {"session", "storage"}
