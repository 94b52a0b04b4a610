"""The engine must never import the UI: it runs headless, in simulations and over the network."""

import json
import subprocess
import sys


def printed(code: str) -> object:
    """What a fresh interpreter running `code` prints, as JSON."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_rules_import_pulls_in_no_ui():
    code = (
        "import json, sys\n"
        "import adrenaline_tui.rules\n"
        "from adrenaline_tui.rules import Game, GameConfig\n"
        "Game.new(GameConfig(players=('yellow', 'blue', 'grey')), 1)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('adrenaline_tui.tui'))))\n"
    )
    assert printed(code) == []


def test_the_figures_and_the_replay_layout_pull_in_no_ui():
    code = (
        "import json, sys\n"
        "import adrenaline_tui.rules.stats, adrenaline_tui.rules.review\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('adrenaline_tui.tui'))))\n"
    )
    assert printed(code) == []


def test_ai_import_pulls_in_no_ui():
    code = (
        "import json, sys\n"
        "import adrenaline_tui.ai\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n"
    )
    assert printed(code) == []


def test_a_game_starts_without_pydantic_or_yaml_once_the_data_is_compiled():
    """Start-up time: checking the data files (pydantic, YAML) happens only when they change."""
    code = (
        "import json, sys\n"
        "from adrenaline_tui.rules import Game, GameConfig\n"
        "Game.new(GameConfig(players=('yellow', 'blue', 'grey'), arena='arena_12'), 1)\n"
        "print(json.dumps(sorted(m for m in ('pydantic', 'yaml') if m in sys.modules)))\n"
    )
    printed(code)  # warms the cache
    assert printed(code) == []


def test_offering_weapon_lessons_needs_no_pydantic_and_once_cached_no_yaml():
    """Right after a table's first frame it reads the learner's progress and which weapons have
    a lesson; building lessons (pydantic) waits until one is opened. Importing pydantic there
    cost about 130 ms of CPU while the table was answering its first keys."""
    code = (
        "import json, sys\n"
        "from adrenaline_tui.walkthrough import Progress\n"
        "from adrenaline_tui.walkthrough.offers import weapon_lesson_files, weapons_to_offer\n"
        "files = weapon_lesson_files()\n"
        "Progress.load()\n"
        "assert files, 'no weapon lessons found'\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'yaml'))))\n"
    )
    first = printed(code)  # the first time, the lesson files are read
    assert isinstance(first, list) and all(m.split(".")[0] == "yaml" for m in first)
    # From then on, which weapons have a lesson comes from the data cache: parsing the files
    # (and importing the YAML parser) cost about 70 ms of CPU beside the table's first frames.
    assert printed(code) == []


def test_naming_the_computer_players_imports_none_of_them():
    """A resumed table names its seats' kinds of computer player before its first frame; the
    players themselves (the search, its tables) are imported when one is first made."""
    code = (
        "import json, sys\n"
        "from adrenaline_tui.tui.session import computer_kinds\n"
        "from adrenaline_tui.ai import PLAYER_KINDS, canonical_kind, is_known\n"
        "assert computer_kinds()[0] == 'normal' and is_known('sensible') and 'hard' in PLAYER_KINDS\n"
        "before = sorted(m for m in sys.modules if m.startswith('adrenaline_tui.ai.'))\n"
        "from adrenaline_tui.ai import make_player\n"
        "make_player('normal', 1)\n"
        "print(json.dumps([before, type(PLAYER_KINDS['normal']).__name__, PLAYER_KINDS['normal'].__name__]))\n"
    )
    assert printed(code) == [[], "type", "SensiblePlayer"]
