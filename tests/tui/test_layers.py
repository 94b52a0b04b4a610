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
