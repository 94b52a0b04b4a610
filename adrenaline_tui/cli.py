"""Command line: argument parsing only; every subcommand calls into rules/, ai/ or tui/."""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from adrenaline_tui import __version__


def _simulate(args: argparse.Namespace) -> int:
    from adrenaline_tui.titles.registry import UnknownTitle, parse_options, title

    try:
        engine = title(args.game).engine()
        given = dict(args.option)
        # Adrenaline's options have flags of their own (older than --option): the same options.
        for flag in ("arena", "skulls", "mode", "bot"):
            if getattr(args, flag) is not None:
                given[flag] = str(getattr(args, flag))
        if args.sudden_death:
            given["ending"] = "sudden_death"
        options = parse_options(engine, given)
    except UnknownTitle as exc:
        return _refuse(exc)
    asked = [k.strip() for k in args.ai.split(",") if k.strip()] or ["random"]
    kinds = [engine.canonical_kind(k) for k in asked]
    unknown = [a for a, k in zip(asked, kinds, strict=True) if k is None]
    if unknown:
        print(
            f"adrenaline: unknown computer player {unknown[0]!r} (known: {', '.join(sorted(engine.player_kinds))})",
            file=sys.stderr,
        )
        return 2
    low, high = engine.seat_range
    players = (
        args.players if args.players is not None else (len(kinds) if len(kinds) > 1 else engine.default_seats(options))
    )
    if not low <= players <= high:
        print(f"adrenaline: this game is for {low} to {high} players, not {players}", file=sys.stderr)
        return 2
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        print(f"adrenaline: --ai names {len(kinds)} players for {players} seats", file=sys.stderr)
        return 2
    wins: dict[str, float] = dict.fromkeys(kinds, 0.0)
    for i in range(args.games):
        seed = args.seed + i
        try:
            game = engine.new_game(players, options, seed)
        except ValueError as exc:  # the options do not go together (a bot in a player's colour)
            return _refuse(exc)
        seats = list(engine.seats(game))
        # --rotate moves every kind one seat on per game, so no kind keeps the same seat
        shift = i % players if args.rotate else 0
        seated = dict(zip(seats, kinds[-shift:] + kinds[:-shift], strict=True))
        bots = {c: engine.make_player(seated[c], seed * 31 + n) for n, c in enumerate(seats)}
        engine.play_out(game, bots)
        places = engine.places(game)
        winners = [p.seat for p in places if p.place == 1]
        for w in winners:
            wins[seated[w]] += 1 / len(winners)
        scores = {p.seat: p.score for p in places}
        summary = engine.summary(game)
        if args.json:
            line = {
                "game": i + 1,
                "seed": seed,
                "title": args.game,
                **summary,
                "winners": winners,
                "scores": scores,
                "ranking": [{"seat": p.seat, "place": p.place, "score": p.score} for p in places],
                "players": seated,
            }
            print(json.dumps(line))
        else:
            mixed = len(set(kinds)) > 1
            table = " ".join(f"{c}{'(' + seated[c] + ')' if mixed else ''}={s}" for c, s in scores.items())
            print(
                f"game {i + 1} seed {seed}: winner {'+'.join(winners)}  {table}  "
                f"turns {summary['turns']}  decisions {summary['decisions']}"
            )
    if not args.json and len(set(kinds)) > 1 and args.games:
        counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
        report = ", ".join(
            f"{k} ({n} seat{'s' if n > 1 else ''}) {wins[k]:g} ({100 * wins[k] / args.games:.1f}%)"
            for k, n in counts.items()
        )
        print(f"wins over {args.games} games: {report}")
    return 0


def _refuse(exc: Exception) -> int:
    """Say why in one line on stderr and exit 2. The reason may quote a file's name or content
    (a save, a path from the command line): nothing in it may act on the terminal."""
    from adrenaline_tui.printable import printable

    print(f"adrenaline: {printable(str(exc))}", file=sys.stderr)
    return 2


