"""Fit a judge to end-of-game results: ridge regression of a seat's final margin on its terms.

Reads `benchmarks/judge_data.py`'s lines. For each row (the end of a turn) and seat: the terms
less the others' mean (points banked, boards' expected payouts, the track's, marks, weapons
loaded and not, cubes, powerups, own damage and deaths), also multiplied by the share of the game
left (kills still to come over the skulls plus the frenzy's); the target is the seat's final
points less the others' mean. Pure Python (no numpy: a dozen or two unknowns), games split in
two halves to say how well the fit holds on games it was not fitted on.

    python benchmarks/judge_fit.py /tmp/judge_rows.jsonl [--ridge 1.0]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from adrenaline_tui.ai.hard import TERMS
from adrenaline_tui.ai.payout import FRENZY_KILLS, kills_to_come


def features(row: dict, seat: str, seats: list[str], skulls: int) -> list[float]:
    terms = row["terms"]
    others = [c for c in seats if c != seat]
    diff = [terms[seat][k] - sum(terms[o][k] for o in others) / len(others) for k in range(len(TERMS))]
    left = kills_to_come(row["frenzy"], row["skulls_left"]) / (skulls + FRENZY_KILLS)
    # who plays next matters: the seat about to play has a turn in hand on the others
    order = (seats.index(seat) - seats.index(row["next"])) % len(seats)
    return [*diff, *(left * x for x in diff), float(order == 0), float(order == len(seats) - 1)]


NAMES = (*TERMS, *(f"{t}*left" for t in TERMS), "plays_next", "played_last")


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
    for i in range(k):
        a[i][i] += ridge
    return solve(a, b)


def r2(w: list[float], xs: list[list[float]], ys: list[float]) -> float:
    mean = sum(ys) / len(ys)
    ss = sum((y - mean) ** 2 for y in ys)
    res = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in zip(xs, ys, strict=True))
    return 1 - res / ss


def load(path: str) -> list[tuple[int, list[float], float]]:
    out = []
    with open(path) as f:
        lines = f.readlines()
    for line in lines:
        g = json.loads(line)
        seats, final = g["seats"], g["final"]
        for row in g["rows"]:
            for c in seats:
                y = final[c] - sum(final[o] for o in seats if o != c) / (len(seats) - 1)
                out.append((g["i"], features(row, c, seats, g["skulls"]), y))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--ridge", type=float, default=1.0)
    args = ap.parse_args()
    data = load(args.data)
    games = sorted({g for g, _, _ in data})
    half = set(games[::2])
    xs = [x for _, x, _ in data]
    ys = [y for _, _, y in data]
    w = fit(xs, ys, args.ridge)
    a = [(x, y) for g, x, y in data if g in half]
    b = [(x, y) for g, x, y in data if g not in half]
    wa = fit([x for x, _ in a], [y for _, y in a], args.ridge)
    wb = fit([x for x, _ in b], [y for _, y in b], args.ridge)
    print(f"{len(games)} games, {len(data)} rows; R^2 in sample {r2(w, xs, ys):.3f}; ", end="")
    held = (r2(wa, [x for x, _ in b], [y for _, y in b]), r2(wb, [x for x, _ in a], [y for _, y in a]))
    print(f"held out: {held[0]:.3f}, {held[1]:.3f}")
    # the judge as it is (points, boards, track, marks at 0.4; holdings as hard.judge counts them)
    for name, wi, wai, wbi in zip(NAMES, w, wa, wb, strict=True):
        print(f"  {name:16} {wi:+.3f}   (halves {wai:+.3f} {wbi:+.3f})")
    print("FIT =", json.dumps({n: round(v, 3) for n, v in zip(NAMES, w, strict=True)}))


if __name__ == "__main__":
    main()
