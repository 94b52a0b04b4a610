"""Running a piece of code under a chosen PYTHONHASHSEED: seeded play must not depend on it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any


def under_hash_seed(code: str, hash_seed: str) -> Any:
    """What `code` prints as JSON, run in a new interpreter whose string hashing is `hash_seed`."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)