def _replay(args: argparse.Namespace) -> int:
    from adrenaline_tui.rules import Game, SaveError

    try:
        game = Game.load(args.save)
    except SaveError as exc:
        return _refuse(exc)
    state = game.to_json()
    if args.json:
        print(json.dumps(state, indent=2))
        return 0
    print(f"{state['arena']}, {len(state['players'])} players, turn {state['turn']}, decisions {state['decisions']}")
    print(f"skulls left {state['skulls_left']}, killshot track {state['killshot_track']}")
    for p in state["players"]:
        weapons = ", ".join(f"{w['id']}{'' if w['loaded'] else ' (unloaded)'}" for w in p["weapons"]) or "-"
        print(
            f"  {p['colour']:7} {p['name']:12} score {p['score']:3}  square {p['square'] or '-':5} "
            f"damage {len(p['damage']):2}  weapons {weapons}"
        )
    if state["over"]:
        print("final standings:")
        for r in state["ranking"]:
            print(f"  {r['rank']}. {r['player']} {r['score']} points ({r['track_points']} from the killshot track)")
    elif state["pending"]:
        print(f"waiting on {state['pending']['player']}: {state['pending']['prompt']}")
    return 0


def _title_of_save(path: Path) -> Any:
    """The engine of the title a save belongs to, by the "format" its file names (the registry's
    one mechanism). A file that names none goes to the default title, whose loader then says in
    one line what is wrong with it."""
    from adrenaline_tui.titles.files import read_save
    from adrenaline_tui.titles.registry import DEFAULT, title, title_of_format

    try:
        data = read_save(path, 1 << 20, ValueError)
    except (ValueError, RecursionError):
        data = None
    found = title_of_format(data.get("format")) if isinstance(data, dict) else None
    return (found or title(DEFAULT)).engine()


def _stats(args: argparse.Namespace) -> int:
    engine = _title_of_save(args.save)
    try:
        game = engine.load(args.save)
    except ValueError as exc:  # every title's SaveError is a ValueError with a one-line reason
        return _refuse(exc)
    if not hasattr(engine, "stats"):  # an optional part of TitleEngine: a title may have no figures yet
        return _refuse(ValueError(f"{args.save}: this game has no figures yet"))
    figures = engine.stats(game)
    print(json.dumps(figures, indent=2) if args.json else engine.stats_text(game, figures))
    return 0


def _review(args: argparse.Namespace) -> int:
    # The save's own title loads it first, so a bad save is a one-line reason here, before the
    # screen opens; the app then opens that title's replay viewer (`TitleUI.review_screen`).
    try:
        _title_of_save(args.save).load(args.save)
    except ValueError as exc:  # every title's SaveError is a ValueError with a one-line reason
        return _refuse(exc)
    return _open_app(review=args.save)


