"""Suite-wide settings (compiled data goes to a cache folder of the test run, not the user's) and
fixtures shared by several folders."""

import gc
import os
import tempfile
from collections.abc import Iterator

import pytest

# Set before anything loads cards or arenas; subprocesses started by tests inherit it.
os.environ.setdefault("ADRENALINE_CACHE", tempfile.mkdtemp(prefix="adrenaline-test-cache-"))


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
