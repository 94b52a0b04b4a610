"""Suite-wide settings (compiled data goes to a cache folder of the test run, and saves and
settings to a game home of each test's, never the user's) and fixtures shared by several folders."""

import gc
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# Set before anything loads cards or arenas; subprocesses started by tests inherit it.
os.environ.setdefault("ADRENALINE_CACHE", tempfile.mkdtemp(prefix="adrenaline-test-cache-"))


@pytest.fixture(autouse=True)
def _own_game_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own game home, and so do the processes it starts. Without it a test that
    opened an app table outside tests/tui (tests/ai/test_pool_app.py) autosaved into the player's
    real ~/.local/share/adrenaline/saves on every run: a "Continue" of a test's game on the title
    screen. A test's own `home` fixture (tests/tui, tests/e2e) sets it again, to the same place or
    its own."""
    monkeypatch.setenv("ADRENALINE_HOME", str(tmp_path / "home"))


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The cyclic garbage collector off for a test that checks an object is freed by reference
    counting alone (a cycle would keep it until a collection)."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
