"""Every UI test gets its own game home, so saves and settings never leak between tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ADRENALINE_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder
