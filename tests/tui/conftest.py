"""Every UI test gets its own game home, so saves and settings never leak between tests (the
suite's conftest gives each test one; this names it for the tests that read it), and colour on."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder
