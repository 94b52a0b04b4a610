"""Suite-wide settings: compiled data goes to a cache folder of the test run, not the user's."""

import os
import tempfile

# Set before anything loads cards or arenas; subprocesses started by tests inherit it.
os.environ.setdefault("ADRENALINE_CACHE", tempfile.mkdtemp(prefix="adrenaline-test-cache-"))
