"""Every title's engine runs headless: it imports nothing from the UI (tui/, textual, rich) and,
so that a title stands on its own, nothing of Adrenaline's engine (adrenaline_tui.rules)."""

import json
import pkgutil
import subprocess
import sys

import adrenaline_tui.titles
from adrenaline_tui.titles.registry import TITLES as REGISTERED

# The title packages whose games wait on one decision at a time; a real-time title's package
# has its own test of the same (Panic Fire: tests/titles/panic_fire/test_isolation.py).
REAL_TIME = {t.engine_module.split(".")[2] for t in REGISTERED if t.timing == "real-time"}
TITLES = [m.name for m in pkgutil.iter_modules(adrenaline_tui.titles.__path__) if m.ispkg and m.name not in REAL_TIME]


def test_there_is_a_title_to_check():
    assert "bloodrush" in TITLES


def test_each_titles_engine_and_players_pull_in_no_ui_and_no_adrenaline_rules():
    for title in TITLES:
        code = (
            "import json, random, sys\n"
            f"import adrenaline_tui.titles.{title} as t\n"
            f"import adrenaline_tui.titles.{title}.players as p\n"
            "g = t.Game.new(None, 1)\n"
            "r = p.make_player('normal', 1)\n"
            "for _ in range(200):\n"
            "    if g.pending is None: break\n"
            "    d = g.pending; g.choose(r.choose(d, g.view(d.player)))\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
            " or m.startswith(('adrenaline_tui.tui', 'adrenaline_tui.rules', 'adrenaline_tui.host')))))\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert json.loads(out.stdout) == [], title
