"""How the host starts programs of its own: a client per player, the web door.

`python -m adrenaline_tui` looks for the package in the current folder before the installed one,
and reads PYTHONPATH and the user's site folder: a host started in a folder holding another
copy (a checkout of another version, or one planted in a folder others can write to, /tmp)
would run that code for every guest, as the host's user. Isolated mode (`-I`) leaves out the
current folder, the PYTHON* variables and the user site: the program is the one installed.
"""

from __future__ import annotations

import sys


def own_program(module: str, *args: str) -> list[str]:
    """The command that runs this installation's `module` with `args`, and nothing else's."""
    return [sys.executable, "-I", "-m", module, *args]
