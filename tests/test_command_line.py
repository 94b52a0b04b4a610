"""The command line builds only the arguments of the command it is given (`cli.build_parser`)."""

from __future__ import annotations

import argparse

import pytest

from adrenaline_tui.cli import COMMANDS, build_parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_help_lists_every_command_with_or_without_their_arguments() -> None:
    full, lean = build_parser().format_help(), build_parser(["--continue"]).format_help()
    assert full == lean
    for command, (what, _) in COMMANDS.items():
        assert command in full and what.split("(")[0].strip() in " ".join(full.split())


def test_starting_the_game_builds_no_command_arguments() -> None:
    parsers = _commands(build_parser(["--continue"]))
    assert set(parsers) == set(COMMANDS)
    # Only --help: nothing of their own until a command is named.
    assert all(len(p._actions) == 1 for p in parsers.values())
    args = build_parser(["--continue"]).parse_args(["--continue"])
    assert args.continue_game and args.command is None


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "3", "--ai", "hard,normal,normal"],
        ["replay", "x.json", "--json"],
        ["stats", "x.json", "--json"],
        ["review", "x.json"],
        ["check-data", "folder"],
        ["cards", "--json"],
        ["host", "--ssh", "127.0.0.1:2222"],
        ["client", "--name", "ann"],
        ["join", "--idle", "5"],
        ["learn"],
    ],
)
def test_a_named_command_parses_as_when_every_command_is_built(argv: list[str]) -> None:
    assert vars(build_parser(argv).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_learn_takes_the_game_whose_lessons_to_open() -> None:
    for argv in (["learn", "--game", "panic_fire"], ["--game", "panic_fire", "learn"]):
        args = build_parser(argv).parse_args(argv)
        assert (args.learn, args.open_game) == (True, "panic_fire"), argv
    args = build_parser(["learn"]).parse_args(["learn"])
    assert args.learn and args.open_game is None
