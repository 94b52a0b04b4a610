"""How the Textual game feels in a real terminal, measured through a pseudo-terminal.

Prints:
- start-up time to the first frame of a 5-player table (`adrenaline --continue` on a saved
  game), next to a minimal Textual app's time to its first frame, and the ratio; also the CPU
  time each process had used by its first frame, which other programs on a busy machine do not
  stretch as they stretch the wall time; and the same table with 150 finished games saved
  before it, as a player who has played a while has them (continuing must not read them all);
- what the table does once drawn while nobody presses a key (CPU in the next 1.5 s, memory);
- the median time from a key press to the end of the frame it causes, and the mean CPU time
  the program spends meanwhile (which, unlike the wall time, other busy programs do not
  inflate much): all threads, and the main thread alone, which handles the key and draws the
  frame (the others write to the terminal, save, and copy the game for undo in the background);
- the bytes written to the terminal per key press at 120x40.

"Ordinary" key presses move the cursor through the options (the map highlights the option's
square); "decision" key presses pick an option and undo it again, so the game state changes.

Undo and the key after it are timed at an early position (turn 1) and a late one (turn 150):
undo plays on from a copy of the game at its undo barrier (`Session.spares`), so both should
cost the same.

Targets: start-up within 1.3x the minimal app (which has Textual's Header and Footer, as the
table has its bar and key line), key press to frame under 16 ms, under 8 KB per ordinary key
press, undo the same early and late. Run: `python benchmarks/tui.py` (about a minute); on a
shared or virtual machine, `--cpu 1 --runs 41` (pinned to one core, about two minutes) gives a
start-up ratio steady to a few hundredths from run to run. Each app is started once before
the rounds (its first start reads files later ones find cached), and the order of the apps
alternates from round to round.
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import textwrap
import time
from pathlib import Path

COLS, ROWS = 120, 40
LATE_TURN = 150
QUIET = 0.05  # a frame is over when the terminal has been quiet this long
FINISHED_GAMES = 150  # saved before the game in progress, for the start-up of a seasoned player
SETTLE = 1.5  # seconds after the first frame in which what start-up left to do is measured

# Like with like: the table has a bar at the top and a key line at the foot, so the minimal
# app has Textual's own Header and Footer (with a few keys) around its one line of text.
MINIMAL_APP = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Minimal(App):
        BINDINGS = [("u", "bell", "Undo"), ("x", "bell", "Explain"), ("l", "bell", "Log"), ("c", "bell", "Rules")]

        def compose(self):
            yield Header()
            yield Static("MINIMAL-READY")
            yield Footer()

    Minimal().run()
    """
)


# The cores the programs measured may run on (all when empty): `--cpu` pins them to one, so
# that neither the scheduler moving them between cores nor another program sharing their core
# makes one round slower than the next.
CORES: set[int] = set()


