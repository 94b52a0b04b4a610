"""No widget of the game reads Textual markup (issue 22, finding 4).

Names, chat lines, save files' contents and the data files' texts reach the screen; read as
markup, a `[` in any of them raises in the middle of drawing (the client closes) and
`[@click=app.quit]` becomes a working link on someone else's screen. The game styles its text
with `rich.text.Text` and never with markup, so every widget that would parse a string passes
`markup=False`: one rule, checked here over the source, rather than escaping at each place that
happens to show a name today. (Notices go through `AdrenalineApp.notify`, which does the same.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import adrenaline_tui.tui

# The widgets that parse a str as markup unless told not to (Textual 8).
PARSING = {"Static", "Label", "OptionList", "SelectionList", "RichLog", "Log"}
TUI = Path(adrenaline_tui.tui.__file__).parent


def _markup_readers(root: Path = TUI) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in PARSING:
                continue
            markup = next((k.value for k in node.keywords if k.arg == "markup"), None)
            if not (isinstance(markup, ast.Constant) and markup.value is False):
                found.append(f"{path.relative_to(root)}:{node.lineno} {name}(...)")
    return found


def test_every_widget_that_could_read_markup_is_told_not_to() -> None:
    assert _markup_readers() == []


def test_the_check_finds_a_widget_that_reads_markup(tmp_path: Path) -> None:
    # The rule is not empty: a widget left to read markup, or told to, is found.
    source = 'Static("", id="x")\nStatic("", markup=False)\nOptionList(markup=True)\nw.Label("a")\n'
    (tmp_path / "screen.py").write_text(source, encoding="utf-8")
    assert _markup_readers(tmp_path) == [
        "screen.py:1 Static(...)",
        "screen.py:3 OptionList(...)",
        "screen.py:4 Label(...)",
    ]
