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


# The host's and the wire's modules: what they hold is any title's table, through its title's
# hook (`registry.TitleHost`), so none of them names a title, the first included.
HOSTING = [*sorted((PACKAGE / "host").rglob("*.py")), *sorted((PACKAGE / "wire").rglob("*.py"))]
# The first title singled out: the registry's constant for it, its place in the list, its id
# as a string. ("Adrenaline" the program's name, `adrenaline host`, are not a title's id.)
FIRST = re.compile(r"\bDEFAULT\b|\bTITLES\s*\[|['\"]" + re.escape(TITLES[0].id) + r"['\"]")
# A comparison with the first title anywhere in the shell (naming it as the default title when
# none is named, as `--game` does, is no comparison).
COMPARED = re.compile(
    r"[!=]=\s*(registry\.)?(DEFAULT|TITLES\s*\[)|\b(DEFAULT|TITLES\s*\[\s*0\s*\]\.id)\s*[!=]="
    r"|[!=]=\s*['\"]" + re.escape(TITLES[0].id) + r"['\"]|['\"]" + re.escape(TITLES[0].id) + r"['\"]\s*[!=]="
)


def _found(pattern: re.Pattern[str], paths: list[Path]) -> list[str]:
    return [f"{p.relative_to(p.parents[1])}: {m.group(0)}" for p in paths for m in pattern.finditer(p.read_text())]


def test_no_host_or_wire_module_names_a_title() -> None:
    assert len(HOSTING) > 10
    assert _mentions(HOSTING, _names()) == []
    assert _found(FIRST, HOSTING) == []


def test_no_shell_module_compares_a_title_with_the_first() -> None:
    assert _found(COMPARED, [*SHELL, *HOSTING]) == []


def test_the_checks_see_the_first_title_singled_out(tmp_path: Path) -> None:
    module = tmp_path / "host" / "x.py"
    module.parent.mkdir()
    for line in (
        "if msg.get('title', DEFAULT) != DEFAULT: pass",
        "from adrenaline_tui.titles.registry import DEFAULT",
        f"table = HostTable(code, {TITLES[0].id!r}, {{}}, kinds)",
        "first = TITLES[0]",
    ):
        module.write_text(line + "\n")
        assert _found(FIRST, [module]) != [], line
    for line in (
        "own = message.value == registry.DEFAULT",
        "if chosen != DEFAULT:",
        f"if table.title == {TITLES[0].id!r}:",
        "if t.id == TITLES[0].id: pass",
    ):
        module.write_text(line + "\n")
        assert _found(COMPARED, [module]) != [], line
    module.write_text("parser.add_argument('--game', default=DEFAULT)\n")
    assert _found(COMPARED, [module]) == []
