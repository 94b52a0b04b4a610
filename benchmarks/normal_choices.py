"""Does the normal player still choose what it chose? Seeded games, every answer recorded.

The normal player is the yardstick of the other levels (and the hard player's model of its
opponents), so a speed-up must not change a single answer. This plays seeded games in every
mode (with and without the bot, both endings, arenas in turn) between normal players, records
every answer a normal player gives, and either writes them (`--record FILE`) or compares them
with a recording (`--check FILE`), printing the first answer that differs in each game.

    python benchmarks/normal_choices.py --record before.json [--games N] [--skulls S]
    python benchmarks/normal_choices.py --check before.json

Record with the unchanged code first, then check with the changed one. Every game is played in
one process from a fresh shot book, in the same order, so the run is repeatable.

`--cap N` sets the evaluator's search cap (positions a decision may search before it keeps to
squares next to its own); a huge cap takes it out of play. With the default cap, an answer may
depend on how much searching earlier decisions left in the book: the script counts the
decisions that reached the cap (they looked up, rather than searched, some shots).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path

from adrenaline_tui.ai import SensiblePlayer, evaluator, shots
from adrenaline_tui.rules import Game, GameConfig

ARENAS = ("arena_10", "arena_11a", "arena_11b", "arena_12")
COLOURS = ("yellow", "blue", "grey", "green", "purple")
# (mode, bot, ending, players): every mode, with and without the bot, both endings
SETUPS = (
    ("standard", None, "frenzy", 5),
    ("standard", None, "sudden_death", 4),
    ("domination", None, "frenzy", 5),
    ("turret", None, "frenzy", 4),
    ("standard", "purple", "frenzy", 3),
    ("domination", "purple", "frenzy", 4),
    ("turret", "purple", "sudden_death", 3),
)


def play(game_no: int, skulls: int, capped: list[int]) -> list[list]:
    mode, bot, ending, n = SETUPS[game_no % len(SETUPS)]
    players = COLOURS[:n]
    config = GameConfig(
        players=players,
        arena=ARENAS[game_no % len(ARENAS)],
        skulls=skulls,
        mode=mode,
        bot=bot,
        ending=ending,
    )
    seed = 7000 + game_no
    game = Game.new(config, seed)
    seats = {c: SensiblePlayer(seed * 10 + i) for i, c in enumerate(players)}
    answers: list[list] = []
    while (d := game.pending) is not None:
        before = capped[0]
        key = seats[d.player].choose(d, game.view(d.player))
        answers.append([d.player, d.kind, key, capped[0] > before])
        game.choose(key)
        assert len(answers) < 20_000, "the game does not end"
    return answers


def digest(answers: list[list]) -> str:
    text = "\n".join(f"{p} {k} {key}" for p, k, key, _ in answers)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=14)
    ap.add_argument("--skulls", type=int, default=5)
    ap.add_argument("--cap", type=int, default=None, help="the evaluator's search cap (default: as shipped)")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--record", type=Path)
    group.add_argument("--check", type=Path)
    args = ap.parse_args()
    if args.cap is not None:
        evaluator.SEARCH_CAP = args.cap
    # Count the decisions that went past the cap: only then is a shot looked up, not searched.
    capped = [0]
    looked_up = shots.ShotBook.known_from_square

    def counting(self, *a, **kw):
        capped[0] += 1
        return looked_up(self, *a, **kw)

    shots.ShotBook.known_from_square = counting  # type: ignore[method-assign]
    games = []
    started = time.perf_counter()
    for g in range(args.games):
        answers = play(g, args.skulls, capped)
        games.append(
            {"game": g, "setup": list(SETUPS[g % len(SETUPS)][:3]), "digest": digest(answers), "answers": answers}
        )
        print(
            f"game {g} {SETUPS[g % len(SETUPS)][:3]}: {len(answers)} answers, "
            f"{sum(a[3] for a in answers)} at the cap, digest {games[-1]['digest']}",
            flush=True,
        )
    print(f"{sum(len(g['answers']) for g in games)} answers in {time.perf_counter() - started:.0f} s")
    if args.record:
        args.record.write_text(json.dumps({"skulls": args.skulls, "cap": args.cap, "games": games}))
        return
    old = json.loads(args.check.read_text())
    same = 0
    for g_old, g_new in zip(old["games"], games, strict=True):
        if g_old["digest"] == g_new["digest"]:
            same += 1
            continue
        for i, (a, b) in enumerate(zip(g_old["answers"], g_new["answers"], strict=False)):
            if a[:3] != b[:3]:
                # a capped decision weighs fewer options, so it draws fewer tie-breaking random
                # numbers: its player's later ties can fall the other way
                capped_before = [j for j, c in enumerate(g_old["answers"][: i + 1]) if c[3] and c[0] == a[0]]
                print(
                    f"game {g_new['game']}: answer {i} differs: was {a[:3]}, now {b[:3]}; "
                    f"{a[0]}'s decisions at the cap before it: {capped_before or 'none'}"
                )
                break
        else:
            print(f"game {g_new['game']}: one game is longer")
    print(f"{same} of {len(games)} games: every answer the same")
    raise SystemExit(0 if same == len(games) else 1)


if __name__ == "__main__":
    main()
