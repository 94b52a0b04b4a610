"""A title's files (titles/files.py) are refused in one line whatever is in them."""

from __future__ import annotations

from pathlib import Path

import pytest

from adrenaline_tui.titles.files import read_save, read_yaml


class Refused(Exception):
    pass


def test_a_save_nested_deeper_than_the_parser_goes_is_refused_in_one_line(tmp_path: Path) -> None:
    # 100,000 brackets: json.loads gives up with a RecursionError (not a ValueError), which
    # went out of read_save as a traceback instead of the one-line refusal of a bad save.
    save = tmp_path / "deep.json"
    save.write_text("[" * 100_000)
    with pytest.raises(Refused, match="not a save file"):
        read_save(save, 10**6, Refused)


def test_a_data_file_nested_deeper_than_the_parser_goes_is_refused_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "deep.yaml"
    data.write_text("[" * 100_000)
    with pytest.raises(Refused) as refused:
        read_yaml(data, 10**6, lambda file, where, problem: Refused(f"{file}: {where} {problem}"))
    assert "nested too deep" in str(refused.value)
