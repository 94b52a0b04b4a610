"""Panic Fire's engine, players and referee run headless: they import nothing from the UI
(tui/, textual, rich), the host, nor Adrenaline's engine."""

import json
import subprocess
import sys


def test_the_package_pulls_in_no_ui_no_host_and_no_adrenaline_rules() -> None:
    code = (
        "import json, sys\n"
        "from adrenaline_tui.titles.panic_fire import Game\n"
        "from adrenaline_tui.titles.panic_fire.players import make_player\n"
        "from adrenaline_tui.titles.panic_fire.referee import play\n"
        "import adrenaline_tui.titles.panic_fire.title, adrenaline_tui.titles.panic_fire.saves\n"
        "g = Game.new({'seats': ['scarlet', 'violet']}, 1)\n"
        "play(g, {s: make_player('hard', i) for i, s in enumerate(g.config.seats)})\n"
        "assert g.phase == 'over'\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith(('adrenaline_tui.tui', 'adrenaline_tui.rules', 'adrenaline_tui.host',"
        " 'adrenaline_tui.wire', 'adrenaline_tui.cli')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(out.stdout) == []