class Terminal:
    """A child process on a pseudo-terminal of a fixed size."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size its terminal, pin it, then become the program
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            if CORES:
                os.sched_setaffinity(0, CORES)
            os.execve(argv[0], argv, env)
        self.pid, self.fd = pid, fd
        self.buffer = bytearray()
        # CPU seconds the child had used when the last byte read so far arrived.
        self.cpu_at_last_byte = 0.0

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.buffer += data
        if data:
            self.cpu_at_last_byte = cpu_seconds(self.pid)
        return data

    def wait_for(self, marker: bytes, timeout: float = 30.0) -> float:
        """Seconds from start until `marker` has been written, then until the frame is done."""
        deadline = time.perf_counter() + timeout
        while marker not in self.buffer:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{marker!r} never appeared")
            self.read(0.05)
        seen = time.perf_counter()
        while self.read(QUIET):
            seen = time.perf_counter()
        return seen - self.started

    def drain(self) -> None:
        while self.read(0.2):
            pass

    def cpu(self, thread: int | None = None) -> float:
        """Seconds of CPU the program has used (all its threads, or one): a figure that other
        programs on a busy machine do not inflate, as they do the wall time."""
        return cpu_seconds(self.pid, thread)

    def key(self, data: bytes) -> tuple[float, int, float, float]:
        """Press a key; time until the last byte of the frame it caused, its byte count, and
        the CPU time the program used meanwhile: all of it, and its main thread's (the one
        that draws; the others write the terminal, save, and copy the game for undo)."""
        self.drain()
        before = len(self.buffer)
        cpu, main = self.cpu(), self.cpu(self.pid)
        sent = time.perf_counter()
        os.write(self.fd, data)
        last = sent
        first = self.read(1.0)
        if first:
            last = time.perf_counter()
            while self.read(QUIET):
                last = time.perf_counter()
        return last - sent, len(self.buffer) - before, self.cpu() - cpu, self.cpu(self.pid) - main

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU seconds of a process, all its threads or one (fields 14 and 15 of
    /proc/<pid>/stat; the command name in field 2 may hold spaces, so count from its ')')."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        stat = Path(path).read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def environment(home: Path) -> dict[str, str]:
    # PYTHONDONTWRITEBYTECODE would make every start compile the modules changed since their
    # bytecode was last written, which an installed copy never does.
    dropped = ("COLUMNS", "LINES", "NO_COLOR", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", ADRENALINE_HOME=str(home))
    # Computers wait long enough not to move while keys are being timed.
    env["ADRENALINE_BOT_DELAY"] = "5"
    return env


def prepare_game(home: Path, turn: int = 1) -> int:
    """A saved 5-player game where a person is deciding an action on `turn` or later, for
    `adrenaline --continue`; returns its number of decisions. Nobody shoots on the way, so a
    game reaches any turn (a random one ends by about turn 110)."""
    import random

    os.environ["ADRENALINE_HOME"] = str(home)
    from adrenaline_tui.rules import GameConfig
    from adrenaline_tui.tui.session import Session

    kinds = {"yellow": "human", "blue": "random", "grey": "random", "purple": "random", "green": "random"}
    config = GameConfig(players=tuple(kinds), arena="arena_12")  # type: ignore[arg-type]
    session = Session.start(config, 21, kinds)
    game = session.game
    rng = random.Random(21)
    while not (game.turn >= turn and game.pending.player == "yellow" and game.pending.kind == "action"):
        keys = [k for k in game.pending.keys if k != "shoot"]
        session.choose(rng.choice(keys))
    session.flush()
    return len(game.history)


def add_finished_games(home: Path, count: int) -> None:
    """`count` saves of finished games, older than the game in progress, each the size of a
    whole game's save (900 decisions). Only their form is checked when saves are listed, so
    they are copies of the game in progress with a long list of decisions, marked over."""
    saves = home / "saves"
    save = next(p for p in saves.glob("*.json") if not p.name.endswith(".table.json"))
    data = json.loads(save.read_text())
    table = json.loads(save.with_name(save.stem + ".table.json").read_text())
    oldest = save.stat().st_mtime - 10 * count
    for n in range(count):
        finished = saves / f"finished-{n:04d}.json"
        finished.write_text(json.dumps({**data, "choices": ["run:1"] * 900}))
        finished.with_name(finished.stem + ".table.json").write_text(json.dumps({**table, "over": True}))
        os.utime(finished, (oldest + n, oldest + n))


def startup(argv: list[str], env: dict[str, str], marker: bytes) -> tuple[float, float]:
    """Wall seconds to the end of the first frame, and the CPU seconds used by then."""
    term = Terminal(argv, env)
    try:
        return term.wait_for(marker), term.cpu_at_last_byte
    finally:
        term.close()


def median_with_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and a 95% interval for it that assumes nothing about the distribution (the
    order statistics a binomial(n, 1/2) puts 95% between); with under 6 values, the extremes."""
    ordered = sorted(values)
    n = len(ordered)
    j = max(0, int(n / 2 - 1.96 * n**0.5 / 2))
    return statistics.median(ordered), ordered[j], ordered[n - 1 - j]


