"""The words and figures of Bloodrush (explain, the log, the reference, lessons, figures) are pure:
they import no UI (textual, rich, tui/) and nothing of Adrenaline's engine (rules/) or the host,
so the table, the host and a test can all use them."""

import json
import subprocess
import sys

MODULES = (
    "explain",
    "explain_log",
    "flight",
    "reference",
    "lesson",
    "lesson_runner",
    "figures",
    "review",
)


def _pulled_in(modules: list[str]) -> list[str]:
    code = (
        "import json, sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith(('adrenaline_tui.tui', 'adrenaline_tui.rules', 'adrenaline_tui.host',"
        " 'adrenaline_tui.walkthrough')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_words_and_figures_pull_in_no_ui_and_no_adrenaline_engine():
    assert _pulled_in([f"adrenaline_tui.titles.bloodrush.{m}" for m in MODULES]) == []


def test_the_check_sees_a_module_that_pulls_in_adrenalines_engine():
    assert "adrenaline_tui.rules" in _pulled_in(["adrenaline_tui.walkthrough.reference"])