def _check_data(args: argparse.Namespace) -> int:
    from adrenaline_tui.rules import DataError
    from adrenaline_tui.rules.arena import load_arena_file
    from adrenaline_tui.rules.cards import load_cards_file
    from adrenaline_tui.rules.datafiles import arenas_dir, weapons_path

    paths: list[Path] = []
    if args.path:
        target = Path(args.path)
        paths = sorted(target.glob("*.yaml")) + sorted(target.glob("arenas/*.yaml")) if target.is_dir() else [target]
    else:
        paths = [weapons_path(), *sorted(arenas_dir().glob("*.yaml"))]
    failed = 0
    for path in paths:
        try:
            if path.name.startswith("arena"):
                arena = load_arena_file(path)
                print(f"ok  {path}: arena {arena.id}, {len(arena.squares)} squares")
            else:
                cards = load_cards_file(path)
                print(
                    f"ok  {path}: {len(cards.weapons)} weapons, {len(cards.powerup_deck())} powerups, "
                    f"{len(cards.ammo_deck())} ammo tiles"
                )
        except DataError as exc:
            failed += 1
            print(f"BAD {exc}")
    if not paths:
        print(f"adrenaline: no data files found at {args.path}", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _cards(args: argparse.Namespace) -> int:
    from adrenaline_tui.rules.describe import card_catalogue, format_catalogue

    catalogue = card_catalogue()
    if args.json:
        print(json.dumps(catalogue, indent=2))
    else:
        print(format_catalogue(catalogue))
    return 0


class StartError(Exception):
    """Why the game cannot open: said in one line, exit status 2."""


# Bounds that keep a setting meaningful: a computer never waits more than a minute per move, and
# a seed fits the 63 bits a save and `random` handle without surprise.
MAX_BOT_DELAY = 60.0
MAX_SEED = 2**63 - 1


def _bot_delay_setting() -> float | None:
    """ADRENALINE_BOT_DELAY: seconds a computer waits before each move (tests use 0)."""
    raw = os.environ.get("ADRENALINE_BOT_DELAY", "").strip()
    if not raw:
        return None
    try:
        delay = float(raw)
    except ValueError:
        delay = math.nan
    if not 0 <= delay <= MAX_BOT_DELAY:  # also refuses nan and inf
        raise StartError(
            f"ADRENALINE_BOT_DELAY must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, not {raw[:40]!r}"
        )
    return delay


def _seed_setting() -> int | None:
    """ADRENALINE_SEED: the first new game's seed, for reproducible sessions."""
    raw = os.environ.get("ADRENALINE_SEED", "").strip()
    if not raw:
        return None
    if (
        not (raw.isascii() and raw.isdigit()) or len(raw) > 19 or int(raw) > MAX_SEED
    ):  # isdigit before int: no 5000-digit parse
        raise StartError(f"ADRENALINE_SEED must be a whole number from 0 to {MAX_SEED}, not {raw[:40]!r}")
    return int(raw)


def _check_home() -> None:
    """ADRENALINE_HOME, if set, must be a folder or not exist yet (the game makes it)."""
    raw = os.environ.get("ADRENALINE_HOME")
    if raw and Path(raw).expanduser().exists() and not Path(raw).expanduser().is_dir():
        raise StartError(f"ADRENALINE_HOME is not a folder: {raw[:200]!r}")


def _check_terminal() -> None:
    """The game draws on standard error and reads standard input (Textual's way): both must be a
    terminal. Without one (`ssh -T`, sftp or scp against a game account, `adrenaline </dev/null`)
    it would wait forever on input that never comes."""
    for stream in (sys.__stdin__, sys.__stderr__):
        if stream is None or not stream.isatty():
            raise StartError("the game needs a terminal (over SSH: ssh -t); for scripts see `adrenaline --help`")


def _open_app(**options: Any) -> int:
    """Open the game's screens in this terminal, once the terminal and the environment are checked."""
    try:
        bot_delay, seed = _bot_delay_setting(), _seed_setting()
        _check_home()
        _check_terminal()
    except StartError as exc:
        return _refuse(exc)
    with _collector_held():
        try:
            from adrenaline_tui.tui.app import run_app
        except ImportError as exc:  # pragma: no cover - only without the UI extras
            print(f"adrenaline: the terminal UI is not available ({exc})", file=sys.stderr)
            return 2
        return run_app(bot_delay=bot_delay, seed=seed, **options)


@contextlib.contextmanager
def _collector_held() -> Iterator[None]:
    """No cyclic garbage collection until the app's first screen is drawn (`AdrenalineApp._started`
    turns it on; here it is turned on again whatever happens): start-up allocates a great deal
    and frees little, so the collections it set off walked Textual's and the game's objects for
    nothing, about 60 ms of CPU before the first frame of a resumed game (twice what a minimal
    Textual app spends on them)."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _play(args: argparse.Namespace) -> int:
    game = getattr(args, "open_game", None)
    if game is not None:
        from adrenaline_tui.titles.registry import UnknownTitle, title

        try:
            title(game).ui()  # a title without screens is refused here, in one line
        except UnknownTitle as exc:
            return _refuse(exc)
    return _open_app(
        continue_game=getattr(args, "continue_game", False), learn=getattr(args, "learn", False), game=game
    )


def _host(args: argparse.Namespace) -> int:
    from adrenaline_tui.host.main import main as host_main
    from adrenaline_tui.paths import data_home

    folder = args.data or data_home() / "host"
    return host_main(
        folder,
        args.ssh,
        args.web,
        args.authorized_keys,
        args.bot_delay,
        args.socket,
        args.computer,
        args.web_token,
        workers=args.workers,
    )


def _client(args: argparse.Namespace) -> int:
    # `join` is what a system sshd's ForceCommand runs: without a terminal (sftp, scp, ssh -T) it
    # must refuse at once, as the local game does, instead of waiting on pipes forever. (`client`
    # is started by the host itself: on a pseudo-terminal, or on textual-serve's pipes.)
    if args.command == "join":
        try:
            _check_terminal()
        except StartError as exc:
            return _refuse(exc)
    with _collector_held():  # a host starts one of these for every player who connects
        from adrenaline_tui.tui.app import run_in_terminal
        from adrenaline_tui.tui.remote_app import RemoteApp
        from adrenaline_tui.wire.client import default_socket

        name = args.name or os.environ.get("USER") or "player"
        return run_in_terminal(
            RemoteApp(
                args.socket or default_socket(),
                name,
                idle=args.idle,
                identity=args.identity or "",
                ask_name=getattr(args, "ask_name", False),
            )
        )


def _game_argument(parser: argparse.ArgumentParser) -> None:
    """`--game NAME`: which title a command plays (the one convention for every command)."""
    from adrenaline_tui.titles.registry import DEFAULT

    parser.add_argument("--game", default=DEFAULT, metavar="NAME", help=f"which game (default {DEFAULT}; see `games`)")


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text[:40]!r}")
    return name.strip(), value.strip()


def _games(args: argparse.Namespace) -> int:
    """The games this program plays, with their options and computer players."""
    from adrenaline_tui.titles.registry import TITLES

    for t in TITLES:
        engine = t.engine()
        low, high = engine.seat_range
        print(f"{t.id:11} {t.name}: {t.blurb} ({low}-{high} players)")
        print(f"  computer players: {', '.join(engine.player_kinds)}")
        for o in engine.options:
            print(f"  --option {o.name}=  {' | '.join(o.choices)}  (default {o.default}): {o.help}")
    return 0


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    _game_argument(sim)
    sim.add_argument(
        "--option",
        action="append",
        type=_option,
        default=[],
        metavar="NAME=VALUE",
        help="one of the game's options (`adrenaline games` lists them), e.g. --option burst=eliminated",
    )
    sim.add_argument("--players", type=int, metavar="N", help="default: the game's usual table, or one per --ai")
    # Adrenaline's options, as flags: --option arena=arena_10 says the same.
    sim.add_argument("--arena", choices=["arena_10", "arena_11a", "arena_11b", "arena_12"], help="Adrenaline's arena")
    sim.add_argument("--skulls", type=int, choices=range(5, 9), metavar="5-8", help="Adrenaline's skulls (default 8)")
    sim.add_argument("--sudden-death", action="store_true", help="end at the last skull instead of final frenzy")
    sim.add_argument("--mode", choices=["standard", "domination", "turret"], help="Adrenaline's game mode")
    sim.add_argument("--bot", metavar="COLOUR", help="add the bot with this figure colour (3 or 4 players)")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="one JSON object per game")
    sim.add_argument(
        "--ai",
        default="random",
        metavar="KIND[,KIND...]",
        help="computer player for each seat in order: easy, normal, hard or random, e.g. hard,normal,normal; "
        "one kind fills every seat",
    )
    sim.add_argument("--rotate", action="store_true", help="move the players one seat on after every game")
    sim.set_defaults(func=_simulate)


def _save_arguments(
    func: Callable[[argparse.Namespace], int], json_help: str | None
) -> Callable[[argparse.ArgumentParser], None]:
    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("save", type=Path)
        if json_help is not None:
            parser.add_argument("--json", action="store_true", help=json_help)
        parser.set_defaults(func=func)

    return add


def _check_data_arguments(chk: argparse.ArgumentParser) -> None:
    chk.add_argument("path", nargs="?", help="a file or folder (default: the installed data)")
    chk.set_defaults(func=_check_data)


def _cards_arguments(cards: argparse.ArgumentParser) -> None:
    cards.add_argument("--json", action="store_true")
    cards.set_defaults(func=_cards)


def _host_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument("--ssh", metavar="ADDRESS:PORT", help="serve SSH here, e.g. 127.0.0.1:2222 or 0.0.0.0:2222")
    host.add_argument("--web", metavar="ADDRESS:PORT", help="serve the game in a browser here (textual-serve)")
    host.add_argument("--authorized-keys", type=Path, metavar="FILE", help="only these SSH keys may connect")
    host.add_argument(
        "--web-token",
        action="store_true",
        help="the web page needs the link with the host's token (printed; kept in the data folder)",
    )
    host.add_argument("--bot-delay", type=float, default=0.6, help="seconds between computer moves (default 0.6)")
    host.add_argument("--computer", metavar="KIND", help="the computer player for computer seats (default: the best)")
    host.add_argument("--data", type=Path, metavar="DIR", help="where tables and the host key live")
    host.add_argument("--socket", type=Path, help="the host's Unix socket (default: in the data folder)")
    host.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes holding the tables behind the front door (default: one per core; 0: all in one process)",
    )
    host.set_defaults(func=_host)


def _client_arguments(client: argparse.ArgumentParser) -> None:
    from adrenaline_tui.wire.limits import LOBBY_IDLE

    client.add_argument("--socket", type=Path, help="the host's Unix socket (default: the data folder's)")
    client.add_argument("--name", help="your name at the table (default: your user name)")
    client.add_argument(
        "--ask-name", action="store_true", help="let the player change the name in the lobby (a browser's guest)"
    )
    client.add_argument(
        "--idle", type=float, default=LOBBY_IDLE, help="seconds idle in the lobby before leaving (a door limit)"
    )
    # Set by the host's SSH door: the fingerprint of the key the player logged in with.
    client.add_argument("--identity", help=argparse.SUPPRESS)
    client.set_defaults(func=_client)


def _learn_arguments(learn: argparse.ArgumentParser) -> None:
    learn.set_defaults(func=_play, learn=True)
    # Unset unless given, so `adrenaline --game NAME learn` keeps the NAME given before it.
    learn.add_argument(
        "--game",
        dest="open_game",
        metavar="NAME",
        default=argparse.SUPPRESS,
        help="whose lessons (see `games`; default the first game's)",
    )


# Each command: what `adrenaline --help` says of it, and what adds its own arguments.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "simulate": ("play complete games between computer players", _simulate_arguments),
    "games": ("list the games, their options and computer players", lambda p: p.set_defaults(func=_games)),
    "replay": ("load a save and print its state", _save_arguments(_replay, "print the full state as JSON")),
    "stats": (
        "the figures of a saved game: points over time, damage, kills, awards",
        _save_arguments(_stats, "the figures as JSON (format in docs/stats.md)"),
    ),
    "review": ("watch a saved game decision by decision", _save_arguments(_review, None)),
    "check-data": ("validate weapons.yaml and the arena files", _check_data_arguments),
    "cards": ("print every card as loaded", _cards_arguments),
    "host": ("run a game host that friends join over SSH (docs/hosting.md)", _host_arguments),
    "client": ("the game app of one player of a host (started by the host per SSH session)", _client_arguments),
    "join": ("join a host running on this machine (e.g. as the login shell of a game account)", _client_arguments),
    "learn": ("learn to play with a guided walkthrough", _learn_arguments),
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line. Every command is listed (for --help and for "invalid choice"), but only
    those `argv` names get their own arguments (all of them when `argv` is None): adding the
    arguments of ten commands took 11-13 ms of every start, for `adrenaline --continue`."""
    parser = argparse.ArgumentParser(
        prog="adrenaline",
        description="Adrenaline, the board game, in the terminal. Without a command it opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"adrenaline {__version__}")
    parser.add_argument("--continue", dest="continue_game", action="store_true", help="resume the latest autosave")
    # The same --game as every command's (`_game_argument`); its own dest, so that a command's
    # default cannot overwrite it.
    parser.add_argument(
        "--game", dest="open_game", metavar="NAME", help="open this game's New game screen (see `games`)"
    )
    sub = parser.add_subparsers(dest="command")
    named = set(argv) if argv is not None else set(COMMANDS)
    for command, (what, add_arguments) in COMMANDS.items():
        command_parser = sub.add_parser(command, help=what)
        if command in named:
            add_arguments(command_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    try:
        if args.command is None:
            return _play(args)
        return args.func(args)
    except BrokenPipeError:
        # `adrenaline cards | head`: the reader went away, which is not an error for us.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