def settling(argv: list[str], env: dict[str, str], marker: bytes) -> tuple[float, int]:
    """What the program does once its first frame is drawn, with nobody pressing a key: the CPU
    seconds it uses in the next `SETTLE` seconds, and its resident memory (bytes) then."""
    term = Terminal(argv, env)
    try:
        term.wait_for(marker)
        drawn = cpu_seconds(term.pid)
        time.sleep(SETTLE)
        status = Path(f"/proc/{term.pid}/status").read_text()
        rss = next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
        return cpu_seconds(term.pid) - drawn, rss
    finally:
        term.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="start-ups of each app")
    parser.add_argument("--keys", type=int, default=30, help="key presses of each kind")
    parser.add_argument("--startup-only", action="store_true", help="measure only the start-ups")
    parser.add_argument(
        "--cpu", type=int, metavar="N", help="run the programs measured on core N only (steadier on a shared machine)"
    )
    args = parser.parse_args()
    if args.cpu is not None:
        CORES.add(args.cpu)

    adrenaline = Path(sys.executable).with_name("adrenaline")
    if not adrenaline.exists():
        print("adrenaline is not installed next to this Python; run from the project's venv", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        prepare_game(home)
        played = Path(tmp) / "played"
        shutil.copytree(home, played)
        add_finished_games(played, FINISHED_GAMES)
        late_home = Path(tmp) / "late"
        late_decisions = prepare_game(late_home, LATE_TURN)
        env = environment(home)
        # Bytecode as an installed copy has it, so no run pays for compiling.
        compileall.compile_dir(Path(__file__).resolve().parent.parent / "adrenaline_tui", quiet=1)
        minimal = Path(tmp) / "minimal.py"
        minimal.write_text(MINIMAL_APP)

        apps = {
            "minimal": ([sys.executable, str(minimal)], env, b"MINIMAL-READY"),
            "game": ([str(adrenaline), "--continue"], env, b"Killshots"),
            "played": ([str(adrenaline), "--continue"], environment(played), b"Killshots"),
        }
        for app in apps.values():  # a first start reads files no later one reads from the disk
            startup(*app)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in apps}
        for round_ in range(args.runs):
            # Each round in the other order: a machine slowing down or speeding up within a
            # round then favours neither app.
            for name in list(apps)[:: 1 if round_ % 2 == 0 else -1]:
                runs[name].append(startup(*apps[name]))
        game_runs, minimal_runs, played_runs = runs["game"], runs["minimal"], runs["played"]
        game_times, game_cpu = [t for t, _ in game_runs], [c for _, c in game_runs]
        settled = [settling([str(adrenaline), "--continue"], env, b"Killshots") for _ in range(max(3, args.runs // 3))]
        minimal_times, minimal_cpu = [t for t, _ in minimal_runs], [c for _, c in minimal_runs]
        game_start, minimal_start = statistics.median(game_times), statistics.median(minimal_times)

        positions = {}
        for name, where in () if args.startup_only else (("early", home), ("late", late_home)):
            term = Terminal([str(adrenaline), "--continue"], environment(where))
            try:
                term.wait_for(b"Killshots")
                ordinary = [term.key(k) for k in [b"\x1b[B", b"\x1b[A"] * (args.keys // 2)]
                pairs = [(term.key(b"1"), term.key(b"u")) for _ in range(args.keys // 2)]
                # The key after an undo: a move of the cursor, then pick and undo again.
                after = [(term.key(b"u"), term.key(b"\x1b[B"), term.key(b"1")) for _ in range(args.keys // 4)]
            finally:
                term.close()
            positions[name] = (ordinary, pairs, [a for _, a, _ in after])

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.1f} ms"

    def report(name: str, samples: list[tuple[float, int, float, float]]) -> tuple[float, float]:
        times = [t for t, _, _, _ in samples]
        sizes = [n for _, n, _, _ in samples]
        # The CPU clock ticks in 10 ms steps: only the mean over all presses says anything.
        cpu = statistics.mean(c for _, _, c, _ in samples)
        main = statistics.mean(m for _, _, _, m in samples)
        median_time, median_bytes = statistics.median(times), statistics.median(sizes)
        print(
            f"  {name:<31} median {ms(median_time):>9}   p90 {ms(sorted(times)[int(len(times) * 0.9)]):>9}   "
            f"CPU {ms(cpu):>8} (drawing thread {ms(main):>8})   "
            f"median {median_bytes / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
        )
        return median_time, median_bytes

    print(f"Adrenaline TUI in a {COLS}x{ROWS} pseudo-terminal (xterm-256color, truecolor)")
    print(f"start-up to first frame, median and fastest of {args.runs}:")
    # This machine's speed wanders by a third from run to run; the fastest run of each is the
    # steadier comparison, so both are shown.
    fastest_game, fastest_minimal = min(game_times), min(minimal_times)
    print(f"  minimal Textual app  {ms(minimal_start):>9}   fastest {ms(fastest_minimal):>9}")
    print(
        f"  5-player table       {ms(game_start):>9}   fastest {ms(fastest_game):>9}   "
        f"ratio {game_start / minimal_start:.2f}x, fastest {fastest_game / fastest_minimal:.2f}x (target 1.3x)"
    )
    # Each round runs the minimal app and the table one after the other: the ratio within a
    # round cancels most of the machine's wandering speed, which moves both alike.
    paired = [g / m for (g, _), (m, _) in zip(game_runs, minimal_runs, strict=True)]
    middle, low, high = median_with_interval(paired)
    print(
        f"  ratio within each round: median {middle:.2f}x, 95% interval {low:.2f}-{high:.2f}x "
        f"over {len(paired)} rounds (the target is met when the interval is under 1.3x)"
    )
    played_times, played_cpu = [t for t, _ in played_runs], [c for _, c in played_runs]
    played_start, fastest_played = statistics.median(played_times), min(played_times)
    print(
        f"  {f'+ {FINISHED_GAMES} finished games':<21}{ms(played_start):>9}   fastest {ms(fastest_played):>9}   "
        f"ratio {played_start / minimal_start:.2f}x, fastest {fastest_played / fastest_minimal:.2f}x"
    )
    print("CPU time used by the first frame (user + system, all threads), median:")
    game_cpu_median, minimal_cpu_median = statistics.median(game_cpu), statistics.median(minimal_cpu)
    print(f"  minimal Textual app  {ms(minimal_cpu_median):>9}   fastest {ms(min(minimal_cpu)):>9}")
    print(
        f"  5-player table       {ms(game_cpu_median):>9}   fastest {ms(min(game_cpu)):>9}   "
        f"ratio {game_cpu_median / minimal_cpu_median:.2f}x"
    )
    print(
        f"  {f'+ {FINISHED_GAMES} finished games':<21}{ms(statistics.median(played_cpu)):>9}   "
        f"fastest {ms(min(played_cpu)):>9}   ratio {statistics.median(played_cpu) / minimal_cpu_median:.2f}x"
    )
    settle_cpu, settle_rss = statistics.median(c for c, _ in settled), statistics.median(r for _, r in settled)
    print(
        f"after the table's first frame, no key pressed: {ms(settle_cpu)} of CPU in the next {SETTLE:g} s, "
        f"then {settle_rss / 2**20:.0f} MiB resident (median of {len(settled)})"
    )
    if args.startup_only:
        return 0
    print(f"key press to end of frame (frame end = {ms(QUIET)} of quiet, not counted), {args.keys} presses each:")
    for name, (ordinary, pairs, after) in positions.items():
        where = "turn 1" if name == "early" else f"turn {LATE_TURN}+, {late_decisions} decisions"
        print(f" {name} ({where}):")
        ordinary_time, ordinary_bytes = report("ordinary (cursor up/down)", ordinary)
        report("decision: pick run", [p for p, _ in pairs])
        report("undo", [u for _, u in pairs])
        report("the key after an undo (cursor)", after)
    print(
        f"targets: key to frame {ms(ordinary_time)} (< 16 ms), "
        f"{ordinary_bytes / 1024:.1f} KB per ordinary key press (< 8 KB); undo the same early and late"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
